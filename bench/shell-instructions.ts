// A fixed amount of analyzer work for an instruction counter, which, unlike a clock, does not
// depend on the machine's load: every corpus command `warmup` times (the JIT settles), then
// `iterations` times more. Run it twice under callgrind with different `iterations`; the
// difference of the two totals over the extra calls is the instructions per command. Bundle
// it first (run-ts.mjs would count its own bundling too), from the repository root:
//   npx esbuild bench/shell-instructions.ts --bundle --platform=node --format=esm \
//     --packages=external --outfile=/tmp/si.mjs
//   valgrind --tool=callgrind --callgrind-out-file=/tmp/cg-0.out \
//     node --predictable --hash-seed=1 --random-seed=1 /tmp/si.mjs 500 0
//   … the same with `500 500`; (total₅₀₀ − total₀) / (500 × corpus rows) per command.
import { analyzeShellCommand } from '../src/shell/analyze.js';
import { corpusCommands } from './shell-corpus.js';

const warmup = Number(process.argv[2] ?? 1500);
const iterations = Number(process.argv[3] ?? 0);
const commands = corpusCommands();

let sink = 0;
for (let i = 0; i < warmup + iterations; i++)
  for (const c of commands) if (analyzeShellCommand(c).readOnly) sink++;
console.log(`${commands.length} commands × ${warmup} + ${iterations}: ${sink}`);
