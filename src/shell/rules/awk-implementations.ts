// How mawk, BWK awk ("the one true awk": macOS, FreeBSD, original-awk) and busybox awk find the
// program in the same argv that gawk's option table reads. `awk` on a host may be any of them,
// and they disagree: BWK awk skips options it does not know (`--field-separator`, `-W`, a
// bundle like `-bF`), so a word gawk takes as an option's value becomes BWK's program. An awk
// call is read-only only when every implementation that runs a program runs the same text.

/** What one implementation does with an argv (the words after `awk`). */
export type AwkReading =
  /** Runs this program text (inline). */
  | { kind: 'program'; text: string }
  /** Prints version or usage, or fails on the options, before running any program. */
  | { kind: 'no-program' }
  /** Reads the program from a file or does something the model does not cover. */
  | { kind: 'unknown' };

const noProgram: AwkReading = { kind: 'no-program' };
const unknown: AwkReading = { kind: 'unknown' };

function programAt(args: readonly string[], index: number): AwkReading {
  const text = args[index];
  return text === undefined ? noProgram : { kind: 'program', text };
}

/**
 * BWK awk's main(): while a word starts with `-` and is not `-` alone: `-version`/`--version`
 * exit, `--` ends the options, `--csv` is a flag, then only the second character counts —
 * `f` (program file), `F` and `v` take the rest of the word or the next word, `d` and `s` are
 * flags, and every other word is skipped with a warning. The first word left is the program.
 */
export function bwkAwk(args: readonly string[]): AwkReading {
  let i = 0;
  while (i < args.length) {
    const word = args[i] as string;
    if (!word.startsWith('-') || word.length === 1) break;
    if (word === '-version' || word === '--version') return noProgram;
    if (word === '--') {
      i++;
      break;
    }
    const letter = word[1];
    if (letter === 'f') return unknown;
    if ((letter === 'F' || letter === 'v') && word.length === 2) {
      // The value is the next word; without one BWK stops with an error.
      if (i + 1 >= args.length) return noProgram;
      i++;
    }
    i++;
  }
  return programAt(args, i);
}

/**
 * mawk 1.3.4: `-F`, `-v`, `-f` and `-W` take the rest of the word or the next word; `--` ends
 * the options; a long `--name` never takes a value: gawk's --posix, --lint, --traditional and
 * --re-interval are ignored, and after one of them so is every other long option, which would
 * otherwise stop mawk; any other option stops it. `-W` values that only print (version, usage, help) end it before a program
 * runs; `-W exec` (any abbreviation, `-We`) takes the next word as a program file.
 */
export function mawk(args: readonly string[]): AwkReading {
  let i = 0;
  let ignoringLong = false;
  while (i < args.length) {
    const word = args[i] as string;
    if (!word.startsWith('-') || word.length === 1) break;
    if (word === '--') {
      i++;
      break;
    }
    if (word.startsWith('--')) {
      if (mawkIgnoredLong.has(word)) ignoringLong = true;
      else if (!ignoringLong) return noProgram;
      i++;
      continue;
    }
    const letter = word[1] as string;
    if (!'FvfW'.includes(letter)) return noProgram;
    if (letter === 'f') return unknown;
    let value = word.slice(2);
    if (value === '') {
      if (i + 1 >= args.length) return noProgram;
      i++;
      value = args[i] as string;
    }
    if (letter === 'W') {
      const reading = mawkW(value);
      if (reading !== undefined) return reading;
    }
    i++;
  }
  return programAt(args, i);
}

/** Long options mawk warns about and ignores (the others stop it). */
const mawkIgnoredLong = new Set(['--posix', '--lint', '--traditional', '--re-interval']);

/** mawk's -W list: a name or prefix of one; undefined when mawk goes on to the program. */
function mawkW(value: string): AwkReading | undefined {
  for (const item of value.split(',')) {
    const name = item.split('=')[0] ?? '';
    if (name === '') continue;
    if ('exec'.startsWith(name)) return unknown;
    if ('version'.startsWith(name) || 'usage'.startsWith(name) || 'help'.startsWith(name))
      return noProgram;
  }
  return undefined;
}

/**
 * busybox awk: getopt with `F:v:f:e:W:` and no permutation; `-e` is the program, `-W` is
 * ignored, any other option (and every long option) stops it. Bundles as getopt reads them.
 */
export function busyboxAwk(args: readonly string[]): AwkReading {
  let i = 0;
  let source: string | undefined;
  while (i < args.length) {
    const word = args[i] as string;
    if (!word.startsWith('-') || word.length === 1) break;
    if (word === '--') {
      i++;
      break;
    }
    if (word.startsWith('--')) return noProgram;
    // Every option letter busybox awk has takes a value: the rest of the word, or the next word.
    const letter = word[1] as string;
    if (!'FvfeW'.includes(letter)) return noProgram;
    let next = i + 1;
    let value = word.slice(2);
    if (value === '') {
      if (next >= args.length) return noProgram;
      value = args[next] as string;
      next++;
    }
    if (letter === 'f') return unknown;
    if (letter === 'e') {
      // Several -e are joined; the analyzer allows one program only.
      if (source !== undefined) return unknown;
      source = value;
    }
    i = next;
  }
  if (source !== undefined) return { kind: 'program', text: source };
  return programAt(args, i);
}
