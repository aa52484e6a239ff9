import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { programSpecSchema } from '../../src/shell/options-schema.js';
import { checkProgramSpec } from '../../src/shell/program-spec-check.js';

// planfirst/shell checks program specs by hand (no zod); options.shell uses the zod schema.
// The two must accept exactly the same specs and produce the same spec.

const value = fc.oneof(
  fc.constantFrom('required', 'optional', 'maybe', ''),
  fc.integer({ min: -2, max: 3 }),
  fc.double({ min: 0, max: 2, noNaN: true }),
  fc.boolean(),
  fc.constant(null),
  fc.constant(undefined),
  fc.constantFrom('writes', 'executes', 'network', 'interactive', 'unsupported', 'reads'),
  fc.constantFrom('anywhere', 'after-end-of-options', 'never', 'sometimes'),
  fc.constant([]),
);
const optionName = fc.constantFrom('-x', '--long', 'oops', '---x', '-', '--=', '- x', '-o');
const option = fc.oneof(
  fc.dictionary(
    fc.constantFrom('value', 'extraValues', 'hazard', 'reason', 'alias', 'check'),
    value,
    { maxKeys: 3 },
  ),
  value,
);
const spec = fc.oneof(
  fc.record(
    {
      options: fc.oneof(fc.dictionary(optionName, option, { maxKeys: 3 }), value),
      permute: value,
      endOfOptions: value,
      abbreviations: value,
      numericOption: value,
      dashIsOperand: value,
      globs: value,
      operands: fc.oneof(
        fc.record({ min: value, max: value }, { requiredKeys: [] }),
        fc.record({ min: value, other: value }, { requiredKeys: [] }),
        value,
      ),
      extra: value,
    },
    { requiredKeys: [] },
  ),
  value,
);

describe('checkProgramSpec (planfirst/shell) and programSpecSchema (options.shell)', () => {
  it('accept the same specs and give the same result', () => {
    fc.assert(
      fc.property(spec, (input) => {
        const zod = programSpecSchema.safeParse(input);
        const hand = checkProgramSpec(input);
        expect(hand.ok).toBe(zod.success);
        if (hand.ok && zod.success) expect(hand.spec).toEqual(zod.data);
      }),
      { seed: 12, numRuns: 2000 },
    );
  });

  it('names every bad path', () => {
    const checked = checkProgramSpec({
      options: { oops: { value: 'maybe' }, '-x': { extraValues: -1, colour: 1 } },
      globs: 'sometimes',
      operands: { min: 1.5 },
      extra: true,
    });
    expect(checked).toEqual({
      ok: false,
      issues: [
        { path: 'extra', message: 'unknown key' },
        { path: 'options.oops', message: 'expected an option spelling like -x or --long' },
        {
          path: 'options.oops.value',
          message: `expected one of 'required', 'optional', got "maybe"`,
        },
        { path: 'options.-x.colour', message: 'unknown key' },
        { path: 'options.-x.extraValues', message: 'expected a non-negative integer, got -1' },
        {
          path: 'globs',
          message: `expected one of 'anywhere', 'after-end-of-options', 'never', got "sometimes"`,
        },
        { path: 'operands.min', message: 'expected a non-negative integer, got 1.5' },
      ],
    });
  });

  it('fills in the defaults: no options, globs never', () => {
    expect(checkProgramSpec({})).toEqual({ ok: true, spec: { options: {}, globs: 'never' } });
  });
});
