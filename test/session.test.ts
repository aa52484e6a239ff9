import { describe, expect, it } from 'vitest';
import {
  createSession,
  enterPlanMode,
  parseSession,
  requestApproval,
  SESSION_VERSION,
  SessionError,
} from '../src/index.js';
import { planSession, roundTrip, samplePlan } from './helpers.js';

describe('createSession', () => {
  it('starts in normal mode unless the options enable plan mode', () => {
    expect(createSession().planMode).toEqual({
      mode: 'normal',
      approval: 'none',
      rejectionCount: 0,
    });
    expect(createSession({ planMode: { allowModelEnter: true } }).planMode.mode).toBe('normal');
    const s = createSession({ planMode: { enabled: true } }, { now: 7 });
    expect(s.planMode).toMatchObject({ mode: 'plan', approval: 'none', enteredAt: 7 });
    expect(s.version).toBe(SESSION_VERSION);
  });
});

describe('parseSession', () => {
  it('round-trips a session through JSON text and objects', () => {
    const s = planSession();
    const r = requestApproval(s, { plan: samplePlan, now: 5, approvalId: 'id-1' });
    expect(parseSession(JSON.stringify(r.state))).toEqual(r.state);
    expect(parseSession(roundTrip(r.state))).toEqual(r.state);
  });

  it('throws SessionError naming every bad path', () => {
    let error: unknown;
    try {
      parseSession({
        version: 1,
        planMode: { mode: 'Plan', approval: 'maybe', rejectionCount: -1 },
        messages: [{ role: 'robot' }],
      });
    } catch (e) {
      error = e;
    }
    expect(error).toBeInstanceOf(SessionError);
    expect((error as SessionError).code).toBe('invalid_session');
    const paths = (error as SessionError).issues.map((i) => i.path);
    expect(paths).toEqual(
      expect.arrayContaining([
        'planMode.mode',
        'planMode.approval',
        'planMode.rejectionCount',
        'messages.0.role',
      ]),
    );
  });

  it('rejects other versions, non-JSON text and non-objects', () => {
    expect(() => parseSession({ ...createSession(), version: 2 })).toThrow(/version/);
    expect(() => parseSession('{not json')).toThrow(SessionError);
    expect(() => parseSession(null)).toThrow(SessionError);
    expect(() => parseSession(42)).toThrow(SessionError);
  });

  it('rejects a normal-mode state holding a pending approval', () => {
    const pending = requestApproval(planSession(), { plan: samplePlan, now: 1 }).state;
    const forged = { ...pending, planMode: { ...pending.planMode, mode: 'normal' } };
    expect(() => parseSession(forged)).toThrow(/only valid in plan mode/);
  });

  it('rejects a pending approval without an id', () => {
    const pending = requestApproval(planSession(), { plan: samplePlan, now: 1 }).state;
    const { approvalId: _drop, ...planMode } = pending.planMode;
    expect(() => parseSession({ ...pending, planMode })).toThrow(SessionError);
  });

  it('fills state sections a minimal stored session omits', () => {
    const s = parseSession({
      version: 1,
      planMode: { mode: 'normal', approval: 'none', rejectionCount: 0 },
    });
    expect(s.messages).toEqual([]);
    expect(s.incompleteTurn).toBeDefined();
    expect(enterPlanMode(s, { now: 1 }).applied).toBe(true);
  });
});
