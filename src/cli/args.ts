/** A command line the CLI understood. */
export type CliCommand =
  | { kind: 'help'; topic: 'main' | 'check' | 'demo' }
  | { kind: 'version' }
  | { kind: 'check'; command: string; json: boolean; noColor: boolean }
  | { kind: 'demo'; noColor: boolean };

/** The parsed command line, or a usage error to print (exit status 2). */
export type CommandLine =
  | { ok: true; command: CliCommand }
  | { ok: false; error: string; topic: 'main' | 'check' | 'demo' };

const usage = (error: string, topic: 'main' | 'check' | 'demo' = 'main'): CommandLine => ({
  ok: false,
  error,
  topic,
});

/**
 * Reads `planfirst [--help|--version] <check|demo|help> …` by hand (no dependency). Options are
 * exact words (no `=value`, no bundling); `--` ends them, so a command starting with `-` can
 * still be checked.
 */
export function parseArgs(argv: readonly string[]): CommandLine {
  const [first, ...rest] = argv;
  switch (first) {
    case undefined:
      return usage('missing a command');
    case '-h':
    case '--help':
      return rest.length === 0 ? help('main') : usage(`unexpected argument after ${first}`);
    case '-v':
    case '--version':
      return rest.length === 0
        ? { ok: true, command: { kind: 'version' } }
        : usage(`unexpected argument after ${first}`);
    case 'help':
      return parseHelp(rest);
    case 'check':
      return parseCheck(rest);
    case 'demo':
      return parseDemo(rest);
    default:
      return first.startsWith('-')
        ? usage(`unknown option ${first}`)
        : usage(`unknown command ${JSON.stringify(first)}`);
  }
}

function help(topic: 'main' | 'check' | 'demo'): CommandLine {
  return { ok: true, command: { kind: 'help', topic } };
}

function parseHelp(rest: readonly string[]): CommandLine {
  const [topic, ...extra] = rest;
  if (extra.length > 0) return usage('too many arguments to help');
  if (topic === undefined) return help('main');
  if (topic === 'check' || topic === 'demo') return help(topic);
  return usage(`no help for ${JSON.stringify(topic)}`);
}

function parseCheck(rest: readonly string[]): CommandLine {
  let json = false;
  let noColor = false;
  const operands: string[] = [];
  let optionsEnded = false;
  for (const arg of rest) {
    if (optionsEnded || arg === '-' || !arg.startsWith('-')) operands.push(arg);
    else if (arg === '--') optionsEnded = true;
    else if (arg === '--json') json = true;
    else if (arg === '--no-color') noColor = true;
    else if (arg === '-h' || arg === '--help') return help('check');
    else
      return usage(
        `unknown option ${arg} for check (to check a command that starts with -, put -- before it)`,
        'check',
      );
  }
  const [command, ...extra] = operands;
  if (command === undefined) return usage('check needs the shell command to judge', 'check');
  if (extra.length > 0)
    return usage(
      `check takes one argument, got ${operands.length}: quote the whole command, e.g. planfirst check 'git log --oneline | head -5'`,
      'check',
    );
  return { ok: true, command: { kind: 'check', command, json, noColor } };
}

function parseDemo(rest: readonly string[]): CommandLine {
  let noColor = false;
  for (const arg of rest) {
    if (arg === '--no-color') noColor = true;
    else if (arg === '-h' || arg === '--help') return help('demo');
    else if (arg.startsWith('-')) return usage(`unknown option ${arg} for demo`, 'demo');
    else return usage(`demo takes no arguments, got ${JSON.stringify(arg)}`, 'demo');
  }
  return { ok: true, command: { kind: 'demo', noColor } };
}
