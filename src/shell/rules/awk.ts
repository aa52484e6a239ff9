import { ShellCodes } from '../codes.js';
import { hasOwn } from '../has-own.js';
import { judgeWithSpec, parseArgs } from '../option-engine.js';
import type {
  Block,
  ParsedArgs,
  ProgramRule,
  ProgramSpec,
  ProgramTable,
  RuleResult,
} from '../spec.js';
import type { ShellWord } from '../types.js';
import { type AwkReading, busyboxAwk, bwkAwk, mawk } from './awk-implementations.js';
import { checkAwkProgram } from './awk-program.js';
import { options } from './options.js';
import { blocked, ok } from './results.js';

// One table for awk, gawk, mawk and nawk: `awk` may be any of them (and BWK awk on macOS), so
// every option is judged by what the most dangerous implementation does with it (`-d` dumps
// variables to a file in gawk). Options stop at the program (no permutation); the program is
// -e/--source or else the first operand, and is checked with the awk lexer; the other operands
// are input files or `var=value` assignments. mawk, BWK awk and busybox awk find the program in
// the same words their own way (awk-implementations.ts): every one that runs a program must run
// the same text, or the call is refused.

/**
 * Builds the awk table (awk gawk mawk nawk).
 * Called once, on the first lookup of one of its programs, so loading the module builds nothing.
 */
export function buildAwkPrograms(): ProgramTable {
  const programFile = 'reads the awk program from a file, which cannot be checked; pass it inline';

  const awkSpec: ProgramSpec = {
    options: options({
      '-F --field-separator': 'required',
      '-v --assign': 'required',
      '-e --source': 'required',
      '-f --file': { value: 'required', hazard: 'unsupported', reason: programFile },
      '-E --exec': { value: 'required', hazard: 'unsupported', reason: programFile },
      '-i --include': { value: 'required', hazard: 'unsupported', reason: programFile },
      '-l --load': {
        value: 'required',
        hazard: 'executes',
        reason: 'loads a compiled extension into gawk; drop it',
      },
      '-d --dump-variables': {
        value: 'optional',
        hazard: 'writes',
        reason: 'writes the variables to a file (awkvars.out in gawk); drop it',
      },
      '-o --pretty-print': {
        value: 'optional',
        hazard: 'writes',
        reason: 'writes the program to a file (awkprof.out); drop it',
      },
      '-p --profile': {
        value: 'optional',
        hazard: 'writes',
        reason: 'writes a profile to a file (awkprof.out); drop it',
      },
      '-D --debug': {
        value: 'optional',
        hazard: 'interactive',
        reason: "starts gawk's interactive debugger; drop it",
      },
      '-W': { value: 'required', check: checkMawkW },
      '-b --characters-as-bytes': 'flag',
      '-c --traditional --compat': 'flag',
      '-C --copyright': 'flag',
      '-g --gen-pot': 'flag',
      '-h --help --usage': 'flag',
      '-I --trace': 'flag',
      '-k --csv': 'flag',
      '-L --lint': 'optional',
      '-M --bignum': 'flag',
      '-N --use-lc-numeric': 'flag',
      '-n --non-decimal-data': 'flag',
      '-O --optimize': 'flag',
      '-P --posix': 'flag',
      '-r --re-interval': 'flag',
      '-s --no-optimize': 'flag',
      '-S --sandbox': 'flag',
      '-t --lint-old': 'flag',
      '-V --version': 'flag',
    }),
    permute: false,
    globs: 'after-end-of-options',
    check: checkAwk,
  };

  /** gawk's reading (the option table above), then every other implementation's. */
  function awkRule(name: string): ProgramRule {
    return {
      kind: 'custom',
      globs: 'after-end-of-options',
      judge: (args, context) => {
        const result = judgeWithSpec(name, args, awkSpec, context);
        if (result.kind !== 'ok') return result;
        return judgeImplementations(name, args);
      },
    };
  }

  /**
   * Every implementation that runs a program must run the same text; that text has been checked
   * as gawk's program, or is checked here when gawk itself runs none (`mawk -W version` is BWK
   * awk's program `version`).
   */
  function judgeImplementations(name: string, args: readonly ShellWord[]): RuleResult {
    const parsed = parseArgs(name, args, awkSpec);
    if (hasOwn(parsed, 'code')) return blocked(parsed.code, parsed.reason);
    const values = args.map((word) => word.value);
    // gawk's reading is the one the option table checked; `gawk` and `mawk` name one
    // implementation, `awk` and `nawk` (BWK awk on macOS, an alternative on Debian) any.
    const readings: [string, AwkReading][] = [['gawk', gawkReading(parsed)]];
    if (name !== 'gawk') readings.push(['mawk', mawk(values)]);
    if (name !== 'gawk' && name !== 'mawk')
      readings.push(['BWK awk', bwkAwk(values)], ['busybox awk', busyboxAwk(values)]);
    const texts = new Map<string, string>();
    for (const [implementation, reading] of readings) {
      if (reading.kind === 'unknown')
        return blocked(
          ShellCodes.awkProgram,
          `${implementation} would read the program of \`${name}\` from a file or another word; pass the program inline as the first operand, with only -F and -v before it`,
        );
      if (reading.kind === 'program' && !texts.has(reading.text))
        texts.set(reading.text, implementation);
    }
    if (texts.size > 1) {
      const [first, second] = [...texts.entries()];
      return blocked(
        ShellCodes.awkProgram,
        `awk implementations read different programs from these words (${first?.[1]} runs \`${first?.[0]}\`, ${second?.[1]} runs \`${second?.[0]}\`): use only -F, -v and -- before the program, each with its value as a separate word or attached`,
      );
    }
    const [text] = texts.keys();
    const gawk = readings[0]?.[1];
    if (text === undefined || gawk?.kind === 'program') return ok;
    const verdict = checkAwkProgram(text);
    return verdict === undefined ? ok : blocked(verdict.code, verdict.reason);
  }

  function gawkReading(parsed: ParsedArgs): AwkReading {
    if (printsInfoOnly(parsed)) return { kind: 'no-program' };
    const source = parsed.options.find((option) => option.name === '-e')?.value;
    const program = source ?? parsed.operands[0];
    return program === undefined
      ? { kind: 'no-program' }
      : { kind: 'program', text: program.value };
  }

  /** `-W` values harmless in mawk (which abbreviates them) and in gawk (where `-W x` is `--x`). */
  const harmlessW = new Set(['version', 'help', 'usage', 'interactive', 'posix_space']);
  const infoW = new Set(['version', 'help', 'usage']);

  /** mawk's `-W opt[,opt…]`: only spelled-out harmless ones (`-W d` is gawk's --dump-variables). */
  function checkMawkW(value: ShellWord): Block | undefined {
    for (const item of value.value.split(',')) {
      const [name, number] = item.split('=');
      const sized = (name === 'sprintf' || name === 'random') && /^\d+$/.test(number ?? '');
      if (!sized && (number !== undefined || !harmlessW.has(name ?? ''))) {
        return {
          code: ShellCodes.optionUnsupported,
          reason: `\`awk -W ${item}\` is not known to be harmless (mawk -W exec runs a program file, gawk -W dump writes one); use -W version or drop it`,
        };
      }
    }
    return undefined;
  }

  /** Finds the program as awk does, checks it, and keeps operands away from gawk's /inet files. */
  function checkAwk(parsed: ParsedArgs): RuleResult {
    const sources = parsed.options.flatMap((option) =>
      option.name === '-e' && option.value !== undefined ? [option.value] : [],
    );
    if (sources.length > 1) {
      return blocked(ShellCodes.awkProgram, 'pass the awk program as one -e (or one operand)');
    }
    const program = sources[0] ?? parsed.operands[0];
    const inputs = sources.length === 1 ? parsed.operands : parsed.operands.slice(1);
    if (program === undefined) {
      return printsInfoOnly(parsed) ? ok : blocked(ShellCodes.badOperand, 'awk needs a program');
    }
    if (program.glob || program.tilde) {
      return blocked(
        ShellCodes.awkProgram,
        'the awk program is an unquoted glob or `~` word that the shell rewrites; quote it',
      );
    }
    const verdict = checkAwkProgram(program.value);
    if (verdict !== undefined) return blocked(verdict.code, verdict.reason);
    const network = inputs.find(couldBeInetFile);
    if (network !== undefined) {
      return blocked(
        ShellCodes.badOperand,
        `gawk opens \`${network.value}\` as a network connection (/inet/...); pass local files only`,
      );
    }
    return ok;
  }

  /** `awk --version`, `-W version`, … print and exit without a program. */
  function printsInfoOnly(parsed: ParsedArgs): boolean {
    return parsed.options.some(
      (option) =>
        option.name === '-V' ||
        option.name === '-h' ||
        option.name === '-C' ||
        (option.name === '-W' && (option.value?.value ?? '').split(',').some((w) => infoW.has(w))),
    );
  }

  /** An operand gawk would open as a socket: `/inet…`, or a glob whose fixed start could be that. */
  function couldBeInetFile(word: ShellWord): boolean {
    if (word.value.startsWith('/inet')) return true;
    if (!word.glob) return false;
    let fixed = 0;
    while (fixed < word.value.length && !'*?['.includes(word.value[fixed] ?? '')) fixed += 1;
    const head = word.value.slice(0, fixed);
    // A double-quoted expansion may be any text, `/inet/tcp/…` included.
    if (word.expansion === true) return '/inet'.startsWith(head) || head.startsWith('/inet');
    // Only an absolute pattern can expand to an absolute name.
    return head.startsWith('/') && '/inet'.startsWith(head);
  }

  // awk and the implementations it may be, for the default program table. They share one rule
  // because `awk` may be any of them.
  return {
    awk: awkRule('awk'),
    gawk: awkRule('gawk'),
    mawk: awkRule('mawk'),
    nawk: awkRule('nawk'),
  };
}
