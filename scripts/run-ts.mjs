// Runs a TypeScript entry (a bench, a test worker) with plain node: esbuild bundles it, with
// the repository's sources, into a temporary ESM file; packages stay external.
// Usage: node scripts/run-ts.mjs FILE.ts [args…]
import { mkdirSync, mkdtempSync, rmSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { pathToFileURL } from 'node:url';
import { build } from 'esbuild';

const [entry, ...args] = process.argv.slice(2);
if (entry === undefined) {
  console.error('usage: node scripts/run-ts.mjs FILE.ts [args…]');
  process.exit(2);
}
// Inside node_modules, so the bundle's package imports resolve.
const cache = resolve('node_modules/.cache');
mkdirSync(cache, { recursive: true });
const dir = mkdtempSync(join(cache, 'planfirst-run-'));
const outfile = join(dir, 'entry.mjs');
await build({
  entryPoints: [resolve(entry)],
  outfile,
  bundle: true,
  platform: 'node',
  format: 'esm',
  target: 'node20',
  packages: 'external',
  logLevel: 'error',
});
process.argv = [process.argv[0] ?? 'node', resolve(entry), ...args];
try {
  await import(pathToFileURL(outfile).href);
} finally {
  rmSync(dir, { recursive: true, force: true });
}
