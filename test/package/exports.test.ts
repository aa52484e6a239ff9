import { existsSync, readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { describe, expect, it } from 'vitest';

// Runs against the build (`npm test` builds first): both module formats must expose the
// public API of SPEC §2, with types.
const dist = new URL('../../dist/', import.meta.url);
const publicNames = [
  'resolveOptions',
  'createSession',
  'parseSession',
  'checkToolCall',
  'enterPlanMode',
  'exitPlanMode',
  'requestApproval',
  'resolveApproval',
  'planModeTools',
  'renderPlan',
  'OptionsError',
  'SessionError',
  'classifyTurn',
  'isExecutionAck',
  'summarizeTurn',
  'turnSummarySchema',
  'TurnKinds',
  'defaultCues',
  'resolveIncompleteTurn',
  'ackFastPathInstruction',
  'worstCaseModelCalls',
  'decideAutoContinue',
  'analyzeShellCommand',
  'analyzeArgv',
  'hardenedShellEnv',
  'step',
  'runAgent',
  'compactionReminder',
  'handlePlanToolCall',
  'planModeSystemPrompt',
  'isReadOnlyCall',
  'memorySessionStore',
  'isPlanBookkeeping',
  'RunReasons',
  'memoryVersionedStore',
  'runStored',
  'sweepExpiredApprovals',
  'resumeStalledRuns',
  'VersionConflictError',
  'StoredRunOutcomes',
  'signDecisionToken',
  'verifyDecisionToken',
  'deliverDecisionToken',
  'DecisionTokenCodes',
];

describe('the built package (run `npm run build` first; `npm test` does)', () => {
  it('exposes the public API as ESM', async () => {
    const esm = (await import(new URL('index.js', dist).href)) as Record<string, unknown>;
    for (const name of publicNames) expect(esm[name], name).toBeDefined();
  });

  it('exposes the same API as CommonJS', () => {
    const cjs = createRequire(import.meta.url)(new URL('index.cjs', dist).pathname) as Record<
      string,
      unknown
    >;
    for (const name of publicNames) expect(cjs[name], name).toBeDefined();
  });

  it('exposes the scripted model on planfirst/testing in both formats', async () => {
    const esm = (await import(new URL('testing/index.js', dist).href)) as Record<string, unknown>;
    const cjs = createRequire(import.meta.url)(
      new URL('testing/index.cjs', dist).pathname,
    ) as Record<string, unknown>;
    for (const name of ['scriptedModel', 'assistant', 'toolCall', 'thinking']) {
      expect(esm[name], name).toBeTypeOf('function');
      expect(cjs[name], name).toBeTypeOf('function');
    }
  });

  it('exposes the PostgreSQL and Redis stores on their subpaths in both formats', async () => {
    const subpaths = {
      'stores/postgres': ['postgresStore', 'migratePostgres'],
      'stores/redis': ['redisStore', 'migrateRedis'],
    };
    for (const [file, names] of Object.entries(subpaths)) {
      const esm = (await import(new URL(`${file}.js`, dist).href)) as Record<string, unknown>;
      const cjs = createRequire(import.meta.url)(new URL(`${file}.cjs`, dist).pathname) as Record<
        string,
        unknown
      >;
      for (const name of names) {
        expect(esm[name], name).toBeTypeOf('function');
        expect(cjs[name], name).toBeTypeOf('function');
      }
    }
    const conformance = (await import(new URL('testing/index.js', dist).href)) as Record<
      string,
      unknown
    >;
    expect(conformance.storeConformance).toBeTypeOf('function');
  });

  it('loads no database client: the store subpaths import only planfirst itself', () => {
    for (const file of [
      'index.js',
      'index.cjs',
      'stores/postgres.js',
      'stores/postgres.cjs',
      'stores/redis.js',
      'stores/redis.cjs',
    ]) {
      const code = readFileSync(new URL(file, dist), 'utf8');
      const imports = [...code.matchAll(/(?:from\s+|require\()['"]([^'"]+)['"]/g)].map((m) => m[1]);
      for (const name of imports)
        expect(
          /^(planfirst|zod|@sinclair\/typebox(\/value)?)$/.test(name ?? ''),
          `${file} imports ${name}`,
        ).toBe(true);
    }
  });

  it('ships type declarations for both', () => {
    expect(existsSync(new URL('index.d.ts', dist))).toBe(true);
    expect(existsSync(new URL('index.d.cts', dist))).toBe(true);
  });
});
