const main = `Usage: planfirst <command> [options]

Commands:
  check <command>   Is this shell command provably read-only? Prints the verdict, its code
                    and reason, and the argv of each simple command.
  check --stdin     The same for each line of stdin, as JSON lines.
  demo              Run a scripted plan-mode session and print its transcript.
  hook <host>       Answer one hook call of a coding agent (claude, codex, copilot, gemini,
                    cursor, cline or auto): the tool call as JSON on stdin, the decision on
                    stdout. 'planfirst hook' alone prints its usage.
  hook install      Add planfirst's hooks to a host's settings (also: hook uninstall).
  help [command]    Show help.

Options:
  -h, --help        Show help.
  -v, --version     Print the version.

Exit status: 0 read-only (or success), 1 not read-only (or the demo failed), 2 usage error.
`;

const check = `Usage: planfirst check [--json] [--no-color] [--] '<shell command>'
       planfirst check --stdin < commands.txt

Judges the command exactly as an agent would send it to a shell tool, with the same analyzer
plan mode uses. Quote the whole command as one argument. When a build tool is blocked, it
suggests a read-only command that shows what the tool would run.

Options:
  --json        Print the verdict as JSON: { readOnly, code, reason, commands: [{ argv }] }
                (and suggestion, when there is one).
  --stdin       Judge each non-blank line of stdin as one command; print one JSON line per
                command: { line, command, readOnly, code, reason, commands }. Exit 1 if
                any is not read-only.
  --no-color    Plain output (also NO_COLOR=1; FORCE_COLOR=1 forces colour).
  --            End of options, for a command that starts with -.

Exit status: 0 read-only, 1 not read-only, 2 usage error.
`;

const demo = `Usage: planfirst demo [--no-color]

Runs one plan-mode session with runAgent, a scripted model and an in-memory repository, and
prints what happened: exploration, blocked writes, the plan, its approval, execution and a
retry of a turn that only narrated. Nothing on disk is read or written.

Options:
  --no-color    Plain output (also NO_COLOR=1; FORCE_COLOR=1 forces colour).
`;

import type { Topic } from './args.js';

/**
 * The help text of the CLI or of one of its commands, for `--help` and `help <command>`.
 * It documents every option `parseArgs` accepts; keep the two in step.
 */
export function helpText(topic: Topic): string {
  return { main, check, demo }[topic];
}

/**
 * What a usage error prints after the error: the topic's usage line and the command that
 * shows the rest, so a typo does not bury the error under the whole help text.
 */
export function usageHint(topic: Topic): string {
  const [usage] = helpText(topic).split('\n');
  const more = topic === 'main' ? 'planfirst --help' : `planfirst ${topic} --help`;
  return `${usage}\nRun '${more}' for more.\n`;
}
