import { ShellCodes } from '../codes.js';
import type { ParsedArgs, ProgramRule, ProgramSpec, ProgramTable, RuleResult } from '../spec.js';
import { gnuStandard, options } from './options.js';
import { blocked, ok } from './results.js';

// Programs that report on the system and the session: id whoami uname uptime nproc hostname
// date ps printenv which. hostname and date can also *set* things.

/**
 * Builds the system information programs' table.
 * Called once, on the first lookup of one of its programs, so loading the module builds nothing.
 */
export function buildSystemInfoPrograms(): ProgramTable {
  const id: ProgramSpec = {
    options: options({
      '-a': 'flag',
      '-Z --context': 'flag',
      '-g --group': 'flag',
      '-G --groups': 'flag',
      '-n --name': 'flag',
      '-r --real': 'flag',
      '-u --user': 'flag',
      '-z --zero': 'flag',
      ...gnuStandard,
    }),
    globs: 'anywhere',
  };

  const whoami: ProgramSpec = { options: options(gnuStandard), globs: 'anywhere' };

  const uname: ProgramSpec = {
    options: options({
      '-a --all': 'flag',
      '-s --kernel-name': 'flag',
      '-n --nodename': 'flag',
      '-r --kernel-release': 'flag',
      '-v --kernel-version': 'flag',
      '-m --machine': 'flag',
      '-p --processor': 'flag',
      '-i --hardware-platform': 'flag',
      '-o --operating-system': 'flag',
      ...gnuStandard,
    }),
    globs: 'anywhere',
  };

  const uptime: ProgramSpec = {
    options: options({
      '-p --pretty': 'flag',
      '-s --since': 'flag',
      '-h --help': 'flag',
      '-V --version': 'flag',
    }),
    globs: 'anywhere',
  };

  const nproc: ProgramSpec = {
    options: options({ '--all': 'flag', '--ignore': 'required', ...gnuStandard }),
    globs: 'anywhere',
  };

  // Only the host name itself (gethostname) and the local interface addresses (-I, getifaddrs).
  // Every other display option asks the resolver (DNS, NIS), which reaches the network; net-tools'
  // hostname resolves even for -s.
  const lookup = {
    hazard: 'network',
    reason:
      'asks the resolver (DNS or NIS), which reaches the network; run `hostname` (or `uname -n`) for the local name, `hostname -I` for the local addresses',
  } as const;

  const hostname: ProgramSpec = {
    options: options({
      '-a --alias': lookup,
      '-A --all-fqdns': lookup,
      '-d --domain': lookup,
      '-f --fqdn --long': lookup,
      '-i --ip-address': lookup,
      '-I --all-ip-addresses': 'flag',
      '-s --short': lookup,
      '-y --yp --nis': lookup,
      '-b --boot': {
        hazard: 'writes',
        reason: 'sets the host name when none is set; run `hostname` alone to print it',
      },
      '-F --file': {
        value: 'required',
        hazard: 'writes',
        reason: 'sets the host name from a file; run `hostname` alone to print it',
      },
      '-h --help': 'flag',
      '-V --version': 'flag',
    }),
    globs: 'never',
    operands: {
      max: 0,
      maxCode: ShellCodes.operandWrites,
      maxReason: '`hostname NAME` sets the host name; run `hostname` to print it',
    },
  };

  /** date prints only with `+FORMAT` operands; any other operand sets the clock. */
  function checkDate(parsed: ParsedArgs): RuleResult {
    const operands = parsed.operands;
    const setter = operands.find((operand) => !operand.value.startsWith('+'));
    if (setter !== undefined) {
      return blocked(
        ShellCodes.operandWrites,
        `\`date ${setter.value}\` sets the system clock; only \`+FORMAT\` operands are allowed (use -d to show another date)`,
      );
    }
    if (operands.length > 1) {
      return blocked(ShellCodes.badOperand, '`date` takes a single `+FORMAT` operand');
    }
    return ok;
  }

  const date: ProgramSpec = {
    options: options({
      '-d --date': 'required',
      '--debug': 'flag',
      '-f --file': 'required',
      '-I': 'optional',
      '--iso-8601': 'optional',
      '--resolution': 'flag',
      '-R --rfc-email --rfc-2822': 'flag',
      '--rfc-3339': 'required',
      '-r --reference': 'required',
      '-s --set': {
        value: 'required',
        hazard: 'writes',
        reason: 'sets the system clock; use -d to show another date',
      },
      '-u --utc --universal': 'flag',
      ...gnuStandard,
    }),
    globs: 'never',
    check: checkDate,
  };

  // procps, BSD and busybox ps read the process table; none has an option that writes a file,
  // runs a program or reaches the network. Their three option styles (`aux`, `-ef`, `--sort`)
  // with values (`-o pid,cmd`, `-p 1`) make a table brittle, so ps accepts any words.
  const ps: ProgramRule = { kind: 'custom', globs: 'anywhere', judge: () => ok };

  const printenv: ProgramSpec = {
    options: options({ '-0 --null': 'flag', ...gnuStandard }),
    globs: 'anywhere',
  };

  // Debian's which takes -a; macOS's also -s (status only). Both stop at the first name.
  const which: ProgramSpec = {
    options: options({ '-a': 'flag', '-s': 'flag' }),
    permute: false,
    abbreviations: false,
    globs: 'anywhere',
  };

  // getconf VAR [PATH], getconf -a: configuration values.
  const getconf: ProgramSpec = {
    options: options({ '-a --all': 'flag', '-v': 'required', ...gnuStandard }),
    globs: 'anywhere',
  };

  // locale [-a | -m | [-ck] NAME…]: the locale settings and the installed locales.
  const locale: ProgramSpec = {
    options: options({
      '-a --all-locales': 'flag',
      '-m --charmaps': 'flag',
      '-c --category-name': 'flag',
      '-k --keyword-name': 'flag',
      '-v --verbose': 'flag',
      '-?': 'flag',
      ...gnuStandard,
    }),
    globs: 'anywhere',
  };

  // procps free. -s repeats (forever unless -c bounds it), which would hang the tool: refused.
  const free: ProgramSpec = {
    options: options({
      '-b --bytes': 'flag',
      '-k --kibi': 'flag',
      '-m --mebi': 'flag',
      '-g --gibi': 'flag',
      '--tebi': 'flag',
      '--pebi': 'flag',
      '--kilo': 'flag',
      '--mega': 'flag',
      '--giga': 'flag',
      '--tera': 'flag',
      '--peta': 'flag',
      '-h --human': 'flag',
      '--si': 'flag',
      '-l --lohi': 'flag',
      '-L --line': 'flag',
      '-t --total': 'flag',
      '-v --committed': 'flag',
      '-w --wide': 'flag',
      '-c --count': 'required',
      '-s --seconds': {
        value: 'required',
        hazard: 'interactive',
        reason: 'repeats until interrupted; run `free` once',
      },
      '-V --version': 'flag',
      '--help': 'flag',
    }),
    globs: 'never',
    operands: { max: 0 },
  };

  // pgrep (procps, BSD) lists matching processes; only pkill signals them (pkill blocks).
  const pgrep: ProgramRule = { kind: 'custom', globs: 'anywhere', judge: () => ok };

  // lsb_release and macOS sw_vers print the distribution / OS version.
  const lsbRelease: ProgramSpec = {
    options: options({
      '-v --version': 'flag',
      '-i --id': 'flag',
      '-d --description': 'flag',
      '-r --release': 'flag',
      '-c --codename': 'flag',
      '-a --all': 'flag',
      '-s --short': 'flag',
      '-h --help': 'flag',
    }),
    globs: 'never',
    operands: { max: 0 },
  };
  const swVers: ProgramSpec = {
    options: options({
      '-productName': 'flag',
      '-productVersion': 'flag',
      '-productVersionExtra': 'flag',
      '-buildVersion': 'flag',
      '--productName': 'flag',
      '--productVersion': 'flag',
      '--productVersionExtra': 'flag',
      '--buildVersion': 'flag',
    }),
    abbreviations: false,
    globs: 'never',
    operands: { max: 0 },
  };

  // id whoami uname uptime nproc hostname date ps printenv which: they report on the system.
  // hostname and date may not set anything.
  return {
    id: { kind: 'spec', spec: id },
    whoami: { kind: 'spec', spec: whoami },
    uname: { kind: 'spec', spec: uname },
    uptime: { kind: 'spec', spec: uptime },
    nproc: { kind: 'spec', spec: nproc },
    hostname: { kind: 'spec', spec: hostname },
    date: { kind: 'spec', spec: date },
    ps,
    printenv: { kind: 'spec', spec: printenv },
    which: { kind: 'spec', spec: which },
    getconf: { kind: 'spec', spec: getconf },
    locale: { kind: 'spec', spec: locale },
    free: { kind: 'spec', spec: free },
    pgrep,
    lsb_release: { kind: 'spec', spec: lsbRelease },
    sw_vers: { kind: 'spec', spec: swVers },
  };
}
