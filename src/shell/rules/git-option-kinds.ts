import { ShellCodes } from '../codes.js';
import type { Block, OptionSpec } from '../spec.js';
import type { ShellWord } from '../types.js';

// The building blocks of the git option tables: how an option takes its value, and the checks
// on values that can make a read-only subcommand run a program.

/**
 * A flag: takes no value (`--oneline`).
 * `--oneline=x` is then an error, and the engine blocks it.
 */
export const flag: OptionSpec = {};

/**
 * A value only in the same word (`--stat=80`, `-M50`); git never takes the next word.
 * So `--stat --output=x` is two options, and the second one is judged.
 */
export const attached: OptionSpec = { value: 'optional' };

/**
 * A value attached or in the next word, read by parse-options (`--sort key`, `-e pattern`).
 * parse-options takes the next word even when it starts with `-`, as the engine does.
 */
export const needs: OptionSpec = { value: 'required' };

/**
 * A value attached or in the next word, read by git's revision/diff parser (log, show, diff…).
 * That parser does not bundle its own short options (`-pn` is an error there, not `-p -n`), so
 * a next word we take as a value git may read as an option: values starting with `-` block.
 * An attached value is never an option, so it may be a double-quoted expansion
 * (`--author="$(git config user.name)"`): these options only match, limit or name revisions.
 */
export const revValue: OptionSpec = {
  value: 'required',
  check: noLeadingDash,
  unknownValue: 'attached',
};

/**
 * Another spelling of `target` (`--patch` → `-p`).
 * The target's value mode, hazard and check apply.
 */
export function alias(target: string): OptionSpec {
  return { alias: target };
}

/**
 * An option that writes files or repository state (a hazard: never read-only).
 * `reason` completes the sentence "`git x --opt` …".
 */
export function writes(reason: string, value?: OptionSpec['value']): OptionSpec {
  return value === undefined ? { hazard: 'writes', reason } : { hazard: 'writes', reason, value };
}

/**
 * An option that runs another program: a diff driver, gpg, a pager, an editor.
 * `reason` completes the sentence "`git x --opt` …".
 */
export function executes(reason: string, value?: OptionSpec['value']): OptionSpec {
  return value === undefined
    ? { hazard: 'executes', reason }
    : { hazard: 'executes', reason, value };
}

function noLeadingDash(value: ShellWord): Block | undefined {
  if (!value.value.startsWith('-')) return undefined;
  return {
    code: ShellCodes.badValue,
    reason: `git may read the value \`${value.value}\` as an option; a value starting with \`-\` is not accepted here`,
  };
}

/**
 * Pretty formats (`--format=`, `--pretty=`, `format:`): `%G?`, `%GS`, `%GK`… make git run gpg
 * to verify each commit's signature. Read as git's strbuf_expand reads them: `%%` is a literal
 * percent sign; after any other `%`, one of `+`, `-` or space is a modifier of the placeholder
 * that follows (`%+G?` still runs gpg). A placeholder git does not know is copied literally and
 * the scan resumes right after its `%`, so every `%` is looked at, none is skipped past.
 */
export function checkPrettyFormat(value: ShellWord): Block | undefined {
  const text = value.value;
  for (let i = 0; i < text.length - 1; i++) {
    if (text.charAt(i) !== '%') continue;
    let at = i + 1;
    if (text.charAt(at) === '%') {
      i++; // `%%` is a literal `%`: the second one starts nothing
      continue;
    }
    if ('+- '.includes(text.charAt(at))) at++;
    if (text.charAt(at) === 'G') {
      return {
        code: ShellCodes.optionExecutes,
        reason: `the format placeholder \`${text.slice(i, at + 2)}\` makes git run gpg to verify signatures; drop the %G placeholders`,
      };
    }
  }
  return undefined;
}

/**
 * Ref formats (`for-each-ref`, `branch`, `tag` `--format`): `%(signature…)` runs gpg.
 * Git 2.39 has no such atom; newer git verifies signatures for it.
 */
export function checkRefFormat(value: ShellWord): Block | undefined {
  if (!value.value.includes('%(signature')) return undefined;
  return {
    code: ShellCodes.optionExecutes,
    reason: 'the format atom `%(signature)` makes git run gpg to verify signatures; drop it',
  };
}
