// Every code analyzeShellCommand() can return. Stable: hosts branch on them, the README lists
// them. Add new codes here (never rename one).
export const ShellCodes = {
  /** The command is provably read-only. */
  readOnly: 'read_only',

  // Input limits, checked before parsing.
  empty: 'empty_command',
  tooLong: 'input_too_long',
  controlCharacter: 'control_character',
  invisibleCharacter: 'invisible_character',
  tooManyCommands: 'too_many_commands',
  nestingTooDeep: 'nesting_too_deep',

  // Syntax outside the accepted subset.
  syntax: 'syntax_error',
  expansion: 'expansion',
  commandSubstitution: 'command_substitution',
  processSubstitution: 'process_substitution',
  arithmetic: 'arithmetic',
  background: 'background',
  controlFlow: 'control_flow',
  functionDefinition: 'function_definition',
  testKeyword: 'test_keyword',
  braceExpansion: 'brace_expansion',
  tilde: 'tilde_expansion',
  zshSyntax: 'zsh_syntax',
  comment: 'comment',
  unquotedHeredoc: 'unquoted_heredoc',
  assignment: 'assignment',
  /** LANG or LC_* set to a locale other than C, POSIX or *.UTF-8. */
  locale: 'unsafe_locale',

  // Redirections.
  redirectWrite: 'redirect_write',
  redirectUnsupported: 'redirect_unsupported',
  redirectNetwork: 'redirect_network',

  // Programs.
  unknownProgram: 'unknown_program',
  pathProgram: 'path_program',
  mutatingProgram: 'mutating_program',
  interpreter: 'interpreter',
  buildTool: 'build_tool',
  networkProgram: 'network_program',
  interactiveProgram: 'interactive_program',
  privilegeWrapper: 'privilege_wrapper',
  shellBuiltin: 'shell_builtin',
  removedByPolicy: 'removed_by_policy',

  // Options and operands, judged by the option engine on decoded words.
  unknownOption: 'unknown_option',
  ambiguousOption: 'ambiguous_option',
  missingValue: 'missing_option_value',
  badValue: 'bad_option_value',
  optionWrites: 'option_writes',
  optionExecutes: 'option_executes',
  optionNetwork: 'option_network',
  optionInteractive: 'option_interactive',
  optionUnsupported: 'option_unsupported',
  operandWrites: 'operand_writes',
  badOperand: 'bad_operand',
  unsafeGlob: 'unsafe_glob',

  // Code-valued operands and program-specific rules.
  findPrimary: 'find_primary',
  sedScript: 'sed_script',
  awkProgram: 'awk_program',
  gitGlobalOption: 'git_global_option',
  gitSubcommand: 'git_subcommand',
  gitAfterCd: 'git_after_cd',
  gitEnvironment: 'git_environment',
  xargsTarget: 'xargs_target',
  wrapper: 'wrapper',
  /** The host runs commands under cmd.exe or PowerShell (`hostShell`), whose syntax and programs differ. */
  unsupportedShell: 'unsupported_shell',
} as const;

export type ShellCode = (typeof ShellCodes)[keyof typeof ShellCodes];

/**
 * Block codes whose reason names no read-only way to get the same information, and why none
 * exists. Every other block code's reason names a concrete read-only alternative (a test checks
 * one representative command per code).
 */
export const codesWithoutReadOnlyAlternative: Readonly<Partial<Record<ShellCode, string>>> = {
  [ShellCodes.removedByPolicy]:
    'the host removed the program on purpose; which other program fits is the host’s call',
  [ShellCodes.unsupportedShell]:
    'the host chose a shell the analyzer does not model; no command is judged there, whatever it reads',
  [ShellCodes.redirectNetwork]:
    'opening a connection is the point of the command; no local read gives the same answer',
};
