import {
  type AssistantMessage,
  assistantText,
  assistantToolCalls,
  type Message,
  type RunEvent,
  type RunResult,
  renderPlan,
  type ToolCallBlock,
  type ToolResultMessage,
} from '../internal.js';
import type { Palette } from './color.js';
import { clip, firstSentence, wrap } from './text.js';

const WIDTH = 96;
const LABEL = 11;
const pad = ' '.repeat(LABEL);

type EventOf<T extends RunEvent['type']> = Extract<RunEvent, { type: T }>;

/** Codes the demo meets, in words for a newcomer. */
const inWords: Readonly<Record<string, string>> = {
  not_read_only: 'this tool can change things',
  shell_not_read_only: 'this command is not provably read-only',
  approval_requested: 'sent for approval',
  question_asked: 'sent to the user; the run waits',
  plan_updated: 'plan progress updated',
  approved: 'the user approved the plan',
  rejected: 'the user rejected the plan',
  edited: 'the user edited and approved the plan',
  'planning-only': 'the turn only announced work instead of doing it',
};

/** A code in words (the code itself when there are none). */
function words(code: string): string {
  return inWords[code] ?? code;
}

/** What the transcript reads besides the run result. */
export interface TranscriptContext {
  /** The session's mode when the run started (the events only report changes). */
  startedIn: 'normal' | 'plan';
  paint: Palette;
}

/**
 * A run as a readable transcript, built only from its `messages` and `events`: what the user
 * asked, each assistant turn with its tool calls and what the gate did with them, the plan and
 * its approval, the instructions planfirst injected, and how the run ended.
 */
export function renderTranscript(result: RunResult, context: TranscriptContext): string[] {
  const { paint } = context;
  const out: string[] = [];
  const turns = eventsByTurn(result.events);
  const results = new Map(
    result.messages
      .filter((m): m is ToolResultMessage => m.role === 'tool')
      .map((m) => [m.toolCallId, m]),
  );
  const retries = result.events.filter(
    (e): e is EventOf<'retry_injected'> | EventOf<'auto_continue'> =>
      e.type === 'retry_injected' || e.type === 'auto_continue',
  );
  let mode = context.startedIn;
  let turn = -1;
  let retry = 0;
  for (const message of result.messages) {
    if (message.role === 'tool') continue;
    if (message.role === 'assistant') {
      turn++;
      if (turn === 0 && mode === 'plan')
        out.push(banner('plan mode: only read-only tool calls run', paint));
      const events = turns[turn] ?? [];
      out.push(...assistantTurn(message, events, results, mode, paint));
      const resolved = events.find((e) => e.type === 'approval_resolved');
      if (resolved?.code === 'approved' || resolved?.code === 'edited') {
        mode = 'normal';
        out.push(banner('plan approved: plan mode is off, executing', paint));
      }
      continue;
    }
    if (message.source !== 'planfirst') {
      out.push(...labelled('user', message.content, paint.cyan, paint));
      continue;
    }
    if (message.kind === 'retry' || message.kind === 'auto_continue') {
      const instruction = retries[retry++]?.instruction;
      const head =
        instruction === undefined
          ? ''
          : `${paint.yellow(`${instruction.kind} → ${instruction.kind === 'auto-continue' ? 'cycle' : 'retry'} ${instruction.attempt} of ${instruction.limit}`)} (${instruction.tier}): `;
      out.push(...labelled('planfirst', `${head}${message.content}`, paint.blue, paint));
      continue;
    }
    if (message.kind === 'question_answer') {
      out.push(...labelled('planfirst', answerSummary(message.content), paint.blue, paint));
      continue;
    }
    out.push(...labelled('planfirst', decisionSummary(message), paint.blue, paint));
  }
  out.push('', ...footer(result, paint));
  return out;
}

/** Events from one `assistant_message` up to the next, one list per assistant turn. */
function eventsByTurn(events: readonly RunEvent[]): RunEvent[][] {
  const turns: RunEvent[][] = [];
  for (const event of events) {
    if (event.type === 'assistant_message') turns.push([]);
    turns.at(-1)?.push(event);
  }
  return turns;
}

function assistantTurn(
  message: AssistantMessage,
  events: readonly RunEvent[],
  results: ReadonlyMap<string, ToolResultMessage>,
  mode: 'normal' | 'plan',
  paint: Palette,
): string[] {
  const text = assistantText(message);
  const out = text === '' ? [] : labelled('assistant', text, paint.magenta, paint);
  for (const call of assistantToolCalls(message))
    out.push(...toolCallLines(call, events, results.get(call.id), mode, paint));
  // A turn with only tool calls starts on the label's line.
  if (text === '' && out[0] !== undefined)
    out[0] = `${paint.bold(paint.magenta('assistant'.padEnd(LABEL - 1)))} ${out[0].slice(LABEL)}`;
  const classified = events.find((e) => e.type === 'turn_classified');
  if (classified !== undefined && classified.kind !== 'acted' && classified.kind !== 'answered')
    out.push(
      `${pad}${paint.yellow(`planfirst: ${inWords[classified.kind] ?? classified.kind}`)} ${paint.dim(`(${classified.kind}, ${classified.rule})`)}`,
    );
  const requested = events.find((e) => e.type === 'approval_requested');
  if (requested !== undefined) {
    const card = renderPlan(requested.plan, { format: 'text' }).split('\n');
    out.push(...card.map((line) => `${pad}${paint.bold('│')} ${line}`.trimEnd()));
  }
  const asked = events.find((e) => e.type === 'question_asked');
  if (asked !== undefined)
    for (const q of asked.questions)
      out.push(
        `${pad}${paint.bold('│')} ${q.text}`,
        ...q.options.map((o) => `${pad}${paint.bold('│')}   ( ) ${o.label}`),
      );
  const resolved = events.find((e) => e.type === 'approval_resolved');
  if (resolved !== undefined)
    out.push(
      ...labelled(
        'approval',
        `${words(resolved.code)} (approval id ${resolved.approvalId.slice(0, 8)}…)`,
        resolved.code === 'rejected' ? paint.red : paint.green,
        paint,
      ),
    );
  return out;
}

function toolCallLines(
  call: ToolCallBlock,
  events: readonly RunEvent[],
  result: ToolResultMessage | undefined,
  mode: 'normal' | 'plan',
  paint: Palette,
): string[] {
  const head = `${pad}${paint.bold(`▸ ${call.name}`)} ${describeInput(call)}`;
  const blocked = events.find((e) => e.type === 'tool_blocked' && e.toolCallId === call.id);
  if (blocked?.type === 'tool_blocked')
    return [
      `${head}  ${paint.red(`✗ blocked: ${words(blocked.code)}`)}`,
      ...wrap(firstSentence(blocked.message), WIDTH - LABEL - 4).map(
        (line) => `${pad}    ${paint.dim(line)}`,
      ),
    ];
  const planTool = events.find((e) => e.type === 'plan_tool' && e.toolCallId === call.id);
  if (planTool?.type === 'plan_tool')
    return [
      `${head}  ${planTool.isError ? paint.red(`✗ ${words(planTool.code)}`) : paint.green(`✓ ${words(planTool.code)}`)}`,
    ];
  if (result === undefined) return [`${head}  ${paint.dim('(no result)')}`];
  const subagent = events.some((e) => e.type === 'subagent_started' && e.toolCallId === call.id);
  const verdict = result.isError
    ? paint.red('✗ error')
    : paint.green(
        subagent
          ? '✓ allowed: a subagent (plans too)'
          : mode === 'plan'
            ? '✓ allowed: read-only'
            : '✓ ran',
      );
  return [`${head}  ${verdict}`, ...preview(result.content, paint)];
}

/** The part of a tool input worth a glance: the command, the path, the plan title or steps. */
function describeInput(call: ToolCallBlock): string {
  const input = call.input;
  if (typeof input !== 'object' || input === null || Array.isArray(input))
    return clip(JSON.stringify(input), 60);
  if (typeof input.command === 'string') return input.command;
  if (typeof input.path === 'string') return input.path;
  if (typeof input.title === 'string') return JSON.stringify(input.title);
  if (Array.isArray(input.questions)) return plural(input.questions.length, 'question');
  if (Array.isArray(input.updates))
    return input.updates
      .map((u) =>
        typeof u === 'object' && u !== null && !Array.isArray(u)
          ? `step ${String(u.id)} → ${String(u.status)}`
          : '?',
      )
      .join(', ');
  return clip(JSON.stringify(input), 60);
}

/** The first lines of a tool's output, dimmed. */
function preview(content: string, paint: Palette): string[] {
  const lines = content.split('\n').filter((line) => line.trim() !== '');
  const shown = lines
    .slice(0, 3)
    .map((line) => `${pad}    ${paint.dim(clip(line, WIDTH - LABEL - 4))}`);
  if (lines.length > 3) shown.push(`${pad}    ${paint.dim(`… ${lines.length - 3} more lines`)}`);
  return shown;
}

/** An injected answer message: what the user picked, as the model reads it (quoted). */
function answerSummary(content: string): string {
  const picked = content
    .split('\n')
    .filter((line) => line.trim().startsWith('selected:') || line.trim().startsWith('in their'))
    .map((line) => line.trim());
  return `question_answer → model: the user's answer, quoted — ${picked.join('; ')}`;
}

/** An injected decision message: its decision line and the sentence after it. */
function decisionSummary(message: Extract<Message, { role: 'user' }>): string {
  const lines = message.content
    .split('\n')
    .filter((line) => line.trim() !== '' && !line.startsWith('<'));
  return `${message.kind ?? 'message'} → model: ${lines.slice(0, 2).join(' — ')}`;
}

function footer(result: RunResult, paint: Palette): string[] {
  const count = (type: RunEvent['type']) => result.events.filter((e) => e.type === type).length;
  const status = result.status === 'completed' ? paint.green : paint.red;
  const facts = [
    plural(count('model_called'), 'model call'),
    `${plural(count('tool_blocked'), 'tool call')} blocked`,
    plural(count('retry_injected') + count('auto_continue'), 'retry instruction'),
  ];
  return [
    `${paint.bold('result')}     ${status(paint.bold(result.status))} · ${facts.join(' · ')}`,
  ];
}

function labelled(
  name: string,
  text: string,
  colour: (s: string) => string,
  paint: Palette,
): string[] {
  const lines = wrap(text, WIDTH - LABEL);
  return lines.map((line, i) =>
    i === 0 ? `${paint.bold(colour(name.padEnd(LABEL - 1)))} ${line}` : `${pad}${line}`,
  );
}

function banner(text: string, paint: Palette): string {
  return paint.dim(`── ${text} ${'─'.repeat(Math.max(3, WIDTH - text.length - 4))}`);
}

function plural(n: number, noun: string): string {
  return `${n} ${noun}${n === 1 ? '' : 's'}`;
}
