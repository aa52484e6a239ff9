import { parseArgs as parseOptions } from 'node:util';

/** The topics `help` knows: the CLI itself and each subcommand. */
export type Topic = 'main' | 'check' | 'demo';

/** A command line the CLI understood. */
export type CliCommand =
  | { kind: 'help'; topic: Topic }
  | { kind: 'version' }
  | { kind: 'check'; command: string; json: boolean; noColor: boolean }
  | { kind: 'check-stdin' }
  | { kind: 'demo'; noColor: boolean };

/** The parsed command line, or a usage error to print (exit status 2). */
export type CommandLine =
  | { ok: true; command: CliCommand }
  | { ok: false; error: string; topic: Topic };

type Parsed = CommandLine;

const usage = (error: string, topic: Topic = 'main'): Parsed => ({ ok: false, error, topic });
const help = (topic: Topic): Parsed => ({ ok: true, command: { kind: 'help', topic } });

/**
 * The subcommands, each with its parser. A new subcommand is one entry here (and its help
 * text); unknown names get a did-you-mean from this list.
 */
const subcommands: Record<string, (rest: readonly string[]) => Parsed> = {
  check: parseCheck,
  demo: parseDemo,
  help: parseHelp,
};

/**
 * Reads `planfirst [--help|--version] <subcommand> …` with node:util's parseArgs (strict: no
 * unknown options, no `--flag=value` for flags). `--` ends the options, so a command starting
 * with `-` can still be checked.
 */
export function parseArgs(argv: readonly string[]): CommandLine {
  const [first, ...rest] = argv;
  if (first === undefined) return usage('missing a command');
  const sub = Object.hasOwn(subcommands, first) ? subcommands[first] : undefined;
  if (sub !== undefined) return sub(rest);
  if (first.startsWith('-')) {
    const parsed = options(
      argv,
      { help: { type: 'boolean', short: 'h' }, version: { type: 'boolean', short: 'v' } },
      'main',
    );
    if (!parsed.ok) return parsed;
    if (parsed.positionals.length > 0 || (parsed.values.help && parsed.values.version))
      return usage(`unexpected argument after ${first}`);
    return parsed.values.help ? help('main') : { ok: true, command: { kind: 'version' } };
  }
  // `hook` has its own parser (src/cli/hook.ts), dispatched before this one.
  const guess = closest(first, [...Object.keys(subcommands), 'hook']);
  return usage(
    `unknown command ${JSON.stringify(first)}${guess === undefined ? '' : ` — did you mean '${guess}'?`}`,
  );
}

type OptionConfig = Record<string, { type: 'boolean'; short?: string }>;
type OptionsResult =
  | { ok: true; values: Record<string, boolean | undefined>; positionals: string[] }
  | { ok: false; error: string; topic: Topic };

/** node:util parseArgs, with its TypeError turned into a usage error for `topic`. */
function options(args: readonly string[], config: OptionConfig, topic: Topic): OptionsResult {
  try {
    const { values, positionals } = parseOptions({
      args: [...args],
      options: config,
      strict: true,
      allowPositionals: true,
    });
    return { ok: true, values: values as Record<string, boolean | undefined>, positionals };
  } catch (error) {
    // node's messages are long and name no subcommand; say it the CLI's way.
    const { code, message } = error as { code?: string; message: string };
    const option = /'([^']+)'/.exec(message)?.[1] ?? '';
    const where = topic === 'main' ? '' : ` for ${topic}`;
    const dash =
      topic === 'check' ? ' (to check a command that starts with -, put -- before it)' : '';
    if (code === 'ERR_PARSE_ARGS_UNKNOWN_OPTION')
      return { ok: false, error: `unknown option ${option}${where}${dash}`, topic };
    if (code === 'ERR_PARSE_ARGS_INVALID_OPTION_VALUE')
      return {
        ok: false,
        error: `option ${option.split(/[ =]/)[0]} takes no value${where}`,
        topic,
      };
    return { ok: false, error: message.split('\n')[0] ?? 'bad arguments', topic };
  }
}

function parseHelp(rest: readonly string[]): Parsed {
  const [topic, ...extra] = rest;
  if (extra.length > 0) return usage('too many arguments to help');
  if (topic === undefined) return help('main');
  if (topic === 'check' || topic === 'demo') return help(topic);
  return usage(`no help for ${JSON.stringify(topic)}`);
}

function parseCheck(rest: readonly string[]): Parsed {
  const parsed = options(
    rest,
    {
      json: { type: 'boolean' },
      'no-color': { type: 'boolean' },
      stdin: { type: 'boolean' },
      help: { type: 'boolean', short: 'h' },
    },
    'check',
  );
  if (!parsed.ok) return parsed;
  const { values, positionals } = parsed;
  if (values.help) return help('check');
  if (values.stdin) {
    if (positionals.length > 0)
      return usage(
        'check --stdin reads the commands from stdin, one per line; drop the argument',
        'check',
      );
    return { ok: true, command: { kind: 'check-stdin' } };
  }
  const [command, ...extra] = positionals;
  if (command === undefined)
    return usage('check needs the shell command to judge (or --stdin)', 'check');
  if (extra.length > 0)
    return usage(
      `check takes one argument, got ${positionals.length}: quote the whole command, e.g. planfirst check 'git log --oneline | head -5'`,
      'check',
    );
  return {
    ok: true,
    command: {
      kind: 'check',
      command,
      json: values.json === true,
      noColor: values['no-color'] === true,
    },
  };
}

function parseDemo(rest: readonly string[]): Parsed {
  const parsed = options(
    rest,
    { 'no-color': { type: 'boolean' }, help: { type: 'boolean', short: 'h' } },
    'demo',
  );
  if (!parsed.ok) return parsed;
  if (parsed.values.help) return help('demo');
  const [extra] = parsed.positionals;
  if (extra !== undefined)
    return usage(`demo takes no arguments, got ${JSON.stringify(extra)}`, 'demo');
  return { ok: true, command: { kind: 'demo', noColor: parsed.values['no-color'] === true } };
}

/** The known name within edit distance 2 of `word` (the closest), if any. */
export function closest(word: string, names: readonly string[]): string | undefined {
  let best: string | undefined;
  let bestDistance = 3;
  for (const name of names) {
    const d = distance(word.toLowerCase(), name);
    if (d < bestDistance) {
      best = name;
      bestDistance = d;
    }
  }
  return best;
}

/** Levenshtein distance, with a swap of two neighbours counted as one edit. */
function distance(a: string, b: string): number {
  const rows = Array.from({ length: a.length + 1 }, (_, i) =>
    Array.from({ length: b.length + 1 }, (_, j) => (i === 0 ? j : j === 0 ? i : 0)),
  );
  const at = (i: number, j: number) => rows[i]?.[j] ?? Number.POSITIVE_INFINITY;
  for (let i = 1; i <= a.length; i++)
    for (let j = 1; j <= b.length; j++) {
      const cost = a[i - 1] === b[j - 1] ? 0 : 1;
      let d = Math.min(at(i - 1, j) + 1, at(i, j - 1) + 1, at(i - 1, j - 1) + cost);
      if (i > 1 && j > 1 && a[i - 1] === b[j - 2] && a[i - 2] === b[j - 1])
        d = Math.min(d, at(i - 2, j - 2) + 1);
      const row = rows[i];
      if (row !== undefined) row[j] = d;
    }
  return at(a.length, b.length);
}
