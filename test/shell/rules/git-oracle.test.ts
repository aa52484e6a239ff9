import { spawnSync } from 'node:child_process';
import { existsSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { gunzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { canonicalOption } from '../../../src/shell/option-engine.js';
import { judgeGit } from '../../../src/shell/rules/git.js';
import { gitCompoundJudges } from '../../../src/shell/rules/git-compound-commands.js';
import { gitConfigJudge } from '../../../src/shell/rules/git-config.js';
import { gitDiffOptions } from '../../../src/shell/rules/git-diff-options.js';
import { gitHistorySpecs } from '../../../src/shell/rules/git-history-commands.js';
import { gitInfoSubcommands } from '../../../src/shell/rules/git-info-commands.js';
import { gitLogOptions } from '../../../src/shell/rules/git-log-options.js';
import { gitCleanSpec } from '../../../src/shell/rules/git-query-commands.js';
import { gitRefSpecs } from '../../../src/shell/rules/git-ref-commands.js';
import { gitTreeSpecs } from '../../../src/shell/rules/git-tree-commands.js';
import type { ProgramSpec } from '../../../src/shell/spec.js';
import { word } from '../words.js';
import {
  type Arity,
  createOracleRepo,
  listsNegations,
  type OracleRepo,
  oracleGits,
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
  countObjectsSpec,
  checkIgnoreSpec,
  checkAttrSpec,
  cherrySpec,
  showBranchSpec,
  symbolicRefRead,
  rangeDiffSpec,
} = gitInfoSubcommands().infoSpecs;
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

// The tables checked against every real git the oracle has (git-oracle-repo.ts: the git on
// PATH, 2.39 on Debian 12, and PLANFIRST_EXTRA_GITS): every option we list exists with the
// value mode we give it, every long name of ours is an exact name in that git (never an
// abbreviation git would resolve to another option), and no abbreviation passes at all, since
// which option a prefix names changes from version to version.

const gits = oracleGits();
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

/**
 * The names parse-options accepts exactly. A listing that marks negatable options
 * (`--[no-]all`) already holds both names; an older one does not say, so `--no-X` is assumed
 * for each `--X`, and `--X` for each `--no-X`.
 */
function exactNames(listing: Map<string, Arity>, marked: boolean): Set<string> {
  const names = new Set(listing.keys());
  if (marked) return names;
  for (const name of listing.keys()) {
    if (!name.startsWith('--')) continue;
    names.add(name.startsWith('--no-') ? `--${name.slice(5)}` : `--no-${name.slice(2)}`);
  }
  return names;
}

/** Whether version `a` is older than `b`. */
function before(a: [number, number], b: [number, number]): boolean {
  return a[0] < b[0] || (a[0] === b[0] && a[1] < b[1]);
}

/** How a verdict of ours reads: the code of a block, else `ok`. */
function verdictOf(line: string[]): string {
  const result = judgeGit(
    line.map((text) => word(text, { glob: false, quoted: true })),
    context,
  );
  return result.kind === 'block' ? result.code : result.kind;
}

interface ParseOptionsCase {
  command: string[];
  spec: ProgramSpec;
  /** Keys judged by git's revision parser rather than this command's parse-options table. */
  notOwn?: Set<string>;
  /** The words before `--help-all` when not `command` (git 2.46's config lists its subcommands). */
  help?: string[];
  /** Parses with parse_options_step(), which ignores GIT_TEST_DISALLOW_ABBREVIATED_OPTIONS. */
  stepwise?: boolean;
  /** Options a later git added ([major, minor]): an older git must not have them at all. */
  added?: Readonly<Record<string, [number, number]>>;
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
  { command: ['config'], spec: legacyConfigSpec, help: ['config', '--get'] },
  { command: ['remote', 'get-url'], spec: remoteGetUrlSpec },
  { command: ['remote', 'show'], spec: remoteShowSpec },
  { command: ['version'], spec: versionSpec },
  { command: ['count-objects'], spec: countObjectsSpec },
  { command: ['check-ignore'], spec: checkIgnoreSpec },
  { command: ['check-attr'], spec: checkAttrSpec, added: { '--source': [2, 40] } },
  { command: ['cherry'], spec: cherrySpec },
  { command: ['show-branch'], spec: showBranchSpec },
  { command: ['symbolic-ref'], spec: symbolicRefRead },
  { command: ['range-diff'], spec: rangeDiffSpec },
  { command: ['clean'], spec: gitCleanSpec() },
  {
    command: ['blame'],
    spec: blameSpec,
    stepwise: true,
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
    stepwise: true,
    notOwn: new Set(
      Object.keys(shortlogSpec.options).filter(
        (key) => !ownKeys(shortlogSpec, revisionOptions).has(key),
      ),
    ),
  },
];

/** What parse-options says of `KEY=x` with abbreviations made fatal (GIT_TEST_…). */
const abbreviated = /disallowed abbreviated or ambiguous option/;

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

for (const git of gits) {
  describe(`git ${git.label}`, () => {
    let repo: OracleRepo;
    beforeAll(() => {
      repo = createOracleRepo(git.bin);
    });
    afterAll(() => repo.dispose());

    describe.each(parseOptionsCommands)('git $command.0 $command.1 (parse-options)', (entry) => {
      let listing: Map<string, Arity>;
      let names: Set<string>;
      beforeAll(() => {
        const text = repo.run([...(entry.help ?? entry.command), '--help-all']).stdout;
        listing = parseHelpListing(text);
        names = exactNames(listing, listsNegations(text));
      });

      it('reads an option listing from git', () => {
        expect(listing.size).toBeGreaterThan(0);
      });

      it('lists only options git has, taking their values the way git does', () => {
        const wrong: string[] = [];
        for (const key of Object.keys(entry.spec.options)) {
          if (entry.notOwn?.has(key)) continue;
          const gitArity = listing.get(key) ?? (names.has(key) ? 'flag' : undefined);
          const since = entry.added?.[key];
          const older = since !== undefined && before(git.version, since);
          const ours = older ? undefined : arityOf(entry.spec, key);
          if (gitArity !== ours)
            wrong.push(
              `${key}: git ${gitArity ?? 'has no such option'}, ours ${ours ?? 'none yet'}`,
            );
        }
        expect(wrong).toEqual([]);
      });

      it('every long name we accept is an exact name to git, never an abbreviation of another', () => {
        // Hazards are left out: they block however they are spelled.
        const keys = Object.keys(entry.spec.options).filter(
          (key) =>
            key.startsWith('--') && canonicalOption(entry.spec, key)?.option.hazard === undefined,
        );
        // By the listing: a name git does not list but that starts one it does is a prefix.
        const prefixes = keys.filter(
          (key) => !names.has(key) && [...names].some((name) => name.startsWith(key)),
        );
        expect(prefixes).toEqual([]);
        // By git itself, hidden options included: `KEY=x --zz-…` fails on the unknown word
        // after KEY, or on `=x` for a flag, before git does anything; with
        // GIT_TEST_DISALLOW_ABBREVIATED_OPTIONS it dies on KEY instead when KEY only abbreviates
        // an option. parse_options() reads that variable; blame and shortlog, which parse step
        // by step, do not (the control shows which).
        const fatal = { GIT_TEST_DISALLOW_ABBREVIATED_OPTIONS: '1' };
        const unknown = '--zz-planfirst-not-an-option';
        const long = [...names].find((name) => name.length > 5 && !names.has(name.slice(0, -1)));
        if (long === undefined) return;
        const control = repo.run([...entry.command, `${long.slice(0, -1)}=x`, unknown], fatal);
        expect(abbreviated.test(control.stderr)).toBe(entry.stepwise !== true);
        if (entry.stepwise === true) return;
        const notExact = keys.filter((key) =>
          abbreviated.test(repo.run([...entry.command, `${key}=x`, unknown], fatal).stderr),
        );
        expect(notExact).toEqual([]);
      });

      it('refuses every prefix of a git option that is not itself an exact name', () => {
        const passed: string[] = [];
        for (const name of names) {
          if (!name.startsWith('--')) continue;
          for (let end = 3; end < name.length; end++) {
            const spelled = name.slice(0, end);
            if (names.has(spelled)) continue;
            for (const args of [[spelled], [`${spelled}=VALUE`], [spelled, 'VALUE']]) {
              if (verdictOf([...entry.command, ...args]) === 'ok') passed.push(args.join(' '));
            }
          }
        }
        expect(passed).toEqual([]);
      });
    });

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
          const check =
            sample === undefined ? run : await repo.runAsync([...entry.base, ...sample]);
          const first = check.stderr.split('\n')[0] ?? '';
          if (!ours && rejected.test(first)) problems.push(`${key}: ${first}`);
          if (ours && first.includes(`argument: ${key}`)) problems.push(`${key}: ${first}`);
          return problems;
        });
        expect(wrong.flat()).toEqual([]);
      });
    });

    describe('real git on the adversarial rows', () => {
      // The words as a quoted command line delivers them: no globs.
      const ours = verdictOf;
      const scratch = (name: string): string => join(repo.scratch, name);

      it('git grep --open-f=CMD runs CMD (an abbreviation of --open-files-in-pager): refused', () => {
        const marker = scratch('grep-pwned');
        const line = ['grep', `--open-f=touch ${marker}`, 'needle'];
        repo.run(line);
        expect(existsSync(marker)).toBe(true);
        expect(ours(line)).toBe('unknown_option');
        expect(ours(['grep', `--open-files-in-pager=touch ${marker}`, 'needle'])).toBe(
          'option_executes',
        );
      });

      it('git cat-file --filter is --filters (runs the filter driver) where git has no --filter: refused', () => {
        // git 2.39 has only --filters, so the prefix --filter runs the configured smudge
        // program; later gits add --filter=<spec> (an object filter), and the same word is
        // an error there. One word, two meanings: only exact names pass, and this is none.
        const marker = scratch('filter-ran');
        const attributes = join(repo.dir, '.gitattributes');
        writeFileSync(attributes, 'f filter=evil\n');
        repo.run(['config', 'filter.evil.smudge', `touch '${marker}'; cat`]);
        const help = repo.run(['cat-file', '--help-all']).stdout;
        const hasFilter = /^ {4}--(\[no-\])?filter\b(?!s)/m.test(help);
        repo.run(['cat-file', '--filter', 'HEAD:f']);
        const ran = existsSync(marker);
        rmSync(marker, { force: true });
        repo.run(['cat-file', '--filters', 'HEAD:f']);
        const filtersRan = existsSync(marker);
        rmSync(attributes);
        repo.run(['config', '--unset', 'filter.evil.smudge']);
        expect(filtersRan).toBe(true);
        expect(ran).toBe(!hasFilter);
        if (git.version[0] === 2 && git.version[1] === 39) expect(ran).toBe(true);
        expect(ours(['cat-file', '--filter', 'HEAD:f'])).toBe('unknown_option');
        expect(ours(['cat-file', '--filters', 'HEAD:f'])).toBe('option_executes');
      });

      it('git log --outp=FILE is rejected by git (its revision parser takes no abbreviations) and by us', () => {
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
  });
}

describe('git rev-parse (exact matches)', () => {
  it('lists only options its manual documents', () => {
    const page = spawnSync('man', ['-w', 'git-rev-parse'], { encoding: 'utf8' }).stdout.trim();
    const text = gunzipSync(readFileSync(page)).toString('utf8').replaceAll('\\-', '-');
    const documented = new Set(text.match(/--?[a-z][-a-z]*/g));
    const missing = Object.keys(revParseSpec.options).filter((key) => !documented.has(key));
    expect(missing).toEqual([]);
  });
});
