import { describe, expect, it } from 'vitest';
import { mergeOptions, OptionsError, resolveOptions } from '../src/index.js';
import { defaultOptions } from '../src/options.js';

describe('resolveOptions', () => {
  it('fills every default from an empty object', () => {
    const o = resolveOptions({});
    expect(o.planMode.enabled).toBe(false);
    expect(o.planMode.allowModelEnter).toBe(false);
    expect(o.planMode.approvalTimeoutMs).toBe(1_800_000);
    expect(o.planMode.shellTools).toEqual(['exec', 'bash', 'shell', 'run_shell_command']);
    expect(o.incompleteTurn.retryLimits).toEqual({
      planningOnly: 3,
      singleActionNarration: 3,
      reasoningOnly: 2,
      empty: 1,
      planAckOnly: 2,
      claimedDone: 2,
    });
    expect(o.autoContinue).toEqual({ enabled: false, maxCycles: 3, stopOnMutation: true });
    expect(resolveOptions(undefined)).toEqual(o);
  });

  it('merges nested objects field by field with the defaults', () => {
    const o = resolveOptions({
      planMode: { enabled: true },
      incompleteTurn: { retryLimits: { empty: 4 } },
    });
    expect(o.planMode.enabled).toBe(true);
    expect(o.planMode.readOnlyTools).toContain('read_file');
    expect(o.incompleteTurn.retryLimits).toMatchObject({ empty: 4, planningOnly: 3 });
    expect(o.incompleteTurn.enabled).toBe(true);
  });

  it('reports a bad value with its path, the expectation and what it got', () => {
    // Past 2^31 - 1 ms, setTimeout would fire at once and time every approval out.
    expect(() => resolveOptions({ planMode: { approvalTimeoutMs: 3e9 } })).toThrow(
      'planMode.approvalTimeoutMs: expected an integer from 1 to 2147483647, got 3000000000',
    );
    expect(
      resolveOptions({ planMode: { approvalTimeoutMs: 2_147_483_647 } }).planMode,
    ).toMatchObject({ approvalTimeoutMs: 2_147_483_647 });
    expect(() => resolveOptions({ planMode: { approvalTimeoutMs: -5 } })).toThrow(
      'planMode.approvalTimeoutMs: expected an integer from 1 to 2147483647, got -5',
    );
  });

  it('lists every offending path in one error', () => {
    let error: unknown;
    try {
      resolveOptions({
        planMode: { approvalTimeoutMs: 1.5, enabled: 'yes', readOnlyTools: ['', 3] },
        autoContinue: { maxCycles: 11 },
        incompleteTurn: { retryLimits: { empty: -1 } },
        run: { nope: true },
        extra: 1,
      });
    } catch (e) {
      error = e;
    }
    expect(error).toBeInstanceOf(OptionsError);
    const issues = (error as OptionsError).issues.map((i) => i.path);
    expect(issues).toEqual(
      expect.arrayContaining([
        'planMode.approvalTimeoutMs',
        'planMode.enabled',
        'planMode.readOnlyTools.0',
        'planMode.readOnlyTools.1',
        'autoContinue.maxCycles',
        'incompleteTurn.retryLimits.empty',
        'run.nope',
        'extra',
      ]),
    );
    expect((error as OptionsError).code).toBe('invalid_options');
    expect((error as OptionsError).message).toContain(
      'autoContinue.maxCycles: expected an integer from 1 to 10, got 11',
    );
    expect((error as OptionsError).message).toContain('run.nope: unknown key');
  });

  it('rejects a non-object', () => {
    expect(() => resolveOptions('plan')).toThrow(OptionsError);
    expect(() => resolveOptions([])).toThrow(OptionsError);
  });

  it('returns frozen options and accepts them back without revalidating', () => {
    const o = resolveOptions({ planMode: { enabled: true } });
    expect(Object.isFrozen(o.planMode.readOnlyTools)).toBe(true);
    expect(() => {
      (o.planMode as { enabled: boolean }).enabled = false;
    }).toThrow(TypeError);
    expect(resolveOptions(o)).toBe(o);
  });
});

describe('mergeOptions', () => {
  it('layers an override field by field, replacing arrays and scalars', () => {
    const merged = mergeOptions(
      { planMode: { enabled: true, readOnlyTools: ['a'] }, autoContinue: { maxCycles: 5 } },
      { planMode: { readOnlyTools: ['b'] }, autoContinue: { enabled: true } },
    );
    expect(merged).toEqual({
      planMode: { enabled: true, readOnlyTools: ['b'] },
      autoContinue: { maxCycles: 5, enabled: true },
    });
  });

  it('ignores undefined fields in the override', () => {
    expect(
      mergeOptions({ planMode: { enabled: true } }, { planMode: { enabled: undefined } }),
    ).toEqual({ planMode: { enabled: true } });
  });
});

describe('defaultOptions', () => {
  // The hook's fast path: the defaults written out must be exactly what the schema produces.
  it('equals resolveOptions({}), prototypes and key order included, and is frozen and resolved', () => {
    const fast = defaultOptions();
    const slow = resolveOptions({});
    expect(fast).toStrictEqual(slow);
    const shape = (v: unknown): unknown =>
      typeof v !== 'object' || v === null
        ? typeof v
        : Array.isArray(v)
          ? v.map(shape)
          : [Object.getPrototypeOf(v), Object.entries(v).map(([k, c]) => [k, shape(c)])];
    expect(shape(fast)).toEqual(shape(slow));
    const frozen = (v: unknown): boolean =>
      typeof v !== 'object' || v === null || (Object.isFrozen(v) && Object.values(v).every(frozen));
    expect(frozen(fast)).toBe(true);
    expect(defaultOptions()).toBe(fast);
    // Already resolved: passing it back in is not validated again.
    expect(resolveOptions(fast)).toBe(fast);
  });
});
