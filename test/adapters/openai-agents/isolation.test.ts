import { spawnSync } from 'node:child_process';
import { describe, expect, it } from 'vitest';

// Runs against the build (`npm test` builds first). The SDK is an optional peer: importing
// planfirst itself must never load it, in either module format.
const dist = new URL('../../../dist/', import.meta.url);

function node(args: string[]) {
  return spawnSync(process.execPath, args, { encoding: 'utf8' });
}

// A resolve hook that fails any import of the SDK, so an ESM import that reaches it throws.
const refuseSdk = `data:text/javascript,export async function resolve(s, c, next) { if (s.startsWith('@openai/agents')) throw new Error('SDK imported: ' + s); return next(s, c); }`;

function esmImport(file: string) {
  return node([
    '--input-type=module',
    '-e',
    `import { register } from 'node:module'; register(${JSON.stringify(refuseSdk)}); await import(${JSON.stringify(new URL(file, dist).href)});`,
  ]);
}

describe('importing planfirst does not load @openai/agents', () => {
  it('ESM: dist/index.js imports without the SDK (the adapter entry does need it)', () => {
    const root = esmImport('index.js');
    expect(root.stderr).toBe('');
    expect(root.status).toBe(0);
    const adapter = esmImport('adapters/openai-agents.js');
    expect(adapter.status).not.toBe(0);
    expect(adapter.stderr).toContain('SDK imported: @openai/agents');
  });

  it('CJS: requiring dist/index.cjs leaves the SDK out of the require cache', () => {
    const script = (file: string) =>
      `require(${JSON.stringify(new URL(file, dist).pathname)}); console.log(Object.keys(require.cache).filter((k) => k.includes('@openai')).length);`;
    expect(node(['-e', script('index.cjs')]).stdout.trim()).toBe('0');
    expect(
      Number(node(['-e', script('adapters/openai-agents.cjs')]).stdout.trim()),
    ).toBeGreaterThan(0);
  });
});

describe('the built subpath', () => {
  it('loads as ESM and CommonJS and shares the core with the root entry', () => {
    const check = (load: string) =>
      node([
        '--input-type=module',
        '-e',
        `${load}
        try { adapter.createPlanfirstAgents({ store: root.memorySessionStore(root.createSession()), options: { planMode: 1 } }); }
        catch (e) { console.log(typeof adapter.createPlanfirstAgents, e instanceof root.OptionsError); }`,
      ]);
    const esm = check(
      `const root = await import(${JSON.stringify(new URL('index.js', dist).href)}); const adapter = await import(${JSON.stringify(new URL('adapters/openai-agents.js', dist).href)});`,
    );
    expect(esm.stdout.trim()).toBe('function true');
    const cjs = check(
      `import { createRequire } from 'node:module'; const require = createRequire(import.meta.url); const root = require(${JSON.stringify(new URL('index.cjs', dist).pathname)}); const adapter = require(${JSON.stringify(new URL('adapters/openai-agents.cjs', dist).pathname)});`,
    );
    expect(cjs.stdout.trim()).toBe('function true');
  });
});
