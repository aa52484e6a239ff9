import { spawnSync } from 'node:child_process';
import { describe, expect, it } from 'vitest';

// Runs against the build (`npm test` builds first). Each check is a fresh Node process, so
// nothing else has loaded pi before.
const root = new URL('../../../', import.meta.url);
const dist = (file: string) => new URL(`dist/${file}`, root).href;

// A resolve hook that fails any import of a pi package, so loading one is an error.
const hook = `export async function resolve(specifier, context, next) {
  if (specifier.startsWith('@mariozechner/')) throw new Error('SDK loaded: ' + specifier);
  return next(specifier, context);
}`;

function importWithHook(url: string) {
  const script = `import { register } from 'node:module';
register('data:text/javascript,' + encodeURIComponent(${JSON.stringify(hook)}));
await import(${JSON.stringify(url)});
console.log('imported');`;
  return spawnSync(process.execPath, ['--input-type=module', '-e', script], {
    cwd: new URL('.', root).pathname,
    encoding: 'utf8',
  });
}

describe('importing planfirst never loads pi', () => {
  it('the ESM root entry imports without touching @mariozechner/*', () => {
    const run = importWithHook(dist('index.js'));
    expect(run.stderr).toBe('');
    expect(run.stdout.trim()).toBe('imported');
  });

  it('the hook does catch pi: the adapter subpath loads it', () => {
    const run = importWithHook(dist('adapters/pi-agent-core.js'));
    expect(run.status).not.toBe(0);
    expect(run.stderr).toContain('SDK loaded: @mariozechner/pi-');
  });

  it('the CommonJS root entry leaves pi out of the require cache', () => {
    const script = `require(${JSON.stringify(new URL(dist('index.cjs')).pathname)});
console.log(JSON.stringify(Object.keys(require.cache).filter((k) => k.includes('@mariozechner'))));`;
    const run = spawnSync(process.execPath, ['-e', script], { encoding: 'utf8' });
    expect(run.stderr).toBe('');
    expect(JSON.parse(run.stdout)).toEqual([]);
  });

  it('the built subpath shares the root entry: one OptionsError class for both', () => {
    const script = `import { createPlanfirstPi } from 'planfirst/pi-agent-core';
import { createSession, memorySessionStore, OptionsError } from 'planfirst';
try {
  createPlanfirstPi({ store: memorySessionStore(createSession()), options: { planMode: { enabled: 'yes' } } });
} catch (error) {
  console.log(error instanceof OptionsError);
}`;
    const run = spawnSync(process.execPath, ['--input-type=module', '-e', script], {
      cwd: new URL('.', root).pathname,
      encoding: 'utf8',
    });
    expect(run.stderr).toBe('');
    expect(run.stdout.trim()).toBe('true');
  });
});
