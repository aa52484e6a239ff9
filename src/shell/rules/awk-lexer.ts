// A tokenizer for awk programs (POSIX awk with gawk and mawk additions). It only needs to find
// where strings, regex literals and comments end, so that the checker sees every operator awk
// sees. Where awks disagree on where a literal ends, it refuses instead of picking one reading.

/**
 * What a token is, as far as the checker cares. Keywords and built-in names are told apart
 * from plain names because awks split `/` differently after them.
 */
export type AwkTokenKind =
  | 'name'
  | 'keyword'
  | 'builtin'
  | 'number'
  | 'string'
  | 'regex'
  | 'op'
  | 'newline';

/**
 * One token and where it starts. Whitespace, comments and line continuations leave no token;
 * newlines do, because they end statements.
 */
export interface AwkToken {
  kind: AwkTokenKind;
  /** The token's source text (a string keeps its quotes, a regex its slashes). */
  text: string;
  offset: number;
  /**
   * This `)` closes a condition: of `if`/`while`/`for` (`posix`: a statement follows in every
   * awk), or of gawk's `switch` (`dialect`: a variable in the others, so `(…)` is an operand).
   */
  closesHeader?: 'posix' | 'dialect';
}

/**
 * The tokens of a program, or why it cannot be tokenised the same way by every awk.
 * A failure's reason names the construct and its offset.
 */
export type AwkLex = { ok: true; tokens: AwkToken[] } | { ok: false; reason: string };

const keywords = new Set([
  'BEGIN',
  'END',
  'BEGINFILE',
  'ENDFILE',
  'function',
  'func',
  'if',
  'else',
  'while',
  'for',
  'do',
  'break',
  'continue',
  'next',
  'nextfile',
  'exit',
  'return',
  'delete',
  'in',
  'getline',
  'print',
  'printf',
  'switch',
  'case',
  'default',
]);
const builtins = new Set([
  'length',
  'substr',
  'index',
  'split',
  'sub',
  'gsub',
  'match',
  'sprintf',
  'sin',
  'cos',
  'atan2',
  'exp',
  'log',
  'sqrt',
  'int',
  'rand',
  'srand',
  'tolower',
  'toupper',
  'close',
  'fflush',
  'system',
  'gensub',
  'strftime',
  'systime',
  'mktime',
  'and',
  'or',
  'xor',
  'lshift',
  'rshift',
  'compl',
  'asort',
  'asorti',
  'patsplit',
  'isarray',
  'typeof',
  'strtonum',
  'bindtextdomain',
  'dcgettext',
  'dcngettext',
  'mkbool',
]);
/** Keywords of every awk; `getline` is left out as a `/` after it is read both ways. */
const posixKeywords = new Set([
  'BEGIN',
  'END',
  'function',
  'if',
  'else',
  'while',
  'for',
  'do',
  'break',
  'continue',
  'next',
  'exit',
  'return',
  'delete',
  'in',
  'print',
  'printf',
]);
/** Keywords whose `( … )` is a condition in every awk. */
const headerKeywords = new Set(['if', 'while', 'for']);
/**
 * gawk-only keywords followed by a condition. To mawk, BWK awk and `gawk --posix` they are plain
 * variables, so the `)` that closes their condition ends an operand there: a `/` after it must
 * not be read by one dialect's grammar.
 */
const dialectHeaderKeywords = new Set(['switch']);
/** Looked up longest first, so `|&` wins over `|` and `**=` over `**`. */
const operators = new Set([
  '**=',
  '|&',
  '||',
  '&&',
  '>>',
  '>=',
  '<=',
  '==',
  '!=',
  '!~',
  '++',
  '--',
  '+=',
  '-=',
  '*=',
  '/=',
  '%=',
  '^=',
  '**',
  '|',
  '>',
  '<',
  '=',
  '!',
  '~',
  '+',
  '-',
  '*',
  '/',
  '%',
  '^',
  '(',
  ')',
  '[',
  ']',
  '{',
  '}',
  ';',
  ',',
  '?',
  ':',
  '$',
  '@',
]);

const isWordStart = (ch: string): boolean =>
  (ch >= 'a' && ch <= 'z') || (ch >= 'A' && ch <= 'Z') || ch === '_';
const isDigit = (ch: string): boolean => ch >= '0' && ch <= '9';
const isWordChar = (ch: string): boolean => isWordStart(ch) || isDigit(ch);

/**
 * Splits an awk program into tokens. A `/` divides after a name, number, string, regex, `)` or
 * `]`, and starts a regex elsewhere (also after the `)` of an `if`/`while`/`for` condition);
 * after `++`, `--`, `getline`, built-ins and gawk-only keywords awks disagree, so it fails.
 */
export function lexAwk(src: string): AwkLex {
  const tokens: AwkToken[] = [];
  const parens: ('posix' | 'dialect' | undefined)[] = [];
  let i = 0;
  const push = (kind: AwkTokenKind, end: number): AwkToken => {
    const token: AwkToken = { kind, text: src.slice(i, end), offset: i };
    tokens.push(token);
    i = end;
    return token;
  };
  while (i < src.length) {
    const ch = src[i] ?? '';
    const code = ch.charCodeAt(0);
    if (ch === ' ' || ch === '\t') {
      i += 1;
    } else if (ch === '\n') {
      push('newline', i + 1);
    } else if (ch === '\\') {
      if (src[i + 1] !== '\n') return fail(i, 'a `\\` outside a string or regex');
      i += 2;
    } else if (ch === '#') {
      // A comment ends at the newline even after a backslash, as in mawk and gawk.
      while (i < src.length && src[i] !== '\n') i += 1;
    } else if (ch === '"') {
      const end = scanString(src, i);
      if (end < 0) return fail(i, 'an unterminated string');
      push('string', end);
    } else if (ch === '/' && slashAfter(tokens[tokens.length - 1]) !== 'divides') {
      if (slashAfter(tokens[tokens.length - 1]) === 'ambiguous')
        return fail(
          i,
          "a `/` right after `++`, `--`, `getline`, a built-in function, a keyword some awks lack or the `)` of gawk's `switch (…)` (awks disagree whether it divides or starts a regex); add parentheses",
        );
      const end = scanRegex(src, i);
      if (typeof end === 'string') return fail(i, end);
      push('regex', end);
    } else if (isWordStart(ch)) {
      let end = i + 1;
      while (end < src.length && isWordChar(src[end] ?? '')) end += 1;
      const word = src.slice(i, end);
      push(keywords.has(word) ? 'keyword' : builtins.has(word) ? 'builtin' : 'name', end);
    } else if (isDigit(ch) || (ch === '.' && isDigit(src[i + 1] ?? ''))) {
      // Digits, a fraction and an exponent, as mawk reads them; letters after it (`0x1F`,
      // `1in`) start a new token, which is an operand or keyword in every awk alike.
      let end = i;
      while (isDigit(src[end] ?? '')) end += 1;
      if (src[end] === '.') end += 1;
      while (isDigit(src[end] ?? '')) end += 1;
      if (src[end] === 'e' || src[end] === 'E') {
        const sign = src[end + 1] === '+' || src[end + 1] === '-' ? 1 : 0;
        if (isDigit(src[end + 1 + sign] ?? '')) {
          end += 1 + sign;
          while (isDigit(src[end] ?? '')) end += 1;
        }
      }
      push('number', end);
    } else if (code < 0x80) {
      const op = [src.slice(i, i + 3), src.slice(i, i + 2), ch].find((o) => operators.has(o));
      if (op === undefined) return fail(i, `the character \`${ch}\``);
      if (op === '$' && nextNonBlank(src, i + 1) === '/')
        return fail(i, '`$` before `/` (awks disagree whether a regex or a division follows)');
      if (op === '(') {
        const prev = tokens[tokens.length - 1];
        const header =
          prev?.kind !== 'keyword'
            ? undefined
            : headerKeywords.has(prev.text)
              ? 'posix'
              : dialectHeaderKeywords.has(prev.text)
                ? 'dialect'
                : undefined;
        parens.push(header);
        push('op', i + 1);
      } else if (op === ')') {
        const header = parens.pop();
        const token = push('op', i + 1);
        if (header !== undefined) token.closesHeader = header;
      } else {
        push('op', i + op.length);
      }
    } else {
      return fail(i, 'a non-ASCII character outside a string or regex');
    }
  }
  return { ok: true, tokens };
}

function fail(offset: number, what: string): AwkLex {
  return { ok: false, reason: `${what} at character ${offset}` };
}

function nextNonBlank(src: string, from: number): string {
  let i = from;
  while (src[i] === ' ' || src[i] === '\t') i += 1;
  return src[i] ?? '';
}

/**
 * What a `/` after `prev` is. mawk decides on the previous token alone and reads a regex after
 * `++`, `--`, `getline` and built-in names, where gawk and BWK awk divide; gawk-only keywords
 * (`func`, `case`, …) are variables to mawk. All of those are ambiguous.
 */
function slashAfter(prev: AwkToken | undefined): 'regex' | 'divides' | 'ambiguous' {
  if (prev === undefined) return 'regex';
  switch (prev.kind) {
    case 'name':
    case 'number':
    case 'string':
    case 'regex':
      return 'divides';
    case 'builtin':
      return 'ambiguous';
    case 'keyword':
      // A keyword of only some awks is a plain variable (divided) in the others.
      return posixKeywords.has(prev.text) ? 'regex' : 'ambiguous';
    case 'newline':
      return 'regex';
    case 'op':
      if (prev.text === '++' || prev.text === '--') return 'ambiguous';
      if (prev.text === ')') {
        // After gawk's `switch (…)` gawk reads a regex, every other awk a division.
        if (prev.closesHeader === 'dialect') return 'ambiguous';
        return prev.closesHeader === 'posix' ? 'regex' : 'divides';
      }
      return prev.text === ']' ? 'divides' : 'regex';
  }
}

/** Index after the closing quote, or -1 when a newline or the end comes first. */
function scanString(src: string, start: number): number {
  for (let i = start + 1; i < src.length; i += 1) {
    const ch = src[i];
    if (ch === '\n') return -1;
    if (ch === '"') return i + 1;
    // `\` escapes anything, a newline included (a continued string).
    if (ch === '\\') i += 1;
  }
  return -1;
}

/**
 * Index after the closing `/` of the regex literal opening at `start`, or why it is refused.
 * Inside a bracket expression gawk and mawk let `/` and `\` stand for themselves while other
 * awks end the regex or escape; so both are refused there, and only `[:class:]` may nest.
 */
function scanRegex(src: string, start: number): number | string {
  let i = start + 1;
  for (;;) {
    const ch = src[i];
    if (ch === undefined || ch === '\n') return 'an unterminated regex';
    if (ch === '/') return i + 1;
    if (ch === '\\') {
      const escaped = src[i + 1];
      if (escaped === undefined || escaped === '\n')
        return 'a backslash-newline in a regex (awks disagree on it)';
      i += 2;
    } else if (ch === '[') {
      const end = scanBracket(src, i);
      if (typeof end === 'string') return end;
      i = end;
    } else {
      i += 1;
    }
  }
}

function scanBracket(src: string, open: number): number | string {
  let i = open + 1;
  if (src[i] === '^') i += 1;
  if (src[i] === ']') i += 1;
  for (;;) {
    const ch = src[i];
    if (ch === undefined || ch === '\n') return 'an unterminated bracket expression in a regex';
    if (ch === ']') return i + 1;
    if (ch === '/')
      return 'a `/` inside a bracket expression (awks disagree where the regex ends); match it with `\\/`';
    if (ch === '\\') return 'a `\\` inside a bracket expression (awks read it differently)';
    if (ch === '[') {
      if (src[i + 1] !== ':') return 'a `[` inside a bracket expression other than `[:class:]`';
      let j = i + 2;
      while (isWordStart(src[j] ?? '')) j += 1;
      if (src[j] !== ':' || src[j + 1] !== ']') return 'a malformed `[:class:]`';
      i = j + 2;
    } else {
      i += 1;
    }
  }
}
