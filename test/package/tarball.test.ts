import { execFileSync } from 'node:child_process';
import { mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

// Packs the build (`npm test` builds first) once, without lifecycle scripts so packing does not
// rebuild, and lints the tarball a host would install.
const root = fileURLToPath(new URL('../../', import.meta.url));
const bin = (name: string) => join(root, 'node_modules', '.bin', name);
let dir = '';
let tarball = '';

beforeAll(() => {
  dir = mkdtempSync(join(tmpdir(), 'planfirst-pack-'));
  execFileSync('npm', ['pack', '--ignore-scripts', '--silent', '--pack-destination', dir], {
    cwd: root,
    encoding: 'utf8',
  });
  const [file] = readdirSync(dir).filter((name) => name.endsWith('.tgz'));
  tarball = join(dir, file ?? 'missing.tgz');
});

afterAll(() => {
  if (dir !== '') rmSync(dir, { recursive: true, force: true });
});

const run = (command: string, args: string[]) => {
  try {
    return { status: 0, out: execFileSync(command, args, { cwd: root, encoding: 'utf8' }) };
  } catch (error) {
    const failed = error as { status: number; stdout: string; stderr: string };
    return { status: failed.status, out: `${failed.stdout}\n${failed.stderr}` };
  }
};

describe('the packed tarball', () => {
  it('unpacks to at most 1.85 MB (1,850,000 bytes)', () => {
    const listing = execFileSync('tar', ['-tvzf', tarball], { encoding: 'utf8' });
    // `tar -tv` lines: mode owner size date time name; sum the sizes of the files.
    const sizes = listing
      .trim()
      .split('\n')
      .map((line) => Number(line.trim().split(/\s+/)[2]));
    expect(sizes.every(Number.isInteger)).toBe(true);
    expect(sizes.reduce((sum, size) => sum + size, 0)).toBeLessThanOrEqual(1_850_000);
  });

  it('ships only the build, the OpenClaw plugin manifest, README, CHANGELOG, LICENSE and package.json', () => {
    const listing = execFileSync('tar', ['-tzf', tarball], { encoding: 'utf8' });
    const files = listing.trim().split('\n');
    const outside = files.filter(
      (file) =>
        !file.startsWith('package/dist/') &&
        ![
          'package/README.md',
          'package/CHANGELOG.md',
          'package/SECURITY.md',
          'package/LICENSE',
          'package/package.json',
          'package/openclaw.plugin.json',
        ].includes(file),
    );
    expect(outside).toEqual([]);
    expect(files).toContain('package/dist/cli.js');
    // What coding agents run per tool call (`planfirst hook install` points at it).
    expect(files).toContain('package/dist/hook.js');
    expect(files).toContain('package/dist/adapters/pi-agent-core.js');
    expect(files).toContain('package/dist/stores/postgres.cjs');
    expect(files).toContain('package/dist/stores/redis.d.ts');
    expect(files).toContain('package/dist/adapters/openclaw.js');
    expect(files).toContain('package/openclaw.plugin.json');
  });

  it('passes publint with warnings treated as errors', () => {
    const result = run(bin('publint'), ['run', tarball, '--strict']);
    expect(result.out).toContain('All good');
    expect(result.status).toBe(0);
  });

  it('passes attw for the root and the dual-format subpaths (node16 profile)', () => {
    const result = run(bin('attw'), [
      tarball,
      '--profile',
      'node16',
      '--exclude-entrypoints',
      './pi-agent-core',
      './openclaw',
      './restate',
      './dbos',
    ]);
    expect(result.status, result.out).toBe(0);
    for (const entry of [
      'planfirst',
      'planfirst/shell',
      'planfirst/testing',
      'planfirst/ai-sdk',
      'planfirst/openai-agents',
      'planfirst/postgres',
      'planfirst/redis',
    ]) {
      expect(result.out).toContain(`"${entry}"`);
    }
  });

  it('passes attw for the ESM-only subpaths: pi-agent-core, openclaw, restate, dbos (esm-only profile)', () => {
    const result = run(bin('attw'), [
      tarball,
      '--profile',
      'esm-only',
      '--entrypoints',
      './pi-agent-core',
      './openclaw',
      './restate',
      './dbos',
    ]);
    expect(result.status, result.out).toBe(0);
    for (const entry of ['pi-agent-core', 'openclaw', 'restate', 'dbos'])
      expect(result.out).toContain(`"planfirst/${entry}"`);
  });
});
