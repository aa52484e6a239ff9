import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  type AssistantMessage,
  checkToolCall,
  createSession,
  parseSession,
  type RunAgentConfig,
  type RunEvent,
  runAgent,
  runSubagent,
  type SessionState,
  type ToolCallBlock,
  type ToolDefinition,
  type ToolExecutionContext,
} from '../../src/index.js';
import { assistant, toolCall } from '../../src/testing/index.js';

// Subagents inherit the gate: a subagent started while its parent plans runs in plan mode,
// however deep, and nothing its model calls that plan mode would block reaches an executor.

const options = { planMode: { enabled: true } };
const param = { type: 'object' };
const definitions: ToolDefinition[] = [
  { name: 'write_file', description: 'Write a file', parameters: param },
  { name: 'read_file', description: 'Read a file', parameters: param, readOnly: true },
  { name: 'bash', description: 'Run a command', parameters: param },
  { name: 'explore', description: 'Start a subagent', parameters: param, subagent: true },
];
const byName = new Map(definitions.map((d) => [d.name, d]));
const planning = { planMode: { mode: 'plan', approval: 'none', rejectionCount: 0 } };

/** Would plan mode let this call run, with the host's annotations? */
function planModeAllows(call: ToolCallBlock): boolean {
  const d = byName.get(call.name);
  return checkToolCall(
    planning,
    {
      name: call.name,
      input: call.input,
      ...(d?.readOnly ? { readOnly: true } : {}),
      ...(d?.subagent ? { subagent: true } : {}),
    },
    options,
  ).allowed;
}

/** A model that plays `turns` in order, then answers "Findings ready." for ever. */
function playing(turns: readonly AssistantMessage[]): RunAgentConfig['model'] {
  let i = 0;
  return async () => turns[i++] ?? assistant('Findings ready.');
}

interface Executed {
  depth: number;
  call: ToolCallBlock;
  gated: boolean;
}

/**
 * An agent tree: the agent at `depth` plays scripts[depth]; each `explore` call starts a
 * subagent one level deeper (with runSubagent on the session the executor was given).
 */
function host(scripts: readonly AssistantMessage[][], log: Executed[], ends: SessionState[]) {
  const config = (depth: number): RunAgentConfig => ({
    model: playing(scripts[depth] ?? []),
    options,
    tools: {
      definitions,
      async execute(call, context: ToolExecutionContext) {
        log.push({ depth, call, gated: context.subagent !== undefined });
        if (call.name !== 'explore') return `${call.name}: ok`;
        if (context.subagent === undefined) return 'explore: ran ungated';
        const run = await runSubagent(config(depth + 1), context.subagent, 'Look around.');
        ends.push(run.result.session);
        return run.output;
      },
    },
  });
  return config;
}

const spawn = () => toolCall('explore', { prompt: 'look' });
const plan = { title: 'T', steps: [{ text: 's' }] };

describe('subagents inherit the gate (runAgent)', () => {
  it('a subagent three levels down stays in plan mode: its write is blocked, its plan goes up', async () => {
    const log: Executed[] = [];
    const ends: SessionState[] = [];
    const deepest = [
      assistant(toolCall('write_file', { path: 'x' }), toolCall('read_file', { path: 'x' })),
      assistant(toolCall('exit_plan_mode', plan)),
      assistant('The parser lacks a guard.'),
    ];
    const config = host(
      [
        [assistant(spawn()), assistant('Done.')],
        [assistant(spawn())],
        [assistant(spawn())],
        deepest,
      ],
      log,
      ends,
    );
    const events: RunEvent[] = [];
    const result = await runAgent(
      { ...config(0), onEvent: (e) => events.push(e) },
      createSession(options),
      { message: 'Investigate the crash.' },
    );
    expect(log.filter((e) => e.call.name === 'explore').map((e) => [e.depth, e.gated])).toEqual([
      [0, true],
      [1, true],
      [2, true],
    ]);
    // Level 3 ran its read, never its write.
    expect(log.filter((e) => e.depth === 3).map((e) => e.call.name)).toEqual(['read_file']);
    const depth3 = ends[0] as SessionState;
    expect(depth3.planMode).toMatchObject({ mode: 'plan', subagent: { depth: 3 } });
    expect(depth3.planMode.subagent?.plan?.title).toBe('T');
    const refusal = depth3.messages.find(
      (m) => m.role === 'tool' && m.toolName === 'exit_plan_mode',
    );
    expect(refusal).toMatchObject({ isError: true });
    expect(String(refusal?.content)).toContain('subagent_cannot_exit');
    // The plan went back to its parent (level 2) as the explore call's result.
    const depth2 = ends[1] as SessionState;
    expect(depth2.planMode.subagent?.depth).toBe(2);
    const report = depth2.messages.find((m) => m.role === 'tool' && m.toolName === 'explore');
    expect(String(report?.content)).toContain('The subagent proposed this plan');
    expect(String(report?.content)).toContain('The parser lacks a guard.');
    // Every subagent finished, so none is still tracked anywhere.
    expect(result.session.planMode.subagents).toBeUndefined();
    for (const s of ends) expect(s.planMode.subagents).toBeUndefined();
    expect(events.map((e) => e.type)).toContain('subagent_started');
    expect(events.map((e) => e.type)).toContain('subagent_finished');
  });

  it("the parent's exit_plan_mode beside a spawn is refused until the subagent's result is in", async () => {
    const log: Executed[] = [];
    const config = host(
      [
        [
          assistant(spawn(), toolCall('exit_plan_mode', plan)),
          assistant(toolCall('exit_plan_mode', plan)),
        ],
        [assistant('Findings.')],
      ],
      log,
      [],
    );
    const events: RunEvent[] = [];
    const result = await runAgent(
      { ...config(0), onEvent: (e) => events.push(e) },
      createSession(options),
      { message: 'Plan the change.' },
    );
    const codes = events.flatMap((e) => (e.type === 'plan_tool' ? [e.code] : []));
    expect(codes).toEqual(['subagents_running', 'approval_requested']);
    expect(result.status).toBe('awaiting_approval');
  });

  it('outside plan mode a subagent tool runs as the host runs it, and is not read-only', async () => {
    const log: Executed[] = [];
    const config = host([[assistant(spawn()), assistant('Done.')]], log, []);
    const result = await runAgent(config(0), createSession(), { message: 'Go.' });
    expect(log).toEqual([expect.objectContaining({ depth: 0, gated: false })]);
    expect(result.session.autoContinue.mutated).toBe(true);
  });

  it('no call plan mode would block reaches an executor, at any depth (property)', async () => {
    const call = fc.oneof(
      fc.constant(() => toolCall('write_file', { path: 'a', content: 'x' })),
      fc.constant(() => toolCall('read_file', { path: 'a' })),
      fc
        .constantFrom('ls', 'rm -rf src', 'cat a | sh', 'git status', 'echo hi > f')
        .map((command) => () => toolCall('bash', { command })),
      fc.constant(spawn),
      fc.constant(() => toolCall('exit_plan_mode', plan)),
      fc.constant(() => toolCall('enter_plan_mode', {})),
      fc.constant(() => toolCall('update_plan', { updates: [{ id: '1', status: 'completed' }] })),
    );
    const turn = fc
      .array(call, { minLength: 0, maxLength: 3 })
      .map((calls) => () => assistant('Working.', ...calls.map((c) => c())));
    const script = fc.array(turn, { maxLength: 4 });
    let deepest = 0;
    await fc.assert(
      fc.asyncProperty(fc.array(script, { minLength: 4, maxLength: 5 }), async (scripts) => {
        const log: Executed[] = [];
        const ends: SessionState[] = [];
        const config = host(
          scripts.map((s, depth) => {
            const last = depth === scripts.length - 1;
            const turns = s.map((make) => make());
            // Each level but the last delegates first, so the tree is as deep as the scripts;
            // the last never spawns, so the tree ends.
            if (!last) return [assistant('Delegating.', spawn()), ...turns];
            return turns.map((m) => ({
              ...m,
              content: m.content.filter((b) => !(b.type === 'tool_call' && b.name === 'explore')),
            }));
          }),
          log,
          ends,
        );
        const result = await runAgent(config(0), createSession(options), { message: 'Plan.' });
        for (const e of log) {
          deepest = Math.max(deepest, e.depth);
          // The top agent plans too, so the same rule holds at every depth.
          expect(planModeAllows(e.call), `${e.call.name} at depth ${e.depth}`).toBe(true);
          if (e.call.name === 'explore') expect(e.gated).toBe(true);
        }
        for (const s of ends) {
          expect(s.planMode.mode).toBe('plan');
          expect(s.planMode.approval).toBe('none');
          expect(s.planMode.subagents).toBeUndefined();
          parseSession(JSON.parse(JSON.stringify(s)));
        }
        expect(result.session.planMode.subagents).toBeUndefined();
      }),
      { numRuns: 60 },
    );
    // The runs did reach subagents of subagents of subagents.
    expect(deepest).toBeGreaterThanOrEqual(3);
  });
});
