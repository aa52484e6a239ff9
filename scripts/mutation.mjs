#!/usr/bin/env node
// npm run test:mutation -- <group> [<group> ...] [-- stryker options]
// Runs Stryker on each named core group in turn (mutation/groups.mjs); `all` runs every group.
import { spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { groups } from '../mutation/groups.mjs';

const args = process.argv.slice(2);
const split = args.indexOf('--');
const names = split === -1 ? args : args.slice(0, split);
const extra = split === -1 ? [] : args.slice(split + 1);
const chosen = names.includes('all') ? Object.keys(groups) : names;
const unknown = chosen.filter((n) => !(n in groups));
if (chosen.length === 0 || unknown.length > 0) {
  console.error(
    `usage: npm run test:mutation -- <group>... [-- stryker options]\n` +
      `groups: ${Object.keys(groups).join(', ')}, all` +
      (unknown.length > 0 ? `\nunknown: ${unknown.join(', ')}` : ''),
  );
  process.exit(2);
}
for (const name of chosen) {
  if (name === 'hooks' && !existsSync('dist/cli.js')) {
    console.error(
      'the hooks group runs the built programs in its end-to-end tests: npm run build first',
    );
    process.exit(2);
  }
  const run = spawnSync('npx', ['stryker', 'run', 'mutation/stryker.config.mjs', ...extra], {
    stdio: 'inherit',
    env: { ...process.env, PLANFIRST_MUTATION_GROUP: name },
  });
  if (run.status !== 0) process.exit(run.status ?? 1);
}
