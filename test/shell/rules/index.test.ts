import { describe, expect, it } from 'vitest';
import { judgeRule } from '../../../src/shell/option-engine.js';
import {
  defaultPrograms,
  findRule,
  hasBuiltInRule,
  mergeTables,
  programFamilies,
} from '../../../src/shell/rules/index.js';
import type { ProgramRule } from '../../../src/shell/spec.js';
import { word } from '../words.js';

const allowed = `cat head tail wc nl cut paste tr rev tac fold column seq echo printf true false pwd
  basename dirname realpath readlink ls stat du df id whoami uname uptime nproc which type hostname
  date sort uniq xxd tree base64 md5sum sha1sum sha224sum sha256sum sha384sum sha512sum b2sum cksum
  od hexdump strings jq file test [ env printenv cd diff cmp comm grep egrep fgrep expr ps`.split(
  /\s+/,
);
const wrappers = 'timeout nice command bash sh zsh dash xargs time'.split(' ');

describe('hasBuiltInRule', () => {
  it('is true exactly for the programs of the default table, before any policy', () => {
    const names = Object.keys(defaultPrograms);
    expect(names.length).toBeGreaterThan(200);
    expect(names.filter((name) => !hasBuiltInRule(name))).toEqual([]);
    // Blocked programs have a rule too (the one that blocks them with advice); opt-in policy
    // classes are not part of the default table.
    expect(['rm', 'npm', 'curl', 'gh'].map(hasBuiltInRule)).toEqual([true, true, true, true]);
    expect(
      ['frobnicate', 'constructor', '__proto__', 'toString', '', 'CAT', 'cat '].map(hasBuiltInRule),
    ).toEqual([false, false, false, false, false, false, false]);
  });
});

describe('defaultPrograms', () => {
  it.each(allowed)('has a rule for %s', (program) => {
    expect(defaultPrograms[program]).toBeDefined();
  });

  it.each(wrappers)('has a rule for the wrapper %s', (program) => {
    expect(defaultPrograms[program]).toBeDefined();
  });

  it('runs every allowed program with no words as read-only (or, for [, a missing ])', () => {
    const verdicts = allowed.map((program) => {
      const rule = defaultPrograms[program] as ProgramRule;
      return [program, judgeRule(program, rule, [], { depth: 0 }).kind];
    });
    expect(verdicts.filter(([program, kind]) => kind !== 'ok' && program !== '[')).toEqual([]);
  });

  it('keeps no program in two families', () => {
    expect(() => mergeTables(programFamilies)).not.toThrow();
    expect(() =>
      mergeTables({
        a: { x: defaultPrograms.cat as ProgramRule },
        b: { x: defaultPrograms.cat as ProgramRule },
      }),
    ).toThrow(/program x is in both a and b/);
  });

  it('builds each family once: every lookup returns the same rule as its family table', () => {
    const first = findRule(defaultPrograms, 'sort');
    expect(first).toBe(programFamilies.text?.sort);
    expect(findRule(defaultPrograms, 'sort')).toBe(first);
    expect(defaultPrograms.sort).toBe(first);
    expect(programFamilies.text).toBe(programFamilies.text);
  });

  it('lists exactly the programs of the family tables, each in one family', () => {
    const fromFamilies = Object.values(programFamilies).flatMap((table) => Object.keys(table));
    expect(Object.keys(defaultPrograms).sort()).toEqual([...fromFamilies].sort());
    expect(new Set(fromFamilies).size).toBe(fromFamilies.length);
    expect(Object.keys(defaultPrograms).length).toBe(
      Object.keys(mergeTables(programFamilies)).length,
    );
  });

  it('does not treat Object.prototype names as programs', () => {
    for (const name of ['constructor', '__proto__', 'toString', 'hasOwnProperty']) {
      expect(findRule(defaultPrograms, name)).toBeUndefined();
      expect(defaultPrograms[name]).toBeUndefined();
    }
    expect(findRule(defaultPrograms, 'cat')).toBe(defaultPrograms.cat);
  });

  it('never throws for any program on odd words', () => {
    const odd = ['--', '-', '', '--=', '-=', '--constructor', '-\u0000', '*', '[', ']'].map((w) =>
      word(w),
    );
    for (const [program, rule] of Object.entries(defaultPrograms)) {
      for (const w of odd)
        expect(() => judgeRule(program, rule, [w, w], { depth: 0 })).not.toThrow();
    }
  });
});
