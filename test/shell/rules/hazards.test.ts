import { describe, expect, it } from 'vitest';
import { canonicalOption, judgeWithSpec, parseArgs } from '../../../src/shell/option-engine.js';
import { defaultPrograms } from '../../../src/shell/rules/index.js';
import type { Hazard, ProgramSpec } from '../../../src/shell/spec.js';
import { word } from '../words.js';

// Every hazardous option of every table, in every spelling a program would accept: bundled
// behind a harmless flag, with an attached or separate value, as `--name=value`, abbreviated,
// and after an operand when the program permutes. Each must block with the hazard's code.

const codes: Record<Hazard, string> = {
  writes: 'option_writes',
  executes: 'option_executes',
  network: 'option_network',
  interactive: 'option_interactive',
  unsupported: 'option_unsupported',
};

const specs = Object.entries(defaultPrograms).flatMap(([program, rule]) =>
  rule.kind === 'spec' ? [[program, rule.spec] as const] : [],
);

/** The spellings of one option, each a list of words. */
function spellings(spec: ProgramSpec, key: string): string[][] {
  const target = canonicalOption(spec, key);
  if (target === undefined) return [];
  const { value } = target.option;
  const values = Array.from({ length: target.option.extraValues ?? 0 }, () => 'extra');
  const out: string[][] = [];
  if (key.startsWith('--')) {
    // Programs that take no abbreviations (ripgrep, fd) see a prefix as an unknown option.
    const shortest = spec.abbreviations === false ? key.length : 3;
    for (let length = shortest; length <= key.length; length++) {
      const prefix = key.slice(0, length);
      const parsed = parseArgs('p', [word(prefix), word('v'), ...values.map((v) => word(v))], spec);
      if ('code' in parsed && parsed.code === 'ambiguous_option') continue;
      if (value === undefined) out.push([prefix]);
      else out.push([`${prefix}=v`, ...values]);
      if (value === 'required') out.push([prefix, 'v', ...values]);
    }
    return out;
  }
  const safeFlag = Object.keys(spec.options).find((candidate) => {
    const option = canonicalOption(spec, candidate)?.option;
    return candidate.length === 2 && option?.value === undefined && option?.hazard === undefined;
  });
  const bundles = safeFlag === undefined ? [key] : [key, `${safeFlag}${key.slice(1)}`];
  for (const bundle of bundles) {
    if (value === undefined) out.push([bundle]);
    else out.push([`${bundle}v`, ...values]);
    if (value === 'required') out.push([bundle, 'v', ...values]);
  }
  return out;
}

const cases = specs.flatMap(([program, spec]) =>
  Object.keys(spec.options).flatMap((key) => {
    const hazard = canonicalOption(spec, key)?.option.hazard;
    if (hazard === undefined) return [];
    return spellings(spec, key).map((words) => ({ program, spec, words, code: codes[hazard] }));
  }),
);

describe('hazardous options block in every spelling', () => {
  it('finds hazards to check', () => {
    expect(cases.length).toBeGreaterThan(50);
  });

  it.each(cases.map((c) => [`${c.program} ${c.words.join(' ')}`, c] as const))(
    '%s',
    (_name, { program, spec, words, code }) => {
      const judged = judgeWithSpec(
        program,
        words.map((w) => word(w)),
        spec,
        { depth: 0 },
      );
      expect(judged.kind === 'block' ? judged.code : judged.kind).toBe(code);
      if (spec.permute !== false) {
        const late = judgeWithSpec(
          program,
          ['file', ...words].map((w) => word(w)),
          spec,
          { depth: 0 },
        );
        expect(late.kind === 'block' ? late.code : late.kind).toBe(code);
      }
    },
  );
});
