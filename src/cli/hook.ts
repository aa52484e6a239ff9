import { nodeHookIo, runHookCommand } from '../hooks/main.js';
import type { CliIo } from './cli.js';

// `planfirst hook …`. Hosts run dist/hook.js directly (it starts faster: it does not load the
// library); this subcommand is the same program behind the usual entry point.
export function runHook(argv: readonly string[], io: CliIo): Promise<number> {
  return runHookCommand(argv, {
    ...nodeHookIo(),
    stdout: io.stdout,
    stderr: io.stderr,
    env: io.env,
  });
}
