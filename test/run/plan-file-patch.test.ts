import { describe, expect, it } from 'vitest';
import {
  createSession,
  memoryVersionedStore,
  runAgent,
  runStored,
  type ToolCallBlock,
} from '../../src/index.js';
import { assistant, scriptedModel, toolCall } from '../../src/testing/index.js';

// The plan-file patch rule on the drivers: a patch whose headers a real applier reads as
// touching another file never reaches the host's apply_patch tool, on runAgent or runStored.

const options = {
  planMode: { enabled: true, planFile: { path: 'PLAN.md', tools: ['apply_patch'] } },
};
const tools = () => {
  const executed: ToolCallBlock[] = [];
  return {
    executed,
    definitions: [{ name: 'apply_patch', description: 'Apply a patch.', parameters: {} }],
    execute: async (call: ToolCallBlock) => {
      executed.push(call);
      return 'applied';
    },
  };
};
const patch = (...lines: string[]) =>
  ['*** Begin Patch', '*** Add File: PLAN.md', '+# Plan', ...lines, '*** End Patch'].join('\n');

const attacks: [string, string][] = [
  ['an indented Add File header', patch(' *** Add File: scripts/postinstall.sh', '+x')],
  ['a tab-indented Delete File header', patch('\t*** Delete File: src/index.ts')],
  ['a git prefix in an apply_patch header', patch('*** Add File: a/PLAN.md', '+x')],
  ['/dev/null as an apply_patch file', patch('*** Delete File: /dev/null')],
];

function model(text: string) {
  return scriptedModel([
    assistant(toolCall('apply_patch', { patch: text }, 'p1')),
    assistant('Plan written; nothing else to do.'),
  ]);
}

describe('runAgent', () => {
  it.each(attacks)('never runs a plan-file patch with %s', async (_label, text) => {
    const host = tools();
    const result = await runAgent(
      { model: model(text), tools: host, options },
      createSession(options, { now: 0 }),
      { message: 'plan' },
    );
    expect(host.executed).toEqual([]);
    expect(result.events).toContainEqual(
      expect.objectContaining({ type: 'tool_blocked', toolCallId: 'p1' }),
    );
  });

  it('runs a patch that writes only the plan file', async () => {
    const host = tools();
    await runAgent(
      { model: model(patch()), tools: host, options },
      createSession(options, { now: 0 }),
      { message: 'plan' },
    );
    expect(host.executed.map((c) => c.id)).toEqual(['p1']);
  });
});

describe('runStored', () => {
  it.each(attacks)('never runs a plan-file patch with %s', async (_label, text) => {
    const host = tools();
    const config = {
      store: memoryVersionedStore(),
      model: model(text),
      tools: host,
      options,
      now: () => 1,
    };
    const r = await runStored(config, 's1', { message: 'plan' });
    expect(r.outcome).toBe('ran');
    expect(host.executed).toEqual([]);
  });
});
