import type { ShellVerdict } from '../shell/index.js';
import type { Palette } from './color.js';
import { readOnlyAlternative } from './suggest.js';

/**
 * The verdict of `planfirst check` for people: read-only or not, the code, the reason, and
 * the argv of each simple command as JSON strings, so quotes and escapes show decoded.
 */
export function formatVerdict(verdict: ShellVerdict, paint: Palette): string {
  const label = verdict.readOnly ? paint.green('read-only') : paint.red('not read-only');
  const argv = verdict.commands.map(
    (c) => `[${c.argv.map((word) => JSON.stringify(word)).join(', ')}]`,
  );
  const lines = [
    `${paint.bold('verdict:')} ${paint.bold(label)}`,
    `${paint.bold('code:')}    ${verdict.code}`,
    `${paint.bold('reason:')}  ${verdict.reason}`,
    `${paint.bold('argv:')}    ${argv[0] ?? paint.dim('(none)')}`,
    ...argv.slice(1).map((a) => `         ${a}`),
  ];
  const alternative = readOnlyAlternative(verdict);
  if (alternative !== undefined)
    lines.push(
      `${paint.bold('try:')}     ${alternative} ${paint.dim('(read-only: shows what the tool would run)')}`,
    );
  return `${lines.join('\n')}\n`;
}

/**
 * The verdict of `planfirst check --json`: the fields of `ShellVerdict` in a fixed order, plus
 * `suggestion` (a read-only alternative) when a build tool was blocked, on one line for
 * scripts and `jq`.
 */
export function verdictJson(verdict: ShellVerdict): string {
  return `${JSON.stringify(verdictShape(verdict))}\n`;
}

/**
 * One line of `planfirst check --stdin`: the input line's number and text, then the verdict
 * as `--json` prints it.
 */
export function verdictJsonLine(line: number, command: string, verdict: ShellVerdict): string {
  return `${JSON.stringify({ line, command, ...verdictShape(verdict) })}\n`;
}

function verdictShape(verdict: ShellVerdict) {
  const { readOnly, code, reason, commands } = verdict;
  const suggestion = readOnlyAlternative(verdict);
  return {
    readOnly,
    code,
    reason,
    commands: commands.map((c) => ({ argv: c.argv })),
    ...(suggestion === undefined ? {} : { suggestion }),
  };
}
