import { ShellCodes } from '../codes.js';
import { type PendingHeredoc, readHeredocBodies } from './heredoc.js';
import { reject, show } from './reject.js';
import { isDigits, isMetachar, type Source, skipBlanks } from './source.js';
import { commandSubstitutionEnd, type DecodedWord, readWord } from './words.js';

/** Control operators the grammar accepts; `\n` is a newline token. */
export type Operator = ';' | '&&' | '||' | '|' | '|&' | '(' | ')' | '\n';

/** Every redirection operator bash has; redirects.ts decides which are allowed. */
export type RedirectOperator =
  | '<'
  | '>'
  | '>>'
  | '>|'
  | '<>'
  | '<&'
  | '>&'
  | '&>'
  | '&>>'
  | '<<'
  | '<<-'
  | '<<<';

/**
 * One token with its source span; a redirection carries its target word (or delimiter). Every
 * token that is not a word has the same fields in the same order (made by `token`), so the
 * parser's reads of them see two object shapes besides words' instead of one per kind.
 */
export type Token =
  | DecodedWord
  | { kind: 'operator'; op: Operator; fd: undefined; target: undefined; start: number; end: number }
  | {
      kind: 'redirect';
      op: RedirectOperator;
      /** The fd number written before the operator (`2>`), if any. */
      fd: number | undefined;
      target: DecodedWord;
      start: number;
      end: number;
    }
  | { kind: 'end'; op: undefined; fd: undefined; target: undefined; start: number; end: number };

function token<T extends Exclude<Token, DecodedWord>>(
  kind: T['kind'],
  op: T['op'],
  fd: T['fd'],
  target: T['target'],
  start: number,
  end: number,
): T {
  return { kind, op, fd, target, start, end } as T;
}

/** The redirection operator at `at`, longest match first, or undefined. */
function redirectOperatorAt(text: string, at: number): RedirectOperator | undefined {
  const first = text[at];
  const second = text[at + 1];
  if (first === '<') {
    if (second === '<') {
      const third = text[at + 2];
      return third === '<' ? '<<<' : third === '-' ? '<<-' : '<<';
    }
    return second === '&' ? '<&' : second === '>' ? '<>' : '<';
  }
  if (first === '>') {
    return second === '>' ? '>>' : second === '&' ? '>&' : second === '|' ? '>|' : '>';
  }
  if (first === '&' && second === '>') return text[at + 2] === '>' ? '&>>' : '&>';
  return undefined;
}

/**
 * Splits the script into tokens one at a time. It also owns what depends on lines: comments
 * (accepted only as the first token of a line) and heredoc bodies (read at the next newline).
 */
export class Lexer {
  private readonly src: Source;
  private lineHasTokens = false;
  /** Heredocs whose bodies start at the next newline; made at the first heredoc. */
  private pending: PendingHeredoc[] | undefined;

  constructor(text: string) {
    this.src = { text, pos: 0 };
  }

  /** The next token; rejects constructs that are wrong wherever they appear. */
  next(): Token {
    const { src } = this;
    const { text } = src;
    for (;;) {
      skipBlanks(src);
      const start = src.pos;
      const char = text[start];
      if (char === undefined) {
        if (this.pending !== undefined) readHeredocBodies(src, this.pending);
        return token('end', undefined, undefined, undefined, start, start);
      }
      if (char === '#') {
        if (this.lineHasTokens) {
          reject(
            ShellCodes.comment,
            `\`${show(text.slice(start))}\` is a comment after a command; remove it (comments are accepted only on their own line)`,
          );
        }
        const newline = text.indexOf('\n', start);
        src.pos = newline < 0 ? text.length : newline;
        continue;
      }
      if (char === '\n') {
        src.pos++;
        if (this.pending !== undefined) {
          readHeredocBodies(src, this.pending);
          this.pending = undefined;
        }
        this.lineHasTokens = false;
        return token('operator', '\n', undefined, undefined, start, start + 1);
      }
      this.lineHasTokens = true;
      return this.readToken(start, char);
    }
  }

  private readToken(start: number, char: string): Token {
    const { src } = this;
    const { text } = src;
    // A code, NaN past the end: with `undefined` there, every comparison below would be generic.
    const next = text.charCodeAt(start + 1);
    switch (char) {
      case ';':
        if (next === 0x3b || next === 0x26) {
          reject(
            ShellCodes.background,
            `\`${show(text.slice(start, start + 3))}\` ends a case branch (and \`;&\` falls through); outside \`case\` it is an error — separate commands with \`;\` and run them in the foreground`,
          );
        }
        return this.operator(';', start, 1);
      case '|':
        if (next === 0x7c) return this.operator('||', start, 2);
        if (next === 0x26) return this.operator('|&', start, 2);
        return this.operator('|', start, 1);
      case '&':
        if (next === 0x26) return this.operator('&&', start, 2);
        if (next === 0x3e) return this.readRedirect(start, undefined);
        return reject(
          ShellCodes.background,
          '`&` runs the command in the background; run it in the foreground (use `;` or `&&` between commands)',
        );
      case '(':
        if (next === 0x28) {
          reject(
            ShellCodes.arithmetic,
            '`((` starts an arithmetic command; compute values yourself, and write nested subshells as `( (…) )`',
          );
        }
        return this.operator('(', start, 1);
      case ')':
        return this.operator(')', start, 1);
      case '<':
        if (next === 0x28) return this.readProcessSubstitution(start);
        return this.readRedirect(start, undefined);
      case '>':
        rejectProcessSubstitution(text, start);
        return this.readRedirect(start, undefined);
      default:
        return this.readWordOrFd();
    }
  }

  private operator(op: Operator, start: number, length: number): Token {
    this.src.pos = start + length;
    return token('operator', op, undefined, undefined, start, start + length);
  }

  /**
   * `<(script)` as a whole word (bash and zsh; dash and busybox sh reject the syntax, so nothing
   * runs there): the program gets a path like `/dev/fd/63` to a pipe the script writes. The
   * script is judged like a `bash -c` script. Nothing may be glued to either side.
   */
  private readProcessSubstitution(start: number): Token {
    const { src } = this;
    const { text } = src;
    const close = commandSubstitutionEnd(text, start + 2, 0);
    const after = text[close + 1];
    if (after !== undefined && !' \t\n;&|)'.includes(after)) {
      reject(
        ShellCodes.processSubstitution,
        `\`${show(text.slice(start))}\` glues a process substitution to more text; put it in a word of its own`,
      );
    }
    src.pos = close + 1;
    const value = '/dev/fd/63';
    // Made in readWord's field order (expansions last), so that it has the same shape.
    const word: DecodedWord = {
      kind: 'word',
      value,
      quoted: new Array<boolean>(value.length).fill(true),
      anyQuoted: true,
      signs: 0,
      start,
      end: close + 1,
    };
    word.expansions = [{ kind: 'process', script: text.slice(start + 2, close) }];
    return word;
  }

  private readWordOrFd(): Token {
    const { src } = this;
    const { text } = src;
    const word = readWord(src);
    // A code (NaN at the end of the text) keeps this comparison on numbers.
    const after = text.charCodeAt(word.end);
    if (after === 0x3c || after === 0x3e) {
      rejectProcessSubstitution(text, word.end);
      if (!word.anyQuoted && isDigits(word.value)) {
        return this.readRedirect(word.end, Number(word.value), word.start);
      }
      const { value } = word;
      if (!word.anyQuoted && value.length > 2 && value.startsWith('{') && value.endsWith('}')) {
        reject(
          ShellCodes.redirectUnsupported,
          `\`${show(text.slice(word.start, word.end + 2))}\` opens a named file descriptor; drop the redirect`,
        );
      }
    }
    return word;
  }

  /** Reads a redirection operator at `at` and its target word (a heredoc's delimiter). */
  private readRedirect(at: number, fd: number | undefined, start = at): Token {
    const { src } = this;
    const { text } = src;
    const op = redirectOperatorAt(text, at);
    if (op === undefined) throw new Error(`no redirection operator at ${at}`);
    src.pos = at + op.length;
    skipBlanks(src);
    const targetStart = text[src.pos];
    if (targetStart === '<' || targetStart === '>') rejectProcessSubstitution(text, src.pos);
    if (targetStart === undefined || isMetachar(targetStart) || targetStart === '#') {
      reject(
        ShellCodes.syntax,
        `the redirection \`${show(text.slice(start, at + op.length))}\` has no target word; give it one, or drop the redirect`,
      );
    }
    const target = readWord(src);
    if (target.expansions !== undefined) {
      reject(
        ShellCodes.expansion,
        `the redirection \`${show(text.slice(start, target.end))}\` names its target with an expansion whose value the analyzer cannot see; write the target literally`,
      );
    }
    if (op === '<<' || op === '<<-') {
      if (!target.anyQuoted) {
        reject(
          ShellCodes.unquotedHeredoc,
          `the unquoted heredoc \`${show(text.slice(start, target.end))}\` expands \`$\` and backticks in its body; quote the delimiter (<<'${show(target.value)}')`,
        );
      }
      this.pending ??= [];
      this.pending.push({ delimiter: target.value, stripTabs: op === '<<-' });
    }
    return token('redirect', op, fd, target, start, target.end);
  }
}

function rejectProcessSubstitution(text: string, at: number): void {
  if (text[at + 1] === '(') {
    reject(
      ShellCodes.processSubstitution,
      `\`${show(text.slice(at))}\` is a process substitution, which runs a command; run that command separately`,
    );
  }
}
