import { ShellCodes } from '../codes.js';
import type {
  OptionSpec,
  ParsedArgs,
  ProgramRule,
  ProgramSpec,
  ProgramTable,
  RuleResult,
} from '../spec.js';
import { tarRule } from './tar.js';
import { unzipRule, zipinfoRule } from './unzip.js';

// gzip 1.12 and its two front ends. gzip replaces each FILE operand by its (de)compressed
// version unless -c/--stdout, -l/--list or -t/--test is given; gunzip is gzip -d and zcat is
// gzip -dc, which always writes to stdout. No gzip option writes anywhere else or starts a
// program, so zcat takes globs anywhere. gzip and gunzip do not: in `gzip * -c` a file named
// `--` would turn the later -c into a file name and gzip would compress in place.

/**
 * Builds the archive programs' table (tar unzip zipinfo gzip gunzip zcat).
 * Called once, on the first lookup of one of its programs, so loading the module builds nothing.
 */
export function buildArchiveRules(): ProgramTable {
  const flag: OptionSpec = {};
  const alias = (to: string): OptionSpec => ({ alias: to });

  const gzipOptions: Readonly<Record<string, OptionSpec>> = {
    '-c': flag,
    '--stdout': alias('-c'),
    '--to-stdout': alias('-c'),
    '-l': flag,
    '--list': alias('-l'),
    '-t': flag,
    '--test': alias('-t'),
    '-d': flag,
    '--decompress': alias('-d'),
    '--uncompress': alias('-d'),
    '-f': flag,
    '--force': alias('-f'),
    '-k': flag,
    '--keep': alias('-k'),
    '-n': flag,
    '--no-name': alias('-n'),
    '-N': flag,
    '--name': alias('-N'),
    '-q': flag,
    '--quiet': alias('-q'),
    '--silent': alias('-q'),
    '-r': flag,
    '--recursive': alias('-r'),
    '-S': { value: 'required' },
    '--suffix': alias('-S'),
    '-v': flag,
    '--verbose': alias('-v'),
    '--rsyncable': flag,
    '--synchronous': flag,
    '-1': flag,
    '--fast': alias('-1'),
    '-2': flag,
    '-3': flag,
    '-4': flag,
    '-5': flag,
    '-6': flag,
    '-7': flag,
    '-8': flag,
    '-9': flag,
    '--best': alias('-9'),
    '-h': flag,
    '--help': alias('-h'),
    '-L': flag,
    '--license': alias('-L'),
    '-V': flag,
    '--version': alias('-V'),
  };

  const has = (parsed: ParsedArgs, name: string): boolean =>
    parsed.options.some((option) => option.name === name);

  /** Without -c, -l, -t (or a help/version flag) gzip rewrites every FILE operand in place. */
  function writesInPlace(program: 'gzip' | 'gunzip') {
    return (parsed: ParsedArgs): RuleResult => {
      const harmless = ['-c', '-l', '-t', '-h', '-L', '-V'];
      if (harmless.some((name) => has(parsed, name))) return { kind: 'ok' };
      if (parsed.operands.every((operand) => operand.value === '-')) return { kind: 'ok' };
      return {
        kind: 'block',
        code: ShellCodes.operandWrites,
        reason: `\`${program}\` without -c replaces the files in place; add -c to print to stdout (or use -l/-t)`,
      };
    };
  }

  /**
   * gzip: allowed for -c/-l/-t and for filtering stdin to stdout.
   * Any other call with FILE operands rewrites them in place and blocks.
   */
  const gzipSpec: ProgramSpec = {
    options: gzipOptions,
    globs: 'after-end-of-options',
    check: writesInPlace('gzip'),
  };

  /**
   * gunzip: the same options and rule as gzip (it is gzip -d).
   * Only the program name in the reason differs.
   */
  const gunzipSpec: ProgramSpec = { ...gzipSpec, check: writesInPlace('gunzip') };

  /**
   * zcat: gzip -dc, so every call writes to stdout only.
   * No option can turn -c off, hence no check.
   */
  const zcatSpec: ProgramSpec = { options: gzipOptions, globs: 'anywhere' };

  // Programs this file rules on: tar, unzip and the gzip family.
  // Merge into the analyzer's program table; keys are program names as typed.
  return {
    tar: tarRule,
    unzip: unzipRule,
    zipinfo: zipinfoRule,
    gzip: { kind: 'spec', spec: gzipSpec },
    gunzip: { kind: 'spec', spec: gunzipSpec },
    zcat: { kind: 'spec', spec: zcatSpec },
  } satisfies Record<string, ProgramRule>;
}
