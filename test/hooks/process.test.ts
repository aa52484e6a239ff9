import { mkdirSync, mkdtempSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { answerHook, type HookIo, nodeHookIo, runHookCommand } from '../../src/hooks/main.js';
import { HookCodes } from '../../src/internal.js';
import * as f from './fixtures.js';
import { tempProject } from './run-hook.js';

// The hook process in-process: what it reads (stdin, the settings file, the environment), what
// it writes (stdout, stderr, the audit log) and its exit status, on the normal and error paths.

interface Captured extends HookIo {
  out: string[];
  err: string[];
}

function io(dir: string, stdin: string, env: Record<string, string> = {}): Captured {
  const out: string[] = [];
  const err: string[] = [];
  return {
    out,
    err,
    readStdin: async () => stdin,
    stdout: (t) => out.push(t),
    stderr: (t) => err.push(t),
    env: {
      PLANFIRST_HOOK_STATE_DIR: mkdtempSync(join(tmpdir(), 'pf-state-')),
      CLAUDE_PROJECT_DIR: dir,
      ...env,
    },
    cwd: dir,
    now: () => new Date(Date.UTC(2026, 0, 2, 3, 4, 5)),
  };
}

const cannotJudge = (reason: string) =>
  `planfirst hook: ${reason}; planfirst plan mode blocks what it cannot judge`;

describe('runHookCommand', () => {
  it('without arguments prints the usage and exits 2; --help and -h exit 0', async () => {
    const none = io(tempProject(), '');
    expect(await runHookCommand([], none)).toBe(2);
    expect(none.err.join('')).toMatch(/^usage: planfirst hook <claude\|codex\|copilot/);
    for (const flag of ['--help', '-h']) {
      const help = io(tempProject(), '');
      expect(await runHookCommand([flag], help)).toBe(0);
      expect(help.err.join('')).toMatch(/^usage: planfirst hook /);
      expect(help.out).toEqual([]);
    }
  });

  it('an unknown host is named, with the usage, exit 2', async () => {
    const c = io(tempProject(), '');
    expect(await runHookCommand(['vim'], c)).toBe(2);
    expect(c.err.join('')).toMatch(/^planfirst hook: unknown host vim\nusage: planfirst hook /);
  });

  it('a host: the answer on stdout, stderr only when there is something to say, its exit code', async () => {
    const dir = tempProject({ planMode: true });
    const deny = io(dir, JSON.stringify(f.claudePreToolUse('rm -rf build')));
    expect(await runHookCommand(['claude'], deny)).toBe(0);
    expect(JSON.parse(deny.out.join('')).hookSpecificOutput.permissionDecision).toBe('deny');
    expect(deny.err).toEqual([]);
    const broken = io(dir, 'not json');
    expect(await runHookCommand(['claude'], broken)).toBe(2);
    expect([broken.out, broken.err]).toEqual([
      [''],
      [`${cannotJudge('the input is not valid JSON')}\n`],
    ]);
  });

  it('auto tells the host from the document', async () => {
    const c = io(tempProject({ planMode: true }), JSON.stringify(f.cursorBeforeShell('rm x')));
    expect(await runHookCommand(['auto'], c)).toBe(0);
    expect(JSON.parse(c.out.join('')).permission).toBe('deny');
  });
});

describe('answerHook: the input', () => {
  it('the event named on the command line fills in a document that names none', async () => {
    const dir = tempProject({ planMode: true });
    const { hook_event_name: _n, ...doc } = f.claudePreToolUse('rm -rf build');
    const a = await answerHook('claude', 'PreToolUse', io(dir, JSON.stringify(doc)));
    expect([a.event?.eventName, a.judgement.code]).toEqual(['PreToolUse', HookCodes.notReadOnly]);
    // The document's own name wins.
    const own = await answerHook(
      'claude',
      'Stop',
      io(dir, JSON.stringify(f.claudePreToolUse('rm -rf build'))),
    );
    expect(own.event?.eventName).toBe('PreToolUse');
    // Cline names its event in hookName.
    const { hookName: _h, ...cline } = f.clinePreToolUse('rm -rf build');
    const c = await answerHook('cline', 'PreToolUse', io(dir, JSON.stringify(cline)));
    expect([c.event?.eventName, c.judgement.verdict]).toEqual(['PreToolUse', 'deny']);
    // With auto, no host: the name is not filled in.
    const auto = await answerHook('auto', 'PreToolUse', io(dir, JSON.stringify(doc)));
    expect(auto.judgement.code).toBe(HookCodes.malformedInput);
  });

  it('input that is not JSON: malformed, blocking by exit 2 in plan mode, neutral outside', async () => {
    const plan = await answerHook('claude', undefined, io(tempProject({ planMode: true }), '{'));
    expect(plan.judgement).toEqual({
      verdict: 'deny',
      code: HookCodes.malformedInput,
      reason: 'the input is not valid JSON',
      planMode: true,
    });
    expect([plan.stdout, plan.exitCode, plan.host]).toEqual(['', 2, 'claude']);
    const off = await answerHook('claude', undefined, io(tempProject(), '{'));
    expect([off.judgement.verdict, off.stdout, off.exitCode]).toEqual(['neutral', '{}', 0]);
    const auto = await answerHook('auto', undefined, io(tempProject(), '{'));
    expect(auto.host).toBeUndefined();
  });
});

describe('answerHook: the settings file', () => {
  it('an unreadable settings file fails closed for a tool call, naming the file', async () => {
    const dir = tempProject(undefined, '{ planMode: tru');
    const a = await answerHook(
      'claude',
      undefined,
      io(dir, JSON.stringify(f.claudePreToolUse('ls'))),
    );
    expect([a.judgement.verdict, a.judgement.code, a.host, a.event?.kind]).toEqual([
      'deny',
      'invalid_hook_config',
      'claude',
      'pre-tool',
    ]);
    expect(a.judgement.reason).toMatch(/^\.planfirst\/hook\.json: /);
    expect(JSON.parse(a.stdout).hookSpecificOutput.permissionDecision).toBe('deny');
  });

  it('an unreadable settings file never blocks a stop', async () => {
    const dir = tempProject(undefined, '{ planMode: tru');
    for (const [host, doc] of [
      ['claude', f.claudeStop('I will now fix it.')],
      ['gemini', f.geminiAfterAgent('Fix it', 'I will now fix it.')],
    ] as const) {
      const a = await answerHook(host, undefined, io(dir, JSON.stringify(doc)));
      expect([host, a.judgement.verdict, a.stdout, a.exitCode]).toEqual([host, 'neutral', '{}', 0]);
      expect(a.stderr).toMatch(/^planfirst hook: \.planfirst\/hook\.json: /);
    }
  });

  it('a settings file that is valid JSON but invalid settings names the bad field', async () => {
    const dir = tempProject({ planMode: 'yes' });
    const a = await answerHook(
      'auto',
      undefined,
      io(dir, JSON.stringify(f.claudePreToolUse('ls', 'plan'))),
    );
    expect([a.judgement.verdict, a.judgement.code, a.host]).toEqual([
      'deny',
      'invalid_hook_config',
      'claude',
    ]);
    expect(a.judgement.reason).toContain('planMode');
  });

  it('a program spec for a program with a built-in rule is refused, naming the program', async () => {
    // Program specs are checked against the analyzer's table, which the hook loads only then.
    const dir = tempProject({ planMode: true, readOnlyPrograms: { cat: { options: {} } } });
    const a = await answerHook(
      'claude',
      undefined,
      io(dir, JSON.stringify(f.claudePreToolUse('ls'))),
    );
    expect([a.judgement.verdict, a.judgement.code]).toEqual(['deny', 'invalid_hook_config']);
    expect(a.judgement.reason).toBe(
      '.planfirst/hook.json: invalid planfirst hook config:\n  - readOnlyPrograms.cat: cat has a built-in rule; an overlay may remove it but not replace it',
    );
  });

  it('a readOnlyPrograms value that is not an object is refused on the same path', async () => {
    const dir = tempProject({ planMode: true, readOnlyPrograms: 'cat' });
    const a = await answerHook(
      'claude',
      undefined,
      io(dir, JSON.stringify(f.claudePreToolUse('ls'))),
    );
    expect([a.judgement.verdict, a.judgement.code]).toEqual(['deny', 'invalid_hook_config']);
    expect(a.judgement.reason).toContain('readOnlyPrograms: expected an object of program specs');
  });

  it('an empty readOnlyPrograms object is a valid file: the shell gate judges as without it', async () => {
    const dir = tempProject({ planMode: true, readOnlyPrograms: {} });
    const ok = await answerHook(
      'claude',
      undefined,
      io(dir, JSON.stringify(f.claudePreToolUse('ls'))),
    );
    expect([ok.judgement.verdict, ok.judgement.code]).toEqual(['neutral', HookCodes.readOnly]);
    const no = await answerHook(
      'claude',
      undefined,
      io(dir, JSON.stringify(f.claudePreToolUse('rm x'))),
    );
    expect([no.judgement.verdict, no.judgement.code]).toEqual(['deny', HookCodes.notReadOnly]);
  });

  it('a settings path that cannot be read as a file is an internal error, never an allow', async () => {
    const dir = tempProject();
    mkdirSync(join(dir, '.planfirst', 'hook.json'), { recursive: true });
    const a = await answerHook(
      'claude',
      undefined,
      io(dir, JSON.stringify(f.claudePreToolUse('ls'))),
    );
    expect([a.judgement.verdict, a.judgement.code]).toEqual(['deny', HookCodes.internalError]);
    expect(a.judgement.reason).toMatch(/^internal error: /);
    const undetected = await answerHook('auto', undefined, io(dir, JSON.stringify({ x: 1 })));
    expect([undetected.host, undetected.exitCode]).toEqual([undefined, 2]);
  });
});

describe('answerHook: the audit log', () => {
  const line = (file: string) =>
    readFileSync(file, 'utf8')
      .trim()
      .split('\n')
      .map((l) => JSON.parse(l));

  it('audit: true writes one line per call to .planfirst/hook-audit.jsonl, with the time from now', async () => {
    const dir = tempProject({ planMode: true, audit: true });
    await answerHook('claude', undefined, io(dir, JSON.stringify(f.claudePreToolUse('rm x'))));
    await answerHook('claude', undefined, io(dir, JSON.stringify(f.claudeStop('Done.'))));
    expect(line(join(dir, '.planfirst', 'hook-audit.jsonl'))).toEqual([
      {
        time: '2026-01-02T03:04:05.000Z',
        host: 'claude',
        event: 'PreToolUse',
        tool: 'Bash',
        argv: [['rm', 'x']],
        verdict: 'deny',
        code: HookCodes.notReadOnly,
        exitCode: 0,
      },
      {
        time: '2026-01-02T03:04:05.000Z',
        host: 'claude',
        event: 'Stop',
        tool: null,
        argv: null,
        verdict: 'neutral',
        code: HookCodes.turnComplete,
        exitCode: 0,
      },
    ]);
  });

  it('a relative audit path is under the project; PLANFIRST_HOOK_AUDIT wins; none when off', async () => {
    const dir = tempProject({ audit: 'logs/a.jsonl' });
    await answerHook('claude', undefined, io(dir, JSON.stringify(f.claudePreToolUse('ls'))));
    expect(line(join(dir, 'logs', 'a.jsonl'))).toHaveLength(1);
    const env = join(mkdtempSync(join(tmpdir(), 'pf-audit-')), 'env.jsonl');
    await answerHook(
      'claude',
      undefined,
      io(dir, JSON.stringify(f.claudePreToolUse('ls')), { PLANFIRST_HOOK_AUDIT: env }),
    );
    expect(line(env)).toHaveLength(1);
    expect(line(join(dir, 'logs', 'a.jsonl'))).toHaveLength(1);
    const off = tempProject({ audit: false });
    const c = io(off, JSON.stringify(f.claudePreToolUse('ls')), { PLANFIRST_HOOK_AUDIT: '' });
    await answerHook('claude', undefined, c);
    expect(c.err).toEqual([]);
  });

  it('an audit log that cannot be written is reported on stderr, and the answer stands', async () => {
    const dir = tempProject({ planMode: true });
    const blocker = join(dir, 'file');
    writeFileSync(blocker, 'x');
    const c = io(dir, JSON.stringify(f.claudePreToolUse('rm x')), {
      PLANFIRST_HOOK_AUDIT: join(blocker, 'audit.jsonl'),
    });
    const a = await answerHook('claude', undefined, c);
    expect(a.judgement.verdict).toBe('deny');
    expect(c.err.join('')).toMatch(/^planfirst hook: cannot write the audit log: /);
  });
});

describe('runHookCommand: the subcommands and the event paths, in-process', () => {
  it('install, uninstall and doctor go to their commands (usage errors: exit 2, named)', async () => {
    for (const verb of ['install', 'uninstall'] as const) {
      const c = io(tempProject(), '');
      expect(await runHookCommand([verb], c)).toBe(2);
      expect(c.err.join('')).toMatch(new RegExp(`^planfirst hook ${verb}: expected a host`));
    }
    const d = io(tempProject(), '');
    expect(await runHookCommand(['doctor'], d)).toBe(2);
    expect(d.err.join('')).toMatch(/^planfirst hook doctor: expected a host/);
  });

  it('stdin that cannot be read: an internal error, neutral outside plan mode', async () => {
    const c = io(tempProject(), '');
    c.readStdin = () => Promise.reject(new Error('EIO'));
    const a = await answerHook('claude', 'PreToolUse', c);
    expect([a.judgement.verdict, a.judgement.code, a.judgement.reason]).toEqual([
      'neutral',
      HookCodes.internalError,
      'internal error: EIO',
    ]);
    expect([a.stdout, a.exitCode]).toEqual(['{}', 0]);
  });

  it('only a stop writes the retry count; a tool call leaves the state directory empty', async () => {
    const dir = tempProject({ planMode: true });
    const c = io(dir, JSON.stringify(f.claudePreToolUse('ls')));
    await answerHook('claude', undefined, c);
    const state = c.env.PLANFIRST_HOOK_STATE_DIR as string;
    expect(readdirSync(state)).toEqual([]);
    const s = io(dir, JSON.stringify(f.claudeStop('I will now fix it.')), {
      PLANFIRST_HOOK_STATE_DIR: state,
    });
    await answerHook('claude', undefined, s);
    expect(readdirSync(state).length).toBeGreaterThan(0);
  });

  it('program specs in the settings are judged by the library: a declared program passes', async () => {
    const dir = tempProject({
      planMode: true,
      readOnlyPrograms: { mytool: { options: { '-v': {} } } },
    });
    const ok = await answerHook(
      'claude',
      undefined,
      io(dir, JSON.stringify(f.claudePreToolUse('mytool -v a'))),
    );
    expect([ok.judgement.verdict, ok.judgement.code]).toEqual(['neutral', HookCodes.readOnly]);
    const no = await answerHook(
      'claude',
      undefined,
      io(dir, JSON.stringify(f.claudePreToolUse('mytool -x a'))),
    );
    expect([no.judgement.verdict, no.judgement.code]).toEqual(['deny', HookCodes.notReadOnly]);
  });

  it('a compaction re-injects the plan file; another session start does not', async () => {
    const dir = tempProject({ planMode: true });
    writeFileSync(join(dir, '.planfirst', 'plan.md'), '1. Add the flag\n2. Test it');
    const compact = await answerHook(
      'claude',
      undefined,
      io(dir, JSON.stringify(f.claudeSessionStart('compact'))),
    );
    const context = JSON.parse(compact.stdout).hookSpecificOutput.additionalContext as string;
    expect(context).toContain('1. Add the flag\n2. Test it');
    const startup = await answerHook(
      'claude',
      undefined,
      io(dir, JSON.stringify(f.claudeSessionStart('startup'))),
    );
    expect(startup.stdout).not.toContain('1. Add the flag');
  });
});

describe('answerHook: which host, and what each event loads', () => {
  it('auto: a shell command is judged by the analyzer, as with the host named', async () => {
    const dir = tempProject({ planMode: true });
    const a = await answerHook(
      'auto',
      undefined,
      io(dir, JSON.stringify(f.cursorBeforeShell('ls'))),
    );
    expect([a.host, a.judgement.verdict, a.judgement.code]).toEqual([
      'cursor',
      'neutral',
      HookCodes.readOnly,
    ]);
  });

  it('a named host is used as named, whatever the document looks like', async () => {
    const dir = tempProject({ planMode: true });
    const a = await answerHook(
      'codex',
      undefined,
      io(dir, JSON.stringify(f.claudePreToolUse('ls'))),
    );
    expect(a.host).toBe('codex');
  });

  it('a permission request runs the analyzer too: a read-only command is allowed', async () => {
    const dir = tempProject({ planMode: true });
    const a = await answerHook(
      'claude',
      undefined,
      io(dir, JSON.stringify(f.claudePermissionRequest('ls'))),
    );
    expect([a.judgement.verdict, a.judgement.code]).toEqual(['allow', HookCodes.readOnly]);
  });

  it('an invalid program spec is an internal error from the library: blocks in plan mode', async () => {
    const dir = tempProject({
      planMode: true,
      readOnlyPrograms: { mytool: { options: { notAnOption: {} } } },
    });
    const a = await answerHook(
      'claude',
      undefined,
      io(dir, JSON.stringify(f.claudePreToolUse('mytool a'))),
    );
    expect([a.judgement.verdict, a.judgement.code]).toEqual(['deny', HookCodes.internalError]);
  });

  it('auto with a settings file it cannot read: the error answered in the detected host’s form', async () => {
    const dir = tempProject();
    mkdirSync(join(dir, '.planfirst', 'hook.json'), { recursive: true });
    const a = await answerHook(
      'auto',
      undefined,
      io(dir, JSON.stringify(f.claudePreToolUse('ls'))),
    );
    expect([a.host, a.judgement.verdict]).toEqual(['claude', 'deny']);
    expect(JSON.parse(a.stdout).hookSpecificOutput.permissionDecision).toBe('deny');
  });
});

describe('the process around the hook', () => {
  it('nodeHookIo reads the real process: its environment, directory, clock and script', () => {
    const real = nodeHookIo();
    expect(real.env).toBe(process.env);
    expect(real.cwd).toBe(process.cwd());
    expect(real.now()).toBeInstanceOf(Date);
    expect(Math.abs(real.now().getTime() - Date.now())).toBeLessThan(60_000);
    expect(real.scriptPath).toBe(process.argv[1]);
    expect([typeof real.readStdin, typeof real.stdout, typeof real.stderr]).toEqual([
      'function',
      'function',
      'function',
    ]);
  });

  it('without PLANFIRST_HOOK_STATE_DIR the retry count goes under XDG_STATE_HOME/planfirst/hook', async () => {
    const dir = tempProject({ planMode: true });
    const xdg = mkdtempSync(join(tmpdir(), 'pf-xdg-'));
    const c = io(dir, JSON.stringify(f.claudeStop('I will now fix it.')));
    const { PLANFIRST_HOOK_STATE_DIR: _omit, ...env } = c.env;
    await answerHook('claude', undefined, { ...c, env: { ...env, XDG_STATE_HOME: xdg } });
    const files = readdirSync(join(xdg, 'planfirst', 'hook'));
    expect(files).toHaveLength(1);
    expect(files[0]).toMatch(/^[0-9a-f]{32}\.json$/);
  });
});
