// `npm run demo`: runs `planfirst demo` from dist/. Builds first only when dist/ is missing or
// older than src/, and says so, so a fresh clone never sits through a silent rebuild.
import { spawnSync } from 'node:child_process';
import { existsSync, readdirSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';

const root = fileURLToPath(new URL('..', import.meta.url));
const cli = join(root, 'dist', 'cli.js');

/** The newest modification time of any file under `dir`. */
function newest(dir) {
  let latest = 0;
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    const path = join(dir, entry.name);
    const time = entry.isDirectory() ? newest(path) : statSync(path).mtimeMs;
    if (time > latest) latest = time;
  }
  return latest;
}

/** Why dist/ must be rebuilt before the demo, or undefined when it is current. */
export function buildReason() {
  if (!existsSync(cli)) return 'dist/ is not built yet';
  if (newest(join(root, 'src')) > statSync(cli).mtimeMs) return 'src/ changed since the last build';
  return undefined;
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  const reason = buildReason();
  if (reason !== undefined) {
    process.stderr.write(
      `planfirst demo: ${reason}; building it once (npm run build, about 30 s)…\n`,
    );
    const built = spawnSync('npm', ['run', '--silent', 'build', '--', '--silent'], {
      cwd: root,
      stdio: ['ignore', 'ignore', 'inherit'],
    });
    if (built.status !== 0) {
      process.stderr.write('planfirst demo: the build failed (run `npm run build` to see why)\n');
      process.exit(built.status ?? 1);
    }
    process.stderr.write('planfirst demo: built.\n\n');
  }
  const demo = spawnSync(process.execPath, [cli, 'demo', ...process.argv.slice(2)], {
    stdio: 'inherit',
  });
  process.exit(demo.status ?? 1);
}
