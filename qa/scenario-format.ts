import { z } from 'zod';
import { jsonValueSchema } from '../src/json.js';
import { stopReasonSchema } from '../src/messages.js';

// The JSON block of a QA scenario (documented in qa/README.md). The schema is strict so a typo
// in a scenario fails loudly instead of silently checking nothing.

const count = z.number().int().nonnegative();
const texts = z.array(z.string());
const record = z.record(z.string(), jsonValueSchema);

/** A tool call the scripted model makes: `{ "tool": "read_file", "input": { … } }`. */
const callSchema = z.strictObject({
  tool: z.string(),
  input: jsonValueSchema.default({}),
  /** Defaults to c1, c2, … numbered in script order over the whole scenario. */
  id: z.string().optional(),
});

/** One scripted model turn; a bare string is a turn with only that text. */
const turnSchema = z.strictObject({
  text: z.string().optional(),
  thinking: z.string().optional(),
  calls: z.array(callSchema).optional(),
  stopReason: stopReasonSchema.optional(),
  /** The model client throws this message instead of replying. */
  fail: z.string().optional(),
  /** The user aborts the run while this model call is in flight. */
  abort: z.literal(true).optional(),
  /** Each string must appear in the system text or the last message sent. */
  expectIncludes: texts.optional(),
  /** Each string must appear somewhere in the request (system text or any message). */
  expectAnywhere: texts.optional(),
  /** No string may appear in the system text or the last message sent. */
  expectExcludes: texts.optional(),
  /** The tool names offered on this call, in order. */
  expectTools: texts.optional(),
  /** How many messages this call sends. */
  expectMessages: count.optional(),
});
export const scriptEntrySchema = z.union([z.string(), turnSchema]);

/** What one execution of a tool returns: text, an error result, a throw, or an abort. */
const toolResultSchema = z.union([
  z.string(),
  z.strictObject({
    content: z.string().optional(),
    /** An error result (`isError: true`) with this text. */
    error: z.string().optional(),
    /** The executor throws this message. */
    throw: z.string().optional(),
    /** The user aborts the run while this call executes. */
    abort: z.literal(true).optional(),
    delayMs: count.optional(),
  }),
]);

const toolSchema = z.strictObject({
  /** The host's own read-only annotation (like MCP's readOnlyHint). */
  readOnly: z.boolean().optional(),
  /** One result per execution, in order over the whole scenario; the last one repeats. */
  results: z.array(toolResultSchema).optional(),
  /**
   * The tool starts a subagent (`subagent: true`). While the parent plans, each call runs one
   * with `runSubagent` on the session planfirst hands over: this script is its model, the
   * scenario's tools are its tools, `message` its task. Otherwise `results` answer as usual.
   */
  subagent: z
    .strictObject({ script: z.array(scriptEntrySchema), message: z.string().optional() })
    .optional(),
});

/**
 * What the approvals handler does for one request: return a decision (its `approvalId`
 * defaults to the pending one), after `delayMs`; throw; or let the user abort while waiting.
 */
const approvalSchema = z.strictObject({
  action: z.string().optional(),
  approvalId: z.string().optional(),
  plan: jsonValueSchema.optional(),
  feedback: z.string().optional(),
  then: z.string().optional(),
  delayMs: count.optional(),
  throw: z.string().optional(),
  abort: z.literal(true).optional(),
});

const inputSchema = z.union([
  z.strictObject({ message: z.string() }),
  z.strictObject({ decision: record }),
  /** An answer to the questions the model asked with ask_user (`$question1`: the first id). */
  z.strictObject({ answer: record }),
  z.strictObject({ resume: z.literal(true) }),
]);

const sessionSchema = z.union([
  /** A fresh session that the host switched to plan mode (a slash command, a UI toggle). */
  z.strictObject({ planMode: z.literal(true) }),
  /** A session read from storage with parseSession. */
  z.strictObject({ stored: jsonValueSchema }),
  /** A session passed to runAgent without parseSession (a host bug), to show failing closed. */
  z.strictObject({ unvalidated: jsonValueSchema }),
]);

const patternSchema = jsonValueSchema;

const expectSchema = z.strictObject({
  status: z
    .enum([
      'completed',
      'awaiting_approval',
      'awaiting_answer',
      'blocked',
      'budget_exhausted',
      'aborted',
      'error',
    ])
    .optional(),
  /** The result's reason code; null when the result has none. */
  reason: z.string().nullable().optional(),
  /** A substring of the result's text for the user. */
  text: z.string().optional(),
  /** The exact list of event types of the run. */
  events: texts.optional(),
  /** Events in this order, others may come between: a type, or a partial event object. */
  eventSequence: z.array(z.union([z.string(), record])).optional(),
  /** Event types that must not occur. */
  absentEvents: texts.optional(),
  /** Tool calls the host executor ran, in start order: `name` or `name#id`. */
  toolsExecuted: texts.optional(),
  /** The most host tool calls running at the same time. */
  maxConcurrentTools: count.optional(),
  /** Model calls of this run, or "worstCase" for worstCaseModelCalls(options). */
  modelCalls: z.union([count, z.literal('worstCase')]).optional(),
  /** Kinds of the messages planfirst injected in this run, in order. */
  injected: texts.optional(),
  /** Kinds of every planfirst message in the whole session, in order. */
  sessionInjected: texts.optional(),
  /** Text checks on injected messages of this run (the first of each kind). */
  injectedText: z
    .array(
      z.strictObject({ kind: z.string(), includes: texts.optional(), excludes: texts.optional() }),
    )
    .optional(),
  /** A partial match of `session.planMode` after the run. */
  planMode: patternSchema.optional(),
  /** A partial match of the result's `approval` (null: none). */
  approval: patternSchema.optional(),
  /** A partial match of the result's `question` (ask_user; null: none). */
  question: patternSchema.optional(),
  /** Partial matches of the messages this run added (same count). */
  messages: z.array(patternSchema).optional(),
  /** A partial match of the whole session after the run. */
  session: patternSchema.optional(),
  /** parseSession must reject the stored session with these issue paths; the run is skipped. */
  sessionError: texts.optional(),
  /** Partial matches of the gated subagents' sessions that finished in this run, in order. */
  subagents: z.array(patternSchema).optional(),
});

/**
 * An OpenClaw `/plan` command the user sends before the run's input: `args` is what follows
 * `/plan` (`answer 2`); `$question1`/`$approval1` inside it are replaced by the ids. It runs
 * through the plugin's own command handler on the stored session; `reply` must appear in what
 * the command answers.
 */
const commandSchema = z.strictObject({ args: z.string(), reply: z.string().optional() });

const runFields = {
  input: inputSchema,
  script: z.array(scriptEntrySchema).default([]),
  /** Without it there is no approvals handler: a plan parks the run. */
  approvals: z.array(approvalSchema).optional(),
  /** Layered over the scenario's options with mergeOptions (a per-session override). */
  options: record.optional(),
  /**
   * The host compacts the conversation before this run: the messages are replaced by this
   * summary, followed by planfirst's compactionReminder when there is one.
   */
  compact: z.string().optional(),
  /** Dotted paths set in the stored session JSON before this run reads it back. */
  tamper: record.optional(),
  /** OpenClaw `/plan` commands the user sends first, in order (after any compaction). */
  commands: z.array(commandSchema).optional(),
  expect: expectSchema.default({}),
};

export const runSchema = z.strictObject(runFields);

export const scenarioSchema = z
  .strictObject({
    options: record.default({}),
    /** `provider/model`, for incompleteTurn.appliesTo. */
    modelId: z.string().optional(),
    session: sessionSchema.optional(),
    tools: z.record(z.string(), toolSchema).default({}),
    runs: z.array(runSchema).min(1).optional(),
    // A single run may be written at the top level instead of in `runs`.
    input: inputSchema.optional(),
    script: z.array(scriptEntrySchema).optional(),
    approvals: runFields.approvals,
    tamper: runFields.tamper,
    expect: expectSchema.optional(),
  })
  .superRefine((s, ctx) => {
    const single = s.input !== undefined;
    if (single === (s.runs !== undefined))
      ctx.addIssue({ code: 'custom', message: 'give either `runs` or a top-level `input`' });
    if (!single && (s.script ?? s.approvals ?? s.expect ?? s.tamper) !== undefined)
      ctx.addIssue({ code: 'custom', message: 'script/approvals/expect belong inside `runs`' });
  });

export type ScenarioJson = z.output<typeof scenarioSchema>;
export type RunJson = z.output<typeof runSchema>;
export type ScriptEntryJson = z.output<typeof scriptEntrySchema>;
export type TurnJson = Exclude<ScriptEntryJson, string>;
export type ToolResultJson = z.output<typeof toolResultSchema>;
export type ApprovalJson = z.output<typeof approvalSchema>;
export type ExpectJson = z.output<typeof expectSchema>;
export type InputJson = z.output<typeof inputSchema>;
export type CommandJson = z.output<typeof commandSchema>;

/** A loaded scenario: its file, title, story and normalised runs. */
export interface Scenario {
  file: string;
  title: string;
  story: string;
  options: ScenarioJson['options'];
  modelId: string | undefined;
  session: ScenarioJson['session'];
  tools: ScenarioJson['tools'];
  runs: RunJson[];
}
