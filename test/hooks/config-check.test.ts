import { describe, expect, it } from 'vitest';
import { checkHookConfig, namesNoPrograms, shellPolicyOf } from '../../src/hooks/config-check.js';
import { HookConfigError, parseHookConfig } from '../../src/internal.js';

// The settings file `.planfirst/hook.json`, field by field: every value a field refuses is
// named with its path and a message the user can act on, and what it accepts comes back as the
// hook reads it. The hook process checks files without the analyzer's table (no built-in rule
// is ever consulted for a file that names no program specs).

const noBuiltIns = () => false;

/** The issues of a file that does not validate, as `path: message` lines. */
function issues(doc: unknown): string[] {
  const checked = checkHookConfig(doc, noBuiltIns);
  expect('config' in checked).toBe(false);
  return checked.issues.map((i) => `${i.path}: ${i.message}`);
}

/** The config of a file that validates. */
function config(doc: unknown) {
  const checked = checkHookConfig(doc, noBuiltIns);
  if (!('config' in checked)) throw new Error(`unexpected issues: ${JSON.stringify(checked)}`);
  expect(checked.issues).toEqual([]);
  return checked.config;
}

describe('checkHookConfig', () => {
  it('a document that is not an object is one issue at the root', () => {
    for (const doc of [null, 3, 'x', [], [{}], true])
      expect(issues(doc)).toEqual(['(root): expected an object']);
  });

  it('unknown settings are named one by one', () => {
    expect(issues({ planmode: true, extra: 1 })).toEqual([
      'planmode: unknown setting',
      'extra: unknown setting',
    ]);
  });

  it('planMode and approveBeforeTool: true or false only', () => {
    expect(issues({ planMode: 'yes', approveBeforeTool: 1 })).toEqual([
      'planMode: expected true or false',
      'approveBeforeTool: expected true or false',
    ]);
    expect(config({ planMode: true, approveBeforeTool: true })).toMatchObject({
      planMode: true,
      approveBeforeTool: true,
    });
    expect(config({ planMode: false })).toMatchObject({
      planMode: false,
      approveBeforeTool: false,
    });
  });

  it('readOnlyPrograms: an object of specs for bare program names no rule covers', () => {
    expect(issues({ readOnlyPrograms: ['cat'] })).toEqual([
      'readOnlyPrograms: expected an object of program specs',
    ]);
    expect(issues({ readOnlyPrograms: 'cat' })).toEqual([
      'readOnlyPrograms: expected an object of program specs',
    ]);
    expect(issues({ readOnlyPrograms: { 'bin/x': {}, 'a b': {}, '': {} } })).toEqual([
      'readOnlyPrograms.bin/x: expected a bare program name',
      'readOnlyPrograms.a b: expected a bare program name',
      'readOnlyPrograms.: expected a bare program name',
    ]);
    expect(issues({ readOnlyPrograms: { bash: {}, npx: {} } })).toEqual([
      'readOnlyPrograms.bash: bash runs other programs or code and can never be declared read-only',
      'readOnlyPrograms.npx: npx runs other programs or code and can never be declared read-only',
    ]);
    expect(issues({ readOnlyPrograms: { mytool: 'x', other: null, third: [] } })).toEqual([
      'readOnlyPrograms.mytool: expected a program spec object',
      'readOnlyPrograms.other: expected a program spec object',
      'readOnlyPrograms.third: expected a program spec object',
    ]);
    // The built-in check is the caller's: only names that pass the other checks reach it.
    const asked: string[] = [];
    const checked = checkHookConfig({ readOnlyPrograms: { cat: {}, mytool: {}, sh: {} } }, (n) => {
      asked.push(n);
      return n === 'cat';
    });
    expect(asked).toEqual(['cat', 'mytool']);
    expect(checked.issues.map((i) => `${i.path}: ${i.message}`)).toEqual([
      'readOnlyPrograms.cat: cat has a built-in rule; an overlay may remove it but not replace it',
      'readOnlyPrograms.sh: sh runs other programs or code and can never be declared read-only',
    ]);
    expect(config({ readOnlyPrograms: { mytool: { options: {} } } }).readOnlyPrograms).toEqual({
      mytool: { options: {} },
    });
  });

  it('removePrograms: a list of names', () => {
    for (const removePrograms of ['cat', [1], ['cat', null], {}])
      expect(issues({ removePrograms })).toEqual([
        'removePrograms: expected a list of program names',
      ]);
    expect(config({ removePrograms: ['cat', 'ls'] }).removePrograms).toEqual(['cat', 'ls']);
    expect(config({ removePrograms: [] }).removePrograms).toEqual([]);
  });

  it('readOnlyTools: names, or prefixes with one trailing *', () => {
    for (const readOnlyTools of ['x', [1], [''], ['*'], ['a*b'], ['**'], ['mcp__*x*'], {}])
      expect(issues({ readOnlyTools })).toEqual([
        'readOnlyTools: expected a list of tool names (a trailing * matches a prefix)',
      ]);
    expect(config({ readOnlyTools: ['mcp__docs__search', 'mcp__fs__read*', 'x'] })).toMatchObject({
      readOnlyTools: ['mcp__docs__search', 'mcp__fs__read*', 'x'],
    });
  });

  it('planFile: a non-empty path; audit: a boolean or a non-empty path', () => {
    expect(issues({ planFile: '' })).toEqual(['planFile: expected a file path']);
    expect(issues({ planFile: 3 })).toEqual(['planFile: expected a file path']);
    expect(config({ planFile: 'docs/PLAN.md' }).planFile).toBe('docs/PLAN.md');
    for (const audit of ['', 0, ['a']])
      expect(issues({ audit })).toEqual(['audit: expected true, false or a file path']);
    expect(config({ audit: true }).audit).toBe('.planfirst/hook-audit.jsonl');
    // null stands for the default, as an absent field does.
    expect(config({ audit: null }).audit).toBe(false);
    expect(config({ audit: false }).audit).toBe(false);
    expect(config({ audit: 'logs/hook.jsonl' }).audit).toBe('logs/hook.jsonl');
  });

  it('stopRetries: a whole number from 0 to 10', () => {
    for (const stopRetries of [-1, 11, 1.5, '3', Number.NaN])
      expect(issues({ stopRetries })).toEqual([
        'stopRetries: expected a whole number from 0 to 10',
      ]);
    for (const stopRetries of [0, 1, 10])
      expect(config({ stopRetries }).stopRetries).toBe(stopRetries);
  });

  it('parseHookConfig throws the same issues as a HookConfigError, checked against the built-in rules', () => {
    const doc = { planMode: 'yes', readOnlyPrograms: { cat: {} } };
    expect(() => parseHookConfig(doc)).toThrow(HookConfigError);
    try {
      parseHookConfig(doc);
    } catch (error) {
      expect((error as HookConfigError).issues).toEqual([
        { path: 'planMode', message: 'expected true or false' },
        {
          path: 'readOnlyPrograms.cat',
          message: 'cat has a built-in rule; an overlay may remove it but not replace it',
        },
      ]);
    }
    expect(parseHookConfig({ planMode: true })).toEqual(config({ planMode: true }));
  });
});

describe('namesNoPrograms', () => {
  it('true only when readOnlyPrograms is absent or an empty object', () => {
    expect(namesNoPrograms({})).toBe(true);
    expect(namesNoPrograms({ readOnlyPrograms: {} })).toBe(true);
    expect(namesNoPrograms(null)).toBe(true);
    expect(namesNoPrograms({ readOnlyPrograms: { x: {} } })).toBe(false);
    expect(namesNoPrograms({ readOnlyPrograms: 'x' })).toBe(false);
    expect(namesNoPrograms({ readOnlyPrograms: [] })).toBe(false);
    expect(namesNoPrograms({ readOnlyPrograms: null })).toBe(false);
  });
});

describe('shellPolicyOf', () => {
  const base = config({});

  it('no overlay: no policy', () => {
    expect(shellPolicyOf(base)).toBeUndefined();
  });

  it('removed programs alone, programs alone, and both', () => {
    expect(shellPolicyOf({ ...base, removePrograms: ['cat'] })).toEqual({
      removePrograms: ['cat'],
    });
    expect(shellPolicyOf({ ...base, readOnlyPrograms: { mytool: {} } })).toEqual({
      programs: { mytool: {} },
      removePrograms: [],
    });
    expect(
      shellPolicyOf({ ...base, readOnlyPrograms: { mytool: {} }, removePrograms: ['ls'] }),
    ).toEqual({ programs: { mytool: {} }, removePrograms: ['ls'] });
  });
});
