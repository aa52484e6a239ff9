import { Agent, type AgentInputItem, setTracingDisabled, tool } from '@openai/agents';
import type { RecordedModelCall, ScriptedModel } from '@openai/agents/testing';
import {
  createPlanfirstAgents,
  type PlanfirstAgents,
} from '../../../src/adapters/openai-agents/index.js';
import { createSession, memorySessionStore, type SessionStore } from '../../../src/index.js';

setTracingDisabled(true);

export const planOptions = { planMode: { enabled: true } };

/** A fixed clock: transitions only need a valid, increasing-enough timestamp. */
export const now = () => 1_700_000_000_000;

/** A tiny project the agent reads and writes through its tools. */
export function workspace(files: Record<string, string> = { 'src/a.ts': 'export const a = 1;\n' }) {
  const written: { path: string; content: string }[] = [];
  const readFile = tool({
    name: 'read_file',
    description: 'Read a file.',
    parameters: {
      type: 'object',
      properties: { path: { type: 'string' } },
      required: ['path'],
      additionalProperties: false,
    },
    execute: async (input) => files[(input as { path: string }).path] ?? 'no such file',
  });
  const writeFile = tool({
    name: 'write_file',
    description: 'Write a file.',
    parameters: {
      type: 'object',
      properties: { path: { type: 'string' }, content: { type: 'string' } },
      required: ['path', 'content'],
      additionalProperties: false,
    },
    execute: async (input) => {
      const { path, content } = input as { path: string; content: string };
      written.push({ path, content });
      files[path] = content;
      return `wrote ${path}`;
    },
  });
  return { files, written, readFile, writeFile };
}

/** An agent on a scripted model, wired with planfirst, plus its store and workspace. */
export function setup(
  model: ScriptedModel,
  options: object = planOptions,
): {
  pf: PlanfirstAgents;
  store: SessionStore;
  agent: Agent;
  ws: ReturnType<typeof workspace>;
  model: () => ScriptedModel;
} {
  const store = memorySessionStore(createSession(options, { now: now() }));
  const pf = createPlanfirstAgents({ store, options, readOnlyTools: ['read_file'], now });
  const ws = workspace();
  const agent = new Agent({
    name: 'coder',
    instructions: pf.instructions('You are a careful coding agent.'),
    tools: [...pf.wrapTools([ws.readFile, ws.writeFile]), ...pf.planTools],
    model,
  });
  return { pf, store, agent, ws, model: () => model };
}

function items(call: RecordedModelCall | undefined): AgentInputItem[] {
  const input = call?.request.input;
  return typeof input === 'string' ? [{ role: 'user', content: input }] : (input ?? []);
}

/** The text the model received as the result of one of its calls, in a recorded request. */
export function toolResultText(call: RecordedModelCall | undefined, callId: string): string {
  for (const item of items(call))
    if (item.type === 'function_call_result' && item.callId === callId) {
      const out = item.output;
      if (typeof out === 'string') return out;
      if (!Array.isArray(out) && out.type === 'text') return out.text;
    }
  throw new Error(`no result for ${callId} in the request`);
}

/** The user messages the model received in a recorded request, as text. */
export function userTexts(call: RecordedModelCall | undefined): string[] {
  return items(call).flatMap((item) =>
    'role' in item && item.role === 'user' && typeof item.content === 'string'
      ? [item.content]
      : [],
  );
}

export const samplePlan = {
  title: 'Fix the parser crash',
  steps: [{ text: 'Add a failing test' }, { text: 'Guard parse()' }],
};

export const revisedPlan = {
  title: 'Fix the parser crash, test first',
  steps: [{ text: 'Write the failing test' }, { text: 'Guard parse()' }, { text: 'Run npm test' }],
};

/** exit_plan_mode arguments the way a strict-mode model sends them: every optional field null. */
export function strictPlanArguments(plan: { title: string; steps: { text: string }[] }) {
  return {
    title: plan.title,
    summary: null,
    steps: plan.steps.map((s) => ({ text: s.text, status: null })),
    assumptions: null,
    risks: null,
    verification: null,
  };
}
