import { ShellCodes } from '../codes.js';
import { judgeWithSpec } from '../option-engine.js';
import type {
  OptionSpec,
  ParsedArgs,
  ProgramRule,
  ProgramSpec,
  RuleContext,
  RuleResult,
} from '../spec.js';
import type { ShellWord } from '../types.js';

// GNU tar (1.34), allowed to list an archive (-t) or to print members to stdout (-x with -O).
// BSD tar (bsdtar: macOS, FreeBSD, libarchive-tools) and busybox tar read the same words: where
// a letter takes a value in one and not in the other (-s, -H), it is refused.
// The table names every option `tar --help` documents, so that abbreviations resolve (or turn
// out ambiguous) exactly as tar's argp does; options that only matter when tar writes files or
// that start programs carry a hazard.

const flag: OptionSpec = {};
const value: OptionSpec = { value: 'required' };
const optional: OptionSpec = { value: 'optional' };
const alias = (to: string): OptionSpec => ({ alias: to });

const ONLY_LIST = 'tar is allowed only to list (-t) or print members to stdout (-xO)';
const mode = (what: string): OptionSpec => ({
  hazard: 'writes',
  reason: `${what}; ${ONLY_LIST}`,
});
const writing = (valueKind?: 'required' | 'optional'): OptionSpec => ({
  ...(valueKind === undefined ? {} : { value: valueKind }),
  hazard: 'writes',
  reason: `only matters when tar writes files; ${ONLY_LIST}`,
});
const runs = (valueKind: 'required' | undefined, what: string): OptionSpec => ({
  ...(valueKind === undefined ? {} : { value: valueKind }),
  hazard: 'executes',
  reason: `${what}; drop it`,
});

// Built on tar's first use rather than when the module loads.
function tarOptions(): Readonly<Record<string, OptionSpec>> {
  return {
    // Operation modes: -t, and -x when -O sends members to stdout (see tarCheck).
    '-t': flag,
    '--list': alias('-t'),
    '-x': flag,
    '--extract': alias('-x'),
    '--get': alias('-x'),
    '-O': flag,
    '--to-stdout': alias('-O'),
    '-A': mode('appends to an archive'),
    '--catenate': alias('-A'),
    '--concatenate': alias('-A'),
    '-c': mode('creates an archive'),
    '--create': alias('-c'),
    '--delete': mode('deletes from an archive'),
    '-r': mode('appends to an archive'),
    '--append': alias('-r'),
    '-u': mode('updates an archive'),
    '--update': alias('-u'),
    '-d': { hazard: 'unsupported', reason: `compares with the file system; ${ONLY_LIST}` },
    '--diff': alias('-d'),
    '--compare': alias('-d'),
    '--test-label': { hazard: 'unsupported', reason: ONLY_LIST },
    // The archive and how it is read.
    '-f': value,
    '--file': alias('-f'),
    '--force-local': flag,
    '-a': flag,
    '--auto-compress': alias('-a'),
    '--no-auto-compress': flag,
    '-z': flag,
    '--gzip': alias('-z'),
    '--gunzip': alias('-z'),
    '--ungzip': alias('-z'),
    '-Z': flag,
    '--compress': alias('-Z'),
    '--uncompress': alias('-Z'),
    '-j': flag,
    '--bzip2': alias('-j'),
    '-J': flag,
    '--xz': alias('-J'),
    '--lzip': flag,
    '--lzma': flag,
    '--lzop': flag,
    '--zstd': flag,
    '-b': value,
    '--blocking-factor': alias('-b'),
    '-B': flag,
    '--read-full-records': alias('-B'),
    '-i': flag,
    '--ignore-zeros': alias('-i'),
    '--record-size': value,
    '-n': flag,
    '--seek': alias('-n'),
    '--no-seek': flag,
    // BSD tar (macOS, libarchive) reads -H as a flag: the word GNU takes as the format would be
    // an option to it. The long spelling means the same to both.
    '-H': {
      value: 'required',
      hazard: 'unsupported',
      reason: 'is a flag in BSD tar, which reads the next word as an option; use --format=FORMAT',
    },
    '--format': value,
    '--old-archive': flag,
    '--portability': alias('--old-archive'),
    '--posix': flag,
    '--pax-option': value,
    '-V': value,
    '--label': alias('-V'),
    '--restrict': flag,
    '--ignore-failed-read': flag,
    '--ignore-command-error': flag,
    '--no-ignore-command-error': flag,
    // Which members are listed.
    '-C': value,
    '--directory': alias('-C'),
    '-T': value,
    '--files-from': alias('-T'),
    '-X': value,
    '--exclude-from': alias('-X'),
    '--exclude': value,
    '--exclude-backups': flag,
    '--exclude-caches': flag,
    '--exclude-caches-all': flag,
    '--exclude-caches-under': flag,
    '--exclude-ignore': value,
    '--exclude-ignore-recursive': value,
    '--exclude-tag': value,
    '--exclude-tag-all': value,
    '--exclude-tag-under': value,
    '--exclude-vcs': flag,
    '--exclude-vcs-ignores': flag,
    '--null': flag,
    '--no-null': flag,
    '--recursion': flag,
    '--no-recursion': flag,
    '--unquote': flag,
    '--no-unquote': flag,
    '--verbatim-files-from': flag,
    '--no-verbatim-files-from': flag,
    '--anchored': flag,
    '--no-anchored': flag,
    '--ignore-case': flag,
    '--no-ignore-case': flag,
    '--wildcards': flag,
    '--no-wildcards': flag,
    '--wildcards-match-slash': flag,
    '--no-wildcards-match-slash': flag,
    '--occurrence': optional,
    '-K': value,
    '--starting-file': alias('-K'),
    '-N': value,
    '--newer': alias('-N'),
    '--after-date': alias('-N'),
    '--newer-mtime': value,
    '-h': flag,
    '--dereference': alias('-h'),
    '--hard-dereference': flag,
    '--one-file-system': flag,
    '-P': flag,
    '--absolute-names': alias('-P'),
    '--strip-components': value,
    '--transform': value,
    '--xform': alias('--transform'),
    // BSD tar reads -s as taking a substitution, so the word after it (an -O the analyzer
    // relied on) is never an option there and members are extracted to disk.
    '-s': {
      hazard: 'unsupported',
      reason:
        'takes a value in BSD tar (a name substitution), which would swallow the next option; use --preserve-order',
    },
    '--preserve-order': flag,
    '--same-order': alias('--preserve-order'),
    // How the listing looks.
    '-v': flag,
    '--verbose': alias('-v'),
    '--full-time': flag,
    '--utc': flag,
    '--numeric-owner': flag,
    '--quoting-style': value,
    '--quote-chars': value,
    '--no-quote-chars': value,
    '-R': flag,
    '--block-number': alias('-R'),
    '--show-omitted-dirs': flag,
    '--show-transformed-names': flag,
    '--show-stored-names': alias('--show-transformed-names'),
    '--totals': optional,
    '--warning': value,
    '--checkpoint': optional,
    '-l': flag,
    '--check-links': alias('-l'),
    '--acls': flag,
    '--no-acls': flag,
    '--selinux': flag,
    '--no-selinux': flag,
    '--xattrs': flag,
    '--no-xattrs': flag,
    '--xattrs-include': value,
    '--xattrs-exclude': value,
    '-o': flag,
    '-?': flag,
    '--help': alias('-?'),
    '--usage': flag,
    '--version': flag,
    '--show-defaults': flag,
    '--show-snapshot-field-ranges': flag,
    // Programs tar would start.
    '-I': runs('required', 'runs the given program as the (de)compressor; use -z, -j or -J'),
    '--use-compress-program': alias('-I'),
    '--to-command': runs('required', 'pipes every member into a program'),
    '--checkpoint-action': runs('required', 'runs actions (including exec=) at checkpoints'),
    '-F': runs('required', 'runs a script at the end of each volume'),
    '--info-script': alias('-F'),
    '--new-volume-script': alias('-F'),
    '--rsh-command': runs('required', 'runs a remote shell'),
    '--rmt-command': runs('required', 'runs a remote tape program'),
    // Prompts on the terminal.
    '-M': { hazard: 'interactive', reason: 'prompts for the next volume; drop it' },
    '--multi-volume': alias('-M'),
    '-w': { hazard: 'interactive', reason: 'asks for confirmation of every member; drop it' },
    '--interactive': alias('-w'),
    '--confirmation': alias('-w'),
    // Files tar writes even while listing.
    '--index-file': { value: 'required', hazard: 'writes', reason: 'writes the listing to a file' },
    '-g': {
      value: 'required',
      hazard: 'writes',
      reason: 'reads and rewrites the snapshot file; drop it',
    },
    '--listed-incremental': alias('-g'),
    '--volno-file': { value: 'required', hazard: 'writes', reason: 'writes the volume number' },
    '-G': writing(),
    '--incremental': alias('-G'),
    // Options that only change how files are created, extracted or overwritten.
    '--check-device': writing(),
    '--no-check-device': writing(),
    '--hole-detection': writing('required'),
    '--level': writing('required'),
    '-S': writing(),
    '--sparse': alias('-S'),
    '--sparse-version': writing('required'),
    '--add-file': writing('required'),
    '--keep-directory-symlink': writing(),
    '--keep-newer-files': writing(),
    '-k': writing(),
    '--keep-old-files': alias('-k'),
    '--no-overwrite-dir': writing(),
    '--one-top-level': writing('optional'),
    '--overwrite': writing(),
    '--overwrite-dir': writing(),
    '--recursive-unlink': writing(),
    '--remove-files': writing(),
    '--skip-old-files': writing(),
    '-U': writing(),
    '--unlink-first': alias('-U'),
    '-W': writing(),
    '--verify': alias('-W'),
    '--atime-preserve': writing('optional'),
    '--clamp-mtime': writing(),
    '--delay-directory-restore': writing(),
    '--no-delay-directory-restore': writing(),
    '--group': writing('required'),
    '--group-map': writing('required'),
    '--mode': writing('required'),
    '--mtime': writing('required'),
    '-m': writing(),
    '--touch': alias('-m'),
    '--no-same-owner': writing(),
    '--no-same-permissions': writing(),
    '--owner': writing('required'),
    '--owner-map': writing('required'),
    '-p': writing(),
    '--preserve-permissions': alias('-p'),
    '--same-permissions': alias('-p'),
    '--same-owner': writing(),
    '--sort': writing('required'),
    '--backup': writing('optional'),
    '--suffix': writing('required'),
    '-L': writing('required'),
    '--tape-length': alias('-L'),
  };
}

/** Short options that take a value: in the old style (`tar tvf x.tar`) they take later words. */
const OLD_STYLE_VALUE_LETTERS = 'bCfFgHIKLNTVX';

/**
 * Rewrites tar's old option style (a first word without `-`, whose letters are options and
 * whose value letters take the following words in order) into the short form the engine reads.
 */
export function expandOldStyle(args: readonly ShellWord[]): ShellWord[] | undefined {
  const first = args[0];
  if (first === undefined || first.value.startsWith('-')) return [...args];
  const expanded: ShellWord[] = [];
  let next = 1;
  for (const letter of first.value) {
    expanded.push({ ...first, value: `-${letter}`, raw: `-${letter}`, tilde: false });
    if (OLD_STYLE_VALUE_LETTERS.includes(letter)) {
      const taken = args[next];
      if (taken === undefined) return undefined;
      expanded.push(taken);
      next += 1;
    }
  }
  return [...expanded, ...args.slice(next)];
}

const has = (parsed: ParsedArgs, name: string): boolean =>
  parsed.options.some((option) => option.name === name);

/** Whole-call rule: list mode (or -x with -O), and no remote `host:file` archive. */
function tarCheck(parsed: ParsedArgs): RuleResult {
  const informational = ['-?', '--usage', '--version', '--show-defaults'];
  if (informational.some((name) => has(parsed, name))) return { kind: 'ok' };
  const listing = has(parsed, '-t');
  const printing = has(parsed, '-x') && has(parsed, '-O');
  if (!listing && !printing) {
    const code = has(parsed, '-x') ? ShellCodes.optionWrites : ShellCodes.optionUnsupported;
    const what = has(parsed, '-x') ? '`tar -x` extracts files' : '`tar` needs a mode here';
    return { kind: 'block', code, reason: `${what}; ${ONLY_LIST}` };
  }
  if (!has(parsed, '--force-local')) {
    for (const option of parsed.options) {
      if (option.name === '-f' && option.value?.value.includes(':')) {
        return {
          kind: 'block',
          code: ShellCodes.optionNetwork,
          reason: `\`tar -f ${option.value.value}\` is read as a remote host:file over rsh; add --force-local for a local file`,
        };
      }
    }
  }
  return { kind: 'ok' };
}

/**
 * tar's option table (built once, on first use), interpreted by the option engine after
 * old-style expansion.
 * Its check requires list mode (-t) or -x with -O, and a local archive.
 */
export function tarSpec(): ProgramSpec {
  tarSpecCache ??= { options: tarOptions(), globs: 'after-end-of-options', check: tarCheck };
  return tarSpecCache;
}

let tarSpecCache: ProgramSpec | undefined;

function judgeTar(args: readonly ShellWord[], context: RuleContext): RuleResult {
  const first = args[0];
  if (first?.glob === true && !first.value.startsWith('-')) {
    return {
      kind: 'block',
      code: ShellCodes.unsafeGlob,
      reason: `\`tar\` reads its first word \`${first.raw}\` as options; quote the glob`,
    };
  }
  const expanded = expandOldStyle(args);
  if (expanded === undefined) {
    return {
      kind: 'block',
      code: ShellCodes.missingValue,
      reason: '`tar` old-style options need one word per value letter (f, C, T, …)',
    };
  }
  return judgeWithSpec('tar', expanded, tarSpec(), context);
}

/**
 * The rule for `tar`: custom only to read the old option style before the engine runs.
 * Receives the words after `tar`, decoded.
 */
export const tarRule: ProgramRule = {
  kind: 'custom',
  globs: 'after-end-of-options',
  judge: judgeTar,
};
