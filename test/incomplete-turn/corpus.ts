import { readFileSync } from 'node:fs';

// Readers for the shared development corpora (/work/shared/corpus). The files are TSV with one
// header line; see the corpus README for the columns and escapes.

const corpusDir = process.env.PLANFIRST_CORPUS ?? '/work/shared/corpus';

function rows(file: string): string[][] {
  const text = readFileSync(`${corpusDir}/${file}`, 'utf8');
  return text
    .split('\n')
    .slice(1)
    .filter((line) => line.trim() !== '')
    .map((line) => line.split('\t'));
}

export interface TurnRow {
  id: string;
  turn: unknown;
  planMode: boolean;
  expected: string;
  note: string;
}

/** dev-turns.tsv: `id turn_json context_json expected source note`. */
export function devTurns(): TurnRow[] {
  return rows('dev-turns.tsv').map(
    ([id = '', turn = '', context = '', expected = '', , note = '']) => ({
      id,
      turn: JSON.parse(turn) as unknown,
      planMode: (JSON.parse(context) as { planMode: boolean }).planMode,
      expected,
      note,
    }),
  );
}

export interface AckRow {
  id: string;
  prompt: string;
  previous: string | null;
  expected: boolean;
  note: string;
}

// `\n` and `\t` inside cells are escapes; `\\` is a backslash.
function unescapeCell(cell: string): string {
  return cell.replace(/\\([nt\\])/g, (_, c: string) =>
    c === 'n' ? '\n' : c === 't' ? '\t' : '\\',
  );
}

/** dev-acks.tsv: `id prompt previous_assistant_text expected note`. */
export function devAcks(): AckRow[] {
  return rows('dev-acks.tsv').map(
    ([id = '', prompt = '', previous = '', expected = '', note = '']) => ({
      id,
      prompt: unescapeCell(prompt),
      previous: previous === '' ? null : unescapeCell(previous),
      expected: expected === 'ack',
      note,
    }),
  );
}
