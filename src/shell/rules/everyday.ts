import { ShellCodes } from '../codes.js';
import type { ParsedArgs, ProgramSpec, ProgramTable, RuleResult } from '../spec.js';
import { gnuStandard, options } from './options.js';
import { blocked, ok } from './results.js';

// Everyday read-only programs: joining and formatting text (join numfmt), waiting (sleep),
// three-way and side-by-side comparison (diff3, sdiff without -o), decompressing to stdout
// (bzcat xzcat zstdcat), /proc and utmp readers (who last pstree), binary inspectors (readelf
// nm objdump) and local socket tables with name lookups off (ss, lsof -nP). Options are an
// allowlist without abbreviations: a prefix never stands for an option we did not list.
// Left out on purpose: `diff3/sdiff --diff-program` (runs a program), `sdiff -o` (writes,
// interactive), `zstdcat -o` (writes), `nm --plugin` (loads a library), `readelf/objdump
// --debug-dump=follow-links` and debuginfod (network), `who --lookup`, `last -d` and `ss -r`
// (DNS), `ss -K` (closes sockets) and `-D` (writes a file), `lsof -r` (loops).

function spec(table: Parameters<typeof options>[0], extra: Partial<ProgramSpec> = {}): ProgramSpec {
  return {
    options: options({ ...table, ...gnuStandard }),
    abbreviations: false,
    globs: 'after-end-of-options',
    ...extra,
  };
}

/** `sleep N[smhd]…`: plain numbers only (no `infinity`). */
function sleepCheck(parsed: ParsedArgs): RuleResult {
  for (const operand of parsed.operands)
    if (!/^\d{1,7}(?:\.\d{1,6})?[smhd]?$/.test(operand.value) || operand.glob)
      return blocked(
        ShellCodes.badOperand,
        `\`sleep ${operand.value}\`: only a plain duration like \`sleep 1\` or \`sleep 0.5\``,
      );
  return ok;
}

/** binutils read more options from any word `@FILE` (an option's value, or after `--` too). */
function noResponseFiles(parsed: ParsedArgs): RuleResult {
  const words = [...parsed.operands, ...parsed.options.flatMap((o) => (o.value ? [o.value] : []))];
  for (const operand of words)
    if (operand.value.startsWith('@'))
      return blocked(
        ShellCodes.badOperand,
        `\`${operand.value}\` makes binutils read options from a file; name the binary itself`,
      );
  return ok;
}

/** lsof is read-only with name lookups off (`-n`, `-P`) and `-i` without a host. */
function lsofCheck(parsed: ParsedArgs): RuleResult {
  const names = new Set(parsed.options.map((option) => option.name));
  const plus = parsed.operands.find((operand) => operand.value.startsWith('+'));
  if (plus !== undefined)
    return blocked(
      ShellCodes.unknownOption,
      `\`lsof ${plus.value}\`: lsof's + options are not allowed (\`+r\` repeats until stopped); use the - options`,
    );
  if (!names.has('-n') || !names.has('-P'))
    return blocked(
      ShellCodes.optionNetwork,
      '`lsof` looks up host and port names over the network unless told not to; add `-nP` (`lsof -nP -i :3000`)',
    );
  return ok;
}

function lsofAddress(value: { value: string; glob: boolean }) {
  if (!value.glob && /^[46]?(?:tcp|udp|TCP|UDP)?(?::[0-9,-]{1,40})?$/.test(value.value))
    return undefined;
  return {
    code: ShellCodes.optionNetwork,
    reason: `\`lsof -i ${value.value}\`: a host name is looked up on the network; give only a protocol and port, like \`-i tcp:3000\``,
  };
}

/**
 * Builds the everyday programs' table.
 * Called once, on the first lookup of one of its programs, so loading the module builds nothing.
 */
export function buildEverydayPrograms(): ProgramTable {
  const join = spec(
    {
      '-a': 'required',
      '-e': 'required',
      '-i --ignore-case': 'flag',
      '-j': 'required',
      '-o': 'required',
      '-t': 'required',
      '-v': 'required',
      '-1': 'required',
      '-2': 'required',
      '--check-order': 'flag',
      '--nocheck-order': 'flag',
      '--header': 'flag',
      '-z --zero-terminated': 'flag',
    },
    { operands: { max: 2 } },
  );
  const numfmt = spec({
    '--debug': 'flag',
    '-d --delimiter': 'required',
    '--field': 'required',
    '--format': 'required',
    '--from': 'required',
    '--from-unit': 'required',
    '--grouping': 'flag',
    '--header': 'optional',
    '--invalid': 'required',
    '--padding': 'required',
    '--round': 'required',
    '--suffix': 'required',
    '--to': 'required',
    '--to-unit': 'required',
    '-z --zero-terminated': 'flag',
  });
  const sleep = spec({}, { operands: { min: 1, max: 4 }, check: sleepCheck });
  const diff3 = spec(
    {
      '-A --show-all': 'flag',
      '-e --ed': 'flag',
      '-E --show-overlap': 'flag',
      '-3 --easy-only': 'flag',
      '-x --overlap-only': 'flag',
      '-X': 'flag',
      '-i': 'flag',
      '-m --merge': 'flag',
      '-a --text': 'flag',
      '--strip-trailing-cr': 'flag',
      '-T --initial-tab': 'flag',
      '-L --label': 'required',
    },
    { operands: { max: 3 } },
  );
  const sdiff = spec(
    {
      '-i --ignore-case': 'flag',
      '-E --ignore-tab-expansion': 'flag',
      '-Z --ignore-trailing-space': 'flag',
      '-b --ignore-space-change': 'flag',
      '-W --ignore-all-space': 'flag',
      '-B --ignore-blank-lines': 'flag',
      '-I --ignore-matching-lines': 'required',
      '--strip-trailing-cr': 'flag',
      '-a --text': 'flag',
      '-w --width': 'required',
      '-l --left-column': 'flag',
      '-s --suppress-common-lines': 'flag',
      '-t --expand-tabs': 'flag',
      '--tabsize': 'required',
      '-d --minimal': 'flag',
      '-H --speed-large-files': 'flag',
      '-o --output': {
        value: 'required',
        hazard: 'writes',
        reason: 'merges interactively into a file; compare with `sdiff a b` or `diff -y a b`',
      },
    },
    { operands: { max: 2 } },
  );
  const bzcat = spec({ '-q --quiet': 'flag', '-v --verbose': 'flag', '-s --small': 'flag' });
  const xzcat = spec({
    '-q --quiet': 'flag',
    '-v --verbose': 'flag',
    '-k --keep': 'flag',
    '--single-stream': 'flag',
    '--ignore-check': 'flag',
    '-T --threads': 'required',
  });
  const zstdcat = spec({ '-q --quiet': 'flag', '-v --verbose': 'flag' });
  const who = spec(
    {
      '-a --all': 'flag',
      '-b --boot': 'flag',
      '-d --dead': 'flag',
      '-H --heading': 'flag',
      '-l --login': 'flag',
      '-m': 'flag',
      '-p --process': 'flag',
      '-q --count': 'flag',
      '-r --runlevel': 'flag',
      '-s --short': 'flag',
      '-t --time': 'flag',
      '-T -w --mesg --message --writable': 'flag',
      '-u --users': 'flag',
    },
    { operands: { max: 2 } },
  );
  const last = spec(
    {
      '-n --limit': 'required',
      '-a --hostlast': 'flag',
      '-F --fulltimes': 'flag',
      '-i --ip': 'flag',
      '-w --fullnames': 'flag',
      '-x --system': 'flag',
      '-R --nohostname': 'flag',
      '-f --file': 'required',
      '-s --since': 'required',
      '-t --until': 'required',
      '-p --present': 'required',
      '--time-format': 'required',
    },
    { numericOption: true },
  );
  const pstree = spec(
    {
      '-a --arguments': 'flag',
      '-A --ascii': 'flag',
      '-c --compact-not': 'flag',
      '-g --show-pgids': 'flag',
      '-G --vt100': 'flag',
      '-h --highlight-all': 'flag',
      '-H --highlight-pid': 'required',
      '-l --long': 'flag',
      '-n --numeric-sort': 'flag',
      '-N --ns-sort': 'required',
      '-p --show-pids': 'flag',
      '-s --show-parents': 'flag',
      '-S --ns-changes': 'flag',
      '-t --thread-names': 'flag',
      '-T --hide-threads': 'flag',
      '-u --uid-changes': 'flag',
      '-U --unicode': 'flag',
    },
    { operands: { max: 1 } },
  );
  const readelf = spec(
    {
      '-a --all': 'flag',
      '-h --file-header': 'flag',
      '-l --program-headers --segments': 'flag',
      '-S --section-headers --sections': 'flag',
      '-g --section-groups': 'flag',
      '-t --section-details': 'flag',
      '-e --headers': 'flag',
      '-s --syms --symbols': 'flag',
      '--dyn-syms': 'flag',
      '-n --notes': 'flag',
      '-r --relocs': 'flag',
      '-u --unwind': 'flag',
      '-d --dynamic': 'flag',
      '-V --version-info': 'flag',
      '-A --arch-specific': 'flag',
      '-c --archive-index': 'flag',
      '-x --hex-dump': 'required',
      '-p --string-dump': 'required',
      '-I --histogram': 'flag',
      '-W --wide': 'flag',
      '-C --demangle': 'optional',
    },
    { operands: { min: 1 }, globs: 'never', check: noResponseFiles },
  );
  const nm = spec(
    {
      '-a --debug-syms': 'flag',
      '-A -o --print-file-name': 'flag',
      '-B': 'flag',
      '-C --demangle': 'optional',
      '-D --dynamic': 'flag',
      '-f --format': 'required',
      '-g --extern-only': 'flag',
      '-j': 'flag',
      '-l --line-numbers': 'flag',
      '-n -v --numeric-sort': 'flag',
      '-p --no-sort': 'flag',
      '-P --portability': 'flag',
      '-r --reverse-sort': 'flag',
      '-S --print-size': 'flag',
      '-t --radix': 'required',
      '-u --undefined-only': 'flag',
      '-U --defined-only': 'flag',
      '--size-sort': 'flag',
    },
    { globs: 'never', check: noResponseFiles },
  );
  const objdump = spec(
    {
      '-a --archive-headers': 'flag',
      '-f --file-headers': 'flag',
      '-p --private-headers': 'flag',
      '-h --section-headers --headers': 'flag',
      '-x --all-headers': 'flag',
      '-d --disassemble': 'optional',
      '-D --disassemble-all': 'flag',
      '-S --source': 'flag',
      '-s --full-contents': 'flag',
      '-g --debugging': 'flag',
      '-t --syms': 'flag',
      '-T --dynamic-syms': 'flag',
      '-r --reloc': 'flag',
      '-R --dynamic-reloc': 'flag',
      '-C --demangle': 'optional',
      '-l --line-numbers': 'flag',
      '-w --wide': 'flag',
      '-z --disassemble-zeroes': 'flag',
      '-j --section': 'required',
      '-M --disassembler-options': 'required',
      '--no-show-raw-insn': 'flag',
      '--start-address': 'required',
      '--stop-address': 'required',
    },
    { operands: { min: 1 }, globs: 'never', check: noResponseFiles },
  );
  const ss = spec(
    {
      '-n --numeric': 'flag',
      '-a --all': 'flag',
      '-l --listening': 'flag',
      '-o --options': 'flag',
      '-e --extended': 'flag',
      '-m --memory': 'flag',
      '-p --processes': 'flag',
      '-i --info': 'flag',
      '-s --summary': 'flag',
      '-H --no-header': 'flag',
      '-O --oneline': 'flag',
      '-4 --ipv4': 'flag',
      '-6 --ipv6': 'flag',
      '-t --tcp': 'flag',
      '-u --udp': 'flag',
      '-w --raw': 'flag',
      '-x --unix': 'flag',
    },
    {
      // A filter's host names are looked up; take the table whole and filter with grep.
      operands: {
        max: 0,
        maxReason: 'an ss filter may name hosts that ss looks up; filter the output with grep',
      },
    },
  );
  const lsof = spec(
    {
      '-n': 'flag',
      '-P': 'flag',
      '-l': 'flag',
      '-t': 'flag',
      '-a': 'flag',
      '-w': 'flag',
      '-i': { value: 'required', check: lsofAddress },
      '-p': 'required',
      '-u': 'required',
      '-c': 'required',
      '-s': 'optional',
    },
    { check: lsofCheck },
  );
  return {
    join: { kind: 'spec', spec: join },
    numfmt: { kind: 'spec', spec: numfmt },
    sleep: { kind: 'spec', spec: sleep },
    diff3: { kind: 'spec', spec: diff3 },
    sdiff: { kind: 'spec', spec: sdiff },
    bzcat: { kind: 'spec', spec: bzcat },
    xzcat: { kind: 'spec', spec: xzcat },
    zstdcat: { kind: 'spec', spec: zstdcat },
    who: { kind: 'spec', spec: who },
    last: { kind: 'spec', spec: last },
    pstree: { kind: 'spec', spec: pstree },
    readelf: { kind: 'spec', spec: readelf },
    nm: { kind: 'spec', spec: nm },
    objdump: { kind: 'spec', spec: objdump },
    ss: { kind: 'spec', spec: ss },
    lsof: { kind: 'spec', spec: lsof },
  };
}
