import type { ShellCode } from './codes.js';

// The contract between the shell parser (parser/), the option engine (option-engine.ts), the
// program rules (rules/) and the analyzer (analyze.ts). The parser judges syntax and
// redirections; everything after it sees only decoded words.

/** One word of a simple command after bash's quote removal. */
export interface ShellWord {
  /** What the program receives (quotes removed, escapes decoded, parts concatenated). */
  value: string;
  /** The source text of the word, for messages only; never judged. */
  raw: string;
  /**
   * Contains an unquoted glob pattern that bash would try to expand: `*`, `?`, or a `[` that a
   * later `]` in the same word could close. Such a word may become any file name (or none).
   */
  glob: boolean;
  /** Some part of the word was quoted or backslash-escaped. */
  quoted: boolean;
  /**
   * The word holds a double-quoted expansion (`"$NAME"`, `"${NAME}"`, `"$(…)"`) and no unquoted
   * glob: it is exactly one word whose text is unknown (`glob` is set too, and `value` has a `*`
   * where each expansion stands). Unlike a glob it never becomes several words.
   */
  expansion?: boolean;
  /**
   * Starts with an unquoted `~` that bash replaces by $HOME (`~` alone or `~/…`). `value` keeps
   * the `~`; the parser rejects every other tilde form bash would expand (`~user`, `~+`, `x=~`).
   */
  tilde: boolean;
}

/** `NAME=value` before a command (or alone). The value is a word without glob expansion. */
export interface ShellAssignment {
  name: string;
  value: ShellWord;
}

/** A redirection the parser accepted; kept for logging, never needs judging again. */
export interface ShellRedirect {
  /** Source text, e.g. `2>/dev/null`, `<<<'text'`, `<<'EOF'`. */
  raw: string;
}

export interface SimpleCommand {
  assignments: readonly ShellAssignment[];
  /** words[0] is the program name; empty when the command is only assignments. */
  words: ShellWord[];
  redirects: readonly ShellRedirect[];
  /**
   * Scripts of the command substitutions (`"$(…)"`) and process substitutions (`<(…)`) in its
   * words, in source order; they run before the command and are judged like `bash -c` scripts.
   */
  substitutions?: string[];
}

/**
 * The parsed script. Lists and and-or chains keep their operators so callers (and the
 * differential test) can tell which commands run; `commands` in ParseResult is the same
 * simple commands flattened in source order.
 */
export type ShellNode =
  | { type: 'command'; command: SimpleCommand }
  | {
      type: 'pipeline';
      /** Leading `!`. */
      negated: boolean;
      /** Leading `time` keyword (optionally `time -p`): bash times the pipeline. */
      timed: boolean;
      /** `|` or `|&` between elements; elements.length - 1 entries. */
      operators: ('|' | '|&')[];
      elements: ShellNode[];
    }
  | { type: 'and_or'; first: ShellNode; rest: { op: '&&' | '||'; node: ShellNode }[] }
  /** Commands separated by `;` or newlines. */
  | { type: 'list'; items: ShellNode[] }
  | { type: 'subshell'; body: ShellNode; redirects: ShellRedirect[] }
  | { type: 'group'; body: ShellNode; redirects: ShellRedirect[] };

export type ParseResult =
  | { ok: true; ast: ShellNode; commands: SimpleCommand[] }
  | { ok: false; code: ShellCode; reason: string };

/** What analyzeShellCommand() returns. `commands` holds the argv of each top-level simple command. */
export interface ShellVerdict {
  readOnly: boolean;
  code: ShellCode;
  reason: string;
  commands: { argv: string[] }[];
}
