import { ShellCodes } from '../codes.js';
import type {
  ShellAssignment,
  ShellNode,
  ShellRedirect,
  ShellWord,
  SimpleCommand,
} from '../types.js';
import { Lexer, type Token } from './lexer.js';
import type { ParseLimits } from './limits.js';
import { judgeRedirect } from './redirects.js';
import { reject, show } from './reject.js';
import { reservedWords } from './reserved.js';
import { hasGlob, toAssignment, toShellWord } from './word-rules.js';
import type { DecodedWord } from './words.js';

type ListEnd = 'end' | ')' | '}';

/** The assignments or redirections of a command that has none (shared, never changed). */
const none: readonly never[] = Object.freeze([]);

function isBare(token: Token, value: string): boolean {
  return token.kind === 'word' && !token.anyQuoted && token.value === value;
}

/**
 * Recursive descent over bash's list grammar, restricted to the supported subset. Depth is bounded by
 * `maxNesting`, so recursion stays shallow whatever the input.
 */
export class Parser {
  /** Every simple command, in source order. */
  commands: SimpleCommand[] = [];
  private readonly lexer: Lexer;
  private lookahead: Token | undefined;
  private depth = 0;

  constructor(
    private readonly text: string,
    private readonly limits: ParseLimits,
  ) {
    this.lexer = new Lexer(text);
  }

  /** Parses the whole script; undefined when it holds no command (only blanks or comments). */
  parseScript(): ShellNode | undefined {
    this.skipNewlines();
    if (this.peek().kind === 'end') return undefined;
    const node = this.parseList('end');
    const token = this.peek();
    if (token.kind !== 'end') this.unexpected(token);
    return node;
  }

  private peek(): Token {
    this.lookahead ??= this.lexer.next();
    return this.lookahead;
  }

  private take(): Token {
    const token = this.peek();
    this.lookahead = undefined;
    return token;
  }

  private isOperator(op: string): boolean {
    const token = this.peek();
    return token.kind === 'operator' && token.op === op;
  }

  private skipNewlines(): void {
    while (this.isOperator('\n')) this.take();
  }

  private atListEnd(end: ListEnd): boolean {
    const token = this.peek();
    if (end === 'end') return token.kind === 'end';
    if (end === ')') return token.kind === 'operator' && token.op === ')';
    return isBare(token, '}');
  }

  private unexpected(token: Token): never {
    if (token.kind === 'end') {
      reject(
        ShellCodes.syntax,
        'the command ends where bash expects more; complete or remove the last part',
      );
    }
    const near =
      token.kind === 'operator' && token.op === '\n'
        ? 'newline'
        : this.text.slice(token.start, token.end);
    return reject(
      ShellCodes.syntax,
      `bash reports a syntax error near \`${show(near)}\`; fix or remove it`,
    );
  }

  /** Items separated by `;` or newlines, up to `end` (not consumed). */
  /** Whether the list parseList read last ended with `;` or a newline (a group needs one). */
  private separated = false;

  private parseList(end: ListEnd): ShellNode {
    const first = this.parseAndOr();
    // Most scripts are one item: the list node and its array are made only for a second.
    let items: ShellNode[] | undefined;
    let separated = false;
    for (;;) {
      separated = false;
      if (this.isOperator(';') || this.isOperator('\n')) {
        this.take();
        this.skipNewlines();
        separated = true;
        if (this.atListEnd(end)) break;
        items ??= [first];
        items.push(this.parseAndOr());
        continue;
      }
      break;
    }
    this.separated = separated;
    return items === undefined ? first : { type: 'list', items };
  }

  private parseAndOr(): ShellNode {
    const first = this.parsePipeline();
    // Most commands have no `&&`/`||`: the array is made only for one.
    let rest: { op: '&&' | '||'; node: ShellNode }[] | undefined;
    for (;;) {
      const token = this.peek();
      if (token.kind !== 'operator' || (token.op !== '&&' && token.op !== '||')) break;
      this.take();
      this.skipNewlines();
      rest ??= [];
      rest.push({ op: token.op, node: this.parsePipeline() });
    }
    return rest === undefined ? first : { type: 'and_or', first, rest };
  }

  private parsePipeline(): ShellNode {
    let negated = false;
    let timed = false;
    let prefixed = false;
    for (;;) {
      const token = this.peek();
      if (isBare(token, '!')) {
        this.take();
        negated = !negated;
        const next = this.peek();
        if (next.kind === 'operator' && next.op === '(' && next.start === token.end) {
          reject(
            ShellCodes.syntax,
            '`!(…)` is an extglob pattern when extglob is on (it would run files as commands); write `! (…)` with a space',
          );
        }
      } else if (isBare(token, 'time')) {
        this.take();
        timed = true;
        // `time -p` and `time [-p] --` are the keyword's own options, never a program's.
        if (isBare(this.peek(), '-p')) this.take();
        if (isBare(this.peek(), '--')) this.take();
      } else break;
      prefixed = true;
    }
    if (prefixed && this.startsNoCommand()) {
      reject(ShellCodes.syntax, '`!` and `time` need a command after them; add one, or drop them');
    }
    const first = this.parseCommand();
    // Most commands are no pipeline: its arrays are made only at the first `|`.
    let elements: ShellNode[] | undefined;
    let operators: ('|' | '|&')[] | undefined;
    for (;;) {
      const token = this.peek();
      if (token.kind !== 'operator' || (token.op !== '|' && token.op !== '|&')) break;
      this.take();
      this.skipNewlines();
      elements ??= [first];
      operators ??= [];
      operators.push(token.op);
      elements.push(this.parseCommand());
    }
    if (!prefixed && elements === undefined) return first;
    return {
      type: 'pipeline',
      negated,
      timed,
      operators: operators ?? [],
      elements: elements ?? [first],
    };
  }

  private startsNoCommand(): boolean {
    const token = this.peek();
    return token.kind === 'end' || (token.kind === 'operator' && token.op !== '(');
  }

  private enter(kind: string): void {
    this.depth++;
    // Written so that a NaN limit fails closed.
    if (!(this.depth <= Math.min(this.limits.maxNesting, 64))) {
      reject(
        ShellCodes.nestingTooDeep,
        `the ${kind} nesting is deeper than ${this.limits.maxNesting}; flatten the command`,
      );
    }
  }

  private parseCommand(): ShellNode {
    const token = this.peek();
    if (token.kind === 'operator' && token.op === '(') {
      this.take();
      this.enter('subshell');
      this.skipNewlines();
      const body = this.parseList(')');
      const close = this.take();
      if (close.kind !== 'operator' || close.op !== ')') this.unexpected(close);
      this.depth--;
      return { type: 'subshell', body, redirects: this.parseTrailingRedirects() };
    }
    if (isBare(token, '{')) {
      this.take();
      this.enter('group');
      this.skipNewlines();
      const body = this.parseList('}');
      const { separated } = this;
      const close = this.take();
      if (!isBare(close, '}')) {
        if (close.kind === 'end') {
          reject(ShellCodes.syntax, 'the group `{ …` is never closed; end it with `; }`');
        }
        this.unexpected(close);
      }
      if (!separated) {
        reject(ShellCodes.syntax, 'put `;` or a newline before the `}` that closes a group');
      }
      this.depth--;
      return { type: 'group', body, redirects: this.parseTrailingRedirects() };
    }
    if (token.kind !== 'word' && token.kind !== 'redirect') this.unexpected(token);
    return { type: 'command', command: this.parseSimpleCommand() };
  }

  private parseTrailingRedirects(): ShellRedirect[] {
    const redirects: ShellRedirect[] = [];
    for (let token = this.peek(); token.kind === 'redirect'; token = this.peek()) {
      redirects.push(judgeRedirect(token, this.text));
      this.take();
    }
    return redirects;
  }

  private parseSimpleCommand(): SimpleCommand {
    // Most commands have no assignment, redirection or substitution: those arrays are made
    // only for one, and the command shares the empty one otherwise.
    const words: ShellWord[] = [];
    let assignments: ShellAssignment[] | undefined;
    let redirects: ShellRedirect[] | undefined;
    let substitutions: string[] | undefined;
    let previous: DecodedWord | undefined;
    for (;;) {
      const token = this.peek();
      if (token.kind === 'redirect') {
        redirects ??= [];
        redirects.push(judgeRedirect(token, this.text));
        this.take();
        previous = undefined;
        continue;
      }
      if (token.kind === 'operator' && token.op === '(')
        this.rejectParen(words.length, assignments !== undefined, previous, token);
      if (token.kind !== 'word') break;
      this.take();
      previous = token;
      if (words.length === 0) {
        const assignment = toAssignment(token, this.text);
        if (assignment !== undefined) {
          assignments ??= [];
          assignments.push(assignment);
          continue;
        }
        this.rejectReserved(token);
      }
      words.push(toShellWord(token, this.text));
      const { expansions } = token;
      if (expansions !== undefined)
        for (const expansion of expansions) {
          if (expansion.kind === 'parameter') continue;
          substitutions ??= [];
          substitutions.push(expansion.script);
        }
    }
    if (words.length === 0 && redirects !== undefined) {
      reject(
        ShellCodes.zshSyntax,
        'a redirection without a command runs `cat` or a pager in zsh ($NULLCMD, $READNULLCMD); add the command it belongs to',
      );
    }
    const command: SimpleCommand = {
      assignments: assignments ?? none,
      words,
      redirects: redirects ?? none,
    };
    if (substitutions !== undefined) command.substitutions = substitutions;
    // Most scripts are one command: a one-element literal costs less than growing the empty
    // array's backing store on its first push.
    // Stryker disable next-line ConditionalExpression: a push into the empty array is the same list
    if (this.commands.length === 0) this.commands = [command];
    else this.commands.push(command);
    if (!(this.commands.length <= this.limits.maxCommands)) {
      reject(
        ShellCodes.tooManyCommands,
        `the script has more than ${this.limits.maxCommands} simple commands; split it into several smaller commands`,
      );
    }
    return command;
  }

  private rejectReserved(word: DecodedWord): void {
    if (word.anyQuoted) return;
    const rule = reservedWords.get(word.value);
    if (rule !== undefined) reject(rule.code, rule.reason);
  }

  /** An unquoted `(` inside a simple command: always an error, named as precisely as we can. */
  private rejectParen(
    wordCount: number,
    assigned: boolean,
    previous: DecodedWord | undefined,
    paren: Token,
  ): never {
    const adjacent = previous !== undefined && previous.end === paren.start;
    if (adjacent && previous.value === '=' && !previous.quoted[0]) {
      reject(
        ShellCodes.zshSyntax,
        '`=(…)` is process substitution in zsh and a syntax error in bash; run that command separately',
      );
    }
    if (adjacent && previous.value.endsWith('=') && !previous.quoted[previous.value.length - 1]) {
      reject(
        ShellCodes.assignment,
        `\`${show(this.text.slice(previous.start))}\` is an array assignment; only plain NAME=value prefixes are supported`,
      );
    }
    if (adjacent && hasGlob(previous)) {
      reject(
        ShellCodes.zshSyntax,
        `\`${show(this.text.slice(previous.start))}\` looks like a zsh glob qualifier; in bash an unquoted \`(\` after a word is a syntax error — quote the pattern`,
      );
    }
    this.take();
    if (wordCount === 1 && !assigned && this.isOperator(')')) {
      reject(
        ShellCodes.functionDefinition,
        `\`${show(this.text.slice(previous?.start ?? paren.start))}\` defines a shell function; run the commands directly instead`,
      );
    }
    return reject(
      ShellCodes.syntax,
      `an unquoted \`(\` inside a command is a syntax error in bash (${show(this.text.slice(paren.start))}); quote it`,
    );
  }
}
