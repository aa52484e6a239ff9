import type { ShellVerdict } from '../shell/index.js';
import type { Palette } from './color.js';

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
  return `${lines.join('\n')}\n`;
}

/**
 * The verdict of `planfirst check --json`: exactly the fields of `ShellVerdict`, in a fixed
 * order, on one line for scripts and `jq`.
 */
export function verdictJson(verdict: ShellVerdict): string {
  const { readOnly, code, reason, commands } = verdict;
  const shape = { readOnly, code, reason, commands: commands.map((c) => ({ argv: c.argv })) };
  return `${JSON.stringify(shape)}\n`;
}
