import { readdirSync, readFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import type { TurnSummary } from '../../../src/index.js';

// Readers for the labelled incomplete-turn corpus in this folder (see LABELLING.md for the
// columns, the escapes and the rule behind every label) and its fixed tuning/evaluation split.

// Relative to the repository root (where vitest and the scripts run), so the bundled scoring
// script finds the files too.
const here = resolve('test/incomplete-turn/corpus');

export const languages = ['en', 'de', 'fr', 'es', 'pt', 'ja', 'ko', 'zh', 'ar'] as const;
/** A row's language: one of the nine, or `mixed` for text that switches language mid-turn. */
export type CorpusLanguage = (typeof languages)[number] | 'mixed';
export type Half = 'tuning' | 'evaluation';

export const turnLabels = [
  'acted',
  'answered',
  'planning-only',
  'single-action-narration',
  'reasoning-only',
  'empty',
  'not-retryable',
  'plan-ack-only',
] as const;
export type TurnLabel = (typeof turnLabels)[number];
export const turnFlags = ['thinking', 'aborted', 'timedOut', 'toolError', 'sideEffects'] as const;

export interface CorpusTurn {
  id: string;
  file: string;
  lang: CorpusLanguage;
  expected: TurnLabel;
  planMode: boolean;
  turn: TurnSummary;
  note: string;
  /** The input the split hashes: everything the classifier sees. */
  key: string;
  half: Half;
}

export interface CorpusAck {
  id: string;
  file: string;
  lang: CorpusLanguage;
  expected: 'ack' | 'not-ack';
  planMode: boolean;
  prompt: string;
  previous: string | null;
  note: string;
  key: string;
  half: Half;
}

/** `\n`, `\t` and `\\` inside a cell; everything else is literal. */
export function unescapeCell(cell: string): string {
  return cell.replace(/\\([nt\\])/g, (_, c: string) =>
    c === 'n' ? '\n' : c === 't' ? '\t' : '\\',
  );
}

/** `-` is "absent" (null); an empty cell is the empty string. */
const nullable = (cell: string): string | null => (cell === '-' ? null : unescapeCell(cell));

/**
 * FNV-1a (32-bit) over the UTF-8 bytes: stable across runs, platforms and Node versions, so a
 * row never changes half unless its input changes.
 */
export function fnv1a(text: string): number {
  let hash = 0x811c9dc5;
  for (const byte of new TextEncoder().encode(text)) {
    hash ^= byte;
    hash = Math.imul(hash, 0x01000193) >>> 0;
  }
  return hash >>> 0;
}

/** The split: each row goes to one half by the low bit of the hash of its input, once. */
export const halfOf = (key: string): Half => ((fnv1a(key) & 1) === 0 ? 'tuning' : 'evaluation');

interface RawFile {
  file: string;
  header: string[];
  rows: string[][];
}

function readTsvDir(sub: string): RawFile[] {
  const dir = join(here, sub);
  return readdirSync(dir)
    .filter((f) => f.endsWith('.tsv'))
    .sort()
    .map((file) => {
      const lines = readFileSync(join(dir, file), 'utf8')
        .split('\n')
        .filter((line) => line !== '');
      const [header = '', ...rest] = lines;
      return {
        file: `${sub}/${file}`,
        header: header.split('\t'),
        rows: rest.map((l) => l.split('\t')),
      };
    });
}

export const turnColumns = [
  'id',
  'lang',
  'expected',
  'mode',
  'prompt',
  'previous',
  'tools',
  'stop',
  'flags',
  'text',
  'note',
];
export const ackColumns = ['id', 'lang', 'expected', 'mode', 'prompt', 'previous', 'note'];

/** Raw rows with their file, for the shape test (which checks what the parsers assume). */
export function rawTurnFiles(): RawFile[] {
  return readTsvDir('turns');
}
export function rawAckFiles(): RawFile[] {
  return readTsvDir('acks');
}

function parseTools(cell: string): TurnSummary['toolCalls'] {
  if (cell === '-') return [];
  return cell.split(',').map((spec) => {
    const [name = '', access = ''] = spec.split(':');
    if (access !== 'ro' && access !== 'rw') throw new Error(`bad tool spec ${spec}`);
    return { name, readOnly: access === 'ro' };
  });
}

export function corpusTurns(): CorpusTurn[] {
  return rawTurnFiles().flatMap(({ file, rows }) =>
    rows.map((c): CorpusTurn => {
      const [id, lang, expected, mode, prompt, previous, tools, stop, flags, text, note] = c as [
        string,
        string,
        string,
        string,
        string,
        string,
        string,
        string,
        string,
        string,
        string,
      ];
      const flagSet = new Set(flags === '-' ? [] : flags.split(','));
      const turn: TurnSummary = {
        text: unescapeCell(text),
        hasThinking: flagSet.has('thinking'),
        toolCalls: parseTools(tools),
        stopReason: stop as TurnSummary['stopReason'],
        aborted: flagSet.has('aborted'),
        timedOut: flagSet.has('timedOut'),
        toolError: flagSet.has('toolError'),
        sideEffects: flagSet.has('sideEffects'),
        userPrompt: nullable(prompt),
        previousAssistantText: nullable(previous),
      };
      const key = [mode, prompt, previous, tools, stop, flags, text].join('\t');
      return {
        id,
        file,
        lang: lang as CorpusLanguage,
        expected: expected as TurnLabel,
        planMode: mode === 'plan',
        turn,
        note,
        key,
        half: halfOf(key),
      };
    }),
  );
}

export function corpusAcks(): CorpusAck[] {
  return rawAckFiles().flatMap(({ file, rows }) =>
    rows.map((c): CorpusAck => {
      const [id, lang, expected, mode, prompt, previous, note] = c as [
        string,
        string,
        string,
        string,
        string,
        string,
        string,
      ];
      const key = [mode, prompt, previous].join('\t');
      return {
        id,
        file,
        lang: lang as CorpusLanguage,
        expected: expected as 'ack' | 'not-ack',
        planMode: mode === 'plan',
        prompt: unescapeCell(prompt),
        previous: nullable(previous),
        note,
        key,
        half: halfOf(key),
      };
    }),
  );
}
