import type { ShellCode } from './codes.js';
import type { ShellWord } from './types.js';

// The shape of a program rule. A rule is data (a ProgramSpec the option engine interprets)
// plus, where an operand is code or a subcommand picks another table, a small `check`.

/** Why a command is not read-only: a stable code and a one-line reason for the model. */
export interface Block {
  code: ShellCode;
  reason: string;
}

/** What an option does beyond reading. Any hazard makes the call not read-only. */
export type Hazard = 'writes' | 'executes' | 'network' | 'interactive' | 'unsupported';

export interface OptionSpec {
  /**
   * Whether the option takes a value: `required` (attached `-oVAL`/`--opt=VAL` or the next
   * word), `optional` (attached only), or none (a flag; `--flag=x` is then an error → block).
   */
  value?: 'required' | 'optional';
  /** Further values taken from the following words (`jq --arg NAME VALUE` has 1). Default 0. */
  extraValues?: number;
  /** Set when using the option at all makes the call not read-only. */
  hazard?: Hazard;
  /** Shown to the model when the option blocks, e.g. "`sort -o` writes a file; print to stdout instead". */
  reason?: string;
  /** This key is another spelling of the named option (`--output` → `-o`); the alias's fields apply. */
  alias?: string;
  /** Judges the option's value (decoded); return a Block to make the call not read-only. */
  check?: (value: ShellWord) => Block | undefined;
  /**
   * The value may be a double-quoted expansion (`--author="$(git config user.name)"`), whose
   * text the analyzer cannot see: `attached` only in the option's own word (`--opt="$X"`,
   * `-o"$X"`), where it can never become another option; `any` in the next word too. Set only
   * on options whose every value is inert (searched for, compared, printed). Unset: refused.
   */
  unknownValue?: 'attached' | 'any';
}

/** Where a word with an unquoted glob may stand (it may expand into any file name, even `-rf`). */
export type GlobPolicy =
  /** The program has no option (real or unknown to us) that writes, executes or reaches the network. */
  | 'anywhere'
  /** Only after `--`, where expansions are operands. */
  | 'after-end-of-options'
  /** Never. */
  | 'never';

export interface ProgramSpec {
  /** Keyed by spelling: `-x` for short options, `--long` for long ones. Unknown options block. */
  options: Readonly<Record<string, OptionSpec>>;
  /** Options may follow operands (GNU argument permutation). Default true. */
  permute?: boolean;
  /** `--` ends the options. Default true. */
  endOfOptions?: boolean;
  /** Unambiguous prefixes of long options are accepted (GNU getopt_long, git). Default true. */
  abbreviations?: boolean;
  /** `-NUM` is accepted as a number option (`head -20`, `tail -5`). Default false. */
  numericOption?: boolean;
  /** A lone `-` is an operand (stdin). Default true. */
  dashIsOperand?: boolean;
  globs: GlobPolicy;
  /** Operand count limits; operands beyond `max` block (e.g. `uniq IN OUT` writes OUT). */
  operands?: { min?: number; max?: number; maxReason?: string; maxCode?: ShellCode };
  /** Whole-call rule after the engine parsed the words (e.g. `date` takes only +FORMAT). */
  check?: (parsed: ParsedArgs, context: RuleContext) => RuleResult;
}

export interface ParsedOption {
  /** The spec key after resolving abbreviations and aliases, e.g. `--output` for `--outp=x`. */
  name: string;
  /** The decoded value, when the option took one. */
  value?: ShellWord;
  /** The word the option came from (for messages). */
  word: ShellWord;
}

export interface ParsedArgs {
  options: ParsedOption[];
  operands: ShellWord[];
  /** A `--` ended the options. */
  sawEndOfOptions: boolean;
}

/** What a rule decides about one simple command. */
export type RuleResult =
  | { kind: 'ok' }
  | ({ kind: 'block' } & Block)
  /** A transparent wrapper: judge `argv` as the command that really runs. */
  | {
      kind: 'run';
      argv: ShellWord[];
      /** xargs: more operands, read from stdin, are appended and must not become options. */
      appendsUntrusted?: boolean;
    }
  /** `bash -c SCRIPT`: parse and judge the script one level deeper. */
  | { kind: 'script'; script: string };

export interface RuleContext {
  /** Nesting depth of `bash -c` and wrappers so far (the analyzer enforces the limit). */
  depth: number;
}

/**
 * One program's rule. Most are a ProgramSpec; programs whose arguments are not plain options
 * (find's expressions, git's subcommands, test's expressions) supply `judge` instead.
 */
export type ProgramRule =
  | { kind: 'spec'; spec: ProgramSpec }
  | {
      kind: 'custom';
      /** Where globs may stand, for xargs targets and callers that need it. */
      globs: GlobPolicy;
      judge: (args: readonly ShellWord[], context: RuleContext) => RuleResult;
    };

export type ProgramTable = Readonly<Record<string, ProgramRule>>;
