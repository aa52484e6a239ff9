import { afterAll, describe, expect, it } from 'vitest';
import { isBroken, loadScenarios, runScenario, type ScenarioReport } from './run-scenarios.js';
import { resultTable } from './transcript.js';

// One test per scenario file in qa/scenarios (see qa/README.md). After the suite, a table
// with one row per scenario is printed, followed by the transcript of every failing one.

const scenarios = loadScenarios(new URL('./scenarios/', import.meta.url));
const reports: ScenarioReport[] = [];

describe('QA scenarios', () => {
  it('has at least 30 scenarios', () => {
    expect(scenarios.length).toBeGreaterThanOrEqual(30);
  });

  for (const s of scenarios) {
    it(`${s.file}: ${s.title}`, async () => {
      if (isBroken(s)) {
        reports.push({
          file: s.file,
          title: s.title,
          runs: 0,
          ok: false,
          failures: [s.error],
          transcript: '',
          ms: 0,
        });
        throw new Error(`${s.file}: ${s.error}`);
      }
      const report = await runScenario(s);
      reports.push(report);
      if (!report.ok) throw new Error(`${s.file}\n${report.failures.join('\n')}`);
    });
  }
});

afterAll(() => {
  const order = new Map(scenarios.map((s, i) => [s.file, i]));
  const rows = [...reports].sort((a, b) => (order.get(a.file) ?? 0) - (order.get(b.file) ?? 0));
  const lines = [resultTable(rows)];
  for (const r of rows.filter((x) => !x.ok))
    lines.push('', `✗ ${r.file}`, ...r.failures.map((f) => `  ${f}`), r.transcript);
  console.log(lines.join('\n'));
});
