import { ShellCodes } from '../codes.js';
import { reject, show } from './reject.js';
import type { Source } from './source.js';

/**
 * A word after quote removal, before any judgement of what bash would expand in it. It is also
 * the lexer's word token (`kind`), so a word costs one object.
 */
export interface DecodedWord {
  kind: 'word';
  /** What the program receives. */
  value: string;
  /**
   * quoted[i] is true when value[i] came from quotes or a backslash escape, so bash treats it
   * literally. Shared and empty for a word with nothing quoted: read it as `quoted[i] === true`.
   */
  quoted: readonly boolean[];
  /** Some character was quoted or escaped (line continuations do not count). */
  anyQuoted: boolean;
  /**
   * Which signs stand unquoted in the word (UNQUOTED_GLOB, UNQUOTED_BRACE, UNQUOTED_TILDE): a
   * word without one needs no glob, brace or assignment-tilde check. A superset, never less.
   */
  signs: number;
  /** Source span; `text.slice(start, end)` is the raw word. */
  start: number;
  end: number;
  /**
   * Double-quoted expansions in the word (`"$NAME"`, `"${NAME}"`, `"$(…)"`), in source order;
   * undefined when there are none. Each stands in `value` as one `*` marked quoted: its value is
   * unknown, so the word is judged like a glob that could be anything.
   */
  expansions?: readonly Expansion[];
}

/** A double-quoted expansion: a parameter, or a command substitution with its script. */
export type Expansion =
  | { kind: 'parameter'; name: string }
  | { kind: 'command'; script: string }
  /** `<(…)` (bash, zsh): the word is a path like `/dev/fd/63` to a pipe the script writes. */
  | { kind: 'process'; script: string };

/** DecodedWord.signs: an unquoted `*`, `?` or `[`. */
export const UNQUOTED_GLOB = 1;
/** DecodedWord.signs: an unquoted `{`. */
export const UNQUOTED_BRACE = 2;
/** DecodedWord.signs: an unquoted `~`. */
export const UNQUOTED_TILDE = 4;

/** What stands for an expansion's unknown value in a decoded word. */
export const EXPANSION_MARK = '*';

// `\` inside double quotes escapes only these; before anything else it stays a backslash.
const doubleQuoteEscapes = new Set(['$', '`', '"', '\\']);

// The word being read. readWord is not re-entrant, so one module-level builder serves every
// call: no closures or state objects allocated per word on the parser's hot path.
let value = '';
// Allocated only once something is quoted: most words have nothing quoted.
let quoted: boolean[] | undefined;
let anyQuoted = false;
let signs = 0;
let expansions: Expansion[] | undefined;

function markQuoted(count: number): void {
  if (quoted === undefined) quoted = new Array<boolean>(value.length).fill(false);
  for (let k = 0; k < count; k++) quoted.push(true);
  anyQuoted = true;
}

function push(char: string, isQuoted: boolean): void {
  if (isQuoted) markQuoted(1);
  else quoted?.push(false);
  value += char;
}

/**
 * Reads one word at `src.pos` with bash's quoting rules and stops at the first unquoted
 * metacharacter. Rejects every expansion (`$`, backticks) instead of decoding it.
 */
export function readWord(src: Source): DecodedWord {
  const { text } = src;
  const start = src.pos;
  value = '';
  quoted = undefined;
  anyQuoted = false;
  signs = 0;
  expansions = undefined;
  let i = start;
  while (i < text.length) {
    const code = text.charCodeAt(i);
    if (code < 128 && charClass[code] === metachar) break;
    const char = text[i] as string;
    if (char === '\\') {
      const next = text[i + 1];
      if (next === undefined) {
        reject(
          ShellCodes.syntax,
          'the command ends with a lone backslash, which escapes nothing; remove it',
        );
      }
      if (next !== '\n') push(next, true);
      i += 2;
    } else if (char === "'") {
      const close = text.indexOf("'", i + 1);
      if (close < 0) {
        reject(
          ShellCodes.syntax,
          `unterminated single quote in ${show(text.slice(start))}; close it with '`,
        );
      }
      markQuoted(close - i - 1);
      value += text.slice(i + 1, close);
      i = close + 1;
    } else if (char === '"') {
      markQuoted(0);
      i = readDoubleQuoted(text, i);
    } else if (char === '$') {
      rejectDollar(text, i);
    } else if (char === '`') {
      rejectBacktick(text, i);
    } else {
      // A run of plain characters is copied in one slice; this loop is the parser's hot path.
      // It notes the signs that later checks look for (only plain runs hold unquoted text).
      let end = i;
      while (end < text.length) {
        const code = text.charCodeAt(end);
        if (code < 128) {
          const kind = charClass[code] as number;
          if (kind > special) signs |= kind >> 2;
          else if (kind !== plain) break;
        }
        end++;
      }
      // (markQuoted may have set it; TypeScript cannot see that through the calls.)
      const marks = quoted as boolean[] | undefined;
      if (marks !== undefined) for (let k = i; k < end; k++) marks.push(false);
      value += text.slice(i, end);
      i = end;
    }
  }
  src.pos = i;
  const word: DecodedWord = {
    kind: 'word',
    value,
    quoted: (quoted as boolean[] | undefined) ?? nothingQuoted,
    anyQuoted,
    signs,
    start,
    end: i,
  };
  if (expansions !== undefined) word.expansions = expansions;
  return word;
}

const nothingQuoted: readonly boolean[] = Object.freeze([]);

// What an ASCII character means to the word reader, as a table indexed by char code: the plain-run
// loop below runs once per source character, and a table load beats a chain of comparisons.
// Plain characters that are a sign (see DecodedWord.signs) hold the sign's bit shifted left by
// two, so every class above `special` is plain.
const plain = 0;
const metachar = 1;
const special = 2;
const charClass = new Uint8Array(128);
for (const char of ' \t\n;&|()<>') charClass[char.charCodeAt(0)] = metachar;
for (const char of '\\\'"$`') charClass[char.charCodeAt(0)] = special;
for (const char of '*?[') charClass[char.charCodeAt(0)] = UNQUOTED_GLOB << 2;
charClass['{'.charCodeAt(0)] = UNQUOTED_BRACE << 2;
charClass['~'.charCodeAt(0)] = UNQUOTED_TILDE << 2;

/** Decodes `"…"` starting at the opening quote; returns the index after the closing quote. */
function readDoubleQuoted(text: string, open: number): number {
  let i = open + 1;
  for (;;) {
    // A run with no special meaning inside double quotes is copied in one slice.
    let end = i;
    while (end < text.length && !isDoubleQuoteSpecial(text.charCodeAt(end))) end++;
    if (end > i) {
      markQuoted(end - i);
      value += text.slice(i, end);
      i = end;
    }
    const char = text[i];
    if (char === undefined) {
      reject(
        ShellCodes.syntax,
        `unterminated double quote in ${show(text.slice(open))}; close it with "`,
      );
    }
    if (char === '"') return i + 1;
    if (char === '$') {
      i = readQuotedExpansion(text, i);
      continue;
    }
    if (char === '`') rejectBacktick(text, i);
    // A backslash: it escapes only a few characters and a newline; otherwise it stays.
    const next = text[i + 1];
    if (next === '\n') {
      i += 2;
      continue;
    }
    if (next !== undefined && doubleQuoteEscapes.has(next)) {
      push(next, true);
      i += 2;
      continue;
    }
    push(char, true);
    i++;
  }
}

/** `"`, `$`, backtick or backslash: the characters that mean something inside double quotes. */
function isDoubleQuoteSpecial(code: number): boolean {
  return code === 0x22 || code === 0x24 || code === 0x60 || code === 0x5c;
}

function rejectBacktick(text: string, at: number): never {
  reject(
    ShellCodes.commandSubstitution,
    `backticks run a command substitution (${show(text.slice(at))}); run that command separately, or put a literal backtick in single quotes`,
  );
}

const specialParameters = new Set(['?', '#', '@', '*', '$', '!', '-', '_', '0']);

function rejectDollar(text: string, at: number): never {
  const next = text[at + 1];
  const snippet = show(text.slice(at));
  if (next === '(') {
    if (text[at + 2] === '(') {
      reject(
        ShellCodes.arithmetic,
        `\`$((…))\` is arithmetic expansion (${snippet}); compute the value yourself and write it literally`,
      );
    }
    reject(
      ShellCodes.commandSubstitution,
      `\`$(…)\` runs a command substitution (${snippet}); run that command on its own first`,
    );
  }
  if (next === '[') {
    reject(
      ShellCodes.arithmetic,
      `\`$[…]\` is legacy arithmetic expansion (${snippet}); write the value literally`,
    );
  }
  if (next === "'") {
    reject(
      ShellCodes.expansion,
      `\`$'…'\` (ANSI-C quoting) decodes escapes the analyzer cannot see (${snippet}); write the characters literally inside single quotes`,
    );
  }
  if (next === '"') {
    reject(
      ShellCodes.expansion,
      `\`$"…"\` is a locale-translated string (${snippet}); use plain double quotes`,
    );
  }
  const name = /^[A-Za-z_][A-Za-z0-9_]*/.exec(
    text.slice(at + (next === '{' ? 2 : 1), at + 66),
  )?.[0];
  if (next === '{') {
    reject(
      ShellCodes.expansion,
      `\`\${…}\` is a parameter expansion (${snippet}); use printenv ${name ?? 'NAME'} to read a variable, or put a literal \`$\` in single quotes`,
    );
  }
  if (name !== undefined) {
    reject(
      ShellCodes.expansion,
      `\`$${name}\` expands a shell variable the analyzer cannot see; use printenv ${name} instead of $${name}, or put a literal \`$\` in single quotes`,
    );
  }
  if (next !== undefined && (specialParameters.has(next) || (next >= '1' && next <= '9'))) {
    reject(
      ShellCodes.expansion,
      `\`$${next}\` is a special shell parameter; the analyzer cannot know its value — write the value literally`,
    );
  }
  reject(
    ShellCodes.expansion,
    `an unquoted \`$\` starts an expansion in bash (${snippet}); put a literal \`$\` in single quotes`,
  );
}

// Inside double quotes the shells expand `$NAME`, `${NAME}` and `$(…)` to exactly one word that
// is never split or globbed (bash, zsh, dash, busybox sh alike). Only these plain forms are read;
// everything else is rejected as before. zsh reads more after a name than the others do: a
// subscript (`"$a[$(cmd)]"` runs cmd), a modifier (`"$a:h"`), so a name must be followed by a
// character that ends it in every shell.
const nameEnd = new Set(['"', ' ', '\t', '/', '-', ',', '=', '@', '%', '+', '$']);

/** Reads `$…` at `at` inside double quotes; returns the index after it. */
function readQuotedExpansion(text: string, at: number): number {
  const next = text[at + 1];
  if (next === '(' && text[at + 2] !== '(') {
    const close = commandSubstitutionEnd(text, at + 2, 0);
    addExpansion({ kind: 'command', script: text.slice(at + 2, close) });
    return close + 1;
  }
  if (next === '{') {
    const name = /^[A-Za-z_][A-Za-z0-9_]*\}/.exec(text.slice(at + 2, at + 68))?.[0];
    if (name !== undefined) {
      addExpansion({ kind: 'parameter', name: name.slice(0, -1) });
      return at + 2 + name.length;
    }
  } else if (next !== undefined && /[A-Za-z_]/.test(next)) {
    const name = /^[A-Za-z_][A-Za-z0-9_]*/.exec(text.slice(at + 1, at + 66))?.[0] ?? '';
    const after = text[at + 1 + name.length];
    if (name.length < 65 && after !== undefined && nameEnd.has(after)) {
      addExpansion({ kind: 'parameter', name });
      return at + 1 + name.length;
    }
    if (after === '[' || after === ':' || after === '.' || after === '(')
      reject(
        ShellCodes.expansion,
        `zsh reads \`$${name}${after}\` as a subscript, modifier or more of the name, which can run commands (${show(text.slice(at))}); write \`\${${name}}\` and put the rest after it`,
      );
  }
  rejectDollar(text, at);
}

function addExpansion(expansion: Expansion): void {
  markQuoted(1);
  value += EXPANSION_MARK;
  expansions ??= [];
  expansions.push(expansion);
}

/**
 * The index of the `)` that closes a command substitution (or process substitution) whose
 * script starts at `start`, found the way the shells' parsers find it for the scripts the
 * analyzer accepts. Forms where a scanner and a full parser could disagree are rejected: a
 * comment, a heredoc, backticks, `$'…'`, `case` (its patterns end in `)`), and nesting deeper than
 * the analyzer's limit (the script itself is parsed and judged later, like `bash -c`'s).
 */
export function commandSubstitutionEnd(text: string, start: number, level: number): number {
  const unsupported = (what: string): never =>
    reject(
      ShellCodes.commandSubstitution,
      `a command substitution with ${what} (${show(text.slice(start - 2))}) is not supported; run that command on its own first`,
    );
  if (level > 2) unsupported('substitutions nested this deep');
  let depth = 0;
  let i = start;
  let wordStart = true;
  while (i < text.length) {
    const char = text[i] as string;
    if (char === '\\') {
      i += 2;
      wordStart = false;
      continue;
    }
    if (char === "'") {
      const close = text.indexOf("'", i + 1);
      if (close < 0) break;
      i = close + 1;
      wordStart = false;
      continue;
    }
    if (char === '"') {
      i = skipDoubleQuoted(text, i + 1, level, unsupported);
      wordStart = false;
      continue;
    }
    if (char === '`') unsupported('backticks');
    if (char === '#' && wordStart) unsupported('a comment');
    if (char === '$' && (text[i + 1] === "'" || text[i + 1] === '"')) unsupported("`$'…'`");
    if (char === '<' && text[i + 1] === '<') unsupported('a heredoc or here-string');
    if (wordStart && /^case[\s;&|()<>]/.test(text.slice(i, i + 5))) unsupported('`case`');
    if (char === '(') depth++;
    else if (char === ')') {
      if (depth === 0) return i;
      depth--;
    }
    wordStart = ' \t\n;&|()<>'.includes(char);
    i++;
  }
  reject(
    ShellCodes.syntax,
    `unterminated command substitution in ${show(text.slice(start - 2))}; close it with )`,
  );
}

/** Skips a double-quoted string inside a substitution's script; returns the index after it. */
function skipDoubleQuoted(
  text: string,
  from: number,
  level: number,
  unsupported: (what: string) => never,
): number {
  let i = from;
  while (i < text.length) {
    const char = text[i];
    if (char === '"') return i + 1;
    if (char === '\\') i += 2;
    else if (char === '`') unsupported('backticks');
    else if (char === '$' && text[i + 1] === '(')
      i = commandSubstitutionEnd(text, i + 2, level + 1) + 1;
    else i++;
  }
  return i;
}
