import { type ShellCode, ShellCodes } from '../codes.js';

/** Why a reserved word cannot start a simple command here. */
export interface ReservedRule {
  code: ShellCode;
  reason: string;
}

const controlFlow = (word: string): ReservedRule => ({
  code: ShellCodes.controlFlow,
  reason: `\`${word}\` is shell control flow, which is not supported; run the commands one by one instead`,
});

/**
 * Bash's reserved words, as they would start a simple command. `{`, `(`, `!` and `time` at the
 * start of a pipeline are handled by the grammar; reaching this table means they are misplaced.
 */
export const reservedWords: ReadonlyMap<string, ReservedRule> = new Map<string, ReservedRule>([
  ...['if', 'then', 'else', 'elif', 'fi', 'for', 'while', 'until', 'do', 'done'].map(
    (word) => [word, controlFlow(word)] as const,
  ),
  ...['case', 'esac', 'select', 'in'].map((word) => [word, controlFlow(word)] as const),
  [
    'coproc',
    {
      code: ShellCodes.controlFlow,
      reason: '`coproc` runs a command in the background; run it in the foreground',
    },
  ],
  [
    'function',
    {
      code: ShellCodes.functionDefinition,
      reason: '`function` defines a shell function; run the commands directly instead',
    },
  ],
  [
    '[[',
    {
      code: ShellCodes.testKeyword,
      reason: '`[[ … ]]` evaluates its operands as arithmetic and patterns; use `test` or `[ … ]`',
    },
  ],
  [
    ']]',
    {
      code: ShellCodes.testKeyword,
      reason: '`]]` closes a `[[` test, which is not supported; use `test` or `[ … ]`',
    },
  ],
  [
    '{',
    {
      code: ShellCodes.syntax,
      reason:
        '`{` opens a group only at the start of a command; quote it to pass it as an argument',
    },
  ],
  [
    '}',
    {
      code: ShellCodes.syntax,
      reason:
        '`}` closes a group only after `;` or a newline inside `{ …; }`; quote it to pass it as an argument',
    },
  ],
  [
    '!',
    {
      code: ShellCodes.syntax,
      reason: '`!` negates only at the start of a pipeline; quote it to pass it as an argument',
    },
  ],
]);
