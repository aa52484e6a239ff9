// The engine scenarios, the same for Restate and DBOS: each engine suite supplies how to reach
// its binding. Every wait polls for a condition with a generous bound; nothing is timed.
import type pg from 'pg';
import { expect, it } from 'vitest';
import type { SessionState } from '../../src/index.js';
import { signDecisionToken } from '../../src/index.js';
import { armCrash, ledger, type Supervised, waitFor } from './harness.js';

export const tokenKey = 'engine-test-key-0123456789abcdef0123456789';
type Binding = 'planfirst' | 'planfirstShort';

export interface EngineAdapter {
  engine: 'restate' | 'dbos';
  pool: () => pg.Pool;
  service: () => Supervised;
  crashDir: () => string;
  start(binding: Binding, sessionId: string, message: string): Promise<void>;
  status(
    binding: Binding,
    sessionId: string,
  ): Promise<{ session: SessionState | null; parked: { approvalId: string } | null }>;
  decide(binding: Binding, sessionId: string, decision: unknown): Promise<Record<string, unknown>>;
  /** The same decision from `n` processes of their own, at once. */
  decideFromProcesses(
    n: number,
    sessionId: string,
    decision: unknown,
  ): Promise<Record<string, unknown>[]>;
  decideToken(binding: Binding, sessionId: string, token: string): Promise<Record<string, unknown>>;
}

const lastText = (s: SessionState | null) => {
  const m = s?.messages.at(-1);
  return m?.role === 'assistant'
    ? m.content.map((b) => (b.type === 'text' ? b.text : '')).join('')
    : undefined;
};

export function engineScenarios(a: EngineAdapter): void {
  let n = 0;
  const session = (what: string) => `${a.engine}-${what}-${Date.now().toString(36)}-${n++}`;
  const parked = (b: Binding, id: string) =>
    waitFor(`${id} parked`, async () => (await a.status(b, id)).parked);
  const finished = (b: Binding, id: string) =>
    waitFor(`${id} finished`, async () => {
      const s = await a.status(b, id);
      return s.parked === null &&
        s.session?.run.phase === 'idle' &&
        lastText(s.session) !== undefined
        ? s.session
        : undefined;
    });
  const approve = (approvalId: string) => ({ action: 'approve', approvalId });

  /** Every mutating call at most once, none from plan mode, each execution keyed. */
  const audit = async (id: string) => {
    const rows = await ledger(a.pool(), a.engine, id);
    expect(rows.filter((r) => r.call_id.startsWith('b'))).toEqual([]);
    for (const name of ['write_file', 'charge_card'])
      expect(rows.filter((r) => r.name === name).length, name).toBeLessThanOrEqual(1);
    return rows;
  };

  it('applies the same decision from several processes once; the others get duplicate', async () => {
    const id = session('race');
    await a.start('planfirst', id, 'Write out.txt');
    const { approvalId } = await parked('planfirst', id);
    expect(await ledger(a.pool(), a.engine, id)).toEqual([]);
    const outcomes = await a.decideFromProcesses(4, id, approve(approvalId));
    expect(outcomes.map((o) => o.outcome).sort()).toEqual([
      'accepted',
      'duplicate',
      'duplicate',
      'duplicate',
    ]);
    const s = await finished('planfirst', id);
    expect(lastText(s)).toBe('Done.');
    const rows = await audit(id);
    expect(rows.map((r) => r.name).sort()).toEqual(['charge_card', 'read_file', 'write_file']);
    expect(await a.decide('planfirst', id, approve(approvalId))).toMatchObject({
      outcome: 'duplicate',
    });
  });

  for (const point of [
    'model',
    'before:write_file',
    'after:write_file',
    'after:read_file',
    'parked',
  ])
    it(`completes a run whose service was SIGKILLed ${point === 'parked' ? 'while parked' : `at ${point}`}`, async () => {
      const id = session(point.replace(':', '-'));
      const deaths = a.service().deaths;
      if (point === 'model') armCrash(a.crashDir(), point);
      await a.start('planfirst', id, 'Write out.txt');
      const { approvalId } = await parked('planfirst', id);
      if (point === 'parked') a.service().kill();
      else if (point !== 'model') armCrash(a.crashDir(), point);
      await waitFor('the service back', async () => {
        await a.service().whenReady();
        return a.status('planfirst', id);
      });
      expect(await a.decide('planfirst', id, approve(approvalId))).toMatchObject({
        outcome: 'accepted',
      });
      const s = await finished('planfirst', id);
      expect(a.service().deaths).toBeGreaterThan(deaths);
      const rows = await audit(id);
      const text = JSON.stringify(s.messages);
      if (point === 'before:write_file' || point === 'after:write_file')
        // Started, result never recorded: reported to the model, never run again.
        expect(text).toContain('may or may not have taken effect');
      if (point === 'after:write_file')
        expect(rows.filter((r) => r.name === 'write_file')).toHaveLength(1);
      if (point === 'before:write_file')
        expect(rows.filter((r) => r.name === 'write_file')).toHaveLength(0);
      if (point === 'after:read_file') {
        const reads = rows.filter((r) => r.name === 'read_file');
        expect(reads.map((r) => r.attempt)).toEqual([1, 2]);
        expect(new Set(reads.map((r) => r.idempotency_key)).size).toBe(1);
      }
      if (point === 'model' || point === 'parked')
        expect(rows.map((r) => r.name).sort()).toEqual(['charge_card', 'read_file', 'write_file']);
      expect(rows.filter((r) => r.name === 'charge_card')).toHaveLength(1);
    });

  it('executes nothing for a forged token, and once for a genuine one delivered twice', async () => {
    const id = session('token');
    await a.start('planfirst', id, 'Write out.txt');
    const { approvalId } = await parked('planfirst', id);
    const claims = {
      sessionId: id,
      approvalId,
      action: 'approve' as const,
      expiresAt: Date.now() + 3_600_000,
    };
    const forged = await signDecisionToken(claims, 'another-key-0123456789abcdef0123456789ab');
    expect(await a.decideToken('planfirst', id, forged)).toMatchObject({
      outcome: 'refused',
      code: 'token_bad_signature',
    });
    expect((await a.status('planfirst', id)).parked).not.toBeNull();
    expect(await ledger(a.pool(), a.engine, id)).toEqual([]);
    const token = await signDecisionToken(claims, tokenKey);
    expect(await a.decideToken('planfirst', id, token)).toMatchObject({ outcome: 'accepted' });
    expect(await a.decideToken('planfirst', id, token)).toMatchObject({
      outcome: 'refused',
      code: 'token_replayed',
    });
    await finished('planfirst', id);
    expect((await audit(id)).length).toBe(3);
  });
}

/**
 * A decision after the deadline: refused (`approval_timed_out`), and the timeout applied once,
 * also when the service was SIGKILLed while parked (the timer then fires across the restart).
 */
export function lateDecisionScenario(a: EngineAdapter): void {
  let n = 0;
  const parked = (sid: string) =>
    waitFor(`${sid} parked`, async () => (await a.status('planfirstShort', sid)).parked);
  const finished = (sid: string) =>
    waitFor(`${sid} finished`, async () => {
      const s = await a.status('planfirstShort', sid);
      return s.parked === null && s.session?.run.phase === 'idle' ? s.session : undefined;
    });
  for (const killed of [false, true])
    it(`refuses a decision after the deadline and applies the timeout once${killed ? ', across a SIGKILL while parked' : ''}`, async () => {
      const id = `${a.engine}-late-${killed ? 'killed-' : ''}${Date.now().toString(36)}-${n++}`;
      const deaths = a.service().deaths;
      await a.start('planfirstShort', id, 'Write out.txt');
      const { approvalId } = await parked(id);
      if (killed) a.service().kill();
      const s = await finished(id);
      if (killed) expect(a.service().deaths).toBeGreaterThan(deaths);
      expect(s.planMode.approval).toBe('timed_out');
      const late = await a.decide('planfirstShort', id, { action: 'approve', approvalId });
      expect(late).toMatchObject({ outcome: 'ignored', reason: 'approval_timed_out' });
      // The timeout, applied once: the approval's one recorded outcome, one notice to the model.
      expect((s.planMode.approvals ?? []).filter((h) => h.approvalId === approvalId)).toEqual([
        { approvalId, outcome: 'timed_out' },
      ]);
      const notices = s.messages.filter((m) => m.role === 'user' && m.kind === 'plan_timed_out');
      expect(notices).toHaveLength(1);
      const after = await a.status('planfirstShort', id);
      expect(after.session?.messages.length).toBe(s.messages.length);
      expect(after.session?.planMode.approval).toBe('timed_out');
      expect(await ledger(a.pool(), a.engine, id)).toEqual([]);
    });
}
