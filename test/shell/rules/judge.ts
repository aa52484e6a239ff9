import { judgeRule } from '../../../src/shell/option-engine.js';
import { defaultPrograms } from '../../../src/shell/rules/index.js';
import type { RuleResult } from '../../../src/shell/spec.js';
import { word, words } from '../words.js';

// Judges one simple command with the default tables and returns a short verdict string:
// 'ok', a block code, 'run <argv>' (with ' +stdin' when xargs appends names) or
// 'script <text>'. A command given as an array keeps words with spaces whole.

/** The verdict of the default rules for `command` (program name first). */
export function judge(command: string | readonly string[]): string {
  const [program, ...args] =
    typeof command === 'string' ? words(command) : command.map((w) => word(w));
  if (program === undefined) return 'empty';
  const rule = Object.hasOwn(defaultPrograms, program.value)
    ? defaultPrograms[program.value]
    : undefined;
  if (rule === undefined) return 'unknown_program';
  return describe(judgeRule(program.value, rule, args, { depth: 0 }));
}

/** The full result, for tests that check reasons. */
export function judgeResult(command: string | readonly string[]): RuleResult {
  const [program, ...args] =
    typeof command === 'string' ? words(command) : command.map((w) => word(w));
  const rule = program === undefined ? undefined : defaultPrograms[program.value];
  if (program === undefined || rule === undefined)
    throw new Error(`no rule for ${String(command)}`);
  return judgeRule(program.value, rule, args, { depth: 0 });
}

function describe(result: RuleResult): string {
  switch (result.kind) {
    case 'ok':
      return 'ok';
    case 'block':
      return result.code;
    case 'run':
      return `run ${result.argv.map((w) => w.value).join(' ')}${result.appendsUntrusted === true ? ' +stdin' : ''}`;
    case 'script':
      return `script ${result.script}`;
  }
}
