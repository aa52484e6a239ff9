import { execFileSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

// What planfirst exports is part of its contract: an export added, removed or changed in kind
// shows up here, and `node scripts/api-report.mjs --write` records it on purpose.
const root = fileURLToPath(new URL('../../', import.meta.url));

describe('the public API surface', () => {
  it('matches the checked-in report api/planfirst.api.txt (update it with node scripts/api-report.mjs --write)', () => {
    const current = execFileSync(process.execPath, ['scripts/api-report.mjs'], {
      cwd: root,
      encoding: 'utf8',
    });
    expect(current).toBe(readFileSync(`${root}api/planfirst.api.txt`, 'utf8'));
  });

  it('has no schema or internal helper in the root entry', () => {
    const report = readFileSync(`${root}api/planfirst.api.txt`, 'utf8');
    const rootNames = (report.split('# planfirst/')[0] ?? '').split('\n');
    const values = rootNames.filter((line) => /^(const|function|class) /.test(line));
    const schemas = values.filter((line) => /Schema$/.test(line));
    expect(schemas).toEqual(['const     optionsSchema', 'const     turnSummarySchema']);
  });
});
