import { build } from 'esbuild';
import { gzipSync } from 'node:zlib';
const stubs = process.argv.slice(2);
const r = await build({ entryPoints: ['src/shell/index.ts'], bundle: true, minify: true, format: 'esm', platform: 'neutral', write: false, outfile: '/tmp/x.js',
  plugins: [{ name: 'stub', setup(b) { b.onLoad({ filter: /\.ts$/ }, (a) => { const hit = stubs.find(s => a.path.endsWith(s)); if (!hit) return; return { contents: process.env['STUB_' + hit.replace(/\W/g,'_')] ?? '', loader: 'ts' }; }); } }] });
console.log(stubs.join(','), 'gz', gzipSync(r.outputFiles[0].contents).length);
