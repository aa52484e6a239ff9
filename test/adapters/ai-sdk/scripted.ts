import { generateText, type ModelMessage, streamText, tool } from 'ai';
import { convertArrayToReadableStream, MockLanguageModelV3 } from 'ai/test';
import { z } from 'zod';
import {
  createPlanfirstAiSdk,
  type PlanfirstAiSdkConfig,
} from '../../../src/adapters/ai-sdk/index.js';
import {
  createSession,
  memorySessionStore,
  type PlanfirstOptions,
  type SessionStore,
} from '../../../src/index.js';

// Scripted replies for the AI SDK's own MockLanguageModelV3, and a small harness that runs the
// real generateText / streamText loop with planfirst wired in. Nothing here mocks the SDK.

type GenerateResult = Awaited<ReturnType<MockLanguageModelV3['doGenerate']>>;
type StreamResult = Awaited<ReturnType<MockLanguageModelV3['doStream']>>;
type StreamPart = StreamResult['stream'] extends ReadableStream<infer P> ? P : never;
type CallOptions = MockLanguageModelV3['doGenerateCalls'][number];
type Prompt = CallOptions['prompt'];

const usage = {
  inputTokens: { total: 10, noCache: 10, cacheRead: 0, cacheWrite: 0 },
  outputTokens: { total: 5, text: 5, reasoning: 0 },
};

let callCounter = 0;

/** A reply that calls tools: `[name, input]` pairs, each with a fresh tool call id. */
export function callTools(...calls: [name: string, input: unknown][]): GenerateResult {
  return {
    content: calls.map(([toolName, input]) => ({
      type: 'tool-call' as const,
      toolCallId: `call-${++callCounter}`,
      toolName,
      input: JSON.stringify(input),
    })),
    finishReason: { unified: 'tool-calls', raw: 'tool_use' },
    usage,
    warnings: [],
  };
}

/** A reply with text and, optionally, tool calls after it. */
export function say(text: string, ...calls: [name: string, input: unknown][]): GenerateResult {
  const tools = calls.length > 0 ? callTools(...calls) : undefined;
  return {
    content: [{ type: 'text', text }, ...(tools?.content ?? [])],
    finishReason: tools ? tools.finishReason : { unified: 'stop', raw: 'end_turn' },
    usage,
    warnings: [],
  };
}

/** An empty reply (no text, no calls). */
export const silence = (): GenerateResult => ({
  content: [],
  finishReason: { unified: 'stop', raw: 'end_turn' },
  usage,
  warnings: [],
});

/** The same replies as a stream, for MockLanguageModelV3's doStream. */
export function asStream(result: GenerateResult): StreamResult {
  const parts: StreamPart[] = [{ type: 'stream-start', warnings: [] }];
  for (const part of result.content) {
    if (part.type === 'text')
      parts.push(
        { type: 'text-start', id: 't' },
        { type: 'text-delta', id: 't', delta: part.text },
        { type: 'text-end', id: 't' },
      );
    else if (part.type === 'tool-call') parts.push(part);
  }
  parts.push({ type: 'finish', finishReason: result.finishReason, usage: result.usage });
  return { stream: convertArrayToReadableStream(parts) };
}

/** The text of every tool result the model received in a prompt (error text included). */
export function toolOutputs(prompt: Prompt): { toolName: string; type: string; text: string }[] {
  const outputs: { toolName: string; type: string; text: string }[] = [];
  for (const message of prompt) {
    if (message.role !== 'tool') continue;
    for (const part of message.content) {
      if (part.type !== 'tool-result') continue;
      const output = part.output;
      const text =
        output.type === 'text' || output.type === 'error-text'
          ? output.value
          : output.type === 'execution-denied'
            ? (output.reason ?? '')
            : JSON.stringify(output);
      outputs.push({ toolName: part.toolName, type: output.type, text });
    }
  }
  return outputs;
}

/** The last message of a prompt, as text, when it is a user message. */
export function lastUserText(prompt: Prompt): string | undefined {
  const last = prompt.at(-1);
  if (last?.role !== 'user') return undefined;
  return last.content.map((part) => (part.type === 'text' ? part.text : '')).join('');
}

/** The system text of a prompt. */
export function systemText(prompt: Prompt): string {
  return prompt
    .filter((m) => m.role === 'system')
    .map((m) => m.content)
    .join('\n');
}

export const plan = {
  title: 'Fix the parser crash',
  steps: [{ text: 'Add a failing test' }, { text: 'Guard the lookahead in parse()' }],
};

/**
 * A conversation: a session store, planfirst around three host tools (a read tool marked by
 * name, a search tool marked by metadata, a write tool), bash, and a scripted model.
 */
export function conversation(
  replies: GenerateResult[],
  setup: {
    options?: PlanfirstOptions;
    config?: Partial<PlanfirstAiSdkConfig>;
    prompt?: string;
    /** A system prompt passed to generateText / streamText themselves. */
    system?: string;
  } = {},
) {
  const options = setup.options ?? { planMode: { enabled: true } };
  const store: SessionStore = memorySessionStore(createSession(options, { now: 0 }));
  const pf = createPlanfirstAiSdk({
    store,
    options,
    readOnlyTools: ['read_file'],
    now: () => 1_000,
    ...setup.config,
  });
  const ran: string[] = [];
  const tools = pf.tools({
    read_file: tool({
      description: 'Read a file.',
      inputSchema: z.object({ path: z.string() }),
      execute: ({ path }) => {
        ran.push(`read_file ${path}`);
        return `contents of ${path}`;
      },
    }),
    search: tool({
      description: 'Search the code.',
      inputSchema: z.object({ query: z.string() }),
      metadata: { readOnly: true },
      execute: ({ query }) => {
        ran.push(`search ${query}`);
        return `3 hits for ${query}`;
      },
    }),
    write_file: tool({
      description: 'Write a file.',
      inputSchema: z.object({ path: z.string(), content: z.string() }),
      execute: ({ path }) => {
        ran.push(`write_file ${path}`);
        return `wrote ${path}`;
      },
    }),
    bash: tool({
      description: 'Run a shell command.',
      inputSchema: z.object({ command: z.string() }),
      execute: ({ command }) => {
        ran.push(`bash ${command}`);
        if (command === 'crash') throw new Error('the command crashed');
        return `ran ${command}`;
      },
    }),
  });
  const model = new MockLanguageModelV3({
    doGenerate: replies,
    doStream: replies.map(asStream),
  });
  const messages: ModelMessage[] = [
    { role: 'user', content: setup.prompt ?? 'Fix the crash in src/parser.ts' },
  ];
  const settings = {
    model,
    tools,
    prepareStep: pf.prepareStep,
    onStepFinish: pf.onStepFinish,
    stopWhen: pf.stopWhen,
    ...(setup.system === undefined ? {} : { system: setup.system }),
  };
  return {
    store,
    pf,
    model,
    tools,
    messages,
    ran,
    /** One generateText call on the conversation so far; its messages are appended. */
    async generate() {
      const result = await generateText({ ...settings, messages });
      messages.push(...result.response.messages);
      return result;
    },
    /** The same with streamText. */
    async stream() {
      const result = streamText({ ...settings, messages });
      const response = await result.response;
      messages.push(...response.messages);
      return result;
    },
    /** The prompt of the n-th model call (0-based). */
    prompt(n: number): Prompt {
      const call = model.doGenerateCalls[n] ?? model.doStreamCalls[n];
      if (call === undefined) throw new Error(`no model call ${n}`);
      return call.prompt;
    },
    /** The prompt of the last model call. */
    lastPrompt(): Prompt {
      const calls = model.doGenerateCalls.length > 0 ? model.doGenerateCalls : model.doStreamCalls;
      const call = calls.at(-1);
      if (call === undefined) throw new Error('no model call yet');
      return call.prompt;
    },
  };
}
