import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import * as f from './fixtures.js';
import { hookPath, runHookCli, runProcess, tempProject } from './run-hook.js';

// The built program run as each host runs it: one JSON document on stdin, then the exit
// status and stdout. Needs `npm run build`.

/** The input as sent from inside `dir` (each host reports its working directory). */
const from = (dir: string, input: unknown) =>
  JSON.stringify(input).replaceAll('/home/u/project', dir);

const hosts = [
  ['claude', f.claudePreToolUse],
  ['codex', f.codexPreToolUse],
  ['copilot', f.copilotPreToolUse],
  ['gemini', f.geminiBeforeTool],
  ['cursor', f.cursorBeforeShell],
  ['cline', f.clinePreToolUse],
] as const;

const neutral: Record<string, string> = {
  claude: '{}',
  codex: '{}',
  copilot: '{}',
  gemini: '{}',
  cursor: '{"permission":"ask"}',
  cline: '{"cancel":false}',
};

describe('planfirst hook <host>, built, as each host runs it', () => {
  it.each(hosts)('%s: plan mode denies `ls && rm -rf build`', async (host, input) => {
    const dir = tempProject({ planMode: true });
    const run = await runHookCli([host], from(dir, input('ls && rm -rf build')), { cwd: dir });
    expect(run.status).toBe(0);
    expect(run.stdout).toMatch(/deny|"cancel":true/);
    expect(run.stdout).toContain('not provably read-only');
  });

  it.each(hosts)('%s: outside plan mode, not read-only is neutral', async (host, input) => {
    const dir = tempProject();
    const run = await runHookCli([host], from(dir, input('git diff --output=/tmp/x')), {
      cwd: dir,
    });
    expect([run.status, run.stdout]).toEqual([0, neutral[host]]);
  });

  it('Codex neutral is byte-for-byte {}', async () => {
    const dir = tempProject();
    for (const command of ['git log -3', 'rm -rf build', 'sort -o out in'])
      expect(
        (await runHookCli(['codex'], from(dir, f.codexPreToolUse(command)), { cwd: dir })).stdout,
      ).toBe('{}');
  });

  it('auto-detects the host and answers in its format', async () => {
    const dir = tempProject({ planMode: true });
    const run = await runHookCli(['auto'], from(dir, f.clinePreToolUse('base64 -d a > b')), {
      cwd: dir,
    });
    expect(JSON.parse(run.stdout).cancel).toBe(true);
  });

  it('dist/hook.js answers exactly like `planfirst hook`', async () => {
    const dir = tempProject();
    const input = from(dir, f.claudePermissionRequest('git log --oneline -5'));
    const direct = await runProcess([hookPath, 'claude'], input);
    const viaCli = await runHookCli(['claude'], input);
    expect(direct).toEqual(viaCli);
    expect(direct.stdout).toBe(
      '{"hookSpecificOutput":{"hookEventName":"PermissionRequest","decision":{"behavior":"allow"}}}',
    );
  });
});

describe('fail closed in plan mode, neutral outside', () => {
  it('malformed input in plan mode blocks with exit 2', async () => {
    const dir = tempProject({ planMode: true });
    const run = await runHookCli(['claude'], 'not json', { cwd: dir });
    expect(run.status).toBe(2);
    expect(run.stdout).toBe('');
    expect(run.stderr).toContain('the input is not valid JSON');
  });

  it('malformed input with permission_mode plan is denied as a policy decision', async () => {
    const dir = tempProject();
    const input = { ...f.claudePreToolUse('x', 'plan'), tool_input: { cmd: 'rm -rf /' } };
    const run = await runHookCli(['claude'], from(dir, input), { cwd: dir });
    expect(run.status).toBe(0);
    expect(JSON.parse(run.stdout).hookSpecificOutput.permissionDecision).toBe('deny');
  });

  it('malformed input outside plan mode is neutral', async () => {
    const dir = tempProject();
    const run = await runHookCli(['codex'], '{"hook_event_name":', { cwd: dir });
    expect([run.status, run.stdout]).toEqual([0, '{}']);
  });

  it('Cline in plan mode cancels on malformed input', async () => {
    const dir = tempProject({ planMode: true });
    const run = await runHookCli(['cline'], '[]', { cwd: dir });
    expect(JSON.parse(run.stdout).cancel).toBe(true);
  });

  it('an unreadable settings file fails closed', async () => {
    const dir = tempProject(undefined, '{ planMode: tru');
    const run = await runHookCli(['claude'], from(dir, f.claudePermissionRequest('git log')), {
      cwd: dir,
    });
    expect(run.status).toBe(0);
    expect(JSON.parse(run.stdout).hookSpecificOutput.decision.behavior).toBe('deny');
    expect(run.stderr).toContain('.planfirst/hook.json');
  });

  it('an internal error (an invalid program spec) blocks in plan mode and is neutral outside', async () => {
    const spec = { readOnlyPrograms: { mytool: { options: { notAnOption: {} } } } };
    const planning = tempProject({ ...spec, planMode: true });
    const run = await runHookCli(['claude'], from(planning, f.claudePreToolUse('mytool a')), {
      cwd: planning,
    });
    expect(run.status).toBe(0);
    expect(JSON.parse(run.stdout).hookSpecificOutput.permissionDecision).toBe('deny');
    expect(run.stderr).toContain('internal error');
    const normal = tempProject(spec);
    const out = await runHookCli(['claude'], from(normal, f.claudePermissionRequest('mytool a')), {
      cwd: normal,
    });
    expect([out.status, out.stdout]).toEqual([0, '{}']);
  });
});

describe('the policy overlay', () => {
  it('adds a read-only program through the library and keeps the parser', async () => {
    const dir = tempProject({ readOnlyPrograms: { mytool: { options: { '-v': {} } } } });
    const ok = await runHookCli(['claude'], from(dir, f.claudePermissionRequest('mytool -v a')), {
      cwd: dir,
    });
    expect(JSON.parse(ok.stdout).hookSpecificOutput.decision.behavior).toBe('allow');
    const chained = await runHookCli(
      ['claude'],
      from(dir, f.claudePermissionRequest('mytool a && rm -rf x')),
      { cwd: dir },
    );
    expect(chained.stdout).toBe('{}');
  });

  it('removes a default program', async () => {
    const dir = tempProject({ removePrograms: ['cat'] });
    const run = await runHookCli(
      ['claude'],
      from(dir, f.claudePermissionRequest('cat README.md')),
      { cwd: dir },
    );
    expect(run.stdout).toBe('{}');
  });

  it('refuses to redefine a shell or a built-in program', async () => {
    const dir = tempProject({ readOnlyPrograms: { bash: {}, git: {} }, planMode: false });
    const run = await runHookCli(['claude'], from(dir, f.claudePermissionRequest('git log')), {
      cwd: dir,
    });
    expect(run.status).toBe(0);
    expect(JSON.parse(run.stdout).hookSpecificOutput.decision.behavior).toBe('deny');
    expect(run.stderr).toContain('readOnlyPrograms.bash');
  });
});

describe('Stop: the incomplete-turn resolver across hook processes', () => {
  const narration = 'I will update the parser first and then run the tests.';

  function session() {
    const dir = tempProject();
    const state = join(dir, 'state');
    const transcript = join(dir, 'transcript.jsonl');
    writeFileSync(
      transcript,
      [
        { type: 'user', message: { role: 'user', content: 'Fix the failing test in parser.ts' } },
        {
          type: 'assistant',
          message: { role: 'assistant', content: [{ type: 'text', text: narration }] },
        },
      ]
        .map((l) => JSON.stringify(l))
        .join('\n'),
    );
    const stop = (last: string, active: boolean) =>
      runHookCli(
        ['claude'],
        JSON.stringify({ ...f.claudeStop(last, active), cwd: dir, transcript_path: transcript }),
        { env: { PLANFIRST_HOOK_STATE_DIR: state } },
      );
    return { stop, state };
  }

  it('blocks with escalating instructions and true counts, then lets the agent stop', async () => {
    const { stop } = session();
    const reasons: string[] = [];
    for (const active of [false, true, true]) {
      const run = await stop(narration, active);
      expect(run.status).toBe(0);
      const out = JSON.parse(run.stdout);
      expect(out.decision).toBe('block');
      reasons.push(out.reason);
    }
    expect(reasons.map((r) => r.match(/retry \d of \d/)?.[0])).toEqual([
      'retry 1 of 3',
      'retry 2 of 3',
      'retry 3 of 3',
    ]);
    expect(reasons[2]).toMatch(/^Final retry/);
    const last = JSON.parse((await stop(narration, true)).stdout);
    expect(last.decision).toBeUndefined();
    expect(last.systemMessage).toContain('3 of 3 reminders');
  });

  it('a new turn (stop_hook_active false) starts the count again', async () => {
    const { stop } = session();
    await stop(narration, false);
    await stop(narration, true);
    const fresh = JSON.parse((await stop(narration, false)).stdout);
    expect(fresh.reason).toContain('retry 1 of 3');
  });

  it('never nags an answer or a question', async () => {
    const { stop } = session();
    expect(
      (await stop('Fixed: the parser now accepts empty input, and the test passes.', false)).stdout,
    ).toBe('{}');
    expect((await stop('Should I also update the changelog?', false)).stdout).toBe('{}');
  });

  it('without a state file a continued stop is never blocked (it cannot loop)', async () => {
    const { stop, state } = session();
    mkdirSync(state, { recursive: true });
    expect((await stop(narration, true)).stdout).toBe('{}');
  });
});

describe('SessionStart compact and the audit log', () => {
  it('re-injects .planfirst/plan.md after compaction', async () => {
    const dir = tempProject({ planMode: true });
    writeFileSync(join(dir, '.planfirst', 'plan.md'), '1. Add the flag\n2. Test it');
    const run = await runHookCli(['claude'], from(dir, f.claudeSessionStart('compact')), {
      cwd: dir,
    });
    const context = JSON.parse(run.stdout).hookSpecificOutput.additionalContext;
    expect(context).toContain('1. Add the flag\n2. Test it');
    expect(context).toContain('Plan mode is on');
  });

  it('writes one JSON line per call when the audit log is on', async () => {
    const dir = tempProject({ audit: true, planMode: true });
    await runHookCli(['cursor'], from(dir, f.cursorBeforeShell('rm -rf build')), { cwd: dir });
    const lines = readFileSync(join(dir, '.planfirst', 'hook-audit.jsonl'), 'utf8')
      .trim()
      .split('\n');
    expect(lines).toHaveLength(1);
    const line = JSON.parse(lines[0] ?? '');
    expect({ ...line, time: typeof line.time }).toEqual({
      time: 'string',
      host: 'cursor',
      event: 'beforeShellExecution',
      tool: 'Shell',
      argv: [['rm', '-rf', 'build']],
      verdict: 'deny',
      code: 'not_read_only',
      exitCode: 0,
    });
  });
});

describe('errors never block a stop, and say what failed', () => {
  const stops = [
    ['claude Stop', 'claude', f.claudeStop('I will now fix the bug.')],
    ['claude Stop, stop hook active', 'claude', f.claudeStop('I will now fix it.', true)],
    ['codex Stop', 'codex', f.codexStop('I will now fix the bug.')],
    ['gemini AfterAgent', 'gemini', f.geminiAfterAgent('Fix it', 'I will now fix it.')],
  ] as const;

  it.each(stops)(
    '%s with an unreadable settings file lets the agent stop',
    async (_l, host, input) => {
      const dir = tempProject(undefined, '{ planMode: tru');
      const run = await runHookCli([host], from(dir, input), { cwd: dir });
      expect([run.status, run.stdout]).toEqual([0, '{}']);
      expect(run.stderr).toContain('.planfirst/hook.json');
    },
  );

  it.each(stops)(
    '%s with an invalid program spec in plan mode is judged as usual (specs are for commands)',
    async (_l, host, input) => {
      const dir = tempProject({ planMode: true, readOnlyPrograms: { t: { options: { x: {} } } } });
      const run = await runHookCli([host], from(dir, input), { cwd: dir });
      expect(run.status).toBe(0);
      expect(run.stderr).toBe('');
      expect(JSON.parse(run.stdout)).not.toHaveProperty('hookSpecificOutput');
    },
  );

  it('the audit log names the code of each failure', async () => {
    const dir = tempProject(undefined, '{ planMode: tru');
    const log = join(dir, 'audit.jsonl');
    const env = { PLANFIRST_HOOK_AUDIT: log };
    await runHookCli(['claude'], from(dir, f.claudePreToolUse('ls')), { env, cwd: dir });
    const normal = tempProject();
    await runHookCli(['claude'], 'not json', { cwd: normal, env });
    await runHookCli(['claude'], from(normal, { hook_event_name: 'PreToolUse' }), {
      env,
      cwd: normal,
    });
    const codes = readFileSync(log, 'utf8')
      .trim()
      .split('\n')
      .map((l) => [JSON.parse(l).code, JSON.parse(l).verdict, JSON.parse(l).exitCode]);
    expect(codes).toEqual([
      ['invalid_hook_config', 'deny', 0],
      ['malformed_input', 'neutral', 0],
      ['malformed_input', 'neutral', 0],
    ]);
  });
});
