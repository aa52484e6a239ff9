import type { Message } from '../src/messages.js';
import type { RunEvent } from '../src/run/events.js';

// Human-readable transcripts (printed for failing scenarios) and the pass/fail table.

const oneLine = (text: string, max = 220) => {
  const flat = text.replaceAll('\n', ' ⏎ ');
  return flat.length > max ? `${flat.slice(0, max - 3)}...` : flat;
};

export function describeMessage(m: Message): string {
  switch (m.role) {
    case 'user':
      return m.source === 'planfirst'
        ? `planfirst[${m.kind ?? '?'}]: ${oneLine(m.content)}`
        : `user: ${oneLine(m.content)}`;
    case 'assistant': {
      const parts = m.content.map((b) => {
        if (b.type === 'text') return oneLine(b.text);
        if (b.type === 'thinking') return `(thinking: ${oneLine(b.thinking, 80)})`;
        return `→ ${b.name}#${b.id} ${oneLine(JSON.stringify(b.input), 120)}`;
      });
      return `assistant [${m.stopReason}]: ${parts.join(' | ') || '(empty)'}`;
    }
    case 'tool':
      return `tool ${m.toolName}#${m.toolCallId}${m.isError ? ' (error)' : ''}: ${oneLine(m.content, 160)}`;
  }
}

export function describeEvent(e: RunEvent): string {
  switch (e.type) {
    case 'approval_requested':
      return `${e.type} id=${e.approvalId} plan=${JSON.stringify(e.plan.title)}`;
    case 'retry_injected':
    case 'auto_continue':
      return `${e.type} ${e.instruction.kind} ${e.instruction.tier} ${e.instruction.attempt}/${e.instruction.limit}`;
    case 'assistant_message':
      return `${e.type} calls=${e.toolCalls} ${JSON.stringify(oneLine(e.text, 60))}`;
    case 'tool_blocked':
      return `${e.type} ${e.name}#${e.toolCallId} ${e.code}`;
    default: {
      const { type, ...rest } = e;
      const fields = Object.entries(rest).map(([k, v]) => `${k}=${oneLine(String(v), 80)}`);
      return [type, ...fields].join(' ');
    }
  }
}

export interface RunTranscript {
  input: string;
  status: string;
  messages: readonly Message[];
  events: readonly RunEvent[];
}

export function transcript(title: string, runs: readonly RunTranscript[]): string {
  const lines = [`── transcript: ${title}`];
  for (const [i, run] of runs.entries()) {
    lines.push(`run ${i + 1}: ${run.input} → ${run.status}`, '  messages:');
    for (const m of run.messages) lines.push(`    ${describeMessage(m)}`);
    lines.push('  events:');
    for (const e of run.events) lines.push(`    ${describeEvent(e)}`);
  }
  return lines.join('\n');
}

export interface TableRow {
  file: string;
  title: string;
  runs: number;
  ok: boolean;
  ms: number;
}

/** The summary printed after the suite: one row per scenario. */
export function resultTable(rows: readonly TableRow[]): string {
  const body = rows.map((r, i) => [
    String(i + 1),
    r.file.replace(/\.md$/, ''),
    String(r.runs),
    r.ok ? 'pass' : 'FAIL',
    `${Math.round(r.ms)}`,
  ]);
  const head = ['#', 'scenario', 'runs', 'result', 'ms'];
  const widths = head.map((h, c) => Math.max(h.length, ...body.map((row) => row[c]?.length ?? 0)));
  const fmt = (cells: readonly string[]) =>
    `| ${cells.map((cell, c) => cell.padEnd(widths[c] ?? 0)).join(' | ')} |`;
  const failed = rows.filter((r) => !r.ok).length;
  return [
    `QA scenarios: ${rows.length - failed} passed, ${failed} failed`,
    fmt(head),
    fmt(widths.map((w) => '-'.repeat(w))),
    ...body.map(fmt),
  ].join('\n');
}
