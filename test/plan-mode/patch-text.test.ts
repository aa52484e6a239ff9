import { describe, expect, it } from 'vitest';
import { checkToolCall, resolveOptions } from '../../src/index.js';
import { judgePatchText } from '../../src/plan-mode/patch-text.js';
import { planSession } from '../helpers.js';

// The plan-file patch rule as a table: each row is a patch text and whether the gate lets it
// write the plan file. Every refused row is a patch some real applier reads as touching
// another file (see patch-differential.test.ts for the appliers themselves).

const plan = planSession();
const gate = (planPath: string, patch: string) =>
  checkToolCall(
    plan,
    { name: 'apply_patch', input: { patch } },
    resolveOptions({ planMode: { planFile: { path: planPath, tools: ['apply_patch'] } } }),
  );

const begin = '*** Begin Patch';
const end = '*** End Patch';
const addPlan = ['*** Add File: PLAN.md', '+# Plan'];
const v4a = (...lines: string[]) => [begin, ...addPlan, ...lines, end].join('\n');

describe('apply_patch headers are read the way Codex reads them: trimmed', () => {
  it.each([
    ['spaces', '   '],
    ['a tab', '\t'],
    ['a no-break space', '\u00a0'],
    ['an em space', '\u2003'],
    ['an ideographic space', '\u3000'],
    ['a narrow no-break space', '\u202f'],
    ['a zero-width space', '\u200b'],
    ['a byte-order mark', '\ufeff'],
    ['GNU patch indentation `X`', 'X'],
  ])('refuses a header indented with %s', (_label, indent) => {
    for (const header of ['*** Add File: scripts/postinstall.sh', '*** Delete File: src/index.ts'])
      expect(gate('PLAN.md', v4a(`${indent}${header}`)).allowed).toBe(false);
    expect(gate('PLAN.md', v4a(`${indent}*** Add File: PLAN.md`)).allowed).toBe(false);
  });

  it('refuses a header with padding around its file name (Codex and the SDK trim it)', () => {
    for (const header of [
      '*** Add File:  PLAN.md',
      '*** Add File: PLAN.md ',
      '*** Add File: PLAN.md\u00a0',
    ])
      expect(gate('PLAN.md', [begin, header, '+x', end].join('\n')).allowed).toBe(false);
  });

  it('refuses a `***` line that is no apply_patch marker (a context diff to GNU patch)', () => {
    for (const header of ['*** add file: PLAN.md', '*** Add File:PLAN.md', '*** src/index.ts'])
      expect(gate('PLAN.md', [begin, header, '+x', end].join('\n')).allowed).toBe(false);
  });

  it('passes apply_patch headers that name the plan file, Move to included', () => {
    expect(gate('PLAN.md', v4a()).allowed).toBe(true);
    const update = [begin, '*** Update File: docs/PLAN.md', '*** Move to: docs/PLAN.md'];
    expect(gate('docs/PLAN.md', [...update, '@@', '-a', '+b', end].join('\n')).allowed).toBe(true);
  });
});

describe('git prefixes and /dev/null mean something only where a format gives them meaning', () => {
  it.each([
    ['*** Add File: a/PLAN.md'],
    ['*** Update File: b/PLAN.md'],
    ['*** Delete File: /dev/null'],
    ['*** Move to: b/PLAN.md'],
  ])('refuses %s in an apply_patch header', (header) => {
    expect(gate('PLAN.md', [begin, header, '+x', end].join('\n'))).toMatchObject({
      allowed: false,
      code: 'plan_file_outside',
    });
  });

  const gitUpdate = (p: string) =>
    [`diff --git a/${p} b/${p}`, `--- a/${p}`, `+++ b/${p}`, '@@ -1 +1 @@', '-a', '+b', ''].join(
      '\n',
    );

  it('passes a git diff naming the plan file as a/… b/…', () => {
    expect(gate('docs/PLAN.md', gitUpdate('docs/PLAN.md')).allowed).toBe(true);
    expect(gate('PLAN.md', gitUpdate('PLAN.md')).allowed).toBe(true);
    const create =
      'diff --git a/PLAN.md b/PLAN.md\nnew file mode 100644\n--- /dev/null\n+++ b/PLAN.md\n@@ -0,0 +1 @@\n+x\n';
    expect(gate('PLAN.md', create).allowed).toBe(true);
  });

  it('refuses a/ and b/ outside a git diff, and on the wrong side', () => {
    expect(gate('PLAN.md', '--- a/PLAN.md\n+++ b/PLAN.md\n@@ -1 +1 @@\n-a\n+b\n').allowed).toBe(
      false,
    );
    const swapped = 'diff --git a/PLAN.md b/PLAN.md\n--- b/PLAN.md\n+++ a/PLAN.md\n';
    expect(gate('PLAN.md', swapped).allowed).toBe(false);
  });

  it('refuses /dev/null on both sides (git apply writes a file `dev/null`) or without its mode line', () => {
    expect(gate('PLAN.md', '--- /dev/null\n+++ /dev/null\n@@ -0,0 +1 @@\n+x\n').allowed).toBe(
      false,
    );
    const deletion =
      'diff --git a/PLAN.md b/PLAN.md\n--- a/PLAN.md\n+++ /dev/null\n@@ -1 +0,0 @@\n-a\n';
    expect(gate('PLAN.md', deletion).allowed).toBe(false);
    const withMode = deletion.replace('\n---', '\ndeleted file mode 100644\n---');
    expect(gate('PLAN.md', withMode).allowed).toBe(true);
  });

  it('refuses a plain diff naming a file in a directory (patch -p1 and git apply strip it)', () => {
    const plain = '--- docs/PLAN.md\n+++ docs/PLAN.md\n@@ -1 +1 @@\n-a\n+b\n';
    expect(gate('docs/PLAN.md', plain).allowed).toBe(false);
    expect(gate('PLAN.md', plain.replaceAll('docs/', '')).allowed).toBe(true);
  });

  it('refuses renames, copies, mode changes, symlinks and binary patches', () => {
    const head = 'diff --git a/PLAN.md b/PLAN.md\n';
    for (const ext of [
      'similarity index 100%\nrename from PLAN.md\nrename to evil.sh',
      'copy from PLAN.md\ncopy to evil.sh',
      'old mode 100644\nnew mode 100755',
      'new file mode 120000',
      'index 5626abf..f719efd 100755',
      'GIT binary patch\nliteral 0\n',
    ])
      expect(gate('PLAN.md', `${head}${ext}\n`).allowed).toBe(false);
  });

  it('refuses a patch mixing apply_patch and diff headers (GNU patch reads `*** Add File: P` as a file `Add`)', () => {
    const mixed = v4a('--- PLAN.md', '+++ /dev/null', '@@ -1 +0,0 @@', '-a');
    expect(gate('PLAN.md', mixed).allowed).toBe(false);
  });
});

describe('line ends and hidden headers', () => {
  it('refuses a lone CR, other control characters and Unicode line separators', () => {
    for (const sep of ['\r', '\u2028', '\u2029', '\u0085', '\v', '\f', '\0'])
      expect(gate('PLAN.md', v4a(`+x${sep}*** Delete File: src/index.ts`)).allowed).toBe(false);
  });

  it('passes CRLF line ends', () => {
    expect(gate('PLAN.md', v4a().replaceAll('\n', '\r\n')).allowed).toBe(true);
  });

  it('reads a header inside a hunk: GNU patch skips `- ` pairs before `---`', () => {
    const quoted = '--- PLAN.md\n+++ PLAN.md\n@@ -1 +1 @@\n-a\n+b\n- --- evil.sh\n';
    expect(gate('PLAN.md', quoted).allowed).toBe(false);
    expect(gate('PLAN.md', v4a('+++ evil.sh')).allowed).toBe(false);
  });

  it('refuses normal-diff and ed commands (GNU patch hands ed scripts to ed)', () => {
    for (const body of ['2c2\n< a\n---\n> b', '2c\nb\n.', '1,2d'])
      expect(gate('PLAN.md', `Index: PLAN.md\n${body}\n`).allowed).toBe(false);
  });
});

describe('judgePatchText', () => {
  it('counts the headers that named the plan file, and passes a patch that names none', () => {
    expect(judgePatchText(v4a(), 'PLAN.md')).toEqual({ ok: true, named: 1 });
    expect(judgePatchText('@@\n-a\n+b\n', 'PLAN.md')).toEqual({ ok: true, named: 0 });
  });

  it('an absolute spelling of the plan file counts only in apply_patch headers, exactly as given', () => {
    const abs = '/srv/p/PLAN.md';
    const add = (name: string) => `*** Begin Patch\n*** Add File: ${name}\n+x\n*** End Patch\n`;
    expect(judgePatchText(add(abs), 'PLAN.md', abs)).toEqual({ ok: true, named: 1 });
    expect(judgePatchText(add(abs), 'PLAN.md').ok).toBe(false);
    expect(judgePatchText(add('/srv/p/x.md'), 'PLAN.md', abs).ok).toBe(false);
    expect(judgePatchText(add(` ${abs}`), 'PLAN.md', abs).ok).toBe(false);
    expect(judgePatchText(`--- ${abs}\n+++ ${abs}\n@@ -1 +1 @@\n-a\n+b\n`, 'PLAN.md', abs).ok).toBe(
      false,
    );
  });

  it('a headerless diff passes beside a target naming the plan file, never alone', () => {
    const options = resolveOptions({
      planMode: { planFile: { path: 'PLAN.md', tools: ['apply_patch'], contentKeys: ['type'] } },
    });
    const call = (input: unknown) =>
      checkToolCall(plan, { name: 'apply_patch', input }, options).allowed;
    expect(call({ type: 'update_file', path: 'PLAN.md', diff: '@@\n-a\n+b\n' })).toBe(true);
    expect(call({ type: 'update_file', path: 'PLAN.md', moveTo: 'src/x.ts', diff: '' })).toBe(
      false,
    );
    expect(call({ diff: '@@\n-a\n+b\n' })).toBe(false);
  });
});
