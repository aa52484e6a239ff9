import { describe, expect, it } from 'vitest';
import { ACK_INSTRUCTION, planModeSystemPrompt } from '../../../src/internal.js';
import { samplePlan } from '../../helpers.js';
import { recordPlugin, SESSION } from './recorder.js';

const build = (
  r: ReturnType<typeof recordPlugin>,
  runId: string,
  prompt = 'Fix the parser',
  messages: unknown[] = [],
) =>
  r.hook('before_prompt_build')(
    { prompt, currentUserMessage: prompt, messages },
    { ...SESSION, runId },
  );

describe('before_prompt_build', () => {
  it('in plan mode adds the plan-mode rules and narrows the tools to read-only ones, exec and the plan tools', () => {
    const r = recordPlugin({ startInPlanMode: true });
    const result = build(r, 'run-1');
    const stored = r.stored();
    expect(result?.appendSystemContext).toContain(
      planModeSystemPrompt(stored ?? ({} as never)) ?? 'missing',
    );
    const allowed = result?.toolsAllow ?? [];
    for (const tool of [
      'read',
      'ls',
      'exec',
      'exit_plan_mode',
      'plan_update',
      'plan_ask_user',
      'planfirst',
      'tool_search',
    ])
      expect(allowed, tool).toContain(tool);
    // OpenClaw's own ask_user and update_plan (its progress_card) are not the plugin's.
    for (const tool of [
      'write',
      'edit',
      'apply_patch',
      'message',
      'process',
      'ask_user',
      'update_plan',
    ])
      expect(allowed, tool).not.toContain(tool);
  });

  it('names the plugin’s id among the allowed tools, so its tools stay allowed as a group', () => {
    const result = build(recordPlugin({ startInPlanMode: true }), 'run-1');
    expect(result?.toolsAllow).toContain('planfirst');
  });

  it('adds nothing in normal mode with no plan', () => {
    expect(build(recordPlugin(), 'run-1')).toBeUndefined();
  });

  it('re-anchors an approved plan on every build, so it survives compaction', async () => {
    const r = recordPlugin({ startInPlanMode: true, approvals: 'command' });
    await r.callTool('exit_plan_mode', samplePlan);
    await r.command('approve approval-1');
    build(r, 'run-2');
    // After compaction the host rebuilds the prompt from a summarised history.
    const later = build(r, 'run-3', 'continue', [
      { role: 'user', content: 'summary of earlier turns' },
    ]);
    expect(later?.appendSystemContext).toContain(
      'Reminder: you are executing the approved plan below.',
    );
    expect(later?.appendSystemContext).toContain(samplePlan.steps[0]?.text);
    expect(later?.toolsAllow).toBeUndefined();
    // The model is told the name it can call here: OpenClaw owns update_plan.
    expect(later?.appendSystemContext).toContain('Keep it current with plan_update.');
    expect(later?.appendSystemContext).not.toMatch(/(?<![\w:])update_plan/);
  });

  it('reminds a planning session of its pending plan', async () => {
    const r = recordPlugin({ startInPlanMode: true, approvals: 'command' });
    await r.callTool('exit_plan_mode', samplePlan);
    expect(build(r, 'run-2')?.appendSystemContext).toContain("waiting for the user's decision");
  });

  it('adds the ACK fast-path note on a go-ahead, once per run and never in plan mode', () => {
    const r = recordPlugin();
    expect(build(r, 'run-1', 'ok, go ahead')?.appendContext).toBe(ACK_INSTRUCTION);
    expect(build(r, 'run-1', 'ok, go ahead')).toBeUndefined();
    expect(
      build(recordPlugin({ startInPlanMode: true }), 'run-1', 'ok, go ahead')?.appendContext,
    ).toBeUndefined();
  });

  it('starts fresh retry budgets with each new run', () => {
    const r = recordPlugin();
    build(r, 'run-1', 'Update the docs');
    r.hook('before_agent_finalize')(
      { runId: 'run-1', sessionId: 's-1', lastAssistantMessage: "I'll update the docs now." },
      { ...SESSION, runId: 'run-1' },
    );
    expect(r.stored()?.incompleteTurn.attempts).not.toEqual({});
    build(r, 'run-2', 'Update the docs');
    expect(r.stored()?.incompleteTurn.attempts).toEqual({});
  });

  it('on unreadable state still adds the plan-mode rules (plan mode stays on) and writes nothing', () => {
    const r = recordPlugin();
    r.memory.failReads(true);
    const result = build(r, 'run-1');
    expect(result?.appendSystemContext).toContain('Plan mode is on');
    expect(r.memory.records.size).toBe(0);
  });
});
