import { describe, expect, it } from 'vitest';
import type { HookEvent } from '../../src/hooks/event.js';
import { judgeSessionStart, MAX_PLAN_REMINDER } from '../../src/hooks/reanchor.js';
import { HookCodes } from '../../src/internal.js';

// SessionStart after compaction puts the plan back, with the rule for the mode; nothing else
// does.

const start = (source: string, permissionMode?: string): HookEvent => ({
  host: 'claude',
  kind: 'session-start',
  eventName: 'SessionStart',
  source,
  ...(permissionMode === undefined ? {} : { permissionMode }),
});
const plan = { path: '.planfirst/plan.md', text: '1. Add the flag\n2. Test it' };

describe('judgeSessionStart', () => {
  it('after compaction in plan mode: the plan and the plan-mode rule', () => {
    expect(judgeSessionStart(start('compact'), { planMode: true, plan })).toEqual({
      verdict: 'context',
      code: HookCodes.planReanchored,
      reason: 'the plan was re-injected after compaction',
      planMode: true,
      context:
        'The conversation was compacted. The current planfirst plan (.planfirst/plan.md):\n\n1. Add the flag\n2. Test it\n\nPlan mode is on: only provably read-only shell commands run until the user approves the plan.',
    });
  });

  it('after compaction outside plan mode: carry on with the plan', () => {
    const a = judgeSessionStart(start('compact'), { plan });
    expect([a.planMode, a.context?.split('\n').at(-1)]).toEqual([
      false,
      'Carry on with the plan from where you stopped; do not start over.',
    ]);
    expect(judgeSessionStart(start('compact', 'plan'), { plan }).planMode).toBe(true);
  });

  it('a plan longer than the limit is cut at it, pointing to the file', () => {
    const long = { path: 'P.md', text: 'x'.repeat(MAX_PLAN_REMINDER + 1) };
    const a = judgeSessionStart(start('compact'), { plan: long });
    expect(a.context).toContain(
      `${'x'.repeat(MAX_PLAN_REMINDER)}\n… (cut; read P.md for the rest)`,
    );
    expect(a.context).not.toContain('x'.repeat(MAX_PLAN_REMINDER + 1));
    const exact = { path: 'P.md', text: 'x'.repeat(MAX_PLAN_REMINDER) };
    expect(judgeSessionStart(start('compact'), { plan: exact }).context).not.toContain('cut;');
  });

  it('nothing to re-anchor: another source, no plan, or a blank plan', () => {
    const none = {
      verdict: 'neutral',
      code: HookCodes.noPlan,
      reason: 'nothing to re-anchor',
      planMode: false,
    };
    expect(judgeSessionStart(start('startup'), { plan })).toEqual(none);
    expect(judgeSessionStart(start('compact'), {})).toEqual(none);
    expect(judgeSessionStart(start('compact'), { plan: { path: 'p', text: ' \n ' } })).toEqual(
      none,
    );
  });
});
