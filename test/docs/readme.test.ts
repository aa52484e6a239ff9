import { readFileSync, writeFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { optionsTable } from './options-table.js';

const readmePath = new URL('../../README.md', import.meta.url);
const begin =
  '<!-- options-table:begin (generated from the schema by test/docs/readme.test.ts) -->';
const end = '<!-- options-table:end -->';

// The formatter pads table columns; compare cell contents, not spacing.
const cells = (table: string) =>
  table.split('\n').map((row) =>
    row
      .split(/(?<!\\)\|/)
      .map((c) => c.trim())
      .map((c) => (/^-+$/.test(c) ? '---' : c)),
  );

describe('README', () => {
  it('carries the options table generated from the schema', () => {
    const readme = readFileSync(readmePath, 'utf8');
    const start = readme.indexOf(begin);
    const stop = readme.indexOf(end);
    expect(start, 'README needs the options-table markers').toBeGreaterThan(-1);
    const current = readme.slice(start + begin.length, stop).trim();
    const wanted = optionsTable();
    // UPDATE_README=1 npx vitest run test/docs rewrites the table in place.
    if (process.env.UPDATE_README === '1' && current !== wanted)
      writeFileSync(
        readmePath,
        `${readme.slice(0, start + begin.length)}\n${wanted}\n${readme.slice(stop)}`,
      );
    else expect(cells(current)).toEqual(cells(wanted));
  });
});
