import { mkdirSync, mkdtempSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import ts from 'typescript';
import { afterAll, describe, expect, it } from 'vitest';

// A consumer compiled with `moduleResolution: node10` (TypeScript's old `node`), which ignores
// `exports`: every subpath must still find its types, through `typesVersions`. Needs dist/.
const root = fileURLToPath(new URL('../../', import.meta.url));
const dir = mkdtempSync(join(tmpdir(), 'planfirst-node10-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

const consumer = `
import { analyzeShellCommand as fromRoot, resolveOptions } from 'planfirst';
import { analyzeShellCommand, type ShellVerdict } from 'planfirst/shell';
import { scriptedModel } from 'planfirst/testing';
import { postgresStore } from 'planfirst/postgres';
import { redisStore } from 'planfirst/redis';
import { createPlanfirstAiSdk } from 'planfirst/ai-sdk';
import { createPlanfirstAgents } from 'planfirst/openai-agents';
import { createPlanfirstPi } from 'planfirst/pi-agent-core';
import plugin from 'planfirst/openclaw';

const verdict: ShellVerdict = analyzeShellCommand('ls');
const same: boolean = fromRoot('ls').readOnly === verdict.readOnly;
export const used = [resolveOptions, scriptedModel, postgresStore, redisStore, createPlanfirstAiSdk,
  createPlanfirstAgents, createPlanfirstPi, plugin, same];
`;

describe('types under moduleResolution node10', () => {
  it('resolve for the root and every subpath', () => {
    mkdirSync(join(dir, 'node_modules'));
    symlinkSync(root, join(dir, 'node_modules', 'planfirst'), 'dir');
    const file = join(dir, 'consumer.ts');
    writeFileSync(file, consumer);
    const program = ts.createProgram([file], {
      strict: true,
      noEmit: true,
      skipLibCheck: true,
      module: ts.ModuleKind.CommonJS,
      moduleResolution: ts.ModuleResolutionKind.Node10,
      target: ts.ScriptTarget.ES2022,
      esModuleInterop: true,
      types: [],
    });
    const errors = ts
      .getPreEmitDiagnostics(program)
      .map((d) => ts.flattenDiagnosticMessageText(d.messageText, '\n'));
    expect(errors).toEqual([]);
  });
});
