import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { checkToolCall, resolveOptions } from '../../src/index.js';
import { planSession } from '../helpers.js';
import {
  type Applier,
  type ApplierCase,
  gitStyleAppliers,
  plainAppliers,
  runAppliers,
} from './patch-appliers.js';
import { patchText } from './patch-texts.js';

// The differential test of the plan-file patch rule: generated patch texts go to the gate, and
// every text it allows goes to the real appliers (GNU patch, git apply, the OpenAI Agents
// SDK's apply_patch). Whatever the gate lets through, no applier may touch a file other than
// the plan file. `npm run test:patches` runs many more texts.

const runs = Number(process.env.PLANFIRST_PATCH_RUNS ?? 300);
// A different seed explores other texts (the default pair keeps `npm test` reproducible).
const seedOffset = Number(process.env.PLANFIRST_PATCH_SEED ?? 0);
const plan = planSession();

/**
 * The appliers a host may hand a text to, under the convention the gate reads by: a git diff
 * is applied the way git applies it (prefixes stripped once), anything else as written or,
 * for a plan file without a directory, by base name (GNU patch without -p).
 */
function appliersFor(text: string, planPath: string): Applier[] {
  const gitDiff = /^diff --git /m.test(text);
  const atRoot = !planPath.includes('/');
  return [
    ...gitStyleAppliers,
    ...plainAppliers.filter((a) => !gitDiff || (atRoot && a.name === 'patch')),
  ];
}

async function differential(planPath: string, seed: number) {
  const options = resolveOptions({
    planMode: { planFile: { path: planPath, tools: ['apply_patch'] } },
  });
  const texts = fc.sample(patchText(planPath), { seed, numRuns: runs });
  const allowed = texts.filter(
    (text) => checkToolCall(plan, { name: 'apply_patch', input: { patch: text } }, options).allowed,
  );
  const cases: ApplierCase[] = allowed.map((text) => ({
    text,
    appliers: appliersFor(text, planPath),
  }));
  const outcomes = await runAppliers(cases);
  const violations: string[] = [];
  let planTouched = 0;
  for (const [i, row] of outcomes.entries()) {
    if (row.some((o) => o.touched.includes(planPath))) planTouched += 1;
    for (const o of row) {
      const other = o.touched.filter((p) => p !== planPath);
      if (other.length > 0)
        violations.push(
          `${o.applier} touched ${other.join(', ')} with ${JSON.stringify(cases[i]?.text)}\n${o.log}`,
        );
    }
  }
  return { texts: texts.length, allowed: allowed.length, planTouched, violations };
}

describe('plan-file patches against the real appliers', () => {
  for (const [planPath, seed] of [
    ['PLAN.md', 2301],
    ['docs/PLAN.md', 2302],
  ] as const)
    it(`an allowed patch touches only the plan file \`${planPath}\` (GNU patch, git apply, the Agents SDK)`, {
      timeout: 60_000 + runs * 100,
    }, async () => {
      const result = await differential(planPath, seed + seedOffset);
      expect(result.violations).toEqual([]);
      // Not vacuous: the gate allows a fair share, and the appliers really change the plan.
      expect(result.allowed).toBeGreaterThan(result.texts / 50);
      expect(result.planTouched).toBeGreaterThan(result.allowed / 4);
    });
});
