import { execFileSync } from 'node:child_process';
import { readFileSync, statSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { cliPath } from './run-cli.js';

const pkg = JSON.parse(readFileSync(new URL('../../package.json', import.meta.url), 'utf8')) as {
  bin: Record<string, string>;
  exports: Record<string, unknown>;
  files: string[];
  scripts: Record<string, string>;
};

describe('the planfirst executable in the package', () => {
  it('is the bin `planfirst`, in the normalised form npm publishes unchanged', () => {
    expect(pkg.bin).toEqual({ planfirst: 'dist/cli.js' });
  });

  it('is not part of the library exports, and the package still ships only dist, the OpenClaw manifest and docs', () => {
    expect(JSON.stringify(pkg.exports)).not.toContain('cli');
    expect(pkg.files).toEqual([
      'dist',
      'openclaw.plugin.json',
      'README.md',
      'CHANGELOG.md',
      'SECURITY.md',
      'LICENSE',
    ]);
  });

  it('runs no script when a host installs it', () => {
    for (const hook of ['preinstall', 'install', 'postinstall', 'prepare', 'prepack'])
      expect(pkg.scripts[hook], hook).toBeUndefined();
    expect(pkg.scripts.demo).toBe('node scripts/demo.mjs');
  });

  it('runs the demo from dist/ when the build is current', () => {
    const reason = execFileSync(
      process.execPath,
      [
        '--input-type=module',
        '-e',
        "import('./scripts/demo.mjs').then((m) => console.log(String(m.buildReason())))",
      ],
      { cwd: fileURLToPath(new URL('../../', import.meta.url)), encoding: 'utf8' },
    );
    expect(reason.trim()).toBe('undefined');
  });

  it('runs the demo from the sources, bundled, when dist/ is stale or missing', () => {
    const root = fileURLToPath(new URL('../../', import.meta.url));
    const bundle = execFileSync(
      process.execPath,
      [
        '--input-type=module',
        '-e',
        "import('./scripts/demo.mjs').then(async (m) => console.log(await m.bundleFromSources()))",
      ],
      { cwd: root, encoding: 'utf8' },
    ).trim();
    expect(bundle).toMatch(/node_modules\/\.cache\/planfirst-demo\/cli\.mjs$/);
    const out = execFileSync(process.execPath, [bundle, 'demo'], {
      cwd: root,
      encoding: 'utf8',
      env: { ...process.env, NO_COLOR: '1' },
    });
    expect(out).toContain('planfirst demo');
    expect(out).toContain('result     completed');
  });

  it('starts with a node shebang and is executable', () => {
    const text = readFileSync(cliPath, 'utf8');
    expect(text.startsWith('#!/usr/bin/env node\n')).toBe(true);
    if (process.platform !== 'win32') expect(statSync(cliPath).mode & 0o111).not.toBe(0);
  });

  it('only starts the compile cache, then loads the CLI module', () => {
    const text = readFileSync(cliPath, 'utf8');
    expect(text).toContain('enableCompileCache?.()');
    expect(text).toContain("import('./cli-main.js')");
  });

  it('runs on the library build next to it instead of bundling a second copy', () => {
    const text = readFileSync(cliPath.replace(/cli\.js$/, 'cli-main.js'), 'utf8');
    expect(text).toMatch(/from ?['"]\.\/shell\.js['"]/);
    // The rest of the library loads only for the demo.
    expect(text).not.toMatch(/from ?['"]\.\/index\.js['"]/);
    // The build renames functions: look for text only the analyzer holds.
    expect(text).not.toContain('command_substitution');
  });
});
