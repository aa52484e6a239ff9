import { type ShellCode, ShellCodes } from '../../../../src/shell/codes.js';

// Rejected constructs for the property tests: each must be rejected with its own code wherever
// it is active, and accepted where bash keeps it inert (single quotes, a quoted heredoc body, a
// whole-line comment).

/** Where a construct can stand: argument, program, glued to a word, inside double quotes, an
 * assignment value, a redirection target or a here-string. */
export type Position = 'arg' | 'program' | 'glued' | 'dquote' | 'assign' | 'target' | 'herestring';

const everywhere: Position[] = [
  'arg',
  'program',
  'glued',
  'dquote',
  'assign',
  'target',
  'herestring',
];
const unquoted: Position[] = ['arg', 'program', 'glued', 'assign', 'target', 'herestring'];
const wordLike: Position[] = ['arg', 'program', 'target', 'herestring'];
// Inside double quotes `$NAME`, `${NAME}` and `$(…)` are one word of unknown text, which the
// analyzer judges like a glob; only the positions where they stay unquoted are rejected here.
const outsideDoubleQuotes: Position[] = unquotedOnly();
function unquotedOnly(): Position[] {
  return everywhere.filter((position) => position !== 'dquote');
}

export const poisons: [string, ShellCode, Position[]][] = [
  ['$HOME', ShellCodes.expansion, outsideDoubleQuotes],
  ['${x}', ShellCodes.expansion, outsideDoubleQuotes],
  // zsh subscripts, modifiers and bash's operators inside double quotes.
  ['$HOME[1]', ShellCodes.expansion, everywhere],
  ['$HOME:h', ShellCodes.expansion, everywhere],
  ['${x:-y}', ShellCodes.expansion, everywhere],
  ['${#x}', ShellCodes.expansion, everywhere],
  ['${!BASH*}', ShellCodes.expansion, everywhere],
  ["$'\\x41'", ShellCodes.expansion, everywhere],
  ['$"x"', ShellCodes.expansion, everywhere],
  ['$1', ShellCodes.expansion, everywhere],
  ['$?', ShellCodes.expansion, everywhere],
  ['$', ShellCodes.expansion, everywhere],
  ['`id`', ShellCodes.commandSubstitution, everywhere],
  ['$(id)', ShellCodes.commandSubstitution, outsideDoubleQuotes],
  ['$(id # c)', ShellCodes.commandSubstitution, everywhere],
  ['$(`id`)', ShellCodes.commandSubstitution, everywhere],
  ['$((1+2))', ShellCodes.arithmetic, everywhere],
  ['$[1]', ShellCodes.arithmetic, everywhere],
  // `<(ls)` as a word of its own is judged by the analyzer (its script like `bash -c`'s).
  ['<(ls)', ShellCodes.processSubstitution, ['glued', 'assign', 'target', 'herestring']],
  ['>(ls)', ShellCodes.processSubstitution, unquoted],
  ['{a,b}', ShellCodes.braceExpansion, unquoted],
  ['{1..3}', ShellCodes.braceExpansion, unquoted],
  ['~root', ShellCodes.tilde, wordLike],
  ['~+/x', ShellCodes.tilde, wordLike],
  ['a=~/x', ShellCodes.tilde, ['arg']],
  ['=ls', ShellCodes.zshSyntax, wordLike],
  ['&', ShellCodes.background, ['arg']],
  ['# c', ShellCodes.comment, ['arg']],
  ['>out', ShellCodes.redirectWrite, ['arg', 'glued']],
  ['>>/dev/null', ShellCodes.redirectWrite, ['arg', 'glued']],
  ['&>>log', ShellCodes.redirectWrite, ['arg', 'glued']],
  ['2>err', ShellCodes.redirectWrite, ['arg']],
  ['3>/dev/null', ShellCodes.redirectUnsupported, ['arg']],
  ['>&-', ShellCodes.redirectUnsupported, ['arg', 'glued']],
  ['</dev/tcp/h/80', ShellCodes.redirectNetwork, ['arg', 'glued']],
  ['<<EOF', ShellCodes.unquotedHeredoc, ['arg', 'glued']],
  ['if', ShellCodes.controlFlow, ['program']],
  ['while', ShellCodes.controlFlow, ['program']],
  ['[[', ShellCodes.testKeyword, ['program']],
  ['((', ShellCodes.arithmetic, ['program']],
  ['f()', ShellCodes.functionDefinition, ['program']],
  ['function', ShellCodes.functionDefinition, ['program']],
];

/** A simple command with the construct in the given position. */
export const templates: Record<Position, (poison: string) => string> = {
  arg: (p) => `ls a ${p} b`,
  program: (p) => `${p} a b`,
  glued: (p) => `ls x${p}`,
  dquote: (p) => `ls "a ${p} b"`,
  assign: (p) => `A=${p} ls`,
  target: (p) => `cat < ${p}`,
  herestring: (p) => `cat <<< ${p}`,
};

/** Places around a command: nothing, subshell, group, after &&, in a pipe, after ! or time. */
export const wrappers: ((command: string) => string)[] = [
  (c) => c,
  (c) => `( ${c} )`,
  (c) => `{ ${c}; }`,
  (c) => `true && ${c}`,
  (c) => `ls | ${c}`,
  (c) => `! ${c}`,
  (c) => `time -p ${c}`,
];

/** Every poisoned simple command, with the code it must get. */
export const poisonedCommands: { command: string; code: ShellCode }[] = poisons.flatMap(
  ([poison, code, positions]) =>
    positions.map((position) => ({ command: templates[position](poison), code })),
);

/** The same text where bash never looks at it: single quotes, heredoc body, comment line. */
export function inertForms(command: string): string[] {
  return [
    `echo '${command.replaceAll("'", '')}'`,
    `cat <<'EOF'\n${command}\nEOF`,
    `# ${command}\nls`,
  ];
}
