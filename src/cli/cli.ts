import { version } from '../../package.json';
import { analyzeShellCommand } from '../shell/index.js';
import { type CliCommand, parseArgs } from './args.js';
import { formatVerdict, verdictJson, verdictJsonLine } from './check.js';
import { palette, shouldColor } from './color.js';
import { helpText, usageHint } from './help.js';

/** What the CLI may touch: two output streams and the environment. Tests pass their own. */
export interface CliIo {
  stdout: (text: string) => void;
  stderr: (text: string) => void;
  env: Readonly<Record<string, string | undefined>>;
  /** Whether stdout is a terminal (`process.stdout.isTTY`). */
  isTTY: boolean | undefined;
  /** The lines of stdin, read as they arrive (for `check --stdin`). */
  stdinLines: () => AsyncIterable<string>;
}

/** Exit statuses: success or read-only, not read-only or a failed demo, bad command line. */
export const ExitCodes = { ok: 0, notReadOnly: 1, usage: 2 } as const;

/**
 * Runs `planfirst` with the arguments after the program name and returns the exit status.
 * `check` exits 0 when the command (with --stdin: every command) is read-only and 1 when not;
 * usage errors exit 2. Each subcommand's module loads only when it runs.
 */
export async function runCli(argv: readonly string[], io: CliIo): Promise<number> {
  if (argv[0] === 'hook') {
    // Its own parser and program (dist/hook.js), loaded only for `planfirst hook …`.
    const { runHook } = await import('./hook.js');
    return runHook(argv.slice(1), io);
  }
  const parsed = parseArgs(argv);
  if (!parsed.ok) {
    io.stderr(`planfirst: ${parsed.error}\n${usageHint(parsed.topic)}`);
    return ExitCodes.usage;
  }
  return run(parsed.command, io);
}

async function run(command: CliCommand, io: CliIo): Promise<number> {
  switch (command.kind) {
    case 'help':
      io.stdout(helpText(command.topic));
      return ExitCodes.ok;
    case 'version':
      io.stdout(`${version}\n`);
      return ExitCodes.ok;
    case 'check': {
      const verdict = analyzeShellCommand(command.command);
      const paint = palette(shouldColor({ ...io, noColorFlag: command.noColor }));
      io.stdout(command.json ? verdictJson(verdict) : formatVerdict(verdict, paint));
      return verdict.readOnly ? ExitCodes.ok : ExitCodes.notReadOnly;
    }
    case 'check-stdin': {
      // One JSON line per non-blank input line, written as each arrives (a pipe stays live).
      let allReadOnly = true;
      let n = 0;
      for await (const line of io.stdinLines()) {
        n++;
        if (line.trim() === '') continue;
        const verdict = analyzeShellCommand(line);
        allReadOnly &&= verdict.readOnly;
        io.stdout(verdictJsonLine(n, line, verdict));
      }
      return allReadOnly ? ExitCodes.ok : ExitCodes.notReadOnly;
    }
    case 'demo': {
      // Loaded only here: `check` must not pay for the whole library.
      const { demoTranscript, runDemo } = await import('./demo/index.js');
      const demo = await runDemo();
      const paint = palette(shouldColor({ ...io, noColorFlag: command.noColor }));
      io.stdout(demoTranscript(demo, paint));
      return demo.result.status === 'completed' ? ExitCodes.ok : ExitCodes.notReadOnly;
    }
  }
}
