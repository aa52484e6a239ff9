import { ShellCodes } from './codes.js';
import { isLocaleVariable, isSafeLocaleValue, localeAdvice } from './locale.js';
import type { Block } from './spec.js';
import type { ShellAssignment } from './types.js';

// The only variables a command may set, all inert for the programs we allow. Pagers may
// be set to `cat` and nothing else: a pager is a program the tool would run.
// LANG and LC_* are allowed only with a locale whose byte semantics match the analyzer's.
const inert = new Set(['LANGUAGE', 'TZ', 'NO_COLOR', 'CLICOLOR']);
// zsh's COLUMNS is an integer special: an assignment evaluates its value as arithmetic, which
// expands array subscripts (`COLUMNS='path[$(touch x)]' ls` runs touch). Digits only.
const integers = new Set(['COLUMNS']);
const pagers = new Set(['PAGER', 'GIT_PAGER', 'MANPAGER']);

/** Judges `NAME=value` prefixes; undefined when all are allowed. */
export function judgeAssignments(assignments: readonly ShellAssignment[]): Block | undefined {
  for (const { name, value } of assignments) {
    if (inert.has(name)) continue;
    if (integers.has(name)) {
      if (/^[0-9]{1,6}$/.test(value.value)) continue;
      return {
        code: ShellCodes.assignment,
        reason: `zsh evaluates ${name} as arithmetic, which can run commands; set it to a plain number (${name}=120)`,
      };
    }
    if (isLocaleVariable(name)) {
      if (isSafeLocaleValue(value.value)) continue;
      return { code: ShellCodes.locale, reason: localeAdvice(name, value.value) };
    }
    if (pagers.has(name)) {
      if (value.value === 'cat') continue;
      return {
        code: ShellCodes.assignment,
        reason: `${name} names a program to run; only ${name}=cat is allowed (or drop it)`,
      };
    }
    if (name.startsWith('GIT_'))
      return {
        code: ShellCodes.gitEnvironment,
        reason: `${name} changes what git runs or reads; drop the variable`,
      };
    return {
      code: ShellCodes.assignment,
      reason: `setting ${name} is not allowed while planning; only LC_* and LANG (C, POSIX or *.UTF-8), LANGUAGE, TZ, NO_COLOR, CLICOLOR, COLUMNS and PAGER=cat may prefix a command`,
    };
  }
  return undefined;
}
