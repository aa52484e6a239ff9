import { describe, expect, it } from 'vitest';
import type { HookEvent } from '../../src/hooks/event.js';
import { judgeWrite, shownTarget } from '../../src/hooks/judge-write.js';
import type { ToolRow } from '../../src/hooks/tool-table.js';

// A write tool in plan mode may write the plan file and nothing else: the refusal says why, and
// no local path outside the project reaches the model.

const row: ToolRow = { class: 'write', content: ['content'] };
const patchRow: ToolRow = { class: 'write', content: [], patch: 'command' };
const write = (toolInput: unknown, cwd?: string): HookEvent => ({
  host: 'claude',
  kind: 'pre-tool',
  eventName: 'PreToolUse',
  toolName: 'Write',
  toolInput,
  ...(cwd === undefined ? {} : { cwd }),
});
const policy = { planFile: { path: 'docs/PLAN.md', projectDir: '/p' } };
const file = (file_path: string) => ({ file_path, content: 'x' });

describe('judgeWrite', () => {
  it('the plan file, by absolute or relative path, from the project or a directory above it', () => {
    expect(judgeWrite(write(file('/p/docs/PLAN.md')), row, policy)).toBeUndefined();
    expect(judgeWrite(write(file('docs/PLAN.md')), row, policy)).toBeUndefined();
    expect(judgeWrite(write(file('PLAN.md'), '/p/docs'), row, policy)).toBeUndefined();
    expect(judgeWrite(write(file('/p/docs/PLAN.md'), '/p/docs'), row, policy)).toBeUndefined();
  });

  it('another file: refused, the target shown relative to the project or as outside it', () => {
    expect(judgeWrite(write(file('/p/src/a.ts')), row, policy)).toBe(
      'the write targets another file ("src/a.ts" in the project)',
    );
    expect(judgeWrite(write(file('/etc/passwd')), row, policy)).toBe(
      'the write targets another file (a path outside the project)',
    );
    expect(judgeWrite(write(file('src/a.ts')), row, policy)).toBe(
      'the write targets another file ("src/a.ts")',
    );
  });

  it('a refusal without a target says only why; an absolute path with `..` is never mapped', () => {
    expect(judgeWrite(write({ content: 'x' }), row, policy)).toMatch(
      /^no target path \(looked for path, paths, file, [^)]*notebook_path\)$/,
    );
    expect(judgeWrite(write(file('/p/x/../docs/PLAN.md')), row, policy)).toBe(
      'a target path with a `..` segment can leave the project through a symlink ("docs/PLAN.md" in the project)',
    );
  });

  it('what it cannot judge is refused with the reason', () => {
    expect(judgeWrite(write(file('/p/docs/PLAN.md')), row, {})).toBe('no plan file is configured');
    for (const cwd of ['/other', 'sub'])
      expect(judgeWrite(write(file('PLAN.md'), cwd), row, policy)).toBe(
        'the plan file is not below the working directory',
      );
    expect(judgeWrite(write('x'), row, policy)).toBe('the tool input is not an object');
    expect(judgeWrite(write({ command: '*** Begin Patch', patch: 'x' }), patchRow, policy)).toBe(
      'the tool input is not an object',
    );
  });

  it("a patch in the host's field that updates only the plan file passes", () => {
    const patch = '*** Begin Patch\n*** Update File: docs/PLAN.md\n@@\n-a\n+b\n*** End Patch';
    expect(judgeWrite(write({ command: patch }), patchRow, policy)).toBeUndefined();
  });
});

describe('shownTarget', () => {
  it('relative as given; absolute inside the project relative to it; else only "outside"', () => {
    expect(shownTarget('a', '/p')).toBe('"a"');
    expect(shownTarget('/p/a/../b', '/p')).toBe('"b" in the project');
    expect(shownTarget('/q', '/p')).toBe('a path outside the project');
    expect(shownTarget('/p', '/p')).toBe('a path outside the project');
    expect(shownTarget('/pq/a', '/p')).toBe('a path outside the project');
  });
});
