import { build } from 'esbuild';
import { gzipSync } from 'node:zlib';
const r = await build({ entryPoints: ['src/shell/index.ts'], bundle: true, minifySyntax: true, minifyIdentifiers: true, format: 'esm', platform: 'neutral', write: false, outfile: '/tmp/x.js' });
const text = r.outputFiles[0].text;
const parts = text.split(/^(?=\/\/ src\/)/m);
const total = gzipSync(text).length;
const rows = parts.map((p, i) => { const name = p.split('\n')[0]; const rest = parts.filter((_, j) => j !== i).join(''); return [total - gzipSync(rest).length, name, p.length]; }).sort((a,b)=>b[0]-a[0]);
console.log('total', total);
let sum=0; for (const [d, n, l] of rows) { sum+=d; console.log(d, l, n); }
console.log('sum', sum);
