import { existsSync } from 'node:fs';
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

  it('ships type declarations for both', () => {
    expect(existsSync(new URL('index.d.ts', dist))).toBe(true);
    expect(existsSync(new URL('index.d.cts', dist))).toBe(true);
  });
});
