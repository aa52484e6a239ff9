import { ShellCodes } from '../codes.js';
import type { Block } from '../spec.js';
import { type AwkToken, lexAwk } from './awk-lexer.js';

// Judges an awk program on its tokens. Reading input and files, computing and printing to
// stdout are fine; running commands, writing files, coprocesses, extensions and anything the
// lexer cannot read block.

const block = (reason: string): Block => ({ code: ShellCodes.awkProgram, reason });

/** Names whose use lets a program reach past its own input (see the reasons). */
const forbiddenNames: Readonly<Record<string, string>> = {
  system: 'awk `system()` runs a shell command; run only read-only commands, not through awk',
  ARGV: 'the awk program uses ARGV, whose entries gawk opens as input (network special files included); pass input files as operands',
  SYMTAB:
    'gawk SYMTAB gives indirect access to every variable (ARGV included); use the variables directly',
  FUNCTAB: 'gawk FUNCTAB allows indirect calls; call functions directly',
};

/**
 * Judges an awk program (POSIX awk with gawk/mawk extensions) for plan mode; returns a Block
 * (code `awk_program`) for `system()`, output redirection or pipes, command/coprocess `getline`,
 * `@` directives, `getline < FILE` with a computed file name, and anything it cannot tokenise.
 */
export function checkAwkProgram(program: string): Block | undefined {
  for (const ch of program) {
    const code = ch.charCodeAt(0);
    if ((code < 0x20 && ch !== '\t' && ch !== '\n') || code === 0x7f)
      return block('the awk program contains a control character; write it with a `\\` escape');
  }
  const lexed = lexAwk(program);
  if (!lexed.ok) return block(`awk program not understood (${lexed.reason}); simplify it`);
  const tokens = lexed.tokens;
  const closers = matchClosers(tokens);

  const bad = slashAfterFunctionName(tokens);
  if (bad !== undefined) return bad;
  // Parentheses only, as mawk and gawk count them: inside brackets a `>` still redirects.
  let depth = 0;
  // The depth at which the current print statement started; undefined outside one.
  let printDepth: number | undefined;
  for (let k = 0; k < tokens.length; k += 1) {
    const t = tokens[k];
    if (t === undefined) break;
    if ((t.kind === 'builtin' || t.kind === 'name') && forbiddenNames[t.text] !== undefined)
      return block(forbiddenNames[t.text] ?? '');
    if (t.kind === 'keyword' && (t.text === 'print' || t.text === 'printf')) {
      printDepth = depth;
      continue;
    }
    if (t.kind === 'keyword' && t.text === 'getline') {
      const bad = checkGetline(tokens, closers, k);
      if (bad !== undefined) return bad;
      continue;
    }
    if (t.kind === 'newline') {
      // A newline ends a print statement unless the statement obviously goes on (`,`, `&&` …).
      if (printDepth === depth && endsOperand(tokens[k - 1])) printDepth = undefined;
      continue;
    }
    if (t.kind !== 'op') continue;
    switch (t.text) {
      case '|':
      case '|&':
        return block(
          'awk pipes (`print | "cmd"`, `"cmd" | getline`, `|&`) run shell commands; run the command itself, not through awk',
        );
      case '@':
        return block(
          'awk `@` directives (`@load`, `@include`, indirect calls) load or run other code',
        );
      case '(':
        depth += 1;
        break;
      case ')':
        depth -= 1;
        break;
      case ';':
        if (printDepth === depth) printDepth = undefined;
        break;
      case '}':
        printDepth = undefined;
        break;
      case '>':
      case '>>':
      case '>=':
        if (printDepth === depth)
          return block(
            'awk `print > FILE` writes a file; print to stdout instead (parenthesise comparisons: `print (a > b)`)',
          );
        break;
    }
  }
  return undefined;
}

/**
 * mawk reads a regex after the name of a function (one defined, or called anywhere as
 * `name(`), where other awks divide; such a `/` is refused.
 */
function slashAfterFunctionName(tokens: readonly AwkToken[]): Block | undefined {
  const functions = new Set<string>();
  tokens.forEach((t, k) => {
    const next = tokens[k + 1];
    const prev = tokens[k - 1];
    if (t.kind !== 'name') return;
    if (next?.kind === 'op' && next.text === '(' && next.offset === t.offset + t.text.length)
      functions.add(t.text);
    if (prev?.kind === 'keyword' && (prev.text === 'function' || prev.text === 'func'))
      functions.add(t.text);
  });
  for (let k = 0; k + 1 < tokens.length; k += 1) {
    const t = tokens[k];
    const next = tokens[k + 1];
    if (t?.kind === 'name' && functions.has(t.text) && next?.kind === 'op' && next.text[0] === '/')
      return block(
        `awk program not understood (a \`/\` after the function name \`${t.text}\`: mawk reads a regex, other awks divide); add parentheses`,
      );
  }
  return undefined;
}

/** Tokens after which a newline ends the statement. */
function endsOperand(t: AwkToken | undefined): boolean {
  if (t === undefined) return true;
  switch (t.kind) {
    case 'name':
    case 'builtin':
    case 'number':
    case 'string':
    case 'regex':
      return true;
    case 'keyword':
      return t.text === 'print' || t.text === 'printf' || t.text === 'getline';
    case 'op':
      return t.text === ')' || t.text === ']' || t.text === '++' || t.text === '--';
    case 'newline':
      return false;
  }
}

/**
 * `getline [lvalue] [< FILE]`: reading the current input or a file is fine, but FILE must be a
 * plain string literal: gawk opens `/inet/...` names as network connections, and a computed
 * name could be one.
 */
function checkGetline(
  tokens: readonly AwkToken[],
  closers: Closers,
  at: number,
): Block | undefined {
  let k = skipLvalue(tokens, closers, at + 1);
  if (k === undefined) return block('awk `getline` into an unusual target; use `getline var`');
  if (tokens[k]?.kind !== 'op' || tokens[k]?.text !== '<') return undefined;
  k += 1;
  const file = tokens[k];
  const after = tokens[k + 1];
  const fileOk =
    file?.kind === 'string' && !file.text.includes('\\') && !file.text.startsWith('"/inet');
  // Anything that could extend the file name (concatenation, arithmetic) is refused.
  const followOk =
    after === undefined ||
    after.kind === 'newline' ||
    (after.kind === 'op' &&
      [')', ';', '}', ',', '>', '>=', '==', '!=', '&&', '||', '?', ':'].includes(after.text));
  if (fileOk && followOk) return undefined;
  return block(
    'awk `getline < FILE` needs a plain quoted file name (gawk opens `/inet/...` names as network connections); write `getline line < "path"`',
  );
}

/** For each `(`/`[` token index, the index of the token that closes it. */
type Closers = ReadonlyMap<number, number>;

function matchClosers(tokens: readonly AwkToken[]): Closers {
  const closers = new Map<number, number>();
  const open: number[] = [];
  tokens.forEach((t, k) => {
    if (t.kind !== 'op') return;
    if (t.text === '(' || t.text === '[') open.push(k);
    else if (t.text === ')' || t.text === ']') {
      const from = open.pop();
      if (from !== undefined) closers.set(from, k);
    }
  });
  return closers;
}

/** Index after an optional `name`, `name[...]` or `$operand` lvalue; undefined if unusual. */
function skipLvalue(
  tokens: readonly AwkToken[],
  closers: Closers,
  from: number,
): number | undefined {
  const t = tokens[from];
  if (t?.kind === 'name') return skipGroup(tokens, closers, from + 1, '[');
  if (t?.kind !== 'op' || t.text !== '$') return from;
  const operand = tokens[from + 1];
  if (operand?.kind === 'number') return from + 2;
  if (operand?.kind === 'name') return skipGroup(tokens, closers, from + 2, '[');
  if (operand?.kind === 'op' && operand.text === '(')
    return skipGroup(tokens, closers, from + 1, '(');
  return undefined;
}

/** Index after the group opened by `bracket` at `at`, or `at` itself when none opens there. */
function skipGroup(
  tokens: readonly AwkToken[],
  closers: Closers,
  at: number,
  bracket: string,
): number | undefined {
  const t = tokens[at];
  if (t?.kind !== 'op' || t.text !== bracket) return at;
  const close = closers.get(at);
  return close === undefined ? undefined : close + 1;
}
