import { spawnSync } from 'node:child_process';
import { existsSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { gunzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { canonicalOption, isBlock, parseArgs } from '../../../src/shell/option-engine.js';
import { judgeGit } from '../../../src/shell/rules/git.js';
import { gitCompoundJudges } from '../../../src/shell/rules/git-compound-commands.js';
import { gitConfigJudge } from '../../../src/shell/rules/git-config.js';
import { gitDiffOptions } from '../../../src/shell/rules/git-diff-options.js';
import { gitHistorySpecs } from '../../../src/shell/rules/git-history-commands.js';
import { gitLogOptions } from '../../../src/shell/rules/git-log-options.js';
import { gitRefSpecs } from '../../../src/shell/rules/git-ref-commands.js';
import { gitTreeSpecs } from '../../../src/shell/rules/git-tree-commands.js';
import type { ProgramSpec } from '../../../src/shell/spec.js';
import { word, words } from '../words.js';
import {
  type Arity,
  createOracleRepo,
  type OracleRepo,
  parseHelpListing,
  pool,
} from './git-oracle-repo.js';

// The specs are built on first use; build them once for the whole file.
const { remoteGetUrlSpec, remoteShowSpec } = gitCompoundJudges();
const { legacyConfigSpec } = gitConfigJudge();
const { diffOptions } = gitDiffOptions();
const { blameSpec, diffSpec, logSpec, revListSpec, shortlogSpec, stashShowSpec } =
  gitHistorySpecs();
const { revisionOptions } = gitLogOptions();
const {
  branchSpec,
  describeSpec,
  forEachRefSpec,
  mergeBaseSpec,
  nameRevSpec,
  revParseSpec,
  showRefSpec,
  tagSpec,
} = gitRefSpecs();
const {
  catFileSpec,
  grepSpec,
  lsFilesSpec,
  lsTreeSpec,
  statusSpec,
  versionSpec,
  worktreeListSpec,
} = gitTreeSpecs();

// The tables checked against the real git 2.39 in a throwaway repository: every option we list
// exists with the value mode we give it, and wherever git would resolve an abbreviation
// differently from our table, our table blocks.

let repo: OracleRepo;
beforeAll(() => {
  repo = createOracleRepo();
});
afterAll(() => repo.dispose());

const context = { depth: 0 };

function arityOf(spec: ProgramSpec, key: string): Arity | undefined {
  const value = canonicalOption(spec, key)?.option.value;
  return value === undefined ? 'flag' : value;
}

/** Keys of `spec` that are not keys of `shared` (or that override them). */
function ownKeys(spec: ProgramSpec, shared: Readonly<Record<string, unknown>>): Set<string> {
  return new Set(
    Object.keys(spec.options).filter(
      (key) => !Object.hasOwn(shared, key) || shared[key] !== spec.options[key],
    ),
  );
}

/** The names parse-options also accepts: `--no-X` for each `--X`, and `--X` for `--no-X`. */
function withNegations(listing: Map<string, Arity>): Set<string> {
  const names = new Set(listing.keys());
  for (const name of listing.keys()) {
    if (!name.startsWith('--')) continue;
    names.add(name.startsWith('--no-') ? `--${name.slice(5)}` : `--no-${name.slice(2)}`);
  }
  return names;
}

/** What parse-options makes of a long option word: the exact name, else the one prefix match. */
function gitResolves(spelled: string, names: Set<string>): string | undefined {
  if (names.has(spelled)) return spelled;
  const matches = [...names].filter((name) => name.startsWith(spelled));
  return matches.length === 1 ? matches[0] : undefined;
}

interface ParseOptionsCase {
  command: string[];
  spec: ProgramSpec;
  /** Keys judged by git's revision parser rather than this command's parse-options table. */
  notOwn?: Set<string>;
}

const parseOptionsCommands: ParseOptionsCase[] = [
  { command: ['status'], spec: statusSpec },
  { command: ['grep'], spec: grepSpec },
  { command: ['branch'], spec: branchSpec },
  { command: ['tag'], spec: tagSpec },
  { command: ['ls-files'], spec: lsFilesSpec },
  { command: ['ls-tree'], spec: lsTreeSpec },
  { command: ['cat-file'], spec: catFileSpec },
  { command: ['describe'], spec: describeSpec },
  { command: ['show-ref'], spec: showRefSpec },
  { command: ['for-each-ref'], spec: forEachRefSpec },
  { command: ['merge-base'], spec: mergeBaseSpec },
  { command: ['name-rev'], spec: nameRevSpec },
  { command: ['worktree', 'list'], spec: worktreeListSpec },
  { command: ['config'], spec: legacyConfigSpec },
  { command: ['remote', 'get-url'], spec: remoteGetUrlSpec },
  { command: ['remote', 'show'], spec: remoteShowSpec },
  { command: ['version'], spec: versionSpec },
  {
    command: ['blame'],
    spec: blameSpec,
    notOwn: new Set([
      '--output',
      '--ext-diff',
      '--textconv',
      '--no-textconv',
      '--since',
      '--date',
      '--reverse',
      '--first-parent',
      '--encoding',
    ]),
  },
  {
    command: ['shortlog'],
    spec: shortlogSpec,
    notOwn: new Set(
      Object.keys(shortlogSpec.options).filter(
        (key) => !ownKeys(shortlogSpec, revisionOptions).has(key),
      ),
    ),
  },
];

describe.each(parseOptionsCommands)('git $command.0 $command.1 (parse-options)', (entry) => {
  const program = `git ${entry.command.join(' ')}`;
  let listing: Map<string, Arity>;
  let names: Set<string>;
  beforeAll(() => {
    listing = parseHelpListing(repo.run([...entry.command, '--help-all']).stdout);
    names = withNegations(listing);
  });

  it('reads an option listing from git', () => {
    expect(listing.size).toBeGreaterThan(0);
  });

  it('lists only options git has, taking their values the way git does', () => {
    const wrong: string[] = [];
    for (const key of Object.keys(entry.spec.options)) {
      if (entry.notOwn?.has(key)) continue;
      const gitArity = listing.get(key) ?? (names.has(key) ? 'flag' : undefined);
      const ours = arityOf(entry.spec, key);
      if (gitArity !== ours)
        wrong.push(`${key}: git ${gitArity ?? 'has no such option'}, ours ${ours}`);
    }
    expect(wrong).toEqual([]);
  });

  it('lists every git option that is a prefix of one of ours (exact names win)', () => {
    const missing: string[] = [];
    for (const key of Object.keys(entry.spec.options)) {
      for (const name of names) {
        if (name !== key && key.startsWith(name) && !Object.hasOwn(entry.spec.options, name)) {
          missing.push(`${name} (prefix of ${key})`);
        }
      }
    }
    expect(missing).toEqual([]);
  });

  it('never reads an abbreviation as a different option than git does', () => {
    const disagreements: string[] = [];
    for (const name of names) {
      if (!name.startsWith('--')) continue;
      for (let end = 3; end <= name.length; end++) {
        const spelled = name.slice(0, end);
        const parsed = parseArgs(program, [word(spelled), word('VALUE')], entry.spec);
        if (isBlock(parsed)) continue;
        const ours = parsed.options[0]?.name;
        const theirs = gitResolves(spelled, names);
        if (theirs === undefined) continue; // git rejects the word: nothing runs
        const theirsOurs = canonicalOption(entry.spec, theirs)?.key;
        if (theirsOurs !== ours) disagreements.push(`${spelled}: git ${theirs}, ours ${ours}`);
      }
    }
    expect(disagreements).toEqual([]);
  });

  it('blocks every abbreviation git resolves to one of our hazards', () => {
    const passed: string[] = [];
    for (const [key, option] of Object.entries(entry.spec.options)) {
      const target = canonicalOption(entry.spec, key);
      if (!key.startsWith('--') || target?.option.hazard === undefined) continue;
      for (let end = 3; end <= key.length; end++) {
        const spelled = key.slice(0, end);
        if (gitResolves(spelled, names) !== key) continue;
        const args =
          option.value === undefined && target.option.value !== 'required'
            ? [spelled]
            : [spelled, 'VALUE'];
        const result = judgeGit(words([...entry.command, ...args].join(' ')), context);
        if (result.kind !== 'block') passed.push(spelled);
      }
    }
    expect(passed).toEqual([]);
  });
});

interface RevisionCase {
  name: string;
  base: string[];
  spec: ProgramSpec;
  keys: string[];
}

// Options git rejects without a value or context; their existence is checked with these words.
const existenceWords: Readonly<Record<string, string[]>> = {
  '--format': ['--format=%h'],
  '--min-parents': ['--min-parents=1'],
  '--max-parents': ['--max-parents=1'],
  '--filter': ['--filter=blob:none'],
  '--missing': ['--missing=print'],
  '--merge-base': ['--merge-base', 'HEAD'],
  '--no-index': ['--no-index', 'f', 'f'],
};

function unhazardous(spec: ProgramSpec, keys: Iterable<string>): string[] {
  return [...keys].filter((key) => canonicalOption(spec, key)?.option.hazard === undefined);
}

const revisionCommands: RevisionCase[] = [
  // Diff options go through the same parser in log as in diff: checked once, under diff.
  {
    name: 'log',
    base: ['log', '-1'],
    spec: logSpec,
    keys: unhazardous(logSpec, ownKeys(logSpec, diffOptions)),
  },
  {
    name: 'diff',
    base: ['diff'],
    spec: diffSpec,
    keys: unhazardous(diffSpec, Object.keys(diffSpec.options)),
  },
  {
    name: 'rev-list',
    base: ['rev-list', '-1', 'HEAD'],
    spec: revListSpec,
    keys: unhazardous(revListSpec, ownKeys(revListSpec, revisionOptions)),
  },
  {
    name: 'shortlog',
    base: ['shortlog', 'HEAD'],
    spec: shortlogSpec,
    keys: unhazardous(shortlogSpec, ownKeys(shortlogSpec, revisionOptions)),
  },
  {
    name: 'blame',
    base: ['blame', 'f'],
    spec: blameSpec,
    keys: unhazardous(blameSpec, Object.keys(blameSpec.options)),
  },
  {
    name: 'stash show',
    base: ['stash', 'show'],
    spec: stashShowSpec,
    keys: unhazardous(stashShowSpec, ownKeys(stashShowSpec, diffOptions)),
  },
];

const rejected = /unrecognized argument|invalid option|unknown option|unknown switch|usage:/;

describe.each(revisionCommands)('git $name (revision parser)', (entry) => {
  // `git <cmd> OPT --output=FILE`: git opens FILE while it parses, even if it fails later. So
  // FILE exists exactly when git did not take `--output=FILE` as OPT's value.
  it('takes the next word as a value exactly when our table does, and knows every option', async () => {
    const wrong = await pool(entry.keys.length, 8, async (i) => {
      const key = entry.keys[i] as string;
      const out = join(repo.scratch, `${entry.name.replace(' ', '-')}-${i}`);
      const run = await repo.runAsync([...entry.base, key, `--output=${out}`]);
      const consumed = !existsSync(out);
      const ours = arityOf(entry.spec, key) === 'required';
      const problems: string[] = [];
      if (consumed !== ours) problems.push(`${key}: git consumed=${consumed}, ours=${ours}`);
      const sample = existenceWords[key];
      const check = sample === undefined ? run : await repo.runAsync([...entry.base, ...sample]);
      const first = check.stderr.split('\n')[0] ?? '';
      if (!ours && rejected.test(first)) problems.push(`${key}: ${first}`);
      if (ours && first.includes(`argument: ${key}`)) problems.push(`${key}: ${first}`);
      return problems;
    });
    expect(wrong.flat()).toEqual([]);
  });
});

describe('git rev-parse (exact matches)', () => {
  it('lists only options its manual documents', () => {
    const page = spawnSync('man', ['-w', 'git-rev-parse'], { encoding: 'utf8' }).stdout.trim();
    const text = gunzipSync(readFileSync(page)).toString('utf8').replaceAll('\\-', '-');
    const documented = new Set(text.match(/--?[a-z][-a-z]*/g));
    const missing = Object.keys(revParseSpec.options).filter((key) => !documented.has(key));
    expect(missing).toEqual([]);
  });
});

describe('real git on the adversarial rows', () => {
  // The words as a quoted command line delivers them: no globs.
  const ours = (line: string[]): string => {
    const result = judgeGit(
      line.map((text) => word(text, { glob: false, quoted: true })),
      context,
    );
    return result.kind === 'block' ? result.code : result.kind;
  };
  const scratch = (name: string): string => join(repo.scratch, name);

  it('git grep --open-f=CMD runs CMD (an abbreviation of --open-files-in-pager): blocked', () => {
    const marker = scratch('grep-pwned');
    const line = ['grep', `--open-f=touch ${marker}`, 'needle'];
    repo.run(line);
    expect(existsSync(marker)).toBe(true);
    expect(ours(line)).toBe('option_executes');
  });

  it('git log --outp=FILE is rejected by git 2.39 (no abbreviations there) and by us', () => {
    const file = scratch('log-outp');
    const line = ['log', `--outp=${file}`];
    expect(repo.run(line).stderr).toContain('unrecognized argument');
    expect(existsSync(file)).toBe(false);
    expect(ours(line)).toBe('unknown_option');
  });

  it('git diff --output=FILE and git log -pn --output=FILE write FILE: blocked', () => {
    const first = scratch('diff-output');
    const second = scratch('log-pn-output');
    repo.run(['diff', `--output=${first}`]);
    // git rejects -pn, but only after it has opened the output file.
    expect(repo.run(['log', '-pn', `--output=${second}`]).status).not.toBe(0);
    expect([existsSync(first), existsSync(second)]).toEqual([true, true]);
    expect(ours(['diff', `--output=${first}`])).toBe('option_writes');
    expect(ours(['log', '-pn', `--output=${second}`])).toBe('bad_option_value');
  });

  it('git log --format=%G? and --show-signature run gpg.program: blocked', () => {
    const marker = scratch('gpg-ran');
    const program = scratch('fake-gpg');
    writeFileSync(program, `#!/bin/sh\ntouch '${marker}'\nexit 1\n`, { mode: 0o755 });
    repo.run(['config', 'gpg.program', program]);
    const tree = repo.run(['rev-parse', 'HEAD^{tree}']).stdout.trim();
    const body = [
      `tree ${tree}`,
      'author Ann <ann@example.com> 1700000000 +0000',
      'committer Ann <ann@example.com> 1700000000 +0000',
      'gpgsig -----BEGIN PGP SIGNATURE-----',
      ' ',
      ' AAAA',
      ' -----END PGP SIGNATURE-----',
      '',
      'signed',
      '',
    ].join('\n');
    const objectFile = scratch('signed-commit');
    writeFileSync(objectFile, body);
    const commit = repo.run(['hash-object', '-t', 'commit', '-w', objectFile]).stdout.trim();
    repo.run(['log', '-1', '--format=%G?', commit]);
    expect(existsSync(marker)).toBe(true);
    rmSync(marker);
    repo.run(['show', '-s', '--show-signature', commit]);
    expect(existsSync(marker)).toBe(true);
    repo.run(['config', '--unset', 'gpg.program']);
    expect(ours(['log', '-1', '--format=%G?', commit])).toBe('option_executes');
    expect(ours(['show', '-s', '--show-signature', commit])).toBe('option_executes');
  });

  it('git branch -vD NAME deletes the branch: blocked', () => {
    repo.run(['branch', 'doomed']);
    repo.run(['branch', '-vD', 'doomed']);
    expect(repo.run(['rev-parse', '--verify', '--quiet', 'doomed']).status).not.toBe(0);
    expect(ours(['branch', '-vD', 'doomed'])).toBe('option_writes');
  });

  it('git matches global options exactly, so only the exact allowed spellings pass', () => {
    for (const spelled of ['--no-pag', '--no-optional', '--literal-p', '--pag', '--vers']) {
      expect(repo.run([spelled, 'status']).stderr).toContain('unknown option');
      expect(ours([spelled, 'status'])).toBe('git_global_option');
    }
    for (const allowed of ['--no-pager', '-P', '--no-optional-locks', '--literal-pathspecs']) {
      expect(repo.run([allowed, 'status']).status).toBe(0);
      expect(ours([allowed, 'status'])).toBe('ok');
    }
  });

  it('git --version hands the remaining words to `git version`', () => {
    expect(repo.run(['--version', '--build-options']).stdout).toContain('sizeof-long');
    expect(ours(['--version', '--build-options'])).toBe('ok');
  });

  it('the everyday read-only rows run in git without error', () => {
    const rows = [
      ['log', '--oneline', '-20'],
      ['log', '--format=%h %an %s', '-5'],
      ['log', '--graph', '--oneline', '--all'],
      ['log', '--all', '--oneline', '--', '*.md'],
      ['show', '--stat', 'HEAD'],
      ['branch', '-vv'],
      ['tag', '-l', 'v1.*'],
      ['ls-tree', '-r', 'HEAD', '--name-only'],
      ['cat-file', '-p', 'HEAD'],
      ['shortlog', '-sn', 'HEAD'],
      ['stash', 'show', '-p', 'stash@{0}'],
      ['config', '--list', '--show-origin'],
      ['status', '--porcelain'],
      ['rev-parse', '--show-toplevel'],
      ['reflog', '-5'],
      ['remote', '-v'],
      ['worktree', 'list'],
      ['grep', '-n', 'needle'],
      ['branch', '--contains'],
    ];
    const failures = rows.filter((line) => repo.run(line).status !== 0 || ours(line) !== 'ok');
    expect(failures).toEqual([]);
  });
});
