import type * as Fs from 'node:fs';
import type * as Os from 'node:os';
import type * as Path from 'node:path';
import { sha256Hex } from '../sha256.js';
import { HookCodes } from './codes.js';
import {
  checkHookConfig,
  DEFAULT_PLAN_FILE,
  type HookConfig,
  namesNoPrograms,
  shellPolicyOf,
} from './config-check.js';
import { errorAnswer, type HookAnswer, judgeWith } from './core.js';
import { parseHookEvent } from './event.js';
import { detectHost, type HookHost, isHookHost } from './hosts.js';
import { judgeToolCall, rowOf, type ToolJudges } from './judge-tool-call.js';
import type { HookPolicy } from './policy.js';
import { judgeSessionStart } from './reanchor.js';
import { transcriptFacts } from './transcript.js';

// Node's built-ins through process.getBuiltinModule (Node 20.16 and later): importing them as
// ES modules builds a namespace of every export, and fs's then loads its streams, about 2 ms
// of CPU in a process that hosts start once per tool call.
const {
  appendFileSync,
  closeSync,
  fstatSync,
  mkdirSync,
  openSync,
  readFileSync,
  readSync,
  renameSync,
  writeFileSync,
} = process.getBuiltinModule('node:fs') as typeof Fs;
const { homedir } = process.getBuiltinModule('node:os') as typeof Os;
const { dirname, isAbsolute, join } = process.getBuiltinModule('node:path') as typeof Path;

// The hook process: reads one JSON document from stdin and the project's planfirst files,
// asks the pure judge, writes the host's answer. A tool call loads only the shell analyzer; a
// Stop event (once per turn) also loads the incomplete-turn classifier, never the whole
// library: the library (and zod) load only for program specs in the settings file.

/** What the hook process touches; tests pass their own. */
export interface HookIo {
  readStdin: () => Promise<string>;
  stdout: (text: string) => void;
  stderr: (text: string) => void;
  env: Readonly<Record<string, string | undefined>>;
  cwd: string;
  now: () => Date;
  /** The hook script as the host ran it (symlinks kept): where it is installed. */
  scriptPath?: string;
}

const usage =
  'usage: planfirst hook <claude|codex|copilot|gemini|cursor|cline|auto> [<event>]\n       planfirst hook install|uninstall <host> [--project|--user] [--dry-run]\n       planfirst hook doctor <host> [--bypass-hook-trust | --trust-folder]\n';

/** `planfirst hook …`: the arguments after `hook`; returns the exit status. */
export async function runHookCommand(argv: readonly string[], io: HookIo): Promise<number> {
  const [first, ...rest] = argv;
  if (first === 'install' || first === 'uninstall') {
    const { runInstallCommand } = await import('./install-command.js');
    return runInstallCommand(first, rest, io);
  }
  if (first === 'doctor') {
    const { runDoctorCommand } = await import('./doctor.js');
    return runDoctorCommand(rest, io);
  }
  if (first === undefined || first === '--help' || first === '-h') {
    io.stderr(usage);
    return first === undefined ? 2 : 0;
  }
  if (first !== 'auto' && !isHookHost(first)) {
    io.stderr(`planfirst hook: unknown host ${first}\n${usage}`);
    return 2;
  }
  const answer = await answerHook(first, rest[0], io);
  io.stdout(answer.stdout);
  if (answer.stderr !== '') io.stderr(answer.stderr);
  return answer.exitCode;
}

/** One hook call from raw stdin to the answer. Never throws; never allows on an error path. */
export async function answerHook(
  host: HookHost | 'auto',
  eventArg: string | undefined,
  io: HookIo,
): Promise<HookAnswer> {
  let input: unknown;
  let project = io.cwd;
  let config: HookConfig | undefined;
  let planMode = false;
  let answer: HookAnswer;
  try {
    const raw = await io.readStdin();
    // Stryker disable BlockStatement: input is still undefined when the parse throws
    try {
      input = withEventName(JSON.parse(raw), host, eventArg);
    } catch {
      input = undefined;
    }
    // Stryker restore BlockStatement
    project = projectDir(input, io);
    // Until the settings file is read, assume plan mode: an unreadable file fails closed.
    planMode = true;
    config = await readConfig(project);
    planMode = config?.planMode === true;
    answer =
      input === undefined
        ? errorAnswer(
            host === 'auto' ? undefined : host,
            input,
            planMode,
            HookCodes.malformedInput,
            'the input is not valid JSON',
          )
        : await judgeInput(host, input, project, config, io);
  } catch (error) {
    answer = failedAnswer(host, input, planMode || isPlanInput(input), error);
  }
  if (answer.event?.kind === 'stop') saveAttempts(answer, io);
  audit(answer, config, project, io);
  return answer;
}

async function judgeInput(
  host: HookHost | 'auto',
  input: unknown,
  project: string,
  config: HookConfig | undefined,
  io: HookIo,
): Promise<HookAnswer> {
  const policy = buildPolicy(config, project);
  const resolved = host === 'auto' ? detectHost(input) : host;
  const parsed = resolved === undefined ? undefined : parseHookEvent(resolved, input);
  const event = parsed?.ok === true ? parsed.event : undefined;
  if (event?.kind === 'stop') policy.stop = stopContext(event, config, io);
  if (policy.shellPolicy?.programs !== undefined) {
    // Program-spec validation lives in the library (and its schemas).
    const lib = await import('../index.js');
    return lib.judgeHookEvent(host, input, policy);
  }
  // The turn classifier loads only for a stop, with the default options: no schema is built.
  // Stryker disable ConditionalExpression: loading the stop judge or reading the plan for other events changes only their cost (the session-start judge reads the plan only after a compaction)
  const judgeStop =
    event?.kind === 'stop' ? (await import('./judge-stop.js')).judgeStopEvent : undefined;
  if (event?.kind === 'session-start' && event.source === 'compact')
    readPlan(project, config, policy);
  // Stryker restore ConditionalExpression
  // The shell analyzer loads only for a shell tool, the plan-file rules only for a write tool
  // in plan mode: a Read or a Stop loads neither.
  const judges: ToolJudges = {};
  const row =
    event?.kind === 'pre-tool' || event?.kind === 'permission' ? rowOf(event, policy) : undefined;
  // Stryker disable ConditionalExpression,LogicalOperator: loading a judge for other rows changes only their cost (judgeToolCall uses each for its own row)
  if (row?.class === 'shell')
    judges.analyze = (await import('../shell/index.js')).analyzeShellCommand;
  if (row?.class === 'write' && policy.planMode === true)
    judges.judgeWrite = (await import('./judge-write.js')).judgeWrite;
  // Stryker restore ConditionalExpression,LogicalOperator
  return judgeWith(
    {
      tool: (e, p) => judgeToolCall(e, p, judges),
      sessionStart: judgeSessionStart,
      stop: (e, p) => {
        // Stryker disable next-line ConditionalExpression,StringLiteral: a stop event always loads it; without it the call throws all the same
        if (judgeStop === undefined) throw new Error('the stop judge is not loaded');
        return judgeStop(e, p);
      },
    },
    host,
    input,
    policy,
  );
}

/** An exception on the way to a judgement: the settings file, or a bug. */
function failedAnswer(
  host: HookHost | 'auto',
  input: unknown,
  planMode: boolean,
  error: unknown,
): HookAnswer {
  const config = isHookConfigError(error);
  const message = error instanceof Error ? error.message : 'unknown error';
  const reason = config ? `.planfirst/hook.json: ${message}` : `internal error: ${message}`;
  const code = config ? error.code : HookCodes.internalError;
  const resolved = host !== 'auto' ? host : input === undefined ? undefined : detectHost(input);
  // The event kind decides whether an error may block: a stop never does.
  const about =
    resolved === undefined ? input : eventOrInput(parseHookEvent(resolved, input), input);
  return errorAnswer(resolved, about, planMode, code, reason);
}

function eventOrInput(parsed: ReturnType<typeof parseHookEvent>, input: unknown): unknown {
  return parsed.ok ? parsed.event : input;
}

// Stryker disable all: a safety net; nothing between the parse and `planMode = true` throws today
function isPlanInput(input: unknown): boolean {
  return (input as { permission_mode?: unknown } | undefined)?.permission_mode === 'plan';
}
// Stryker restore all

const eventField: Partial<Record<HookHost, string>> = {
  claude: 'hook_event_name',
  codex: 'hook_event_name',
  gemini: 'hook_event_name',
  cursor: 'hook_event_name',
  cline: 'hookName',
};

/** The event named on the command line fills in an input that does not name its own. */
function withEventName(input: unknown, host: HookHost | 'auto', eventArg?: string): unknown {
  if (eventArg === undefined || host === 'auto' || typeof input !== 'object' || input === null)
    return input;
  const field = eventField[host];
  if (field === undefined || field in input) return input;
  return { ...input, [field]: eventArg };
}

/**
 * The project whose `.planfirst/hook.json` applies, from roots the model cannot move: the
 * project directory the host puts in the environment, the workspace roots it reports, the
 * project the hook is installed in (`<project>/node_modules/planfirst/dist/`), and last the
 * directory the host started the hook in. Never the event's `cwd`, which a `cd` changes.
 */
export function projectDir(input: unknown, io: HookIo): string {
  for (const name of ['CLAUDE_PROJECT_DIR', 'GEMINI_PROJECT_DIR', 'CURSOR_PROJECT_DIR']) {
    const dir = io.env[name];
    if (dir !== undefined && isAbsolute(dir)) return dir;
  }
  const doc = (typeof input === 'object' && input !== null ? input : {}) as Record<string, unknown>;
  const roots = doc.workspace_roots ?? doc.workspaceRoots;
  const root = Array.isArray(roots) ? roots[0] : undefined;
  if (typeof root === 'string' && isAbsolute(root)) return root;
  const installed = io.scriptPath?.match(/^(.*)\/node_modules\/planfirst\/dist\/[^/]+$/)?.[1];
  if (installed !== undefined && installed !== '') return installed;
  return io.cwd;
}

/** The project's `.planfirst/hook.json`, or undefined when there is none. Invalid throws. */
async function readConfig(project: string): Promise<HookConfig | undefined> {
  let text: string;
  try {
    text = readFileSync(join(project, '.planfirst', 'hook.json'), 'utf8');
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return undefined;
    throw error;
  }
  // A broken settings file is an error, and in plan mode an error blocks: the file says the
  // user configured something the hook cannot read.
  let doc: unknown;
  try {
    doc = JSON.parse(text);
  } catch (error) {
    const message = error instanceof Error ? error.message : 'not valid JSON';
    const { HookConfigError } = await import('./config.js');
    throw new HookConfigError([{ path: '.planfirst/hook.json', message }]);
  }
  // Program specs are checked against the analyzer's own table (and load the library for the
  // judgement anyway); every other file is checked without loading either.
  if (!namesNoPrograms(doc)) return (await import('./config.js')).parseHookConfig(doc);
  const checked = checkHookConfig(doc, () => false);
  if ('config' in checked) return checked.config;
  const { HookConfigError } = await import('./config.js');
  throw new HookConfigError(checked.issues);
}

/**
 * A HookConfigError, told by its name: the class loads only when a file is invalid, and
 * nothing else this process throws carries that name.
 */
function isHookConfigError(error: unknown): error is Error & { code: string } {
  return error instanceof Error && error.name === 'HookConfigError' && 'code' in error;
}

function buildPolicy(config: HookConfig | undefined, project: string): HookPolicy {
  if (config === undefined) return {};
  const shellPolicy = shellPolicyOf(config);
  return {
    planMode: config.planMode,
    approveBeforeTool: config.approveBeforeTool,
    readOnlyTools: config.readOnlyTools,
    planFile: { path: config.planFile, projectDir: project },
    ...(shellPolicy === undefined ? {} : { shellPolicy }),
  };
}

function readPlan(project: string, config: HookConfig | undefined, policy: HookPolicy): void {
  const path = config?.planFile ?? DEFAULT_PLAN_FILE;
  try {
    policy.plan = { path, text: readFileSync(join(project, path), 'utf8') };
  } catch {
    // No plan file: nothing to re-anchor.
  }
}

// --- Stop: per-session retry counts -------------------------------------------------------

function stateFile(sessionId: string, io: HookIo): string {
  const base =
    io.env.PLANFIRST_HOOK_STATE_DIR ??
    join(io.env.XDG_STATE_HOME ?? join(homedir(), '.local', 'state'), 'planfirst', 'hook');
  // The library's own SHA-256: loading node:crypto would cost every hook process a few ms.
  const key = sha256Hex(sessionId).slice(0, 32);
  return join(base, `${key}.json`);
}

function stopContext(
  event: NonNullable<HookAnswer['event']>,
  config: HookConfig | undefined,
  io: HookIo,
): NonNullable<HookPolicy['stop']> {
  const limit = config?.stopRetries ?? 3;
  let attempts: number | undefined;
  if (event.sessionId !== undefined) {
    try {
      const saved = JSON.parse(readFileSync(stateFile(event.sessionId, io), 'utf8')) as {
        attempts?: unknown;
      };
      attempts = validAttempts(saved.attempts);
    } catch {
      attempts = event.stopHookActive === true ? undefined : 0;
    }
  }
  const facts =
    event.transcriptPath === undefined
      ? { userPrompt: null, toolCalls: undefined }
      : transcriptFacts(readTail(event.transcriptPath, 2_000_000));
  return {
    ...(attempts === undefined ? {} : { attempts }),
    limit,
    userPrompt: facts.userPrompt,
    ...(facts.toolCalls === undefined ? {} : { toolCalls: facts.toolCalls }),
  };
}

/**
 * A retry count read from disk is input like any other: a whole number from 0 to the largest
 * limit the settings allow. Anything else is unknown, which never blocks a continued stop.
 */
export function validAttempts(value: unknown): number | undefined {
  return typeof value === 'number' && Number.isInteger(value) && value >= 0 && value <= 10
    ? value
    : undefined;
}

function readTail(path: string, max: number): string {
  try {
    const fd = openSync(path, 'r');
    try {
      const size = fstatSync(fd).size;
      const length = Math.min(size, max);
      const buffer = Buffer.alloc(length);
      readSync(fd, buffer, 0, length, size - length);
      return buffer.toString('utf8');
    } finally {
      closeSync(fd);
    }
  } catch {
    return '';
  }
}

/** Stores the session's retry count atomically (write a temp file, then rename). */
function saveAttempts(answer: HookAnswer, io: HookIo): void {
  const sessionId = answer.event?.sessionId;
  if (sessionId === undefined) return;
  const file = stateFile(sessionId, io);
  try {
    mkdirSync(dirname(file), { recursive: true });
    const temp = `${file}.${process.pid}.tmp`;
    writeFileSync(temp, JSON.stringify({ attempts: answer.judgement.attempts ?? 0 }));
    renameSync(temp, file);
  } catch {
    // Without the file a continued stop is never blocked again, so losing it cannot loop.
  }
}

// --- Audit log ------------------------------------------------------------------------------

function audit(answer: HookAnswer, config: HookConfig | undefined, project: string, io: HookIo) {
  const target =
    io.env.PLANFIRST_HOOK_AUDIT ?? (config?.audit === false ? undefined : config?.audit);
  if (target === undefined || target === '') return;
  const file = isAbsolute(target) ? target : join(project, target);
  const line = {
    time: io.now().toISOString(),
    host: answer.host ?? null,
    event: answer.event?.eventName ?? null,
    tool: answer.event?.toolName ?? null,
    argv: answer.judgement.argv ?? null,
    verdict: answer.judgement.verdict,
    code: answer.judgement.code,
    exitCode: answer.exitCode,
  };
  try {
    mkdirSync(dirname(file), { recursive: true });
    appendFileSync(file, `${JSON.stringify(line)}\n`);
  } catch (error) {
    io.stderr(`planfirst hook: cannot write the audit log: ${(error as Error).message}\n`);
  }
}

// --- The process ----------------------------------------------------------------------------

async function readAll(stream: NodeJS.ReadableStream): Promise<string> {
  const chunks: Buffer[] = [];
  for await (const chunk of stream) chunks.push(Buffer.from(chunk as Buffer));
  return Buffer.concat(chunks).toString('utf8');
}

/** The real process's streams, environment and clock. */
export function nodeHookIo(): HookIo {
  return {
    readStdin: () => readAll(process.stdin),
    stdout: (text) => process.stdout.write(text),
    stderr: (text) => process.stderr.write(text),
    env: process.env,
    cwd: process.cwd(),
    now: () => new Date(),
    ...(process.argv[1] === undefined ? {} : { scriptPath: process.argv[1] }),
  };
}
