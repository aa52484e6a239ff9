import { blockedCategories } from '../../src/shell/rules/blocked.js';
import { programFamilies } from '../../src/shell/rules/index.js';

const familyTitles: Record<string, string> = {
  text: 'text',
  checksums: 'checksums',
  binaryDumps: 'binary dumps',
  fileInfo: 'files and paths',
  tree: 'tree',
  systemInfo: 'system information',
  shellBuiltins: 'shell builtins (queries)',
  grep: 'grep',
  compare: 'comparison',
  jq: 'jq',
  wrappers: 'wrappers (judged recursively)',
  find: 'find',
  search: 'search',
  archives: 'archives (list/test/stdout modes)',
  git: 'git (read-only subcommands)',
  sedAwk: 'sed and awk (scripts parsed)',
  everyday: 'everyday (binaries, sessions, sockets, to-stdout)',
};

const names = (table: object) =>
  Object.keys(table)
    .sort()
    .map((n) => `\`${n}\``)
    .join(' ');

/** The README's program tables, generated from the rule tables themselves. */
export function programsTable(): string {
  const allowed = ['| family | programs |', '| --- | --- |'];
  for (const [family, table] of Object.entries(programFamilies)) {
    if (family === 'blocked') continue;
    allowed.push(`| ${familyTitles[family] ?? family} | ${names(table)} |`);
  }
  const blocked = ['| code | programs |', '| --- | --- |'];
  for (const category of blockedCategories)
    blocked.push(
      `| \`${category.code}\` | ${category.programs.map((p) => `\`${p}\``).join(' ')} |`,
    );
  return [
    'Programs with a rule (each judged option by option):',
    '',
    ...allowed,
    '',
    'Programs that always block (the interpreters in `versionProbes` answer their own version flag):',
    '',
    ...blocked,
  ].join('\n');
}
