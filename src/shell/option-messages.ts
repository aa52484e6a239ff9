import { ShellCodes } from './codes.js';
import type { Block, GlobPolicy, Hazard } from './spec.js';
import type { ShellWord } from './types.js';

// The one-line reasons the option engine gives the model. Each names the option as the user
// spelled it (and what it resolved to), and says what to do instead.

const hazardCodes = {
  writes: ShellCodes.optionWrites,
  executes: ShellCodes.optionExecutes,
  network: ShellCodes.optionNetwork,
  interactive: ShellCodes.optionInteractive,
  unsupported: ShellCodes.optionUnsupported,
} as const satisfies Record<Hazard, Block['code']>;

const hazardDefaults: Record<Hazard, string> = {
  writes: 'writes files; drop it and print to stdout instead',
  executes: 'runs another program; drop it',
  network: 'reaches the network; drop it',
  interactive: 'waits for input on the terminal; drop it',
  unsupported: 'is not supported while planning; drop it',
};

/**
 * A hazard's block, naming the option as spelled and what it resolved to ("`sort --outp` is
 * `--output`, which writes …"). A spec reason starting with a backtick is a full sentence and is
 * kept whole; any other reason (or the default) is a predicate completing the option's name.
 */
export function describeHazard(
  program: string,
  spelled: string,
  resolved: string,
  hazard: Hazard,
  reason: string | undefined,
): Block {
  const code = hazardCodes[hazard];
  const head = `\`${program} ${spelled}\``;
  const same = spelled === resolved;
  if (reason?.startsWith('`')) {
    return { code, reason: same ? reason : `${head} is \`${resolved}\`: ${reason}` };
  }
  const predicate = reason ?? hazardDefaults[hazard];
  return {
    code,
    reason: same ? `${head} ${predicate}` : `${head} is \`${resolved}\`, which ${predicate}`,
  };
}

/**
 * An option the table does not list: it may do anything, so it blocks.
 * Names the letter and the bundle it came from, so the model can drop just that letter.
 */
export function describeUnknown(program: string, spelled: string, word: ShellWord): Block {
  const within = word.value === spelled ? '' : ` (in \`${word.value}\`)`;
  return {
    code: ShellCodes.unknownOption,
    reason: `\`${program} ${spelled}\`${within} is not an option known to be read-only; drop it or use another option`,
  };
}

/**
 * A prefix of long options where the program takes exact names only (or where the analyzer
 * accepts only exact names because versions resolve prefixes differently). Names the options
 * it is a prefix of, so the model can spell out the one it meant; else the unknown reason.
 */
export function describeNotSpelledOut(
  program: string,
  spelled: string,
  word: ShellWord,
  keys: readonly string[],
): Block {
  if (keys.length === 0) return describeUnknown(program, spelled, word);
  const shown = keys.length > 4 ? [...keys.slice(0, 4), '…'] : keys;
  return {
    code: ShellCodes.unknownOption,
    reason: `\`${program} ${spelled}\` is not an exact option name (abbreviations are read differently from version to version); spell the option out: ${shown.join(', ')}`,
  };
}

/**
 * A prefix that more than one long option starts with; the real program rejects it too.
 * Lists the candidates so the model can spell the one it meant.
 */
export function describeAmbiguous(program: string, spelled: string, keys: string[]): Block {
  return {
    code: ShellCodes.ambiguousOption,
    reason: `\`${program} ${spelled}\` is ambiguous (${keys.join(', ')}); spell the option out`,
  };
}

/**
 * A flag written with `=value`; getopt rejects it, so we do not guess what was meant.
 * Names the resolved option when the user abbreviated it.
 */
export function describeFlagWithValue(program: string, spelled: string, resolved: string): Block {
  const name = spelled === resolved ? '' : ` (\`${resolved}\`)`;
  return {
    code: ShellCodes.badValue,
    reason: `\`${program} ${spelled}\`${name} takes no value; drop the \`=…\``,
  };
}

/**
 * A value-taking option at the end of the words (or without its extra values).
 * The program would refuse to run; we block rather than guess.
 */
export function describeMissingValue(program: string, spelled: string, resolved: string): Block {
  const name = spelled === resolved ? '' : ` (\`${resolved}\`)`;
  return {
    code: ShellCodes.missingValue,
    reason: `\`${program} ${spelled}\`${name} needs a value; write it as \`${program} ${spelled} VALUE\` or drop the option`,
  };
}

/**
 * A glob where its expansion could become an option (or, for 'never', anywhere): a file
 * named `-o` in the directory would otherwise turn `sort *` into `sort -o …`.
 */
export function describeGlob(program: string, word: ShellWord, policy: GlobPolicy): Block {
  // xargs's synthetic words (names or -I lines from stdin) cannot take a ./ prefix: only --
  // keeps them operands.
  if (word.raw.startsWith('<'))
    return {
      code: ShellCodes.unsafeGlob,
      reason: `a line xargs reads from stdin could become an option of \`${program}\`; put -- before it (\`xargs -I{} ${program} … -- {}\`)`,
    };
  const fix =
    policy === 'never'
      ? `\`${program}\` does not accept globs here; quote the glob or list the files`
      : `a file name from \`${word.raw}\` could become an option of \`${program}\`; start the glob with ./ (\`./${word.raw}\`) or put it after -- (\`${program} … -- ${word.raw}\`)`;
  return { code: ShellCodes.unsafeGlob, reason: fix };
}

/**
 * Too many operands (or a glob that may expand into too many), for the default reason.
 * Specs whose extra operand writes give their own reason and code.
 */
export function describeBadOperandCount(program: string, max: number, globbed: boolean): string {
  const limit = `\`${program}\` takes at most ${max} operand${max === 1 ? '' : 's'} here`;
  return globbed ? `${limit}, and a glob may expand to more; name the files` : limit;
}
