import { ShellCodes } from '../codes.js';
import type { Block } from '../spec.js';
import {
  back,
  EOF,
  isBlank,
  isDigit,
  next,
  nextNonBlank,
  readDelimited,
  readDigits,
  type SedReader,
} from './sed-reader.js';

// A parser of GNU sed 4.9's script grammar that follows sed's own compiler read for read, so
// it splits a script into exactly the commands sed will run. Only then can it tell a `w` command
// from a `w` inside text, a regex or a label. Every command that writes, reads another file or
// runs a shell command blocks, and so does anything sed itself would reject.

/**
 * How sed was invoked, as far as it changes the script grammar. Pass what the command line
 * said: -E/-r and --posix.
 */
export interface SedFlags {
  /** -E/-r: changes how regexes match, never where they end; accepted for the caller's clarity. */
  extended: boolean;
  /** --posix: GNU extensions (one-line `a text`, `I`/`M`, `~`, `e F v z Q T R W`) are errors. */
  posix?: boolean;
}

/**
 * One command as sed compiles it: its letter and how many `{` enclose it. Comments and `v`
 * compile to nothing and are not listed, as in `sed --debug`.
 */
export interface SedCommand {
  letter: string;
  depth: number;
  /** Offset of the command's first character (its address, if any) in the script. */
  offset: number;
}

/**
 * The commands of an accepted script, or why it blocks (code `sed_script`). A block never
 * lists commands: parsing stops at the first thing that blocks.
 */
export type SedParse = { ok: true; commands: SedCommand[] } | ({ ok: false } & Block);

const block = (reason: string): { ok: false } & Block => ({
  ok: false,
  code: ShellCodes.sedScript,
  reason,
});

const hazards: Readonly<Record<string, string>> = {
  w: 'the sed `w` command writes a file; print with `p` and read stdout instead',
  W: 'the sed `W` command writes a file; print with `P` and read stdout instead',
  r: 'the sed `r` command reads another file into the output; read that file with `cat` instead',
  R: 'the sed `R` command reads another file into the output; read that file with `cat` instead',
  e: 'the sed `e` command runs a shell command; run only read-only commands, not through sed',
};
const substWrite =
  'the `w` flag of sed `s` writes a file; use the `p` flag and read stdout instead';
const substExec = 'the `e` flag of sed `s` runs the pattern space as a shell command; drop it';

/** Commands that take no argument and must be followed by an end of command. */
const simpleCommands = new Set([
  '=',
  'd',
  'D',
  'F',
  'g',
  'G',
  'h',
  'H',
  'n',
  'N',
  'p',
  'P',
  'z',
  'x',
]);
/** GNU extensions that --posix rejects as unknown commands. */
const gnuOnlyCommands = new Set(['e', 'F', 'v', 'z', 'Q', 'T', 'R', 'W']);
/** Commands that --posix allows one address only. */
const oneAddressPosix = new Set(['a', 'i', 'l', '=', 'r']);

type Address =
  | { kind: 'none' }
  | { kind: 'number'; zero: boolean }
  | { kind: 'regex' }
  | { kind: 'step'; zero: boolean }
  | { kind: 'last' }
  | { kind: 'error'; reason: string };

interface State {
  r: SedReader;
  posix: boolean;
  commands: SedCommand[];
  labels: Set<string>;
  jumps: string[];
}

/**
 * Splits a sed script into its commands the way GNU sed 4.9 compiles it, or says why it blocks.
 * Several `-e` scripts must be passed joined with newlines, which is how sed reads them.
 */
export function parseSedScript(script: string, flags: SedFlags): SedParse {
  for (const ch of script) {
    const code = ch.charCodeAt(0);
    if ((code < 0x20 && ch !== '\t' && ch !== '\n') || code === 0x7f)
      return block('the sed script contains a control character; write it with a `\\` escape');
  }
  const s: State = {
    r: { src: script, pos: 0 },
    posix: flags.posix === true,
    commands: [],
    labels: new Set(),
    jumps: [],
  };
  let depth = 0;
  for (;;) {
    let ch = next(s.r);
    while (ch === ';' || ch === ' ' || ch === '\t' || ch === '\n') ch = next(s.r);
    if (ch === EOF) break;
    const offset = s.r.pos - 1;

    const first = readAddress(s, ch);
    if (first.kind === 'error') return syntax(s, first.reason);
    let second: Address = { kind: 'none' };
    if (first.kind !== 'none') {
      if (first.kind === 'step' && !first.zero)
        return syntax(s, '`+N` or `~N` cannot be a first address');
      ch = nextNonBlank(s.r);
      if (ch === ',') {
        second = readAddress(s, nextNonBlank(s.r));
        if (second.kind === 'none') return syntax(s, 'an address is missing after `,`');
        if (second.kind === 'error') return syntax(s, second.reason);
        ch = nextNonBlank(s.r);
      }
      const lineZero = first.kind === 'number' && first.zero;
      if (
        lineZero &&
        ((second.kind === 'none' && ch !== 'r') ||
          (second.kind !== 'none' && second.kind !== 'regex') ||
          s.posix)
      )
        return syntax(s, 'line address 0 only starts a range ending in a regex (`0,/re/`)');
    }
    if (ch === '!') {
      ch = nextNonBlank(s.r);
      if (ch === '!') return syntax(s, 'more than one `!`');
    }
    if (s.posix) {
      if (gnuOnlyCommands.has(ch)) return syntax(s, `\`${ch}\` is not a POSIX sed command`);
      if (oneAddressPosix.has(ch) && second.kind !== 'none')
        return syntax(s, `\`${ch}\` takes one address`);
    }

    const hazard = hazards[ch];
    if (hazard !== undefined) return block(hazard);
    const hasAddress = first.kind !== 'none';
    let failure: ({ ok: false } & Block) | undefined;
    switch (ch) {
      case '#':
        if (hasAddress) return syntax(s, 'a comment cannot have an address');
        while (ch !== EOF && ch !== '\n') ch = next(s.r);
        continue;
      case 'v':
        // Requires a sed version; compiles to nothing.
        readLabel(s.r);
        continue;
      case '{':
        depth += 1;
        break;
      case '}':
        if (depth === 0) return syntax(s, 'unexpected `}`');
        if (hasAddress) return syntax(s, '`}` cannot have an address');
        failure = endOfCommand(s);
        depth -= 1;
        break;
      case 'a':
      case 'i':
      case 'c':
        failure = readText(s);
        break;
      case ':': {
        if (hasAddress) return syntax(s, 'a `:label` cannot have an address');
        const label = readLabel(s.r);
        if (label === '') return syntax(s, '`:` lacks a label');
        s.labels.add(label);
        break;
      }
      case 'b':
      case 't':
      case 'T':
        s.jumps.push(readLabel(s.r));
        break;
      case 'q':
      case 'Q':
      case 'l':
        if (ch !== 'l' && second.kind !== 'none') return syntax(s, `\`${ch}\` takes one address`);
        failure = readOptionalNumber(s);
        break;
      case 's':
        failure = readSubstitute(s);
        break;
      case 'y':
        failure = readTransliterate(s);
        break;
      case EOF:
        return syntax(s, 'a command is missing');
      default:
        if (!simpleCommands.has(ch)) return syntax(s, `unknown command \`${ch}\``);
        failure = endOfCommand(s);
    }
    if (failure !== undefined) return failure;
    // A block's braces sit at the depth that encloses them, as in `sed --debug`.
    s.commands.push({ letter: ch, depth: ch === '{' ? depth - 1 : depth, offset });
  }
  if (depth > 0) return syntax(s, 'a `{` is not closed');
  for (const label of s.jumps) {
    if (label !== '' && !s.labels.has(label))
      return syntax(s, `no \`:${label}\` for a jump to \`${label}\``);
  }
  return { ok: true, commands: s.commands };
}

/**
 * Judges a sed script for plan mode: stream printing and editing are fine; `w W r R e`,
 * `s///w`, `s///e` and anything the parser cannot follow exactly block (code `sed_script`).
 */
export function checkSedScript(script: string, flags: SedFlags): Block | undefined {
  const parsed = parseSedScript(script, flags);
  return parsed.ok ? undefined : { code: parsed.code, reason: parsed.reason };
}

function syntax(s: State, what: string): { ok: false } & Block {
  return block(`sed cannot compile this script (${what}, near character ${s.r.pos})`);
}

/** GNU `compile_address`: reads an address starting at `ch`, or nothing. */
function readAddress(s: State, ch: string): Address {
  const r = s.r;
  if (ch === '/' || ch === '\\') {
    const delim = ch === '\\' ? next(r) : ch;
    const bad = checkDelimiter(delim);
    if (bad !== undefined) return { kind: 'error', reason: bad };
    const failure = readDelimited(r, delim, true);
    if (failure !== undefined)
      return { kind: 'error', reason: delimitedReason(failure, 'address') };
    for (;;) {
      const flag = nextNonBlank(r);
      if (s.posix || (flag !== 'I' && flag !== 'M')) {
        back(r, flag);
        return { kind: 'regex' };
      }
    }
  }
  if (isDigit(ch)) {
    // `first~step` with a zero step is a plain line number (so `0~0` is line 0, `0~4` is not).
    let zero = isZeros(readDigits(r, ch));
    const after = nextNonBlank(r);
    if (after !== '~' || s.posix) back(r, after);
    else if (!isZeros(readDigits(r, nextNonBlank(r)))) zero = false;
    return { kind: 'number', zero };
  }
  if ((ch === '+' || ch === '~') && !s.posix) {
    return { kind: 'step', zero: isZeros(readDigits(r, nextNonBlank(r))) };
  }
  if (ch === '$') return { kind: 'last' };
  return { kind: 'none' };
}

function isZeros(digits: string): boolean {
  for (const d of digits) if (d !== '0') return false;
  return true;
}

/** Delimiters sed and we read alike: one ASCII character other than newline. */
function checkDelimiter(delim: string): string | undefined {
  // A newline cannot end what it opens; a backslash delimiter works, with no escapes at all.
  if (delim === EOF || delim === '\n') return 'a delimiter must follow, and it cannot be a newline';
  if (delim.charCodeAt(0) > 0x7e)
    return 'use an ASCII delimiter (a non-ASCII one is read byte by byte in some locales)';
  return undefined;
}

function delimitedReason(failure: 'unterminated' | 'version-dependent', what: string): string {
  return failure === 'unterminated'
    ? `unterminated ${what}`
    : `\`\\c\` before a delimiter, backslash or \`[\` in a regex reads differently across sed versions`;
}

/** GNU `read_end_of_cmd`: blanks, then `;`, newline, end, or a `}`/`#` left for the next read. */
function endOfCommand(s: State): ({ ok: false } & Block) | undefined {
  const ch = nextNonBlank(s.r);
  if (ch === '}' || ch === '#') back(s.r, ch);
  else if (ch !== EOF && ch !== '\n' && ch !== ';')
    return syntax(s, 'extra characters after a command');
  return undefined;
}

/** GNU `read_label`: blanks, then up to a blank, newline, `;`, `}` or `#` (left unread). */
function readLabel(r: SedReader): string {
  let ch = nextNonBlank(r);
  const start = r.pos - (ch === EOF ? 0 : 1);
  while (ch !== EOF && ch !== '\n' && !isBlank(ch) && ch !== ';' && ch !== '}' && ch !== '#')
    ch = next(r);
  back(r, ch);
  return r.src.slice(start, r.pos);
}

/** `q`, `Q`, `l`: an optional number (a GNU extension), then the end of the command. */
function readOptionalNumber(s: State): ({ ok: false } & Block) | undefined {
  const ch = nextNonBlank(s.r);
  if (isDigit(ch) && !s.posix) readDigits(s.r, ch);
  else back(s.r, ch);
  return endOfCommand(s);
}

/**
 * `a`, `i`, `c` (GNU `read_text`): after blanks, either `\` and one character that starts the
 * text (a newline moves it to the next line; a second `\` is text, not an escape) or, as a GNU
 * one-liner, the text itself. The text runs to the first newline not escaped by `\`.
 */
function readText(s: State): ({ ok: false } & Block) | undefined {
  const r = s.r;
  let ch = nextNonBlank(r);
  if (ch === EOF) return syntax(s, 'expected `\\` after `a`, `c` or `i`');
  if (ch === '\\') {
    if (next(r) === EOF) return undefined;
  } else {
    if (s.posix) return syntax(s, 'expected `\\` after `a`, `c` or `i`');
    back(r, ch);
  }
  ch = next(r);
  while (ch !== EOF && ch !== '\n') {
    if (ch === '\\') {
      ch = next(r);
      if (ch === EOF) return undefined;
    }
    ch = next(r);
  }
  return undefined;
}

/** `s/re/replacement/flags` (GNU `mark_subst_opts` for the flags). */
function readSubstitute(s: State): ({ ok: false } & Block) | undefined {
  const r = s.r;
  const delim = next(r);
  const bad = checkDelimiter(delim);
  if (bad !== undefined) return syntax(s, bad);
  let failure = readDelimited(r, delim, true);
  if (failure === undefined) failure = readDelimited(r, delim, false);
  if (failure !== undefined) return syntax(s, delimitedReason(failure, '`s` command'));
  let print = false;
  let global = false;
  let count = false;
  for (;;) {
    const ch = nextNonBlank(r);
    switch (ch) {
      case 'i':
      case 'I':
      case 'm':
      case 'M':
        if (s.posix) return syntax(s, `unknown option \`${ch}\` to \`s\``);
        break;
      case 'e':
        return block(substExec);
      case 'w':
        return block(substWrite);
      case 'p':
        if (print) return syntax(s, 'more than one `p` option to `s`');
        print = true;
        break;
      case 'g':
        if (global) return syntax(s, 'more than one `g` option to `s`');
        global = true;
        break;
      case '}':
      case '#':
        back(r, ch);
        return undefined;
      case EOF:
      case '\n':
      case ';':
        return undefined;
      default:
        if (!isDigit(ch)) return syntax(s, `unknown option \`${ch}\` to \`s\``);
        if (count) return syntax(s, 'more than one number option to `s`');
        if (isZeros(readDigits(r, ch))) return syntax(s, 'the number option to `s` cannot be 0');
        count = true;
    }
  }
}

/** `y/source/dest/`: two delimited strings without bracket expressions, then end of command. */
function readTransliterate(s: State): ({ ok: false } & Block) | undefined {
  const r = s.r;
  const delim = next(r);
  const bad = checkDelimiter(delim);
  if (bad !== undefined) return syntax(s, bad);
  let failure = readDelimited(r, delim, false);
  if (failure === undefined) failure = readDelimited(r, delim, false);
  if (failure !== undefined) return syntax(s, delimitedReason(failure, '`y` command'));
  return endOfCommand(s);
}
