import { ErrorCodes, PlanfirstError, SessionError } from '../errors.js';
import { ensureResolved, type PlanfirstOptions, type ResolvedOptions } from '../options.js';
import { newApprovalId } from '../plan-mode/approval-id.js';
import type { SessionState } from '../session.js';
import type { RunEvent } from './events.js';
import { describeError } from './execute.js';
import type { ToolDefinition } from './types.js';

/**
 * Thrown (as a rejection) by runAgent and runStored when their config is not usable: a missing
 * model client or executor, a callback that is not a function, a getter that throws. Nothing
 * has run.
 */
export class RunConfigError extends PlanfirstError {
  override name = 'RunConfigError';
  constructor(message: string) {
    super(ErrorCodes.invalidRunConfig, message);
  }
}

/** What both drivers read from their config, once, checked. */
export interface HostConfig<Execute> {
  model: (...args: never[]) => unknown;
  execute: Execute;
  definitions: readonly ToolDefinition[];
  options: ResolvedOptions;
  modelId: string | undefined;
  signal: AbortSignal;
  /** The host's clock; a clock that throws or returns no finite number falls back to Date.now. */
  now: () => number;
  /** The host's ids; one that throws or returns no usable string falls back to a random UUID. */
  newId: () => string;
  /** The host's onEvent; a listener that throws is ignored (the run goes on). */
  onEvent: (event: RunEvent) => void;
}

/**
 * Reads a driver's config defensively: the host's object may be plain JavaScript, a Proxy, or
 * have getters that throw. Throws RunConfigError saying what is wrong.
 */
export function readHostConfig<Execute>(
  config: unknown,
  extra: readonly string[] = [],
): HostConfig<Execute> & { raw: Record<string, unknown> } {
  if (typeof config !== 'object' || config === null)
    throw new RunConfigError('the config must be an object');
  const raw: Record<string, unknown> = {};
  for (const key of [...hostFields, ...extra]) raw[key] = readField(config, key);
  if (typeof raw.tools !== 'object' || raw.tools === null)
    throw new RunConfigError('config.tools must be { definitions, execute }');
  const tools = raw.tools;
  const definitions = readField(tools, 'definitions');
  const options = raw.options as PlanfirstOptions | ResolvedOptions | undefined;
  const fn = (name: string, value: unknown, optional: boolean) => {
    if (value === undefined && optional) return;
    if (typeof value !== 'function')
      throw new RunConfigError(`config.${name} must be a function${optional ? ' when given' : ''}`);
  };
  fn('model', raw.model, false);
  fn('tools.execute', readField(tools, 'execute'), false);
  fn('approvals', raw.approvals, true);
  fn('questions', raw.questions, true);
  fn('onEvent', raw.onEvent, true);
  fn('now', raw.now, true);
  fn('newId', raw.newId, true);
  if (!Array.isArray(definitions))
    throw new RunConfigError('config.tools.definitions must be an array');
  const checked: ToolDefinition[] = [];
  for (const [i, d] of definitions.entries()) {
    const name = readField(d, 'name');
    if (typeof name !== 'string' || name === '')
      throw new RunConfigError(`config.tools.definitions[${i}].name must be a non-empty string`);
    checked.push(d as ToolDefinition);
  }
  if (raw.modelId !== undefined && typeof raw.modelId !== 'string')
    throw new RunConfigError('config.modelId must be a string when given');
  const signal = raw.signal ?? new AbortController().signal;
  if (!(signal instanceof AbortSignal))
    throw new RunConfigError('config.signal must be an AbortSignal when given');
  const execute = readField(tools, 'execute') as Execute;
  const boundExecute = ((...args: unknown[]) =>
    (execute as (...a: unknown[]) => unknown).apply(tools, args)) as Execute;
  return {
    raw,
    model: raw.model as (...args: never[]) => unknown,
    execute: boundExecute,
    definitions: checked,
    options: ensureResolved(options),
    modelId: raw.modelId as string | undefined,
    signal,
    now: safeClock(raw.now as (() => unknown) | undefined),
    newId: safeIds(raw.newId as (() => unknown) | undefined),
    onEvent: safeListener(raw.onEvent as ((e: RunEvent) => unknown) | undefined),
  };
}

const hostFields = [
  'model',
  'tools',
  'approvals',
  'questions',
  'options',
  'signal',
  'modelId',
  'onEvent',
  'now',
  'newId',
];

function readField(value: unknown, key: string): unknown {
  try {
    return typeof value === 'object' && value !== null
      ? (value as Record<string, unknown>)[key]
      : undefined;
  } catch (error) {
    throw new RunConfigError(`config field ${key} could not be read: ${describeError(error)}`);
  }
}

function safeClock(now: (() => unknown) | undefined): () => number {
  if (now === undefined) return Date.now;
  return () => {
    try {
      const t = now();
      if (typeof t === 'number' && Number.isFinite(t)) return t;
    } catch {}
    return Date.now();
  };
}

function safeIds(newId: (() => unknown) | undefined): () => string {
  if (newId === undefined) return newApprovalId;
  return () => {
    try {
      const id = newId();
      if (typeof id === 'string' && id !== '' && id.length <= 200) return id;
    } catch {}
    return newApprovalId();
  };
}

function safeListener(onEvent: ((e: RunEvent) => unknown) | undefined): (e: RunEvent) => void {
  return (event) => {
    try {
      onEvent?.(event);
    } catch {
      // A UI listener that fails must not cut a run short and lose its session.
    }
  };
}

/**
 * The session a driver starts from. Only its outline is checked here (an object with messages
 * and a run): a session that skipped parseSession still runs, and a corrupt plan state in it
 * makes the gate stricter, never looser. Throws SessionError for null, a non-object, or a
 * value that cannot be read (a revoked Proxy).
 */
export function readSession(session: unknown): SessionState {
  const bad = (message: string) => new SessionError([{ path: '(root)', message }]);
  if (typeof session !== 'object' || session === null)
    throw bad('expected a session object (createSession() or parseSession())');
  try {
    const { messages, run } = session as { messages?: unknown; run?: unknown };
    if (!Array.isArray(messages)) throw bad('messages must be an array');
    if (typeof run !== 'object' || run === null) throw bad('run must be an object');
  } catch (error) {
    if (error instanceof SessionError) throw error;
    throw bad(`the session could not be read: ${describeError(error)}`);
  }
  return session as SessionState;
}

/**
 * The host's run input as one of the four shapes, read defensively (null, a Proxy,
 * `{ message: 42 }` are none of them: undefined). A decision is copied as plain JSON.
 */
export function readRunInput(
  input: unknown,
):
  | { message: string }
  | { decision: unknown }
  | { answer: unknown }
  | { resume: true }
  | undefined {
  try {
    if (typeof input !== 'object' || input === null) return undefined;
    const { message, decision, answer, resume } = input as Record<string, unknown>;
    if (typeof message === 'string') return { message };
    if (message === undefined && decision !== undefined)
      return { decision: readDecision(decision) };
    if (message === undefined && answer !== undefined) return { answer: readDecision(answer) };
    if (message === undefined && resume === true) return { resume: true };
  } catch {}
  return undefined;
}

/**
 * A decision from the host or its approvals handler, copied as plain JSON: a value that cannot
 * be (a Proxy, a getter that throws, a cycle) is an invalid decision, which planfirst ignores.
 */
export function readDecision(decision: unknown): unknown {
  try {
    return JSON.parse(JSON.stringify(decision) ?? 'null') as unknown;
  } catch (error) {
    return { action: 'invalid', error: describeError(error) };
  }
}
