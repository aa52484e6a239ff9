// Cost of one assistant message with many tool calls, through runAgent and through step, at
// 1 000 to 8 000 calls. The cost per call must stay flat as the message grows (linear in the
// number of calls): the script prints µs per call at each size and the ratio of the largest to
// the smallest. runStored (parallel tools, memory store) also prints how many saves the
// message cost: results that complete while a save is under way are saved together, so the
// saves stay few however many calls finish at once.
// Run: node scripts/run-ts.mjs bench/tool-calls-per-message.ts
import {
  createSession,
  memoryVersionedStore,
  resolveOptions,
  runAgent,
  runStored,
  step,
  type ToolCallBlock,
} from '../src/index.js';
import { assistant, scriptedModel, toolCall } from '../src/testing/index.js';

const options = resolveOptions({ planMode: { enabled: true } });
const definitions = [
  { name: 'read_file', description: 'Read.', parameters: { type: 'object' }, readOnly: true },
  { name: 'write_file', description: 'Write.', parameters: { type: 'object' } },
  { name: 'bash', description: 'Shell.', parameters: { type: 'object' } },
];

// A mix the gate has to judge: reads run, writes are blocked, shell commands are analysed;
// every tenth id repeats, so the run loop assigns ids of its own too.
function message(n: number) {
  const calls: ToolCallBlock[] = [];
  for (let i = 0; i < n; i++) {
    const id = i % 10 === 9 ? `c${i - 1}` : `c${i}`;
    if (i % 3 === 0) calls.push(toolCall('read_file', { path: `src/${i}.ts` }, id));
    else if (i % 3 === 1) calls.push(toolCall('write_file', { path: `src/${i}.ts` }, id));
    else calls.push(toolCall('bash', { command: `grep -n foo src/${i}.ts | head` }, id));
  }
  return assistant('Reading everything.', ...calls);
}

async function viaRunAgent(n: number): Promise<number> {
  const script = [message(n), assistant('Done.')];
  const tools = { definitions, execute: async () => 'ok' };
  const start = performance.now();
  await runAgent({ model: scriptedModel(script), tools, options }, createSession(options), {
    message: 'read it all',
  });
  return performance.now() - start;
}

let lastSaves = 0;
async function viaRunStored(n: number): Promise<number> {
  const script = [message(n), assistant('Done.')];
  const tools = { definitions, execute: async () => 'ok' };
  const base = memoryVersionedStore();
  let saves = 0;
  const store = {
    ...base,
    save: (...args: Parameters<typeof base.save>) => {
      saves++;
      return base.save(...args);
    },
  };
  const parallel = resolveOptions({ ...options, run: { parallelToolCalls: true } });
  const start = performance.now();
  await runStored({ store, model: scriptedModel(script), tools, options: parallel }, 's', {
    message: 'read it all',
  });
  lastSaves = saves;
  return performance.now() - start;
}

function viaStep(n: number): number {
  const context = { options, tools: definitions };
  const m = message(n);
  const start = performance.now();
  let r = step(createSession(options), { type: 'user_message', content: 'go', now: 1 }, context);
  r = step(r.session, { type: 'model_response', message: m, now: 2 }, context);
  if (r.effect.type === 'execute_tools') {
    const results = r.effect.calls.map((c) => ({
      toolCallId: c.id,
      content: 'ok',
      isError: false,
    }));
    r = step(r.session, { type: 'tool_results', results, now: 3 }, context);
  }
  return performance.now() - start;
}

async function best(run: () => number | Promise<number>, times = 5): Promise<number> {
  let min = Number.POSITIVE_INFINITY;
  for (let i = 0; i < times; i++) min = Math.min(min, await run());
  return min;
}

const sizes = [1000, 2000, 4000, 8000];
for (const [name, run] of [
  ['runAgent', viaRunAgent],
  ['step', viaStep],
  ['runStored', viaRunStored],
] as const) {
  await best(() => run(500), 3); // warm-up
  const perCall: number[] = [];
  for (const n of sizes) {
    const ms = await best(() => run(n));
    perCall.push((ms * 1000) / n);
    console.log(
      `${name}: ${n} calls in one message: ${ms.toFixed(1)} ms (${((ms * 1000) / n).toFixed(1)} µs a call)${name === 'runStored' ? `, ${lastSaves} saves` : ''}`,
    );
  }
  const ratio = (perCall.at(-1) ?? 0) / (perCall[0] ?? 1);
  console.log(`${name}: cost per call at 8 000 / at 1 000 = ${ratio.toFixed(2)} (1 is linear)`);
}
