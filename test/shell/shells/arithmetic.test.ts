import fc from 'fast-check';
import { beforeAll, describe, expect, it } from 'vitest';
import { analyzeShellCommand } from '../../../src/shell/analyze.js';
import { requirePrograms, runInShell, shells } from './real-shells.js';

// Numeric contexts under the real shells: every command the analyzer accepts, with a word that
// zsh arithmetic would run a command from placed in each argument position of each builtin the
// analyzer accepts, runs under bash, zsh, dash and busybox sh in a scratch directory and must
// create nothing. The same words in the contexts the analyzer refuses do create the marker under
// zsh, which proves the payload is live.

const quote = (text: string) => `'${text.replaceAll("'", `'\\''`)}'`;
const payloads = ['path[$(touch M)]', 'argv[$(touch M)]', '1+path[$(touch M)]'];

/** `program` with the words, the payload standing in for one of them. */
const builtinCall = fc
  .tuple(
    fc.constantFrom(
      ['printf', '%d'],
      ['printf', '%s %d'],
      ['printf', '%*s'],
      ['printf', '%.*f'],
      ['printf', '%c%x'],
      ['printf', '%s'],
      ['printf', '%b'],
      ['printf', '%q'],
      ['test', '-t'],
      ['test', '!', '-t'],
      ['test', '-n'],
      ['test', '-z'],
      ['test', '1', '-eq'],
      ['test', '-f'],
      ['[', '-t'],
      ['echo'],
      ['echo', '-n'],
      ['cd'],
      ['type'],
      ['which'],
      ['pwd'],
      ['true'],
      ['false'],
      ['command', '-v'],
      ['time'],
      ['nice', '-n'],
      ['timeout'],
    ),
    fc.constantFrom(...payloads),
    fc.nat({ max: 3 }),
  )
  .map(([words, payload, at]) => {
    const args = words.slice(1).map(quote);
    args.splice(Math.min(at, args.length), 0, quote(payload));
    const line = `${words[0]} ${args.join(' ')}`;
    return words[0] === '[' ? `${line} ]` : line;
  });

const prefixCall = fc
  .tuple(
    fc.constantFrom('COLUMNS', 'LANG', 'LC_ALL', 'TZ', 'LANGUAGE', 'NO_COLOR', 'CLICOLOR'),
    fc.constantFrom(...payloads),
    fc.constantFrom('true', 'ls', 'date'),
  )
  .map(([name, payload, command]) => `${name}=${quote(payload)} ${command}`);

describe('numeric contexts under the real shells', () => {
  beforeAll(() => requirePrograms(['bash', 'zsh', 'dash', 'busybox']));

  const commands = [
    ...new Set([
      ...fc.sample(builtinCall, { numRuns: 400, seed: 24 }),
      ...fc.sample(prefixCall, { numRuns: 60, seed: 24 }),
    ]),
  ];
  const accepted = commands.filter((c) => analyzeShellCommand(c).readOnly);
  const refused = commands.filter((c) => !analyzeShellCommand(c).readOnly);

  it('sample covers both verdicts', () => {
    expect(accepted.length).toBeGreaterThan(50);
    expect(refused.length).toBeGreaterThan(30);
  });

  it.each(Object.keys(shells))('every accepted command creates nothing under %s', (shell) => {
    const effects = runInShell(shells[shell] as string[], accepted);
    expect(effects.filter((e) => e.created.length > 0)).toEqual([]);
  });

  it('the payload is live: zsh runs it in printf %d, test -t and COLUMNS=', () => {
    const live = [
      "printf %d 'path[$(touch M)]'",
      "printf '%*s' 'path[$(touch M)]' x",
      "test -t 'path[$(touch M)]'",
      "COLUMNS='path[$(touch M)]' true",
    ];
    for (const command of live) expect(analyzeShellCommand(command).readOnly, command).toBe(false);
    const effects = runInShell(shells.zsh as string[], live);
    expect(effects.map((e) => e.created)).toEqual(live.map(() => ['M']));
  });
});
