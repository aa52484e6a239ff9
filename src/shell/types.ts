// The contract between the shell parser (parser/) and the rule engine (rules/, analyze.ts).
// The parser judges syntax and redirections; the rules see only decoded words.

/** One word of a simple command after bash's quote removal. */
export interface ShellWord {
  /** What the program receives (quotes removed, escapes decoded, parts concatenated). */
  value: string;
  /** The source text of the word, for messages only; never judged. */
  raw: string;
  /** Contains an unquoted glob metacharacter (`*`, `?`, `[`) that bash would try to expand. */
  glob: boolean;
  /** Some part of the word was quoted or backslash-escaped. */
  quoted: boolean;
  /** Starts with an unquoted `~` that bash expands to $HOME (`~` or `~/…`; `~user` is rejected). */
  tilde: boolean;
}

/** `NAME=value` before a command (or alone). */
export interface ShellAssignment {
  name: string;
  value: ShellWord;
}

/** A redirection the parser accepted (§3.4); kept for logging, never needs judging again. */
export interface ShellRedirect {
  /** Source text, e.g. `2>/dev/null`, `<<<'text'`, `<<'EOF'`. */
  raw: string;
}

export interface SimpleCommand {
  assignments: ShellAssignment[];
  /** words[0] is the program name; may be empty when the command is only assignments. */
  words: ShellWord[];
  redirects: ShellRedirect[];
}

export type ParseResult =
  | { ok: true; commands: SimpleCommand[] }
  | { ok: false; code: string; reason: string };

/** What analyzeShellCommand() returns. `commands` holds the argv of each top-level simple command. */
export interface ShellVerdict {
  readOnly: boolean;
  code: string;
  reason: string;
  commands: { argv: string[] }[];
}
