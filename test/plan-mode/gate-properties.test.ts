import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { checkToolCall, resolveOptions } from '../../src/index.js';
import { shellDirectoryFields } from '../../src/plan-mode/shell-call.js';
import { planSession } from '../helpers.js';

// Generated tool calls — random extra fields, nested targets, arrays, inherited properties,
// prototype keys, patch texts naming several files — against one invariant: an allowed call
// has had every field a host could act on judged, or carries only fields the host declared
// harmless.

const plan = planSession();
const options = resolveOptions({
  planMode: { planFile: { path: 'docs/PLAN.md', tools: ['write_file', 'apply_patch'] } },
});
const { planMode } = options;

const targetKeys = ['path', 'file_path', 'target_file', 'filename', 'paths', 'file', 'destination'];
const contentKeys = ['content', 'old_string', 'new_string', 'description'];
const patchKeys = ['patch', 'input'];
const otherKeys = ['mode', 'stdin', 'shell', 'user', 'options', 'edits', 'extra', 'timeout'];
const prototypeKeys = ['__proto__', 'constructor', 'prototype'];
const keys = [
  ...targetKeys,
  ...contentKeys,
  ...patchKeys,
  ...otherKeys,
  ...prototypeKeys,
  'command',
  'env',
  'args',
  'cwd',
  'dir_path',
];

const paths = ['docs/PLAN.md', './docs/PLAN.md', 'src/app.ts', 'docs/../docs/PLAN.md', 'PLAN.md'];
const patchText = fc
  .array(
    fc.tuple(
      fc.constantFrom('*** Update File: ', '*** Add File: ', '--- a/', '+++ b/', 'rename to '),
      fc.constantFrom(...paths),
    ),
    { minLength: 1, maxLength: 3 },
  )
  .map(
    (lines) =>
      `*** Begin Patch\n${lines.map(([h, p]) => `${h}${p}\n+x`).join('\n')}\n*** End Patch`,
  );

const scalar = fc.oneof(
  fc.constantFrom(...paths),
  fc.constantFrom('ls', 'git log -p', 'rm -rf x', 'find src -delete'),
  patchText,
  fc.integer(),
  fc.boolean(),
);

const value: fc.Arbitrary<unknown> = fc.letrec((tie) => ({
  value: fc.oneof(
    { depthSize: 'small', withCrossShrink: true },
    scalar,
    fc.array(tie('value'), { maxLength: 3 }),
    fc.dictionary(fc.constantFrom(...keys), tie('value'), { maxKeys: 3 }),
  ),
})).value;

const shellExtra = fc.dictionary(
  fc.constantFrom('env', 'cwd', 'dir_path', 'args', 'description', 'timeout', 'stdin', 'shell'),
  fc.constantFrom<unknown>({ LANG: 'C' }, { BASH_ENV: 'x' }, 'src', 'vendor/evil.git', ['-la'], 5),
  { maxKeys: 2 },
);
const writeExtra = fc.dictionary(
  fc.constantFrom(...targetKeys, ...contentKeys, 'edits', 'mode', 'cwd'),
  fc.constantFrom<unknown>('docs/PLAN.md', 'src/app.ts', [{ path: 'docs/PLAN.md' }], '.', 'x'),
  { maxKeys: 2 },
);
const ownFields = fc.oneof(
  fc.dictionary(fc.constantFrom(...keys), value, { minKeys: 1, maxKeys: 4 }),
  fc
    .tuple(fc.constantFrom('ls', 'git log -p', 'rm x'), shellExtra)
    .map(([command, extra]) => ({ command, ...extra })),
  writeExtra.map((extra) => ({ path: 'docs/PLAN.md', content: 'x', ...extra })),
);

/** An input as a host gets it: parsed JSON (own `__proto__` keys), or an object with a prototype. */
const input = fc
  .tuple(
    ownFields,
    fc.constantFrom('json', 'plain', 'inherited'),
    fc.dictionary(fc.constantFrom(...keys), value, { maxKeys: 2 }),
  )
  .map(([own, how, inherited]) => {
    if (how === 'json') return JSON.parse(JSON.stringify(own)) as unknown;
    if (how === 'inherited') return Object.assign(Object.create(inherited), own) as unknown;
    return own;
  });

const names = fc.constantFrom(
  ...planMode.shellTools,
  'write_file',
  'apply_patch',
  'read_file',
  'github.search',
  'frobnicate',
);

/** Every key anywhere in a value, own or inherited, as a host could reach it. */
function allKeys(v: unknown, out: string[] = []): string[] {
  if (typeof v !== 'object' || v === null) return out;
  for (const key in v) {
    out.push(key);
    allKeys((v as Record<string, unknown>)[key], out);
  }
  for (const key of Object.getOwnPropertyNames(v)) {
    if (Array.isArray(v) && key === 'length') continue;
    out.push(key);
    allKeys(Object.getOwnPropertyDescriptor(v, key)?.value, out);
  }
  return out;
}

/** Every string under `key` anywhere in a value. */
function stringsUnder(v: unknown, wanted: ReadonlySet<string>, under = false, out: string[] = []) {
  if (typeof v === 'string') {
    if (under) out.push(v);
    return out;
  }
  if (typeof v !== 'object' || v === null) return out;
  for (const [k, child] of Object.entries(v))
    stringsUnder(child, wanted, Array.isArray(v) ? under : wanted.has(k), out);
  return out;
}

/** Every scalar directly under `wanted` keys (through arrays), anywhere in a value. */
function scalarsUnder(v: unknown, wanted: ReadonlySet<string>, under = false, out: unknown[] = []) {
  if (typeof v !== 'object' || v === null) {
    if (under && v !== null) out.push(v);
    return out;
  }
  for (const [k, child] of Object.entries(v))
    scalarsUnder(child, wanted, Array.isArray(v) ? under : wanted.has(k), out);
  return out;
}

describe('generated tool calls: an allowed call had every field judged', () => {
  it('holds for shell tools, plan-file writes and every other tool', () => {
    fc.assert(
      fc.property(names, input, (name, raw) => {
        const d = checkToolCall(plan, { name, input: raw }, options);
        if (!d.allowed) return;
        // No prototype key anywhere, nothing inherited, only plain objects.
        const reachable = allKeys(raw);
        for (const key of reachable) expect(prototypeKeys).not.toContain(key);
        for (const key in raw as object) expect(Object.hasOwn(raw as object, key)).toBe(true);
        expect([Object.prototype, null]).toContain(Object.getPrototypeOf(raw));

        if (planMode.shellTools.includes(name)) {
          const judged = new Set([
            'command',
            'cmd',
            'argv',
            'args',
            'env',
            ...shellDirectoryFields,
          ]);
          for (const key of Object.keys(raw as object))
            expect(judged.has(key) || planMode.shellHarmlessFields.includes(key)).toBe(true);
          return;
        }
        if (name === 'write_file' || name === 'apply_patch') {
          expect(d.code).toBe('plan_file_write');
          // Every target anywhere is the plan file, without `..`.
          for (const target of stringsUnder(raw, new Set(targetKeys)))
            expect(['docs/PLAN.md', './docs/PLAN.md']).toContain(target);
          // Every file a patch names is the plan file.
          for (const text of stringsUnder(raw, new Set(patchKeys)))
            for (const line of text.split('\n')) {
              const m = /^(?:\*\*\* \w+ File: |--- a\/|\+\+\+ b\/|rename to )(.*)$/.exec(line);
              if (m) expect(['docs/PLAN.md', './docs/PLAN.md']).toContain(m[1]);
            }
          // A key that is neither target, content nor patch holds no value of its own: at
          // most objects whose fields were judged in turn.
          expect(scalarsUnder(raw, new Set(otherKeys))).toEqual([]);
          return;
        }
        expect(['read_only_tool', 'read_only_suffix']).toContain(d.code);
      }),
      { seed: 4242, numRuns: 1500 },
    );
  });

  it('the generators reach allowed calls of every kind (the property is not vacuous)', () => {
    const seen = new Set<string>();
    fc.assert(
      fc.property(names, input, (name, raw) => {
        const d = checkToolCall(plan, { name, input: raw }, options);
        if (d.allowed) seen.add(d.code);
      }),
      { seed: 4242, numRuns: 1500 },
    );
    for (const code of ['shell_read_only', 'plan_file_write', 'read_only_tool', 'read_only_suffix'])
      expect(seen).toContain(code);
  });
});
