import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  type DecisionClaims,
  DecisionTokenCodes,
  decisionTokenKey,
  deliverDecisionToken,
  memoryVersionedStore,
  runStored,
  signDecisionToken,
  tokenPayload,
  verifyDecisionToken,
} from '../../src/internal.js';
import { conversationModel, manualClock, options, recordingTools } from '../stored-run/fixtures.js';

const key = 'k'.repeat(32);
const otherKey = 'o'.repeat(32);
const claims: DecisionClaims = {
  sessionId: 's1',
  approvalId: 'a1',
  action: 'approve',
  expiresAt: 2_000,
};

const claimsArb = fc.record(
  {
    sessionId: fc.string({ minLength: 1, maxLength: 40 }),
    approvalId: fc.string({ minLength: 1, maxLength: 40 }),
    action: fc.constantFrom('approve' as const, 'reject' as const),
    then: fc.constantFrom('execute' as const, 'stop' as const),
    expiresAt: fc.integer({ min: 1, max: 2 ** 45 }),
  },
  { requiredKeys: ['sessionId', 'approvalId', 'action', 'expiresAt'] },
);

describe('decision tokens', () => {
  it('a genuine token gives back its claims and the decision to apply', async () => {
    const token = await signDecisionToken({ ...claims, then: 'stop' }, key);
    expect(token).toMatch(/^pf1\.[A-Za-z0-9_-]+\.[A-Za-z0-9_-]{43}$/);
    expect(await verifyDecisionToken(token, { key, now: 1_999 })).toEqual({
      ok: true,
      claims: { ...claims, then: 'stop' },
      decision: { action: 'approve', approvalId: 'a1', then: 'stop' },
    });
  });

  it('is refused as expired from its expiry on', async () => {
    const token = await signDecisionToken(claims, key);
    expect(await verifyDecisionToken(token, { key, now: 2_000 })).toMatchObject({
      ok: false,
      code: DecisionTokenCodes.expired,
    });
  });

  it('is refused as bad_signature when signed with another key, and accepted by a rotated key list', async () => {
    const token = await signDecisionToken(claims, otherKey);
    expect(await verifyDecisionToken(token, { key, now: 0 })).toMatchObject({
      ok: false,
      code: DecisionTokenCodes.badSignature,
    });
    expect((await verifyDecisionToken(token, { key: [key, otherKey], now: 0 })).ok).toBe(true);
    const imported = await decisionTokenKey(otherKey);
    expect((await verifyDecisionToken(token, { key: imported, now: 0 })).ok).toBe(true);
  });

  it('refuses a forged token: claims of the attacker with any signature', async () => {
    const payload = tokenPayload({ ...claims, expiresAt: 9e12 });
    for (const signature of ['A'.repeat(43), (await signDecisionToken(claims, key)).split('.')[2]])
      expect(await verifyDecisionToken(`${payload}.${signature}`, { key, now: 0 })).toMatchObject({
        ok: false,
        code: DecisionTokenCodes.badSignature,
      });
  });

  it('refuses a token with its claims swapped in from another genuine token', async () => {
    const a = await signDecisionToken(claims, key);
    const b = await signDecisionToken({ ...claims, action: 'reject' }, key);
    const [, bodyB] = b.split('.');
    const [prefix, , macA] = a.split('.');
    expect(await verifyDecisionToken(`${prefix}.${bodyB}.${macA}`, { key, now: 0 })).toMatchObject({
      ok: false,
      code: DecisionTokenCodes.badSignature,
    });
  });

  it('refuses malformed tokens with token_malformed', async () => {
    const token = await signDecisionToken(claims, key);
    const [p, body, mac] = token.split('.');
    for (const bad of [
      undefined,
      42,
      '',
      'pf1',
      `pf2.${body}.${mac}`,
      `${p}.${body}`,
      `${p}.${body}.${mac}.x`,
      `${p}.${body}=.${mac}`,
      `${p}.${body}.${mac}=`,
      `${p}.${body}.${mac?.slice(0, 40)}`,
      `${p}.${'A'.repeat(3000)}.${mac}`,
    ])
      expect(await verifyDecisionToken(bad, { key, now: 0 }), String(bad)).toMatchObject({
        ok: false,
        code: DecisionTokenCodes.malformed,
      });
  });

  it('refuses a short key, an empty key list and bad claims with invalid_token_key', async () => {
    await expect(signDecisionToken(claims, 'short')).rejects.toMatchObject({
      code: 'invalid_token_key',
    });
    await expect(verifyDecisionToken('x', { key: [], now: 0 })).rejects.toMatchObject({
      code: 'invalid_token_key',
    });
    await expect(
      signDecisionToken({ ...claims, action: 'edit' } as unknown as DecisionClaims, key),
    ).rejects.toMatchObject({ code: 'invalid_token_key' });
  });

  it('property: every genuine token verifies to its own claims until it expires', async () => {
    await fc.assert(
      fc.asyncProperty(claimsArb, async (c) => {
        const token = await signDecisionToken(c, key);
        const ok = await verifyDecisionToken(token, { key, now: c.expiresAt - 1 });
        expect(ok.ok && ok.claims).toEqual(c);
        expect(await verifyDecisionToken(token, { key, now: c.expiresAt })).toMatchObject({
          code: 'token_expired',
        });
      }),
      { seed: 1313, numRuns: 100 },
    );
  });

  it('property: changing any one character of a token gets it refused', async () => {
    const token = await signDecisionToken(claims, key);
    const alphabet = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_.=+/ ';
    await fc.assert(
      fc.asyncProperty(
        fc.nat({ max: token.length - 1 }),
        fc.constantFrom(...alphabet),
        async (at, char) => {
          fc.pre(token[at] !== char);
          const altered = token.slice(0, at) + char + token.slice(at + 1);
          const result = await verifyDecisionToken(altered, { key, now: 0 });
          expect(result.ok).toBe(false);
          expect([DecisionTokenCodes.malformed, DecisionTokenCodes.badSignature]).toContain(
            result.ok ? '' : result.code,
          );
        },
      ),
      { seed: 1314, numRuns: 300 },
    );
  });

  it('property: arbitrary text is refused, never accepted and never thrown', async () => {
    await fc.assert(
      fc.asyncProperty(
        fc.oneof(
          fc.string(),
          fc.string().map((s) => `pf1.${s}.${s}`),
        ),
        async (s) => {
          const result = await verifyDecisionToken(s, { key, now: 0 });
          expect(result.ok).toBe(false);
        },
      ),
      { seed: 1315, numRuns: 300 },
    );
  });

  it('property: the signed payload does not depend on the order of the claims keys', () => {
    fc.assert(
      fc.property(claimsArb, (c) => {
        const reversed = Object.fromEntries(Object.entries(c).reverse()) as DecisionClaims;
        expect(tokenPayload(reversed)).toBe(tokenPayload(c));
      }),
      { seed: 1316, numRuns: 100 },
    );
  });
});

describe('deliverDecisionToken', () => {
  async function parkedSession() {
    const store = memoryVersionedStore();
    const tools = recordingTools();
    const now = manualClock(1_000);
    const config = { store, model: conversationModel(), tools, options, now };
    const first = await runStored(config, 's1', { message: 'Write the file' });
    if (first.outcome !== 'ran') throw new Error(first.outcome);
    return { config, tools, approvalId: first.result.approval?.approvalId ?? '' };
  }

  it('applies a genuine token once; the same token again is refused as replayed and runs nothing', async () => {
    const { config, tools, approvalId } = await parkedSession();
    const token = await signDecisionToken(
      { sessionId: 's1', approvalId, action: 'approve', expiresAt: 5_000 },
      key,
    );
    const first = await deliverDecisionToken(config, token, { key });
    expect(first.outcome).toBe('ran');
    expect(tools.executed).toHaveLength(1);
    expect(await deliverDecisionToken(config, token, { key })).toEqual({
      outcome: 'refused',
      code: DecisionTokenCodes.replayed,
      message: 'this decision was already applied; nothing was done again',
      sessionId: 's1',
      approvalId,
    });
    expect(tools.executed).toHaveLength(1);
  });

  it('refuses forged and expired tokens without touching the session', async () => {
    const { config, tools, approvalId } = await parkedSession();
    const forged = await signDecisionToken(
      { sessionId: 's1', approvalId, action: 'approve', expiresAt: 5_000 },
      otherKey,
    );
    expect(await deliverDecisionToken(config, forged, { key })).toMatchObject({
      outcome: 'refused',
      code: 'token_bad_signature',
    });
    const expired = await signDecisionToken(
      { sessionId: 's1', approvalId, action: 'approve', expiresAt: 1_000 },
      key,
    );
    expect(await deliverDecisionToken(config, expired, { key })).toMatchObject({
      outcome: 'refused',
      code: 'token_expired',
    });
    expect(tools.executed).toHaveLength(0);
    expect((await config.store.load('s1'))?.record.session.planMode.approval).toBe('pending');
  });

  it('a reject token carries the feedback sent with it; the approve token of the same card is then ignored', async () => {
    const { config, tools, approvalId } = await parkedSession();
    const reject = await signDecisionToken(
      { sessionId: 's1', approvalId, action: 'reject', expiresAt: 5_000 },
      key,
    );
    const approve = await signDecisionToken(
      { sessionId: 's1', approvalId, action: 'approve', expiresAt: 5_000 },
      key,
    );
    expect(
      (await deliverDecisionToken(config, reject, { key, feedback: 'Smaller steps' })).outcome,
    ).toBe('ran');
    const stored = await config.store.load('s1');
    expect(
      stored?.record.session.messages.some(
        (m) => m.role === 'user' && m.content.includes('Smaller steps'),
      ),
    ).toBe(true);
    expect(await deliverDecisionToken(config, approve, { key })).toMatchObject({
      outcome: 'ignored',
      reason: 'stale_id',
    });
    expect(tools.executed).toHaveLength(0);
  });
});
