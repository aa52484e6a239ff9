import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { HookHosts } from '../../src/hooks/hosts.js';
import { hostToolTables } from '../../src/hooks/tool-table.js';
import { analyzeShellCommand, type HookHost, judgeHookEvent } from '../../src/index.js';
import { toolDoc } from './fixtures.js';

// Safety property of planfirst's plan mode: for every host, every tool of its table and any
// unknown tool, with any input, no answer lets a non-read-only tool or command through.

const project = '/home/u/project';
const planAbs = `${project}/.planfirst/plan.md`;
const policy = { planMode: true, planFile: { path: '.planfirst/plan.md', projectDir: project } };

const paths = fc.constantFrom(
  planAbs,
  '.planfirst/plan.md',
  './.planfirst/plan.md',
  `${project}/src/x.ts`,
  'src/x.ts',
  '/etc/passwd',
  '.planfirst/../src/x',
  'a/.planfirst/plan.md',
  '',
);
const commands = fc.constantFrom(
  'ls',
  'cat a',
  'rm -rf src',
  'echo x > f',
  'git status',
  'ls; rm a',
);
const values = fc.oneof(paths, commands, fc.string(), fc.integer(), fc.constant(null));
const keys = fc.constantFrom(
  'file_path',
  'path',
  'content',
  'command',
  'commands',
  'input',
  'patch',
  'old_string',
  'new_string',
  'cwd',
  'edits',
  'file_text',
  'x',
);
const inputs = fc.dictionary(keys, fc.oneof(values, fc.array(values, { maxLength: 3 })), {
  maxKeys: 4,
});

/** The plan file, as a path the hook may be asked to write. */
const isPlan = (p: unknown) =>
  p === planAbs || p === '.planfirst/plan.md' || p === './.planfirst/plan.md';

const readOnly = (input: Record<string, unknown>): boolean => {
  const raw = input.commands ?? input.command;
  const list = Array.isArray(raw) ? raw : [raw];
  return list.every((c) => typeof c === 'string' && analyzeShellCommand(c).readOnly);
};

describe('plan mode never lets a non-read-only tool or command through', () => {
  it.each(HookHosts.map((h) => [h] as [HookHost]))('%s', (host) => {
    const table = hostToolTables[host];
    const names = fc.oneof(
      fc.constantFrom(...Object.keys(table)),
      fc.string({ minLength: 1, maxLength: 12 }),
      fc.constantFrom('mcp__x__write', 'Bash2', 'shell_exec', '__proto__', 'constructor'),
    );
    fc.assert(
      fc.property(names, inputs, (tool, input) => {
        const a = judgeHookEvent(host, toolDoc(host, tool, input), policy);
        const v = a.judgement.verdict;
        const row = Object.hasOwn(table, tool) ? table[tool] : undefined;
        expect(v).not.toBe('allow');
        if (v !== 'neutral') return;
        // What passes: a read tool, an exit-plan tool (the user decides), a shell call whose
        // every command is read-only, or a write whose every target is the plan file.
        switch (row?.class) {
          case 'read':
          case 'exit-plan':
            return;
          case 'shell':
            expect(readOnly(input)).toBe(true);
            return;
          case 'write': {
            const targets = ['file_path', 'path'].flatMap((k) =>
              k in input ? [input[k]].flat() : [],
            );
            for (const t of targets) expect(isPlan(t)).toBe(true);
            return;
          }
          default:
            throw new Error(`${host} ${tool} passed with class ${row?.class}`);
        }
      }),
      { numRuns: 300 },
    );
  });
});
