// fast-check for mutation runs: every property runs at most PLANFIRST_MUTATION_RUNS cases
// (default 25) instead of the hundreds `npm test` runs. Each mutant reruns the properties that
// reach it, so full counts would take hours; a capped property can only kill fewer mutants,
// never more, so the score stays a lower bound. A test that checks what its generators reach
// (named "… not vacuous") counts cases rather than failures, so it keeps its full run.
import { expect } from 'vitest';
import * as real from '../node_modules/fast-check/lib/fast-check.js';

export * from '../node_modules/fast-check/lib/fast-check.js';

const cap = Number(process.env.PLANFIRST_MUTATION_RUNS ?? 25);

function capped<P>(params: P): P {
  const given = (params ?? {}) as { numRuns?: number };
  if (/not vacuous/.test(expect.getState().currentTestName ?? '')) return params;
  return { ...given, numRuns: Math.min(given.numRuns ?? cap, cap) } as P;
}

export const assert: typeof real.assert = ((property: unknown, params?: unknown) =>
  real.assert(property as never, capped(params) as never)) as typeof real.assert;
export const check: typeof real.check = ((property: unknown, params?: unknown) =>
  real.check(property as never, capped(params) as never)) as typeof real.check;

export default { ...real.default, assert, check };
