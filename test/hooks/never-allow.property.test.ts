import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { analyzeShellCommand, type HookHost, judgeHookEvent } from '../../src/index.js';
import * as f from './fixtures.js';

// Safety property: whatever the command, host, event and settings, the hook never answers
// allow when the analyzer says the command is not read-only; in plan mode it always denies it.

const words = fc.constantFrom(
  'ls',
  'cat',
  'git',
  'log',
  'diff',
  'sort',
  'base64',
  'rm',
  'find',
  'sed',
  'awk',
  'echo',
  'xargs',
  'bash',
  'tee',
  'grep',
  'head',
  '-o',
  '-d',
  '-n',
  '-i',
  '-c',
  '--output=x',
  '-exec',
  '-delete',
  '-rf',
  'file.txt',
  "'a b'",
  '$(rm x)',
  '`id`',
  '*',
  '~',
  '$HOME',
  '{a,b}',
  '>',
  '>>',
  '<',
  '2>&1',
  '&&',
  '||',
  ';',
  '|',
  '&',
  '\n',
  '"x"',
  'f(){',
  '}',
  '=',
  'x=1',
);
const command = fc.array(words, { minLength: 1, maxLength: 8 }).map((w) => w.join(' '));

type Inputs = Record<string, (c: string, mode?: string) => unknown>;
const inputs: Record<HookHost, Inputs> = {
  claude: { pre: f.claudePreToolUse, permission: f.claudePermissionRequest },
  codex: { pre: f.codexPreToolUse, permission: f.codexPermissionRequest },
  copilot: { pre: (c) => f.copilotPreToolUse(c) },
  gemini: { pre: (c) => f.geminiBeforeTool(c) },
  cursor: { pre: (c) => f.cursorBeforeShell(c) },
  cline: { pre: (c) => f.clinePreToolUse(c) },
};

/** Did the host's output document approve the call? */
function allows(stdout: string): boolean {
  if (stdout === '') return false;
  const out = JSON.parse(stdout);
  return (
    out.permissionDecision === 'allow' ||
    out.decision === 'allow' ||
    out.permission === 'allow' ||
    out.hookSpecificOutput?.permissionDecision === 'allow' ||
    out.hookSpecificOutput?.decision?.behavior === 'allow'
  );
}

function denies(stdout: string, exitCode: number): boolean {
  if (exitCode === 2) return true;
  const out = JSON.parse(stdout);
  return (
    out.permissionDecision === 'deny' ||
    out.decision === 'deny' ||
    out.permission === 'deny' ||
    out.cancel === true ||
    out.hookSpecificOutput?.permissionDecision === 'deny' ||
    out.hookSpecificOutput?.decision?.behavior === 'deny'
  );
}

const cases = Object.entries(inputs).flatMap(([host, events]) =>
  Object.entries(events).map(([event, make]) => ({ host: host as HookHost, event, make })),
);

describe('the hook never allows what the analyzer does not prove read-only', () => {
  it.each(cases)('$host $event', ({ host, make }) => {
    fc.assert(
      fc.property(
        command,
        fc.boolean(),
        fc.boolean(),
        fc.boolean(),
        (cmd, planMode, hostPlan, approve) => {
          const verdict = analyzeShellCommand(cmd);
          const answer = judgeHookEvent(host, make(cmd, hostPlan ? 'plan' : 'default'), {
            planMode,
            approveBeforeTool: approve,
          });
          if (!verdict.readOnly) {
            expect(allows(answer.stdout)).toBe(false);
            const planning = planMode || (hostPlan && (host === 'claude' || host === 'codex'));
            if (planning) expect(denies(answer.stdout, answer.exitCode)).toBe(true);
          }
        },
      ),
      { seed: 1515, numRuns: 150 },
    );
  });
});
