import type { HookEvent } from './event.js';
import type { HookHost } from './hosts.js';
import type { HookJudgement } from './policy.js';

// Writes a judgement in exactly the host's format. Every host's neutral answer is an output
// that changes nothing (never one a host could read as allow), and Codex's is exactly `{}`:
// Codex rejects unknown fields and would then run the tool as if the hook had failed.

/** What the hook process writes and how it exits. */
export interface HookOutput {
  stdout: string;
  stderr: string;
  exitCode: number;
}

const json = (value: unknown): HookOutput => ({
  stdout: JSON.stringify(value),
  stderr: '',
  exitCode: 0,
});
const empty = (): HookOutput => json({});

/** Encodes a judgement of a parsed event. */
export function encodeJudgement(event: HookEvent, judgement: HookJudgement): HookOutput {
  switch (event.kind) {
    case 'pre-tool':
    case 'permission':
      return toolOutput(event, judgement);
    case 'stop':
      return stopOutput(event.host, judgement);
    case 'session-start':
      return judgement.verdict === 'context' && judgement.context !== undefined
        ? sessionStartOutput(event.host, judgement.context)
        : empty();
    case 'other':
      return neutralToolOutput(event.host);
  }
}

/** The neutral answer of a host's tool event. */
export function neutralToolOutput(host: HookHost): HookOutput {
  switch (host) {
    case 'cline':
      return json({ cancel: false });
    // Cursor reads a missing permission as its own default; `ask` never lets a command run
    // without the user.
    case 'cursor':
      return json({ permission: 'ask' });
    default:
      return empty();
  }
}

function toolOutput(event: HookEvent, j: HookJudgement): HookOutput {
  const { host } = event;
  if (j.verdict !== 'allow' && j.verdict !== 'deny') return neutralToolOutput(host);
  const deny = j.verdict === 'deny';
  if (event.kind === 'permission')
    return json({
      hookSpecificOutput: {
        hookEventName: 'PermissionRequest',
        decision: deny ? { behavior: 'deny', message: j.reason } : { behavior: 'allow' },
      },
    });
  switch (host) {
    case 'claude':
    case 'codex':
      // Codex honours only deny from PreToolUse; an allow there is neutral.
      if (host === 'codex' && !deny) return empty();
      return json({
        hookSpecificOutput: {
          hookEventName: 'PreToolUse',
          permissionDecision: j.verdict,
          permissionDecisionReason: j.reason,
        },
      });
    case 'copilot':
      return json(
        deny
          ? { permissionDecision: 'deny', permissionDecisionReason: j.reason }
          : { permissionDecision: 'allow' },
      );
    case 'gemini':
      return json(deny ? { decision: 'deny', reason: j.reason } : { decision: 'allow' });
    case 'cursor':
      return json(
        deny
          ? { permission: 'deny', user_message: j.reason, agent_message: j.reason }
          : { permission: 'allow' },
      );
    case 'cline':
      // Cline can only block.
      return json(deny ? { cancel: true, errorMessage: j.reason } : { cancel: false });
  }
}

function stopOutput(host: HookHost, j: HookJudgement): HookOutput {
  if (j.verdict === 'block-stop')
    return json(
      host === 'gemini'
        ? { decision: 'deny', reason: j.reason }
        : { decision: 'block', reason: j.reason },
    );
  // Retries ran out: tell the user why the agent stopped; never block again.
  if (
    j.code === 'retries_exhausted' &&
    (host === 'claude' || host === 'codex' || host === 'gemini')
  )
    return json({ systemMessage: j.reason });
  return host === 'cline' ? json({ cancel: false }) : empty();
}

function sessionStartOutput(host: HookHost, context: string): HookOutput {
  if (host === 'claude' || host === 'codex' || host === 'gemini')
    return json({
      hookSpecificOutput: { hookEventName: 'SessionStart', additionalContext: context },
    });
  return empty();
}

/**
 * Whether an error answer blocks: only in plan mode, and only for what may be a tool call. A
 * stop or session start never blocks on an error: blocking a stop could loop the agent.
 */
export function blocksOnError(kind: HookEvent['kind'] | undefined, planMode: boolean): boolean {
  return planMode && (kind === undefined || kind === 'pre-tool' || kind === 'permission');
}

/**
 * The answer when the hook cannot judge (malformed input, an internal error, an invalid
 * settings file). In plan mode it blocks, in the host's policy-decision form where the event
 * is known (a deny the model reads as a rule, not as a hook error), else by exit 2, which every
 * host that blocks on exit codes honours; outside plan mode it is neutral. Never an allow.
 */
export function errorOutput(
  host: HookHost | undefined,
  kind: HookEvent['kind'] | undefined,
  planMode: boolean,
  reason: string,
): HookOutput {
  const message = `planfirst hook: ${reason}`;
  if (!blocksOnError(kind, planMode)) {
    const neutral = host === undefined ? empty() : neutralToolOutput(host);
    return { ...neutral, stderr: `${message}\n` };
  }
  const blocked = `${message}; planfirst plan mode blocks what it cannot judge`;
  // Stryker disable next-line StringLiteral,BooleanLiteral: a tool answer carries only the verdict and the reason
  const denial: HookJudgement = { verdict: 'deny', code: 'error', reason: blocked, planMode: true };
  if (host !== undefined && (kind === 'pre-tool' || kind === 'permission'))
    return { ...toolOutput({ host, kind, eventName: '' }, denial), stderr: `${blocked}\n` };
  switch (host) {
    case 'copilot':
      return json({ permissionDecision: 'deny', permissionDecisionReason: blocked });
    case 'cursor':
      return json({ permission: 'deny', user_message: blocked, agent_message: blocked });
    case 'cline':
      return json({ cancel: true, errorMessage: blocked });
    default:
      // An event of unknown kind: exit 2 blocks in Claude Code, Codex and Gemini CLI (stderr is
      // the reason); so does a host we could not recognise.
      return { stdout: '', stderr: `${blocked}\n`, exitCode: 2 };
  }
}
