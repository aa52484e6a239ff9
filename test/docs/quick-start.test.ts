import {
  fauxAssistantMessage,
  fauxToolCall,
  registerFauxProvider,
  Type,
} from '@mariozechner/pi-ai';
import { setTracingDisabled } from '@openai/agents';
import { assistantMessage, functionCall, ScriptedModel } from '@openai/agents/testing';
import { MockLanguageModelV3 } from 'ai/test';
import { describe, expect, it } from 'vitest';
import { callTools } from '../adapters/ai-sdk/scripted.js';
import { documentPaths, readDocument } from './documents.js';
import { runReadmeExample } from './readme-examples.js';

// Every Quick start example of the README runs here and prints what its comments say. Where an
// example leaves the model to the reader (`declare const model`), a scripted one stands in:
// it tries to write, proposes a plan, then writes and finishes.

const plan = { title: 'Add NOTES.md', steps: [{ text: 'Write NOTES.md' }] };
const write = { path: 'NOTES.md', content: '# Notes' };

async function expectPrints(name: string, globals: Record<string, unknown> = {}) {
  const { printed, expected } = await runReadmeExample(name, globals);
  expect(expected.length).toBeGreaterThan(0);
  expect(printed).toEqual(expected);
}

describe('README Quick start', () => {
  it('has an example of at most 20 lines for each integration', () => {
    const readme = readDocument('README.md');
    const names = [...readme.matchAll(/<!-- example:(quick-[\w-]+)/g)].map((m) => m[1]);
    expect(names).toEqual([
      'quick-run-agent',
      'quick-step',
      'quick-ai-sdk',
      'quick-openai-agents',
      'quick-pi',
      'quick-shell',
      'quick-run-stored',
    ]);
    for (const name of names) {
      const at = readme.indexOf(`<!-- example:${name}`);
      const start = readme.indexOf('```ts\n', at) + 6;
      const lines = readme.slice(start, readme.indexOf('```', start)).trimEnd().split('\n');
      expect(lines.length, name).toBeLessThanOrEqual(20);
    }
  });

  it('stays short enough to read: under 400 lines, guides under docs/', () => {
    expect(readDocument('README.md').split('\n').length).toBeLessThan(400);
    expect(documentPaths().length).toBeGreaterThan(10);
  });

  it('runAgent', () => expectPrints('quick-run-agent'));
  it('step', () => expectPrints('quick-step'));
  it('the shell analyzer', () => expectPrints('quick-shell'));
  it('runStored on PGlite', () => expectPrints('quick-run-stored'));

  it('AI SDK', () => {
    const model = new MockLanguageModelV3({
      doGenerate: [callTools(['write_file', write]), callTools(['exit_plan_mode', plan])],
    });
    return expectPrints('quick-ai-sdk', { model });
  });

  it('OpenAI Agents SDK', () => {
    setTracingDisabled(true);
    const model = new ScriptedModel([
      [functionCall('write_file', write, { callId: 'w1' })],
      [functionCall('exit_plan_mode', plan, { callId: 'p1' })],
      [functionCall('write_file', write, { callId: 'w2' })],
      [assistantMessage('Done.')],
    ]);
    return expectPrints('quick-openai-agents', { model });
  });

  it('pi-agent-core', () => {
    const faux = registerFauxProvider();
    const call = (name: string, args: Record<string, unknown>) =>
      fauxAssistantMessage(fauxToolCall(name, args), { stopReason: 'toolUse' });
    faux.setResponses([
      call('write_file', write),
      call('exit_plan_mode', plan),
      call('write_file', write),
      fauxAssistantMessage('Done.'),
    ]);
    const parameters = Type.Object({ path: Type.String(), content: Type.String() });
    const tools = [
      {
        name: 'write_file',
        label: 'Write file',
        description: 'Write a file.',
        parameters,
        execute: async () => ({ content: [{ type: 'text', text: 'written' }], details: {} }),
      },
    ];
    return expectPrints('quick-pi', { model: faux.getModel(), tools });
  });
});
