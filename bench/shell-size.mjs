// Where the bytes of planfirst/shell go: the entry is bundled from src/ (identifiers and syntax
// minified, one module after another), and each part's cost is what gzip saves when that part
// alone is left out. Parts are groups of modules (the parser, git's rules, awk's…), so the rows
// add up to about the whole. Prints a markdown table, largest first.
// Usage: node bench/shell-size.mjs
import { gzipSync } from 'node:zlib';
import { build } from 'esbuild';

const result = await build({
  entryPoints: ['src/shell/index.ts'],
  bundle: true,
  minifySyntax: true,
  minifyIdentifiers: true,
  format: 'esm',
  platform: 'neutral',
  write: false,
  outfile: 'shell.js',
});
const text = result.outputFiles[0].text;
// esbuild starts each module's code with a `// path` comment when whitespace is kept.
const modules = text.split(/^(?=\/\/ src\/)/m).map((code) => ({
  path: /^\/\/ (src\/\S+)/.exec(code)?.[1] ?? '(bundle glue)',
  code,
}));

/** The part a module belongs to: a rule family by file-name prefix, or its folder. */
function part(path) {
  const file = path.replace(/^src\/(shell\/)?/, '');
  if (file.startsWith('parser/')) return 'parser';
  const rule = /^rules\/([a-z]+)/.exec(file)?.[1];
  if (rule === undefined) return file.replace(/\.ts$/, '');
  if (rule === 'shell') return 'rules: shell builtins';
  if (['tar', 'archives', 'unzip'].includes(rule)) return 'rules: archives (tar, unzip…)';
  if (rule === 'coreutils' || rule === 'checksums' || rule === 'binary') return 'rules: coreutils';
  return `rules: ${rule}`;
}

const gz = (s) => gzipSync(s, { level: 9 }).length;
const whole = gz(text);
const parts = new Map();
for (const m of modules) {
  const name = part(m.path);
  parts.set(name, [...(parts.get(name) ?? []), m]);
}
const rows = [...parts].map(([name, members]) => {
  const rest = modules.filter((m) => !members.includes(m)).map((m) => m.code);
  return { name, gz: whole - gz(rest.join('')) };
});
rows.sort((a, b) => b.gz - a.gz);
const kb = (n) => (n / 1024).toFixed(1);
console.log(
  `planfirst/shell from src/: ${kb(text.length)} KB, ${kb(whole)} KB gzip (whitespace kept)\n`,
);
console.log('| part | gzip cost | share |');
console.log('| --- | --- | --- |');
for (const row of rows)
  console.log(`| ${row.name} | ${kb(row.gz)} KB | ${((100 * row.gz) / whole).toFixed(0)}% |`);
