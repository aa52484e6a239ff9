import { ShellCodes } from '../codes.js';
import type { ShellAssignment, ShellWord } from '../types.js';
import { reject, show } from './reject.js';
import { type DecodedWord, UNQUOTED_BRACE, UNQUOTED_GLOB, UNQUOTED_TILDE } from './words.js';

// What bash (and zsh, for `=`) would still expand in a decoded word. Every check looks only at
// unquoted characters, which is exactly what bash's expansion steps do.

function isUnquoted(word: DecodedWord, index: number, char: string): boolean {
  return word.value[index] === char && word.quoted[index] !== true;
}

/** Unquoted `*` or `?`, or an unquoted `[` that a later `]` (quoted or not) could close. */
export function hasGlob(word: DecodedWord): boolean {
  const { value, quoted } = word;
  let openBracket = false;
  // One pass over char codes: runs for every word, and most words have none of these.
  for (let i = 0; i < value.length; i++) {
    const code = value.charCodeAt(i);
    if (code === 0x5d) {
      if (openBracket) return true;
      continue;
    }
    if ((code !== 0x2a && code !== 0x3f && code !== 0x5b) || quoted[i] === true) continue;
    if (code === 0x5b) openBracket = true;
    else return true;
  }
  return false;
}

/**
 * Would bash brace-expand this word? Mirrors bash's brace_gobbler on unquoted characters: a `{`
 * is closed by a `}` at its own level only after a `,` or `..` at that level; an earlier `}`
 * there is skipped. `{}`, `stash@{0}`, `a{b}c` and `@{1}..@{0}` stay literal.
 */
export function hasBraceExpansion(word: DecodedWord): boolean {
  // One entry per brace level still being scanned: did that level see a `,` or `..`? A skipped
  // `}` merges a level into its parent (bash goes on scanning both), except the outermost one,
  // which stays open. Linear, and never more lenient than bash.
  if (!word.value.includes('{')) return false;
  const levels: boolean[] = [];
  for (let i = 0; i < word.value.length; i++) {
    if (word.quoted[i]) continue;
    const char = word.value[i];
    if (char === '{') levels.push(false);
    else if (levels.length === 0) continue;
    else if (char === ',' || (char === '.' && isUnquoted(word, i + 1, '.'))) {
      levels[levels.length - 1] = true;
    } else if (char === '}') {
      if (levels[levels.length - 1]) return true;
      if (levels.length > 1) levels.pop();
    }
  }
  return false;
}

/** Length of the shell name (`[A-Za-z_][A-Za-z0-9_]*`) at the start of `value`; 0 if none. */
function nameLength(value: string): number {
  let i = 0;
  for (; i < value.length; i++) {
    const code = value.charCodeAt(i);
    const letter = (code | 0x20) >= 0x61 && (code | 0x20) <= 0x7a;
    const digit = code >= 0x30 && code <= 0x39;
    if (!(letter || code === 0x5f || (digit && i > 0))) break;
  }
  return i;
}

/** Looks like `NAME=`, `NAME+=` or `NAME[…]=`: bash tilde-expands after its `=` and `:`s. */
function looksLikeAssignment(value: string): boolean {
  const length = nameLength(value);
  const next = value[length];
  return length > 0 && (next === '=' || next === '+' || next === '[') && value.includes('=');
}

function rejectBraces(word: DecodedWord, text: string): void {
  if ((word.signs & UNQUOTED_BRACE) !== 0 && hasBraceExpansion(word)) {
    const source = text.slice(word.start, word.end);
    reject(
      ShellCodes.braceExpansion,
      `\`${show(source)}\` is a brace expansion that bash turns into several words; write each word out${spelledOut(source)}, or quote the braces`,
    );
  }
}

/** ` (`a1 a2`)` for a plain one-level `PRE{a,b}POST`, so the model can copy the words. */
function spelledOut(source: string): string {
  const match = /^([^{}'"\\$`\s]*)\{([^{}'"\\$`\s]*,[^{}'"\\$`\s]*)\}([^{}'"\\$`\s]*)$/.exec(
    source,
  );
  if (match === null) return '';
  const [, before = '', items = '', after = ''] = match;
  return ` (\`${items
    .split(',')
    .map((item) => `${before}${item}${after}`)
    .join(' ')}\`)`;
}

/** Bash tilde-expands an unquoted `~` after `=` or `:` in assignments and words shaped like one. */
function rejectAssignmentTilde(word: DecodedWord, raw: string): void {
  const { value } = word;
  for (let i = 1; i < value.length; i++) {
    const before = value[i - 1];
    if (isUnquoted(word, i, '~') && (before === '=' || before === ':')) {
      reject(
        ShellCodes.tilde,
        `bash expands \`~\` after \`=\` or \`:\` in \`${show(raw)}\`; write the path out, or quote the \`~\``,
      );
    }
  }
}

/**
 * Judges a word that becomes an argument, a program name, a redirection target or a
 * here-string, and returns it as the ShellWord later rules see.
 */
export function toShellWord(word: DecodedWord, text: string): ShellWord {
  // A word with nothing quoted and no line continuation is its own source text: no slice.
  const raw =
    !word.anyQuoted && word.value.length === word.end - word.start
      ? word.value
      : text.slice(word.start, word.end);
  const { value } = word;
  // A char code: `value[0]` of an empty word (`''`) is undefined, which would make this
  // comparison, run for every word, a generic one.
  if (value.charCodeAt(0) === 0x3d && word.quoted[0] !== true && value.length > 1) {
    if (value === '==') {
      reject(
        ShellCodes.zshSyntax,
        '`==` is a program lookup in zsh; compare with a single `=` (or quote it)',
      );
    }
    reject(
      ShellCodes.zshSyntax,
      `\`${show(raw)}\` starts with an unquoted \`=\`, which zsh expands to a program path; quote it ('${show(value)}')`,
    );
  }
  rejectBraces(word, text);
  // Only a `~` that is the word's first source character starts a tilde prefix (`''~` is
  // literal), and bash expands it only when nothing but line continuations separates it from the
  // word's end or a `/` (`~""` and `~"/x"` stay literal: rejected as confusing).
  let tilde = false;
  if (text[word.start] === '~') {
    let next = word.start + 1;
    while (text[next] === '\\' && text[next + 1] === '\n') next += 2;
    if (next === word.end || text[next] === '/') tilde = true;
    else {
      reject(
        ShellCodes.tilde,
        `\`${show(raw)}\` is a tilde expansion to another user's or the directory stack's path; write the path out, or quote the \`~\``,
      );
    }
  }
  if ((word.signs & UNQUOTED_TILDE) !== 0 && looksLikeAssignment(value))
    rejectAssignmentTilde(word, raw);
  // A parameter or command substitution may be any string: judged as a glob that could be
  // anything (never a program name, never an option's value or an operand where a glob is
  // refused). A process substitution is a pipe path; only its script needs judging.
  const realGlob = (word.signs & UNQUOTED_GLOB) !== 0 && hasGlob(word);
  const expansion = word.expansions?.some((e) => e.kind !== 'process') ?? false;
  if (expansion && !realGlob)
    return { value, raw, glob: true, quoted: word.anyQuoted, tilde, expansion: true };
  return { value, raw, glob: realGlob || expansion, quoted: word.anyQuoted, tilde };
}

/**
 * Splits `NAME=value` at the start of a command. Returns undefined for a word that is not an
 * assignment to bash (the name or `=` quoted, not a valid name); rejects forms we do not support.
 */
export function toAssignment(word: DecodedWord, text: string): ShellAssignment | undefined {
  const { value } = word;
  const after = nameLength(value);
  // Only `=`, `+=` and `[` after a name can make an assignment (or a refused form of one);
  // answering every other word here keeps program names free of slices.
  // A code (NaN past the end), so that the comparisons stay on numbers.
  const next = value.charCodeAt(after);
  if (after === 0 || (next !== 0x3d && next !== 0x2b && next !== 0x5b)) return undefined;
  if (word.anyQuoted) for (let i = 0; i < after; i++) if (word.quoted[i]) return undefined;
  const name = value.slice(0, after);
  const raw = text.slice(word.start, word.end);
  if (isUnquoted(word, after, '+') && isUnquoted(word, after + 1, '=')) {
    reject(
      ShellCodes.assignment,
      `\`${show(raw)}\` appends to a variable; only plain NAME=value prefixes are supported`,
    );
  }
  if (isUnquoted(word, after, '[') && value.includes('=', after)) {
    reject(
      ShellCodes.assignment,
      `\`${show(raw)}\` assigns to an array element; only plain NAME=value prefixes are supported`,
    );
  }
  if (!isUnquoted(word, after, '=')) return undefined;
  if (word.expansions !== undefined)
    reject(
      ShellCodes.expansion,
      `\`${show(raw)}\` assigns a value the analyzer cannot see; write the value literally`,
    );
  rejectAssignmentTilde(word, raw);
  rejectBraces(word, text);
  // The name and `=` are unquoted, so the first `=` in the source is the assignment's.
  const rawValue = raw.slice(raw.indexOf('=') + 1);
  const quoted = word.quoted.slice(after + 1);
  return {
    name,
    value: {
      value: value.slice(after + 1),
      raw: rawValue,
      glob: false,
      quoted: quoted.includes(true),
      tilde: false,
    },
  };
}
