// Runs the README's Quick start examples inside a consumer project that installed the packed
// tarball (scripts/install-matrix.sh calls it): each example is type-checked there with the
// project's own TypeScript against the installed SDK, then run, and must print what its
// `// → …` comments say. Where an example leaves the model to the reader
// (`declare const model`), a scripted model from that SDK's own test helpers stands in.
// Usage: node scripts/quick-start-consumer.mjs CASE PROJECT_DIR
import { execFileSync } from 'node:child_process';
import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { transform } from 'esbuild';

const root = fileURLToPath(new URL('..', import.meta.url));
const [name, project] = process.argv.slice(2);
if (name === undefined || project === undefined) {
  console.error('usage: node scripts/quick-start-consumer.mjs CASE PROJECT_DIR');
  process.exit(2);
}

const plan = "{ title: 'Add NOTES.md', steps: [{ text: 'Write NOTES.md' }] }";
const write = "{ path: 'NOTES.md', content: '# Notes' }";

// What each install case runs, and what stands in for the reader's model there.
const cases = {
  none: { examples: ['quick-run-agent', 'quick-step', 'quick-shell'], globals: '' },
  pglite: { examples: ['quick-run-stored'], globals: '' },
  ai: {
    examples: ['quick-ai-sdk'],
    globals: `import { MockLanguageModelV3 } from 'ai/test';
const usage = { inputTokens: { total: 1, noCache: 1, cacheRead: 0, cacheWrite: 0 }, outputTokens: { total: 1, text: 1, reasoning: 0 } };
const call = (toolName, input, id) => ({ content: [{ type: 'tool-call', toolCallId: id, toolName, input: JSON.stringify(input) }], finishReason: { unified: 'tool-calls', raw: undefined }, usage, warnings: [] });
globalThis.model = new MockLanguageModelV3({ doGenerate: [call('write_file', ${write}, 'c1'), call('exit_plan_mode', ${plan}, 'c2')] });`,
  },
  'openai-agents': {
    examples: ['quick-openai-agents'],
    globals: `import { setTracingDisabled } from '@openai/agents';
import { assistantMessage, functionCall, ScriptedModel } from '@openai/agents/testing';
setTracingDisabled(true);
globalThis.model = new ScriptedModel([[functionCall('write_file', ${write}, { callId: 'w1' })], [functionCall('exit_plan_mode', ${plan}, { callId: 'p1' })], [functionCall('write_file', ${write}, { callId: 'w2' })], [assistantMessage('Done.')]]);`,
  },
  'pi-agent-core': {
    examples: ['quick-pi'],
    globals: `import { fauxAssistantMessage, fauxToolCall, registerFauxProvider, Type } from '@mariozechner/pi-ai';
const faux = registerFauxProvider();
const call = (n, a) => fauxAssistantMessage(fauxToolCall(n, a), { stopReason: 'toolUse' });
faux.setResponses([call('write_file', ${write}), call('exit_plan_mode', ${plan}), call('write_file', ${write}), fauxAssistantMessage('Done.')]);
globalThis.model = faux.getModel();
globalThis.tools = [{ name: 'write_file', label: 'Write file', description: 'Write a file.', parameters: Type.Object({ path: Type.String(), content: Type.String() }), execute: async () => ({ content: [{ type: 'text', text: 'written' }], details: {} }) }];`,
  },
};

const chosen = cases[name];
if (chosen === undefined) process.exit(0); // a case without a Quick start example

const readme = readFileSync(join(root, 'README.md'), 'utf8');
function example(id) {
  const at = readme.indexOf(`<!-- example:${id}`);
  if (at < 0) throw new Error(`README has no example ${id}`);
  const start = readme.indexOf('```ts\n', at) + 6;
  return readme.slice(start, readme.indexOf('```', start));
}

writeFileSync(join(project, 'quick-globals.mjs'), `${chosen.globals}\n`);
writeFileSync(
  join(project, 'tsconfig.json'),
  JSON.stringify({
    compilerOptions: {
      strict: true,
      noUncheckedIndexedAccess: true,
      exactOptionalPropertyTypes: true,
      target: 'es2022',
      module: 'nodenext',
      moduleResolution: 'nodenext',
      lib: ['es2022', 'dom'],
      types: ['node'],
      skipLibCheck: true,
      noEmit: true,
    },
    include: ['quick-*.ts'],
  }),
);
for (const id of chosen.examples)
  writeFileSync(join(project, `${id}.ts`), `${example(id)}\nexport {};\n`);
// Type-check every example of this case against what the project installed.
execFileSync(join(project, 'node_modules', '.bin', 'tsc'), ['-p', project], { stdio: 'inherit' });

let failed = false;
for (const id of chosen.examples) {
  const code = example(id);
  const expected = [...code.matchAll(/\/\/ → (.*)$/gm)].map((m) => m[1] ?? '');
  const { code: js } = await transform(code, { loader: 'ts', format: 'esm' });
  const file = join(project, `${id}.mjs`);
  writeFileSync(file, `import './quick-globals.mjs';\n${js}`);
  const printed = execFileSync(process.execPath, [file], { cwd: project, encoding: 'utf8' })
    .trimEnd()
    .split('\n');
  if (JSON.stringify(printed) !== JSON.stringify(expected)) {
    console.error(
      `quick start ${id}: printed ${JSON.stringify(printed)}, expected ${JSON.stringify(expected)}`,
    );
    failed = true;
  } else console.log(`quick start ${id}: ok`);
}
process.exit(failed ? 1 : 0);
