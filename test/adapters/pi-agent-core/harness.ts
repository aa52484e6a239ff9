import { Agent, type AgentMessage, type AgentTool } from '@mariozechner/pi-agent-core';
import {
  type Context,
  type FauxProviderRegistration,
  type FauxResponseStep,
  type Message,
  registerFauxProvider,
  Type,
} from '@mariozechner/pi-ai';
import { afterEach } from 'vitest';
import {
  createPlanfirstPi,
  type PiApprovalHandler,
  type PlanfirstPi,
  type PlanfirstPiEvent,
} from '../../../src/adapters/pi-agent-core/index.js';
import {
  createSession,
  memorySessionStore,
  type PlanfirstOptions,
  type QuestionHandler,
  type SessionState,
  type SessionStore,
} from '../../../src/index.js';

// A real pi Agent on pi's own scripted (faux) model, with three host tools that only record
// what they were asked to do. Every model request is snapshotted so tests can assert what
// reached the model.

/** What one model call received. */
export interface Request {
  systemPrompt: string;
  messages: Message[];
  tools: string[];
}

export interface Scenario {
  agent: Agent;
  planfirst: PlanfirstPi;
  store: SessionStore;
  faux: FauxProviderRegistration;
  requests: Request[];
  events: PlanfirstPiEvent[];
  /** What the host tools did. */
  reads: string[];
  writes: string[];
  commands: string[];
  tools: AgentTool[];
}

const registrations: FauxProviderRegistration[] = [];
afterEach(() => {
  for (const r of registrations.splice(0)) r.unregister();
});

/** The host's tools: read_file (a default read-only name), write_file, bash. */
export function hostTools(log: Pick<Scenario, 'reads' | 'writes' | 'commands'>): AgentTool[] {
  const text = (t: string) => ({ content: [{ type: 'text' as const, text: t }], details: {} });
  return [
    {
      name: 'read_file',
      label: 'Read file',
      description: 'Read a file.',
      parameters: Type.Object({ path: Type.String() }),
      execute: async (_id, params) => {
        const { path } = params as { path: string };
        log.reads.push(path);
        return text(`contents of ${path}`);
      },
    },
    {
      name: 'write_file',
      label: 'Write file',
      description: 'Write a file.',
      parameters: Type.Object({ path: Type.String(), content: Type.String() }),
      execute: async (_id, params) => {
        const { path } = params as { path: string };
        log.writes.push(path);
        return text(`wrote ${path}`);
      },
    },
    {
      name: 'bash',
      label: 'Shell',
      description: 'Run a shell command.',
      parameters: Type.Object({ command: Type.String() }),
      execute: async (_id, params) => {
        const { command } = params as { command: string };
        log.commands.push(command);
        return text(`ran ${command}`);
      },
    },
  ];
}

export interface ScenarioInput {
  options?: PlanfirstOptions;
  session?: SessionState;
  responses?: FauxResponseStep[];
  approvals?: PiApprovalHandler;
  questions?: QuestionHandler;
  messages?: AgentMessage[];
  extraTools?: AgentTool[];
  readOnlyTools?: string[];
  /** Called with each planfirst event after it is recorded (say, to abort from inside it). */
  onEvent?: (event: PlanfirstPiEvent) => void;
}

/** Builds the agent, attaches planfirst, and scripts the model. */
export function scenario(input: ScenarioInput = {}): Scenario {
  const faux = registerFauxProvider();
  registrations.push(faux);
  const log = { reads: [] as string[], writes: [] as string[], commands: [] as string[] };
  const tools = [...hostTools(log), ...(input.extraTools ?? [])];
  const options = input.options ?? {};
  const store = memorySessionStore(input.session ?? createSession(options, { now: 0 }));
  const events: PlanfirstPiEvent[] = [];
  const planfirst = createPlanfirstPi({
    store,
    options,
    onEvent: (e) => {
      events.push(e);
      input.onEvent?.(e);
    },
    now: () => 1_000,
    ...(input.approvals ? { approvals: input.approvals } : {}),
    ...(input.questions ? { questions: input.questions } : {}),
    newId: () => 'q-pi',
    ...(input.readOnlyTools ? { readOnlyTools: input.readOnlyTools } : {}),
  });
  const agent = new Agent({
    initialState: {
      model: faux.getModel(),
      systemPrompt: 'You are a coding agent.',
      tools,
      messages: input.messages ?? [],
    },
  });
  planfirst.attach(agent);
  const requests: Request[] = [];
  const s: Scenario = { agent, planfirst, store, faux, requests, events, tools, ...log };
  script(s, input.responses ?? []);
  return s;
}

/** Queues model responses, each recording the request it answers. */
export function script(s: Pick<Scenario, 'faux' | 'requests'>, responses: FauxResponseStep[]) {
  s.faux.setResponses(
    responses.map((step) => (context: Context, options, state, model) => {
      s.requests.push(snapshot(context));
      return typeof step === 'function' ? step(context, options, state, model) : step;
    }),
  );
}

function snapshot(context: Context): Request {
  return {
    systemPrompt: context.systemPrompt ?? '',
    messages: structuredClone(context.messages),
    tools: (context.tools ?? []).map((t) => t.name),
  };
}

/** The text of the last user message a request carried. */
export function lastUserText(request: Request | undefined): string {
  const user = [...(request?.messages ?? [])].reverse().find((m) => m.role === 'user');
  if (user?.role !== 'user') return '';
  return typeof user.content === 'string'
    ? user.content
    : user.content.map((b) => (b.type === 'text' ? b.text : '')).join('');
}

/** The tool result a request carried for one tool call id. */
export function toolResult(request: Request | undefined, toolCallId: string) {
  const found = request?.messages.find(
    (m) => m.role === 'toolResult' && m.toolCallId === toolCallId,
  );
  if (found?.role !== 'toolResult') return undefined;
  return {
    isError: found.isError,
    text: found.content.map((b) => (b.type === 'text' ? b.text : '')).join(''),
  };
}

export const plan = {
  title: 'Guard parse() against empty input',
  steps: [{ text: 'Add a failing test for empty input' }, { text: 'Return early in parse()' }],
};
