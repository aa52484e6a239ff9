import { spawnSync } from 'node:child_process';
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
      'LICENSE',
    ]);
  });

  it('is built on install (prepare) and by the demo script', () => {
    expect(pkg.scripts.prepare).toBe('node scripts/built-for-npx.mjs || npm run build');
    expect(pkg.scripts.demo).toContain('node dist/cli.js demo');
  });

  it('is rebuilt by prepare except when npx links this checkout and a build exists', () => {
    const skip = (npmCommand: string) =>
      spawnSync(process.execPath, ['scripts/built-for-npx.mjs'], {
        cwd: fileURLToPath(new URL('../../', import.meta.url)),
        env: { ...process.env, npm_command: npmCommand },
      }).status === 0;
    expect(skip('exec')).toBe(true);
    expect(skip('ci')).toBe(false);
    expect(skip('install')).toBe(false);
  });

  it('starts with a node shebang and is executable', () => {
    const text = readFileSync(cliPath, 'utf8');
    expect(text.startsWith('#!/usr/bin/env node\n')).toBe(true);
    if (process.platform !== 'win32') expect(statSync(cliPath).mode & 0o111).not.toBe(0);
  });

  it('runs on the library build next to it instead of bundling a second copy', () => {
    const text = readFileSync(cliPath, 'utf8');
    expect(text).toMatch(/from ['"]\.\/index\.js['"]/);
    expect(text).toMatch(/from ['"]\.\/testing\/index\.js['"]/);
    expect(text).not.toContain('function analyzeShellCommand');
  });
});
