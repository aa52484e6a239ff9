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

describe('judgeWrite: paths it cannot use and fields it must not drop', () => {
  it('a project directory or plan path that cannot be normalised: the project is unknown', () => {
    for (const planFile of [
      { path: 'docs/PLAN.md', projectDir: '' },
      { path: 'docs/PLAN.md', projectDir: '/p\n' },
      { path: 'docs/\tPLAN.md', projectDir: '/p' },
    ])
      expect(judgeWrite(write(file('/p/docs/PLAN.md')), row, { planFile })).toBe(
        'the project directory is unknown',
      );
  });

  it('a working directory that cannot be normalised is not usable', () => {
    expect(judgeWrite(write(file('docs/PLAN.md'), ''), row, policy)).toBe(
      'the working directory is not usable',
    );
    expect(judgeWrite(write(file('docs/PLAN.md'), '/p\u0001'), row, policy)).toBe(
      'the working directory is not usable',
    );
  });

  it('from the project itself, a plan path above it is kept relative, not refused as not below', () => {
    const above = { planFile: { path: '../PLAN.md', projectDir: '/p/sub' } };
    const verdict = judgeWrite(write(file('../PLAN.md')), row, above);
    expect(verdict).not.toBe('the plan file is not below the working directory');
  });

  it("a `patch` field is refused only beside a host's own patch field of another name", () => {
    const plain = { file_path: '/p/docs/PLAN.md', content: 'x', patch: 'y' };
    expect(judgeWrite(write(plain), row, policy)).not.toBe('the tool input is not an object');
    const own: ToolRow = { class: 'write', content: [], patch: 'patch' };
    const patch = '*** Begin Patch\n*** Update File: docs/PLAN.md\n@@\n-a\n+b\n*** End Patch';
    expect(judgeWrite(write({ patch }), own, policy)).toBeUndefined();
  });

  it('a target that is not a string is judged, never mapped or thrown on', () => {
    for (const target of [5, null, { a: 1 }, ['/p/docs/PLAN.md', 3]]) {
      const verdict = judgeWrite(write({ file_path: target, content: 'x' }), row, policy);
      expect(typeof verdict).toBe('string');
    }
  });
});

describe('shownTarget: a path it cannot normalise', () => {
  it('is shown as outside the project', () => {
    expect(shownTarget('/p/a\nb', '/p')).toBe('a path outside the project');
  });
});
