import { spawnSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import { mkdtempSync, readdirSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { analyzeShellCommand } from '../../../src/shell/analyze.js';

// Everyday read-only programs (join numfmt sleep diff3 sdiff bzcat xzcat zstdcat who last
// pstree readelf nm objdump ss lsof) and git's query forms (clean -n, bisect log,
// sparse-checkout list). Generated adversarial variants never pass; the accepted commands run
// in a scratch directory, which stays byte-identical.

const code = (command: string) => analyzeShellCommand(command).code;

const accepted = [
  'join a.txt b.txt',
  'join -t , -1 2 -2 1 a.txt b.txt',
  'numfmt --to=iec 1048576',
  'numfmt --from=iec --format=%.2f 1K',
  'sleep 1',
  'sleep 0.2',
  'diff3 a.txt b.txt c.txt',
  'diff3 -m a.txt b.txt c.txt',
  'sdiff a.txt b.txt',
  'sdiff -s -w 80 a.txt b.txt',
  'bzcat a.txt.bz2',
  'xzcat a.txt.xz',
  'zstdcat -q a.txt.zst',
  'who',
  'who -b',
  'who am i',
  'last -5',
  'last -n 3 -F',
  'pstree -p',
  'pstree -a 1',
  'readelf -h /bin/true',
  'readelf -SW /bin/true',
  'nm -D /bin/true',
  'objdump -d --start-address=0 --stop-address=16 /bin/true',
  'objdump -h /bin/true',
  'ss -tlnp',
  'ss -s',
  'lsof -nP -i :3000',
  'lsof -nP -i tcp -sTCP:LISTEN',
  'git clean -n',
  'git clean -ndx',
  'git bisect log',
  'git sparse-checkout list',
  'zgrep one a.txt.gz',
  'zgrep -n -e one -e two a.txt.gz a.txt',
  'zegrep -c "one|two" a.txt.gz',
  'zfgrep -l one a.txt.gz',
];

const refused: [string, string][] = [
  ['sleep infinity', 'bad_operand'],
  ['sleep $((1))', 'arithmetic'],
  ['sdiff -o merged a.txt b.txt', 'option_writes'],
  ['sdiff --output=merged a.txt b.txt', 'option_writes'],
  ['sdiff --diff-program=sh a.txt b.txt', 'unknown_option'],
  ['diff3 --diff-program=sh a b c', 'unknown_option'],
  ['zstdcat -o out a.zst', 'unknown_option'],
  ['zstdcat --rm a.zst', 'unknown_option'],
  ['xzcat --files=list', 'unknown_option'],
  ['bzcat -z a', 'unknown_option'],
  ['nm --plugin=./x.so a.o', 'unknown_option'],
  ['nm @opts', 'bad_operand'],
  ['objdump -d -j @opts a.o', 'bad_operand'],
  ['readelf --debug-dump=follow-links a.o', 'unknown_option'],
  ['readelf -wK a.o', 'unknown_option'],
  ['objdump --debuginfod a.o', 'unknown_option'],
  ['readelf -h *.o', 'unsafe_glob'],
  ['who --lookup', 'unknown_option'],
  ['last -d', 'unknown_option'],
  ['ss -r', 'unknown_option'],
  ['ss -K dst 1.2.3.4', 'unknown_option'],
  ['ss -D out', 'unknown_option'],
  ['ss -tn dst example.com', 'bad_operand'],
  ['lsof -i :3000', 'option_network'],
  ['lsof -n -i :3000', 'option_network'],
  ['lsof -nP -i @example.com:443', 'option_network'],
  ['lsof -nP -r 1', 'unknown_option'],
  ['lsof -nP +r 1', 'unknown_option'],
  ['numfmt --to=iec -o x 1', 'unknown_option'],
  ['join --header a b c', 'bad_operand'],
  ['git clean', 'operand_writes'],
  ['git clean -f', 'unknown_option'],
  ['git clean -fdx', 'unknown_option'],
  ['git clean -n --no-dry-run', 'unknown_option'],
  ['git clean -i', 'unknown_option'],
  ['git bisect start', 'git_subcommand'],
  ['git bisect log x', 'git_subcommand'],
  ['git bisect run sh', 'git_subcommand'],
  ['git sparse-checkout set a', 'git_subcommand'],
  ['git sparse-checkout disable', 'git_subcommand'],
  ['zgrep -f pats a.gz', 'option_writes'],
  ['zgrep --file=- a.gz', 'option_writes'],
  ['zgrep -if - a.gz', 'option_writes'],
  ['zgrep -r one .', 'unknown_option'],
  ['zgrep one *.gz', 'unsafe_glob'],
  ['zgrep one ./*.gz', 'unsafe_glob'],
  ["zgrep one 'a\nb.gz'", 'bad_operand'],
  ['GREP=sh zgrep one a.gz', 'assignment'],
];

describe('everyday read-only programs', () => {
  it.each(accepted)('accepts %s', (command) => expect(code(command)).toBe('read_only'));
  it.each(refused)('refuses %s (%s)', (command, expected) => expect(code(command)).toBe(expected));

  it('property: a writing, executing or lookup option anywhere never passes', () => {
    const bases = [
      'sdiff a.txt b.txt',
      'diff3 a b c',
      'zstdcat a.zst',
      'xzcat a.xz',
      'bzcat a.bz2',
      'nm a.o',
      'objdump -d a.o',
      'readelf -h a.o',
      'who',
      'last',
      'ss -tln',
      'lsof -nP',
      'numfmt 1',
      'join a b',
      'git clean -n',
      'zgrep one a.gz',
    ];
    const general = [
      '-o out',
      '-oout',
      '--output=out',
      '--outp=out',
      '--diff-program=sh',
      '--diff=sh',
      '--plugin=x.so',
      '--lookup',
      '--dns',
      '--diag=out',
      '--rm',
      '--use-debuginfod',
      '--debug-dump=follow-links',
      '--files=x',
    ];
    const specific: Record<string, readonly string[]> = {
      'lsof -nP': ['+r', '-r 1', '-i @example.com', '-i example.com:80'],
      'ss -tln': ['-K', '-D out', '-r', 'dst example.com'],
      'nm a.o': ['@opts'],
      'objdump -d a.o': ['@opts', '-j @opts'],
      'readelf -h a.o': ['@opts'],
      'git clean -n': ['-f', '--force', '-i', '--no-dry-run', '--interactive'],
      last: ['-d'],
      'zstdcat a.zst': ['-o x', '--output-dir-flat=x'],
      'zgrep one a.gz': ['-f -', '-fp', '--file=p', '--fi=p', '-r', '-R', '*.gz', '--include=x'],
    };
    // `ss -oout` is `-o -o -u -t` (timer information), `nm -oout` `-o -o -u -t RADIX`, `join -o` a format: harmless.
    // zgrep's `-o`, `-oout` (`-o -o -u -t`) and `-o out` (a file to search) only read.
    const harmless: Record<string, readonly string[]> = {
      'zgrep one a.gz': ['-o out', '-oout'],
      'ss -tln': ['-oout'],
      'nm a.o': ['-oout', '-o out'],
      'join a b': ['-o out', '-oout'],
    };
    const cases = bases.flatMap((base) =>
      [...general, ...(specific[base] ?? [])]
        .filter((hazard) => !harmless[base]?.includes(hazard))
        .map((hazard) => [base, hazard] as const),
    );
    fc.assert(
      fc.property(fc.constantFrom(...cases), fc.boolean(), ([base, hazard], front) => {
        const [program, ...rest] = base.split(' ');
        const command = front ? `${program} ${hazard} ${rest.join(' ')}` : `${base} ${hazard}`;
        expect(analyzeShellCommand(command).readOnly, command).toBe(false);
      }),
      { seed: 24, numRuns: 800 },
    );
  });
});

// The programs themselves: every accepted command above (whose program is here) runs in a
// scratch directory holding its inputs and a git repository, and no byte there changes.
const onPath = (program: string) => spawnSync('sh', ['-c', `command -v ${program}`]).status === 0;

let dir = '';

function snapshot(root: string): string {
  const out: string[] = [];
  const walk = (path: string) => {
    for (const name of readdirSync(path).sort()) {
      const full = join(path, name);
      const stat = statSync(full);
      if (stat.isDirectory()) walk(full);
      else
        out.push(
          `${full} ${stat.mtimeMs} ${createHash('sha256').update(readFileSync(full)).digest('hex')}`,
        );
    }
  };
  walk(root);
  return out.join('\n');
}

describe.runIf(onPath('git') && onPath('bzip2') && onPath('xz'))(
  'run in a scratch directory',
  () => {
    beforeAll(() => {
      dir = mkdtempSync(join(tmpdir(), 'planfirst-everyday-'));
      writeFileSync(join(dir, 'a.txt'), '1 one\n2 two\n');
      writeFileSync(join(dir, 'b.txt'), '1 uno\n2 dos\n');
      writeFileSync(join(dir, 'c.txt'), '1 eins\n2 zwei\n');
      const sh = (script: string) => spawnSync('sh', ['-c', script], { cwd: dir });
      sh(
        'gzip -k a.txt; bzip2 -k a.txt; xz -k a.txt; command -v zstd >/dev/null && zstd -q a.txt; true',
      );
      const env = { ...process.env, GIT_CONFIG_GLOBAL: '/dev/null', GIT_CONFIG_NOSYSTEM: '1' };
      const git = (...args: string[]) => spawnSync('git', args, { cwd: dir, env });
      git('init', '-q');
      git('add', 'a.txt');
      git('-c', 'user.name=a', '-c', 'user.email=a@b', 'commit', '-qm', 'one');
      // Stat-dirty: a command that refreshed the index would rewrite it.
      const later = new Date(Date.now() + 120_000);
      for (const f of ['a.txt']) spawnSync('touch', ['-d', later.toISOString(), join(dir, f)]);
    });
    afterAll(() => {
      if (dir !== '') rmSync(dir, { recursive: true, force: true });
    });

    it('every accepted command leaves every file byte-identical, mtime included', () => {
      const runnable = accepted.filter((command) => {
        const program = command.split(' ')[0] as string;
        return onPath(program) && !(program === 'zstdcat' && !onPath('zstd'));
      });
      expect(runnable.length).toBeGreaterThan(20);
      const before = snapshot(dir);
      const env = {
        ...process.env,
        GIT_CONFIG_GLOBAL: '/dev/null',
        GIT_CONFIG_NOSYSTEM: '1',
        // zgrep's temporary pattern file would land here.
        TMPDIR: dir,
      };
      // One shell runs them all (stdin closed, each bounded): few process spawns.
      const script = runnable.map((command) => `timeout 20 ${command} </dev/null`).join('\n');
      spawnSync('bash', ['-c', script], { cwd: dir, env, input: '', stdio: 'ignore' });
      expect(snapshot(dir)).toBe(before);
    }, 300_000);
  },
);

describe.runIf(onPath('zgrep'))('zgrep evals $GREP: hardenedShellEnv drops it', () => {
  it('GREP runs a command without it and nothing under hardenedShellEnv', async () => {
    const { hardenedShellEnv } = await import('../../../src/shell/hardened-env.js');
    const root = mkdtempSync(join(tmpdir(), 'planfirst-zgrep-'));
    try {
      writeFileSync(join(root, 'a.txt'), 'one\n');
      // zgrep splits $GREP into words and runs them: `touch` makes a file per argument.
      const env = { ...process.env, GREP: 'touch GREP_RAN' };
      const run = (environment: NodeJS.ProcessEnv) =>
        spawnSync('zgrep', ['one', 'a.txt'], { cwd: root, env: environment, encoding: 'utf8' });
      expect(analyzeShellCommand('zgrep one a.txt').readOnly).toBe(true);
      run(env);
      expect(readdirSync(root)).toContain('GREP_RAN');
      for (const name of readdirSync(root)) if (name !== 'a.txt') rmSync(join(root, name));
      expect(run(hardenedShellEnv(env)).stdout).toBe('one\n');
      expect(readdirSync(root)).toEqual(['a.txt']);
    } finally {
      rmSync(root, { recursive: true, force: true });
    }
  });
});

describe('package-manager queries', () => {
  it.each([
    'npm ls',
    'npm ls --all --json',
    'npm list --depth=0',
    'npm ll -p',
    'npm config list',
    'npm config ls --json',
    'npm config get registry',
    'pnpm list',
    'pnpm ls --depth 0 --json',
  ])('accepts %s', (command) => expect(code(command)).toBe('read_only'));

  it.each([
    ['npm test', 'build_tool'],
    ['npm install', 'build_tool'],
    ['npm config set x y', 'build_tool'],
    ['npm config edit', 'build_tool'],
    ['npm config delete x', 'build_tool'],
    ['npm --userconfig=x ls', 'build_tool'],
    ['npm ls --script-shell=sh', 'unknown_option'],
    ['npm ls --dep=0', 'unknown_option'],
    ['npm ls --cache=x', 'unknown_option'],
    ['npm config list --userconfig=x', 'unknown_option'],
    ['npm config list x', 'bad_operand'],
    ['npm config get', 'bad_operand'],
    ['pnpm install', 'build_tool'],
    ['pnpm list --reporter=x', 'unknown_option'],
    ['npx ls', 'build_tool'],
  ])('refuses %s (%s)', (command, expected) => expect(code(command)).toBe(expected));
});

describe.runIf(onPath('npm'))('npm queries under hardenedShellEnv write nothing', () => {
  it('npm ls and npm config list leave the project and the home byte-identical', async () => {
    const { hardenedShellEnv } = await import('../../../src/shell/hardened-env.js');
    const root = mkdtempSync(join(tmpdir(), 'planfirst-npm-'));
    try {
      const home = join(root, 'home');
      const project = join(root, 'project');
      spawnSync('mkdir', ['-p', join(home, '.npm'), project]);
      writeFileSync(join(project, 'package.json'), '{"name":"x","version":"1.0.0"}\n');
      const env = hardenedShellEnv({ PATH: process.env.PATH, HOME: home });
      const before = snapshot(root);
      const script = ['npm ls', 'npm ls --all --json', 'npm config list', 'npm config get registry']
        .map((command) => `timeout 60 ${command} </dev/null`)
        .join('\n');
      spawnSync('bash', ['-c', script], { cwd: project, env, input: '', stdio: 'ignore' });
      expect(snapshot(root)).toBe(before);
    } finally {
      rmSync(root, { recursive: true, force: true });
    }
  }, 300_000);
});
