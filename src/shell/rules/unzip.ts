import { type ShellCode, ShellCodes } from '../codes.js';
import type { ProgramRule, RuleResult } from '../spec.js';
import type { ShellWord } from '../types.js';

// Info-ZIP unzip 6.0 reads its arguments its own way: leading words starting with `-` are
// bundles of option letters (a `-` inside a bundle negates the next letter, so `-l--l` turns
// listing off and extracts); the first other word is the zipfile; after it, `-x` starts a
// list of exclusions and a word starting with `-d` names an extraction directory, while every
// other word is a member pattern. With no mode letter unzip extracts, so a mode is required.

/** Letters that select a mode that only reads: list, verbose list, test, to stdout, comment, help. */
const READ_MODES = 'lvtpczh';
/** Letters that only adjust a read mode: quiet, case-insensitive, Unicode, lowercase, text/binary, never overwrite. */
const MODIFIERS = 'qCULabn';
/** zipinfo (`unzip -Z`) letters; all list, except -M, which pages interactively. */
const ZIPINFO_LETTERS = '12smlvhtTzC';

const block = (code: ShellCode, reason: string): RuleResult => ({ kind: 'block', code, reason });

const WHY: Readonly<Record<string, string>> = {
  d: 'extracts into a directory',
  f: 'extracts (freshens) files',
  u: 'extracts (updates) files',
  o: 'overwrites files when extracting',
  T: 'changes the archive timestamp',
  M: 'pages the output interactively',
};

function letterBlock(letter: string): RuleResult {
  const what = WHY[letter] ?? 'is not known to be read-only';
  const code = letter === 'M' ? ShellCodes.optionInteractive : ShellCodes.optionWrites;
  const known = WHY[letter] !== undefined;
  return block(
    known ? code : ShellCodes.unknownOption,
    `\`unzip -${letter}\` ${what}; use unzip -l, -v, -t, -p or -Z`,
  );
}

/** Judges one `unzip` call: a read-only mode, no negation, no -d, no unknown letter. */
function judgeUnzip(args: readonly ShellWord[]): RuleResult {
  const glob = args.find((word) => word.glob);
  if (glob !== undefined) {
    return block(
      ShellCodes.unsafeGlob,
      `\`unzip\` argument \`${glob.raw}\` is an unquoted glob; quote it (unzip matches wildcards itself)`,
    );
  }
  let i = 0;
  let readMode = false;
  let zipinfo = false;
  for (; i < args.length; i++) {
    const text = args[i]?.value ?? '';
    if (!text.startsWith('-')) break;
    for (let at = 1; at < text.length; at++) {
      const letter = text.charAt(at);
      if (letter === '-') {
        return block(
          ShellCodes.optionUnsupported,
          `\`unzip ${text}\`: a \`-\` inside options negates the next one (it can turn listing off); write the options plainly`,
        );
      }
      if (letter === 'Z' && i === 0 && at === 1) {
        zipinfo = true;
        readMode = true;
      } else if (zipinfo) {
        if (!ZIPINFO_LETTERS.includes(letter)) return letterBlock(letter);
      } else if (letter === 'P') {
        // -P password: the rest of the word, or the next word.
        if (at + 1 === text.length) i += 1;
        break;
      } else if (READ_MODES.includes(letter)) {
        readMode = true;
      } else if (!MODIFIERS.includes(letter)) {
        return letterBlock(letter);
      }
    }
  }
  if (!readMode) {
    return block(
      ShellCodes.optionWrites,
      '`unzip` without -l, -v, -t, -p or -Z extracts files; list with unzip -l instead',
    );
  }
  // After the zipfile only `-d…` still acts as an option (an extraction directory).
  for (const word of args.slice(i)) {
    if (word.value.startsWith('-d')) return letterBlock('d');
  }
  return { kind: 'ok' };
}

/**
 * The rule for `unzip`: listing, testing, zipinfo and printing to stdout only.
 * Receives the words after `unzip`, decoded; globs anywhere block (unzip matches its own).
 */
export const unzipRule: ProgramRule = {
  kind: 'custom',
  globs: 'never',
  judge: (args) => judgeUnzip(args),
};

const zipinfoMode: ShellWord = { value: '-Z', raw: '-Z', glob: false, quoted: false, tilde: false };

/**
 * The rule for `zipinfo`, which is `unzip -Z`: judged as exactly that, so only the listing
 * letters pass (-M pages interactively).
 */
export const zipinfoRule: ProgramRule = {
  kind: 'custom',
  globs: 'never',
  judge: (args) => judgeUnzip([zipinfoMode, ...args]),
};
