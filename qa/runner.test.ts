import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { isBroken, parseScenario, runScenario } from './run-scenarios.js';

// The runner must be able to fail: a scenario file it cannot read, or whose expectations do
// not hold, is reported instead of silently passing.

const fence = '```';
const usage =
  'Usage: /plan on | off | status | approve [id] | reject <feedback> | edit <title, then one step per line> | answer [id=<question id>] <option numbers or words; one per question>';
const md = (json: object) =>
  `# A scenario\n\nA story.\n\n${fence}json\n${JSON.stringify(json, null, 2)}\n${fence}\n`;

describe('the scenario runner', () => {
  it('rejects a file without exactly one JSON block', () => {
    const none = parseScenario('none.md', '# No block\n\nJust prose.\n');
    const two = parseScenario('two.md', `${md({ input: { message: 'a' } })}\n${md({})}`);
    expect(isBroken(none) && none.error).toContain('found 0');
    expect(isBroken(two) && two.error).toContain('found 2');
  });

  it('rejects a misspelt field instead of ignoring it', () => {
    const typo = parseScenario('typo.md', md({ input: { message: 'a' }, expect: { staus: 'x' } }));
    expect(isBroken(typo) && typo.error).toContain('staus');
  });

  it('reports every expectation that does not hold, with a transcript', async () => {
    const s = parseScenario(
      'wrong.md',
      md({
        input: { message: 'Say hello.' },
        script: ['Hello!', 'An extra turn nobody asks for.'],
        expect: { status: 'blocked', toolsExecuted: ['read_file'] },
      }),
    );
    if (isBroken(s)) throw new Error(s.error);
    const report = await runScenario(s);
    expect(report.ok).toBe(false);
    expect(report.failures.join('\n')).toMatch(/status: expected blocked, got completed/);
    expect(report.failures.join('\n')).toMatch(/toolsExecuted/);
    expect(report.failures.join('\n')).toMatch(/1 scripted model turn\(s\) never used/);
    expect(report.transcript).toContain('assistant [stop]: Hello!');
  });

  it('reports a /plan command whose reply is not the expected one', async () => {
    const s = parseScenario(
      'command.md',
      md({
        session: { planMode: true },
        runs: [
          {
            commands: [{ args: 'answer 1', reply: 'Answer sent' }],
            input: { resume: true },
            expect: { subagents: [{ planMode: { mode: 'plan' } }] },
          },
        ],
      }),
    );
    if (isBroken(s)) throw new Error(s.error);
    const report = await runScenario(s);
    expect(report.ok).toBe(false);
    const reply = JSON.stringify(`No question was asked.\n${usage}`);
    expect(report.failures).toEqual([
      `run 1: /plan answer 1: expected the reply to include "Answer sent", got ${reply}`,
      'run 1: subagents: expected 1 items, got 0: []',
    ]);
  });

  it('passes a scenario whose expectations hold', async () => {
    const s = parseScenario(
      'right.md',
      md({
        input: { message: 'Say hello.' },
        script: ['Hello!'],
        expect: { status: 'completed', modelCalls: 1, injected: [] },
      }),
    );
    if (isBroken(s)) throw new Error(s.error);
    const report = await runScenario(s);
    expect(report.failures).toEqual([]);
  });
});

describe("docs/run-loop.md's scenario example", () => {
  it('is a valid scenario that passes', async () => {
    const readme = readFileSync(new URL('../docs/run-loop.md', import.meta.url), 'utf8');
    const start = readme.indexOf('one — a write blocked in plan mode');
    const block = readme.slice(start).match(/```json\n([\s\S]*?)```/);
    expect(block?.[1]).toBeDefined();
    const s = parseScenario(
      'readme.md',
      `# Documented example\n\nFrom docs/run-loop.md.\n\n${block?.[0]}\n`,
    );
    if (isBroken(s)) throw new Error(s.error);
    const report = await runScenario(s);
    expect(report.failures).toEqual([]);
    expect(report.ok).toBe(true);
  });
});
