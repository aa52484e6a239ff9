import { ShellCodes } from '../codes.js';
import type { ProgramRule, ProgramSpec, ProgramTable, RuleResult } from '../spec.js';
import type { ShellWord } from '../types.js';
import { gnuStandard, options } from './options.js';
import { blocked, ok } from './results.js';

// Programs that print binary files as text. od, hexdump and strings have no option that writes
// or runs anything. xxd parses its own arguments (see judgeXxd) and writes its second operand.

/**
 * Builds the binary dump programs' table (od hexdump strings xxd).
 * Called once, on the first lookup of one of its programs, so loading the module builds nothing.
 */
export function buildBinaryDumpPrograms(): ProgramTable {
  const od: ProgramSpec = {
    options: options({
      '-A --address-radix': 'required',
      '--endian': 'required',
      '-j --skip-bytes': 'required',
      '-N --read-bytes': 'required',
      '-S': 'required',
      '--strings': 'optional',
      '-t --format': 'required',
      '-v --output-duplicates': 'flag',
      '-w': 'optional',
      '--width': 'optional',
      '--traditional': 'flag',
      // Traditional format letters, documented and legacy.
      '-a': 'flag',
      '-b': 'flag',
      '-B': 'flag',
      '-c': 'flag',
      '-d': 'flag',
      '-D': 'flag',
      '-e': 'flag',
      '-f': 'flag',
      '-F': 'flag',
      '-h': 'flag',
      '-H': 'flag',
      '-i': 'flag',
      '-I': 'flag',
      '-l': 'flag',
      '-L': 'flag',
      '-o': 'flag',
      '-O': 'flag',
      '-s': 'flag',
      '-x': 'flag',
      '-X': 'flag',
      ...gnuStandard,
    }),
    globs: 'anywhere',
  };

  const hexdump: ProgramSpec = {
    options: options({
      '-b --one-byte-octal': 'flag',
      '-c --one-byte-char': 'flag',
      '-C --canonical': 'flag',
      '-d --two-bytes-decimal': 'flag',
      '-o --two-bytes-octal': 'flag',
      '-x --two-bytes-hex': 'flag',
      '-L --color': 'optional',
      '-e --format': 'required',
      '-f --format-file': 'required',
      '-n --length': 'required',
      '-s --skip': 'required',
      '-v --no-squeezing': 'flag',
      '-h --help': 'flag',
      '-V --version': 'flag',
    }),
    globs: 'anywhere',
  };

  // `@FILE` reads more options from FILE; every strings option only reads, so that is harmless.
  const strings: ProgramSpec = {
    options: options({
      '-a --all': 'flag',
      '-d --data': 'flag',
      '-f --print-file-name': 'flag',
      '-n --bytes': 'required',
      '-t --radix': 'required',
      '-w --include-all-whitespace': 'flag',
      '-o': 'flag',
      '-T --target': 'required',
      '-e --encoding': 'required',
      '--unicode': 'required',
      '-U': 'required',
      '-s --output-separator': 'required',
      '-h --help': 'flag',
      '-v -V --version': 'flag',
    }),
    // `strings -8` is `-n 8`.
    numericOption: true,
    globs: 'anywhere',
  };

  const xxdFlags = new Set(['a', 'b', 'e', 'u', 'p', 'i', 'C', 'd', 'r', 'E', 'v', 'h']);
  /** Value letters and the long-name tails xxd accepts after them (`-cols`, `-seek`). */
  const xxdValueTails: Readonly<Record<string, readonly string[]>> = {
    c: ['ols'],
    g: ['roup'],
    o: ['ffset'],
    s: ['kip', 'eek'],
    l: ['en'],
    n: ['ame'],
    R: [],
  };

  /**
   * xxd reads `-x…` words by their first letter only (`-ps`, `-autoskip`, `--cols`), takes values
   * attached or from the next word, stops at the first operand, and writes its second operand.
   */
  function judgeXxd(args: readonly ShellWord[]): RuleResult {
    let i = 0;
    for (; i < args.length; i++) {
      const word = args[i] as ShellWord;
      if (word.glob) return xxdGlob(word);
      const text =
        word.value.startsWith('--') && word.value.length > 2 ? word.value.slice(1) : word.value;
      if (text === '--') {
        i++;
        break;
      }
      if (!text.startsWith('-') || text.length < 2) break;
      const letter = text.charAt(1);
      const rest = text.slice(2);
      if (letter === 'c' && rest.startsWith('apitalize')) continue;
      if (xxdFlags.has(letter)) continue;
      const tails = xxdValueTails[letter];
      if (tails === undefined) {
        return blocked(
          ShellCodes.unknownOption,
          `\`xxd ${word.value}\` is not an option xxd knows`,
        );
      }
      const attached = rest !== '' && !tails.some((tail) => rest.startsWith(tail));
      if (attached) continue;
      const value = args[i + 1];
      if (value === undefined)
        return blocked(ShellCodes.missingValue, `\`xxd ${word.value}\` needs a value`);
      if (value.glob) return xxdGlob(value);
      i++;
    }
    const operands = args.slice(i);
    const glob = operands.find((operand) => operand.glob);
    if (glob !== undefined) return xxdGlob(glob);
    if (operands.length > 1) {
      return blocked(
        ShellCodes.operandWrites,
        '`xxd IN OUT` writes OUT; give one input file and read the dump on stdout',
      );
    }
    return ok;
  }

  function xxdGlob(word: ShellWord): RuleResult {
    return blocked(
      ShellCodes.unsafeGlob,
      `\`xxd\` writes its second operand and \`${word.raw}\` may expand to several names; name one file`,
    );
  }

  const xxd: ProgramRule = { kind: 'custom', globs: 'never', judge: judgeXxd };

  // od, hexdump, strings and xxd: programs that print binary files as text.
  // Only xxd can write (its second operand), and its custom rule blocks that.
  return {
    od: { kind: 'spec', spec: od },
    hexdump: { kind: 'spec', spec: hexdump },
    strings: { kind: 'spec', spec: strings },
    xxd,
  };
}
