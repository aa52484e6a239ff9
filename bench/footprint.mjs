// Footprint of the built package (run `npm run build` first): cold-process import times of the
// root entry and planfirst/shell, `planfirst check` per process, the shell entry's size bundled
// (minified + gzip), and the packed tarball. Each time is the median of RUNS fresh `node`
// processes; "node alone" is the floor every process pays. Prints a markdown table.
// Usage: npm run bench:footprint [-- RUNS]
import { execFileSync, spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { gzipSync } from 'node:zlib';
import { build } from 'esbuild';

const root = fileURLToPath(new URL('..', import.meta.url));
const runs = Number(process.argv[2] ?? 15);
const dist = (file) => new URL(`../dist/${file}`, import.meta.url).href;

const median = (values) => {
  const sorted = [...values].sort((a, b) => a - b);
  const mid = sorted.length >> 1;
  return sorted.length % 2 ? sorted[mid] : (sorted[mid - 1] + sorted[mid]) / 2;
};

/** Wall time of `node args…` from spawn to exit, in ms. */
function wall(args) {
  const start = process.hrtime.bigint();
  const result = spawnSync(process.execPath, args, { cwd: root, stdio: 'ignore' });
  if (result.status !== 0 && result.status !== 1) throw new Error(`node ${args.join(' ')} failed`);
  return Number(process.hrtime.bigint() - start) / 1e6;
}

/** Time of the dynamic import alone, measured inside a fresh process, in ms. */
function importTime(url) {
  const code = `const t=performance.now();await import(${JSON.stringify(url)});process.stdout.write(String(performance.now()-t))`;
  const out = execFileSync(process.execPath, ['--input-type=module', '-e', code], { cwd: root });
  return Number(out.toString());
}

// An empty ES module outside the package: the module loader's own start, which every first
// `import()` of a process pays.
const emptyModule = pathToFileURL(
  join(mkdtempSync(join(os.tmpdir(), 'planfirst-footprint-')), 'empty.mjs'),
).href;
writeFileSync(new URL(emptyModule), 'export default 0;\n');

const sample = (fn) => median(Array.from({ length: runs }, fn));

// The CLI switches on Node's compile cache (22.1+), so on those versions the first run pays for
// compiling and the rest read the cache; run once before measuring.
wall(['dist/cli.js', 'check', 'true']);
const nodeAlone = sample(() => wall(['-e', '0']));
const rootImport = sample(() => importTime(dist('index.js')));
const shellImport = sample(() => importTime(dist('shell.js')));
const emptyImport = sample(() => importTime(emptyModule));
const check = sample(() => wall(['dist/cli.js', 'check', 'git log --oneline | head -5']));

const bundled = await build({
  stdin: {
    contents:
      "export { analyzeShellCommand, analyzeArgv, hardenedShellEnv, resolveShellPolicy } from 'planfirst/shell';",
    resolveDir: root,
  },
  bundle: true,
  minify: true,
  format: 'esm',
  platform: 'neutral',
  write: false,
  alias: { 'planfirst/shell': `${root}dist/shell.js` },
});
const shellGz = gzipSync(bundled.outputFiles[0].contents).length;

const [pack] = JSON.parse(
  execFileSync('npm', ['pack', '--dry-run', '--json', '--ignore-scripts'], {
    cwd: root,
  }).toString(),
);

const ms = (v) => `${v.toFixed(1)} ms`;
const kb = (v) => `${(v / 1024).toFixed(1)} KB`;
console.log(
  `Node ${process.version}, ${os.cpus().length} CPUs (load ${os.loadavg()[0].toFixed(1)}), ${runs} cold processes per time (median)\n`,
);
console.log('| measure | value | budget |');
console.log('| --- | --- | --- |');
console.log(`| node alone (\`node -e 0\`, wall) | ${ms(nodeAlone)} | — |`);
console.log(`| \`import('planfirst')\` | ${ms(rootImport)} | 60 ms |`);
console.log(`| \`import('planfirst/shell')\` | ${ms(shellImport)} | 15 ms |`);
console.log(`| an empty module's \`import()\` (the loader's start) | ${ms(emptyImport)} | — |`);
console.log(`| \`planfirst check '…'\` (wall, incl. Node start) | ${ms(check)} | 80 ms |`);
console.log(`| \`planfirst check '…'\` above node alone | ${ms(check - nodeAlone)} | — |`);
console.log(`| planfirst/shell bundled, min+gz | ${kb(shellGz)} | 40 KB |`);
console.log(
  `| packed tarball, unpacked | ${kb(pack.unpackedSize)} (${pack.entryCount} files) | 1.5 MB |`,
);
rmSync(dirname(fileURLToPath(emptyModule)), { recursive: true, force: true });
