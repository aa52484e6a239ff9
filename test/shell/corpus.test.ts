import { describe, expect, it } from 'vitest';
import { analyzeShellCommand } from '../../src/shell/analyze.js';
import { commandRows } from '../fixtures/corpus.js';

// Rows where our verdict differs from the sample on purpose, with the reason. Only rows the
// sample marks `block` that we can prove read-only may appear here; an allowed `block` row is
// never fixed by special-casing it.
const disagreements: Record<number, string> = {
  233: '`cat README.md | grep foo` is a pipeline of two read-only programs, read-only by the pipeline rule; the row copies the origin gate, which banned every pipe (the sample itself allows `ps aux | grep node` and `printenv | grep -i proxy`)',
};

describe('dev-commands.tsv', () => {
  const rows = commandRows();
  it('has the rows the README describes', () => {
    expect(rows.length).toBeGreaterThan(200);
  });
  it.each(rows.map((r) => [r.line, r.command, r.expected, r] as const))(
    'line %i: %j → %s',
    (line, command, expected) => {
      const verdict = analyzeShellCommand(command);
      const got = verdict.readOnly ? 'allow' : 'block';
      if (disagreements[line] !== undefined) expect(got).not.toBe(expected);
      else expect(got, `${verdict.code}: ${verdict.reason}`).toBe(expected);
    },
  );
});
