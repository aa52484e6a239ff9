// `npm run demo`: runs `planfirst demo`. From dist/ when the build is current; otherwise from
// the sources, bundled by esbuild in about a second, so a fresh clone never waits for the full
// build (type declarations included) to see the demo.
import { spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, readdirSync, statSync } from 'node:fs';
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

/** Why dist/ cannot run the demo as it is, or undefined when it is current. */
export function buildReason() {
  if (!existsSync(cli)) return 'dist/ is not built';
  if (newest(join(root, 'src')) > statSync(cli).mtimeMs) return 'src/ changed since the last build';
  return undefined;
}

/** Bundles the CLI from src/ into node_modules/.cache and returns the file to run. */
export async function bundleFromSources() {
  const { build } = await import('esbuild');
  const dir = join(root, 'node_modules', '.cache', 'planfirst-demo');
  mkdirSync(dir, { recursive: true });
  const outfile = join(dir, 'cli.mjs');
  await build({
    entryPoints: [join(root, 'src', 'cli', 'main.ts')],
    outfile,
    bundle: true,
    platform: 'node',
    format: 'esm',
    target: 'node20',
    packages: 'external',
    logLevel: 'error',
  });
  return outfile;
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  const reason = buildReason();
  let entry = cli;
  if (reason !== undefined) {
    process.stderr.write(`planfirst demo: ${reason}; running from the sources.\n\n`);
    entry = await bundleFromSources();
  }
  const demo = spawnSync(process.execPath, [entry, 'demo', ...process.argv.slice(2)], {
    stdio: 'inherit',
  });
  process.exit(demo.status ?? 1);
}
