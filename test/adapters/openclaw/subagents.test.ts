import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import type { HostSessionEntry } from '../../../src/adapters/openclaw/index.js';
import { subagentExitMessage } from '../../../src/internal.js';
import { recordPlugin, SESSION } from './recorder.js';

// OpenClaw's sessions_spawn under the gate: a session spawned while its parent plans is a gated
// subagent (plan mode, cannot leave it, its plan handed to the parent), and the parent cannot
// submit its own plan while such a child runs. The plugin learns the parent from the host:
// `subagent_spawned`, and the child's own session row (`spawnedBy`) when the child acts first.

const CHILD = { agentId: 'main', sessionKey: 'agent:main:subagent:c1', sessionId: 'c-1' };
const GRANDCHILD = {
  agentId: 'main',
  sessionKey: 'agent:main:subagent:c1:subagent:g1',
  sessionId: 'g-1',
};
const plan = { title: 'Fix parse()', steps: [{ text: 'Guard empty input' }] };
const childPlan = { title: 'Emit EOF', steps: [{ text: 'Emit an EOF token' }] };

function host(entries: Record<string, HostSessionEntry> = {}) {
  return new Map<string, HostSessionEntry>([
    [CHILD.sessionKey, { spawnedBy: SESSION.sessionKey }],
    [GRANDCHILD.sessionKey, { spawnedBy: CHILD.sessionKey }],
    ...Object.entries(entries),
  ]);
}

function planning(rows: Map<string, HostSessionEntry> | 'throw' = host()) {
  return recordPlugin({ startInPlanMode: true }, { sessions: rows });
}

type Recorded = ReturnType<typeof recordPlugin>;

const spawned = (r: Recorded, child = CHILD, requester = SESSION.sessionKey) =>
  r.hook('subagent_spawned')(
    { runId: 'run-c', childSessionKey: child.sessionKey, agentId: child.agentId, mode: 'run' },
    { runId: 'run-c', childSessionKey: child.sessionKey, requesterSessionKey: requester },
  );
const ended = (r: Recorded, child = CHILD, requester = SESSION.sessionKey) =>
  r.hook('subagent_ended')(
    { targetSessionKey: child.sessionKey, targetKind: 'subagent', reason: 'done', runId: 'run-c' },
    { runId: 'run-c', childSessionKey: child.sessionKey, requesterSessionKey: requester },
  );
const spawnReturned = (r: Recorded, toolCallId: string, identity = SESSION) =>
  r.hook('after_tool_call')(
    { toolName: 'sessions_spawn', params: { task: 'look' }, toolCallId },
    { ...identity, toolName: 'sessions_spawn' },
  );

describe('OpenClaw plugin: sessions_spawn while planning', () => {
  it('without the host’s session rows, sessions_spawn stays blocked and is not offered', async () => {
    const r = recordPlugin({ startInPlanMode: true });
    const call = await r.callTool('sessions_spawn', { task: 'look' });
    expect(call).toEqual({ blocked: expect.stringContaining('`sessions_spawn` is blocked') });
    const prompt = r.hook('before_prompt_build')({ prompt: 'go', messages: [] }, SESSION);
    expect(prompt?.toolsAllow).not.toContain('sessions_spawn');
  });

  it('resolves the host’s runtime on first use, never while registering', () => {
    let reads = 0;
    const r = recordPlugin(
      { startInPlanMode: true },
      {
        sessions: host(),
        runtime: (runtime) =>
          new Proxy(runtime, {
            get(target, property, receiver) {
              reads++;
              return Reflect.get(target, property, receiver);
            },
          }),
      },
    );
    expect(reads).toBe(0);
    r.hook('before_prompt_build')({ prompt: 'go', messages: [] }, SESSION);
    expect(reads).toBe(1);
  });

  it('offers sessions_spawn while planning when the host can say who spawned a session', () => {
    const r = planning();
    const prompt = r.hook('before_prompt_build')({ prompt: 'go', messages: [] }, SESSION);
    expect(prompt?.toolsAllow).toContain('sessions_spawn');
  });

  it('gates the child: plan mode, writes blocked, exit refused with its plan kept and handed to the parent', async () => {
    const r = planning();
    expect(await r.callTool('sessions_spawn', { task: 'look' }, SESSION, 'call-1')).toEqual({
      allowed: true,
    });
    // From the gate until the tool returns, the call itself counts as a running subagent.
    expect(r.stored()?.planMode.subagents).toEqual(['sessions_spawn:call-1']);
    await spawned(r);
    await spawnReturned(r, 'call-1');
    expect(r.stored()?.planMode.subagents).toEqual([CHILD.sessionKey]);
    expect(r.stored(CHILD)?.planMode).toMatchObject({
      mode: 'plan',
      approval: 'none',
      subagent: { id: CHILD.sessionKey, depth: 1 },
    });

    expect(await r.callTool('write', { path: 'a.ts', content: 'x' }, CHILD)).toEqual({
      blocked: expect.stringContaining('`write` is blocked'),
    });
    expect(await r.callTool('read', { path: 'a.ts' }, CHILD)).toEqual({ allowed: true });
    await expect(r.callTool('exit_plan_mode', childPlan, CHILD)).rejects.toThrow(
      subagentExitMessage,
    );
    expect(r.stored(CHILD)?.planMode).toMatchObject({
      mode: 'plan',
      approval: 'none',
      subagent: { id: CHILD.sessionKey, depth: 1, plan: childPlan },
    });

    // The parent cannot submit while its child runs.
    await expect(r.callTool('exit_plan_mode', plan)).rejects.toThrow(
      `a subagent you started is still running ("${CHILD.sessionKey}")`,
    );
    expect(r.stored()?.planMode.approval).toBe('none');

    await ended(r);
    expect(r.stored()?.planMode.subagents).toBeUndefined();
    expect(r.injected).toEqual([
      {
        sessionKey: SESSION.sessionKey,
        agentId: 'main',
        text: `The subagent "${CHILD.sessionKey}" proposed this plan:\nEmit EOF\n========\n\n1. ( ) Emit an EOF token`,
        idempotencyKey: `planfirst:subagent-plan:${CHILD.sessionKey}:run-c`,
      },
    ]);
    const submitted = await r.callTool('exit_plan_mode', plan);
    expect(submitted).toMatchObject({
      approval: { title: expect.stringContaining('Fix parse()') },
    });
    expect(r.stored()?.planMode.approval).toBe('pending');
  });

  it('gates a child that acts before the host reports it, from its own session row', async () => {
    const r = planning();
    expect(await r.callTool('write', { path: 'a.ts' }, CHILD)).toEqual({
      blocked: expect.stringContaining('`write` is blocked'),
    });
    expect(r.stored()?.planMode.subagents).toEqual([CHILD.sessionKey]);
    const child = r.stored(CHILD);
    await spawned(r);
    expect(r.stored(CHILD)).toEqual(child);
    expect(r.stored()?.planMode.subagents).toEqual([CHILD.sessionKey]);
  });

  it('the child’s first prompt is a subagent’s plan-mode prompt with the planning tools only', () => {
    const r = planning();
    const prompt = r.hook('before_prompt_build')(
      { prompt: 'look', messages: [] },
      { ...CHILD, runId: 'run-c' },
    );
    expect(prompt?.appendSystemContext).toContain('You are a subagent');
    expect(prompt?.toolsAllow).toContain('read');
    expect(prompt?.toolsAllow).not.toContain('write');
    expect(r.stored()?.planMode.subagents).toEqual([CHILD.sessionKey]);
  });

  it('a subagent of a subagent is gated one level deeper', async () => {
    const r = planning();
    await spawned(r);
    expect(await r.callTool('sessions_spawn', { task: 'dig' }, CHILD, 'call-2')).toEqual({
      allowed: true,
    });
    await spawned(r, GRANDCHILD, CHILD.sessionKey);
    await spawnReturned(r, 'call-2', CHILD);
    expect(r.stored(CHILD)?.planMode.subagents).toEqual([GRANDCHILD.sessionKey]);
    expect(r.stored(GRANDCHILD)?.planMode.subagent).toEqual({
      id: GRANDCHILD.sessionKey,
      depth: 2,
    });
    expect(await r.callTool('exec', { command: 'rm -rf build' }, GRANDCHILD)).toEqual({
      blocked: expect.stringContaining('not provably read-only'),
    });
    await ended(r, GRANDCHILD, CHILD.sessionKey);
    expect(r.stored(CHILD)?.planMode.subagents).toBeUndefined();
    expect(r.stored()?.planMode.subagents).toEqual([CHILD.sessionKey]);
    expect(r.injected).toEqual([]);
  });

  it('a child spawned while the parent executes freely is not gated', async () => {
    const r = recordPlugin({}, { sessions: host() });
    expect(await r.callTool('sessions_spawn', { task: 'fix it' }, SESSION, 'call-1')).toEqual({
      allowed: true,
    });
    await spawned(r);
    await spawnReturned(r, 'call-1');
    expect(r.stored()?.planMode.subagents).toBeUndefined();
    expect(r.stored(CHILD)?.planMode).toMatchObject({ mode: 'normal' });
    expect(r.stored(CHILD)?.planMode.subagent).toBeUndefined();
    expect(await r.callTool('write', { path: 'a.ts' }, CHILD)).toEqual({ allowed: true });
  });

  it.each([
    [{ task: 'x', runtime: 'acp' }, 'only `runtime: "subagent"` runs under the gate'],
    [{ task: 'x', mode: 'session' }, 'only `mode: "run"` is allowed'],
    [{ task: 'x', thread: true }, 'a thread-bound session is not allowed'],
    [{ task: 'x', attachments: [{ name: 'a', content: 'b' }] }, 'attachments are not allowed'],
    [{ task: 'x', worktree: true, cwd: '/tmp' }, 'it may not set `worktree`, `cwd`'],
  ])('refuses a spawn the gate cannot follow while planning: %j', async (params, why) => {
    const r = planning();
    expect(await r.callTool('sessions_spawn', params, SESSION, 'call-1')).toEqual({
      blocked: `Plan mode is active: \`sessions_spawn\` may only start a one-shot subagent run, which plans under this session's gate; ${why}.`,
    });
    expect(r.stored()?.planMode.subagents).toBeUndefined();
  });

  it('fails closed when the host’s session rows cannot be read', async () => {
    const r = planning('throw');
    const call = await r.callTool('write', { path: 'a.ts' }, CHILD);
    expect(call).toEqual({
      blocked: expect.stringContaining(
        'the host could not say whether another session spawned it (session store unavailable)',
      ),
    });
    expect(r.stored(CHILD)).toBeUndefined();
  });

  it('a child of a parent whose record is unreadable runs gated', async () => {
    const r = planning();
    await r.callTool('read', { path: 'a.ts' });
    const key = [...r.memory.records.keys()][0] ?? '';
    r.memory.records.set(key, '{"not":"a session"}');
    expect(await r.callTool('write', { path: 'a.ts' }, CHILD)).toEqual({
      blocked: expect.stringContaining('`write` is blocked'),
    });
    expect(r.stored(CHILD)?.planMode).toMatchObject({
      mode: 'plan',
      subagent: { id: CHILD.sessionKey, depth: 1 },
    });
  });

  it('a child whose end never arrives keeps the parent waiting; /plan off lets the user go on', async () => {
    const r = planning();
    await spawned(r);
    await expect(r.callTool('exit_plan_mode', plan)).rejects.toThrow('still running');
    expect((await r.command('off')).text).toBe('Plan mode is off.');
    expect(r.stored()?.planMode).toMatchObject({ mode: 'normal', subagents: [CHILD.sessionKey] });
    expect(await r.callTool('write', { path: 'a.ts' })).toEqual({ allowed: true });
  });

  it('releases the child in the session that spawned it when its completion goes elsewhere', async () => {
    const r = planning();
    await spawned(r);
    await r.hook('subagent_ended')(
      { targetSessionKey: CHILD.sessionKey, targetKind: 'subagent', reason: 'done' },
      { childSessionKey: CHILD.sessionKey, requesterSessionKey: 'agent:main:owner' },
    );
    expect(r.stored()?.planMode.subagents).toBeUndefined();
    expect(r.stored({ ...SESSION, sessionKey: 'agent:main:owner' })).toBeUndefined();
  });

  it('a spawn that ends before its child ever ran leaves no record and releases the parent', async () => {
    const r = planning();
    await r.callTool('sessions_spawn', { task: 'look' }, SESSION, 'call-1');
    await spawnReturned(r, 'call-1');
    await ended(r);
    expect(r.stored()?.planMode.subagents).toBeUndefined();
    expect(r.stored(CHILD)).toBeUndefined();
    expect(r.injected).toEqual([]);
  });
});

// The host's order for one child: the spawn call passes the gate, the child may act at once
// (before the host reports it), `subagent_spawned` comes before the spawn tool returns, and the
// child ends last. Children's events interleave in any order.
type HostEvent = 'call' | 'act' | 'spawned' | 'returned' | 'ended';

const childTimeline = fc
  .tuple(fc.nat(3), fc.nat(3), fc.nat(3))
  .map(([early, middle, late]): HostEvent[] => [
    'call',
    ...Array<HostEvent>(early).fill('act'),
    'spawned',
    ...Array<HostEvent>(middle).fill('act'),
    'returned',
    ...Array<HostEvent>(late).fill('act'),
    'ended',
  ]);

describe('OpenClaw plugin: sessions_spawn property', () => {
  it('however the host interleaves its events, no child write passes and the parent waits for every child', async () => {
    await fc.assert(
      fc.asyncProperty(
        fc.array(childTimeline, { minLength: 1, maxLength: 3 }),
        fc.array(fc.nat(), { maxLength: 40 }),
        async (timelines, picks) => {
          const children = timelines.map((_t, i) => ({
            agentId: 'main',
            sessionKey: `agent:main:subagent:p${i}`,
            sessionId: `p-${i}`,
          }));
          const r = planning(
            new Map(children.map((c) => [c.sessionKey, { spawnedBy: SESSION.sessionKey }])),
          );
          const next = timelines.map(() => 0);
          const started = new Set<number>();
          const finished = new Set<number>();
          let pick = 0;
          while (next.some((n, i) => n < (timelines[i]?.length ?? 0))) {
            const open = timelines.flatMap((t, i) => ((next[i] ?? 0) < t.length ? [i] : []));
            const i = open[(picks[pick++] ?? 0) % open.length] ?? 0;
            const event = timelines[i]?.[next[i] ?? 0];
            next[i] = (next[i] ?? 0) + 1;
            const child = children[i] ?? CHILD;
            if (event === 'call') {
              expect(await r.callTool('sessions_spawn', { task: 't' }, SESSION, `c${i}`)).toEqual({
                allowed: true,
              });
              started.add(i);
            } else if (event === 'act')
              expect(await r.callTool('write', { path: 'a.ts' }, child)).toEqual({
                blocked: expect.stringContaining('`write` is blocked'),
              });
            else if (event === 'spawned') await spawned(r, child);
            else if (event === 'returned') await spawnReturned(r, `c${i}`);
            else {
              await ended(r, child);
              finished.add(i);
            }
            // Probe: the parent's exit_plan_mode, on a copy of the state.
            const saved = new Map(r.memory.records);
            const waiting = [...started].some((c) => !finished.has(c));
            const exit = r.callTool('exit_plan_mode', plan);
            if (waiting) await expect(exit).rejects.toThrow('still running');
            else expect(await exit).toMatchObject({ approval: expect.anything() });
            r.memory.records.clear();
            for (const [k, v] of saved) r.memory.records.set(k, v);
          }
          expect(r.stored()?.planMode.subagents).toBeUndefined();
        },
      ),
      { numRuns: 100 },
    );
  });
});
