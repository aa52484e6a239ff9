import { readdirSync, readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { pluginConfigSchema } from '../../../src/adapters/openclaw/index.js';
import { OptionsError } from '../../../src/index.js';
import { recordPlugin } from './recorder.js';

const root = new URL('../../../', import.meta.url);
const readJson = (path: string) =>
  JSON.parse(readFileSync(new URL(path, root), 'utf8')) as Record<string, unknown>;
const manifest = readJson('openclaw.plugin.json') as {
  id: string;
  activation: unknown;
  contracts: { tools: string[] };
  toolMetadata: Record<string, { profiles: string[] }>;
  configSchema: { additionalProperties: boolean; properties: Record<string, unknown> };
};
const pkg = readJson('package.json') as {
  engines: { node: string };
  exports: Record<string, unknown>;
  files: string[];
  openclaw: { extensions: string[] };
  peerDependencies: Record<string, string>;
  peerDependenciesMeta: Record<string, { optional: boolean }>;
  dependencies: Record<string, string>;
};

describe('the OpenClaw packaging', () => {
  it('points the host at the built ESM entry, shipped in the package', () => {
    expect(pkg.openclaw.extensions).toEqual(['./dist/adapters/openclaw.js']);
    expect(pkg.exports['./openclaw']).toEqual({
      types: './dist/adapters/openclaw.d.ts',
      import: './dist/adapters/openclaw.js',
    });
    expect(pkg.files).toContain('openclaw.plugin.json');
  });

  it('keeps openclaw an optional peer, the runtime dependencies zod and TypeBox only, and the library on Node 20', () => {
    expect(pkg.peerDependenciesMeta.openclaw).toEqual({ optional: true });
    expect(pkg.peerDependencies.openclaw).toBe('>=2026.9.6');
    expect(Object.keys(pkg.dependencies).sort()).toEqual(['@sinclair/typebox', 'zod']);
    expect(pkg.engines.node).toBe('>=20.19.0');
  });

  it('declares every tool the plugin registers, in every tool profile, and loads at startup', () => {
    const r = recordPlugin({ options: { planMode: { allowModelEnter: true } } });
    const registered = [...r.tools.keys()].sort();
    expect(registered).toEqual([
      'enter_plan_mode',
      'exit_plan_mode',
      'plan_ask_user',
      'plan_update',
    ]);
    expect([...manifest.contracts.tools].sort()).toEqual(registered);
    for (const tool of registered)
      expect(manifest.toolMetadata[tool]?.profiles).toEqual([
        'minimal',
        'coding',
        'messaging',
        'full',
      ]);
    expect(manifest.activation).toEqual({ onStartup: true });
    expect(manifest.id).toBe('planfirst');
  });

  it('offers enter_plan_mode only when the options let the model enter plan mode', () => {
    expect([...recordPlugin().tools.keys()].sort()).toEqual([
      'exit_plan_mode',
      'plan_ask_user',
      'plan_update',
    ]);
  });

  it('keeps the plan tools out of the host’s tool-search catalog', () => {
    const r = recordPlugin();
    expect(r.tool('exit_plan_mode').catalogMode).toBe('direct-only');
    expect(JSON.stringify(r.tool('exit_plan_mode').parameters)).toContain('"steps"');
  });

  it('has a manifest config schema with exactly the plugin config’s keys, strict like it', () => {
    expect(manifest.configSchema.additionalProperties).toBe(false);
    expect(Object.keys(manifest.configSchema.properties).sort()).toEqual(
      Object.keys(pluginConfigSchema.shape).sort(),
    );
    const json = z.toJSONSchema(pluginConfigSchema) as {
      properties: Record<string, { enum?: unknown[]; type?: string }>;
    };
    expect((manifest.configSchema.properties.approvals as { enum: unknown[] }).enum).toEqual(
      json.properties.approvals?.enum,
    );
    expect((manifest.configSchema.properties.startInPlanMode as { type: string }).type).toBe(
      'boolean',
    );
  });

  it('rejects a bad plugin config with an OptionsError naming every bad path', () => {
    let error: unknown;
    try {
      recordPlugin({
        approvals: 'buttons',
        startInPlanMode: 'yes',
        options: { planMode: { allowModelEnter: 3 } },
      });
    } catch (caught) {
      error = caught;
    }
    expect(error).toBeInstanceOf(OptionsError);
    const paths = (error as OptionsError).issues.map((i) => i.path).sort();
    expect(paths).toEqual(['approvals', 'startInPlanMode']);
    expect(() => recordPlugin({ options: { planMode: { allowModelEnter: 3 } } })).toThrow(
      /options\.planMode\.allowModelEnter/,
    );
    expect(() => recordPlugin({ extra: true })).toThrow(OptionsError);
  });

  it('never imports openclaw at run time: only `import type`', () => {
    const dir = new URL('src/adapters/openclaw/', root);
    for (const file of readdirSync(dir)) {
      const text = readFileSync(new URL(file, dir), 'utf8');
      expect(text, file).not.toMatch(/^import\s+(?!type\b)[^;]*from\s+['"]openclaw/m);
      expect(text, file).not.toMatch(/import\(\s*['"]openclaw/);
    }
    const built = readFileSync(new URL('dist/adapters/openclaw.js', root), 'utf8');
    expect(built).not.toMatch(/(from|import)\s*\(?\s*['"]openclaw/);
  });
});
