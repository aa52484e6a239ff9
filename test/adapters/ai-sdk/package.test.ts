import { execFileSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

// Runs against the build (`npm test` builds first), each check in a fresh Node process so no
// other test has loaded the SDK already.
const root = fileURLToPath(new URL('../../../', import.meta.url));
const node = (...args: string[]) =>
  execFileSync(process.execPath, args, { cwd: root, encoding: 'utf8' }).trim();

describe('planfirst/ai-sdk in the built package', () => {
  it('import "planfirst" never loads the AI SDK (CommonJS: nothing from ai in the require cache)', () => {
    const sdkModules = (module: string) =>
      node(
        '-e',
        `require('${module}'); console.log(Object.keys(require.cache).filter((p) => /[\\\\/]node_modules[\\\\/](ai|@ai-sdk)[\\\\/]/.test(p)).length)`,
      );
    expect(sdkModules('planfirst')).toBe('0');
    expect(Number(sdkModules('planfirst/ai-sdk'))).toBeGreaterThan(0);
  });

  it('import "planfirst" never loads the AI SDK (ESM: the root bundle names no SDK module)', () => {
    for (const file of ['dist/index.js', 'dist/index.cjs']) {
      const code = readFileSync(new URL(file, `file://${root}`), 'utf8');
      expect(code, file).not.toMatch(/(from|import|require)\s*\(?\s*['"](ai|@ai-sdk\/[^'"]+)['"]/);
    }
  });

  it('the subpath bundles no copy of the core: it imports it from planfirst', () => {
    for (const file of ['dist/adapters/ai-sdk.js', 'dist/adapters/ai-sdk.cjs']) {
      const code = readFileSync(new URL(file, `file://${root}`), 'utf8');
      expect(code, file).toMatch(/(from\s*|require\()['"]planfirst['"]/);
      // The build renames functions, so look for text only the core holds: a shell code and
      // an option's description.
      expect(code, file).not.toContain('command_substitution');
      expect(code, file).not.toContain('Start new sessions in plan mode');
    }
  });

  it('the subpath loads in both formats and shares the core with the root entry', () => {
    const check = (load: (module: string) => string) =>
      `const core = ${load('planfirst')}; const ai = ${load('planfirst/ai-sdk')};
       let shared = false;
       try { ai.createPlanfirstAiSdk({ store: core.memorySessionStore(core.createSession()), options: { planMode: { nope: 1 } } }); }
       catch (e) { shared = e instanceof core.OptionsError; }
       console.log(typeof ai.createPlanfirstAiSdk, shared);`;
    expect(
      node(
        '-e',
        check((m) => `require('${m}')`),
      ),
    ).toBe('function true');
    expect(
      node(
        '--input-type=module',
        '-e',
        check((m) => `await import('${m}')`),
      ),
    ).toBe('function true');
  });
});
