import { describe, expect, it } from 'vitest';
import { parseArgs } from '../../src/cli/args.js';

describe('parseArgs', () => {
  it.each([
    [['check', 'ls'], { kind: 'check', command: 'ls', json: false, noColor: false }],
    [['check', '--json', 'ls'], { kind: 'check', command: 'ls', json: true, noColor: false }],
    [['check', 'ls', '--no-color'], { kind: 'check', command: 'ls', json: false, noColor: true }],
    [['check', '--', '-rf'], { kind: 'check', command: '-rf', json: false, noColor: false }],
    [['check', '--', '--', 'x'], undefined],
    [['check', '-'], { kind: 'check', command: '-', json: false, noColor: false }],
    [['check', ''], { kind: 'check', command: '', json: false, noColor: false }],
    [['check', '--help', 'ls'], { kind: 'help', topic: 'check' }],
    [['demo'], { kind: 'demo', noColor: false }],
    [['demo', '--no-color'], { kind: 'demo', noColor: true }],
    [['--version'], { kind: 'version' }],
    [['help', 'demo'], { kind: 'help', topic: 'demo' }],
    [['check', '--stdin'], { kind: 'check-stdin' }],
    [['check', '--stdin', 'ls'], undefined],
    [['-h'], { kind: 'help', topic: 'main' }],
    [['-v'], { kind: 'version' }],
  ])('%j', (argv, command) => {
    const parsed = parseArgs(argv);
    if (command === undefined) expect(parsed.ok).toBe(false);
    else expect(parsed).toEqual({ ok: true, command });
  });

  it('names the topic whose usage to show with an error', () => {
    expect(parseArgs(['check'])).toMatchObject({ ok: false, topic: 'check' });
    expect(parseArgs(['demo', 'x'])).toMatchObject({ ok: false, topic: 'demo' });
    expect(parseArgs(['nope'])).toMatchObject({ ok: false, topic: 'main' });
  });

  it('suggests the closest subcommand for a typo, and none for a word far from all', () => {
    expect(parseArgs(['chek', 'ls'])).toEqual({
      ok: false,
      error: `unknown command "chek" — did you mean 'check'?`,
      topic: 'main',
    });
    expect(parseArgs(['dmeo'])).toMatchObject({
      error: expect.stringContaining("did you mean 'demo'?"),
    });
    expect(parseArgs(['Help'])).toMatchObject({
      error: expect.stringContaining("did you mean 'help'?"),
    });
    expect(parseArgs(['deploy'])).toEqual({
      ok: false,
      error: 'unknown command "deploy"',
      topic: 'main',
    });
  });

  it('names the option and the subcommand when an option is unknown or takes no value', () => {
    expect(parseArgs(['check', '--bogus', 'ls'])).toMatchObject({
      error:
        'unknown option --bogus for check (to check a command that starts with -, put -- before it)',
    });
    expect(parseArgs(['check', '--json=1', 'ls'])).toMatchObject({
      error: 'option --json takes no value for check',
    });
    expect(parseArgs(['demo', '--json'])).toMatchObject({
      error: 'unknown option --json for demo',
    });
  });

  it('does not read --json=x or bundled flags as options it knows', () => {
    expect(parseArgs(['check', '--json=1', 'ls']).ok).toBe(false);
    expect(parseArgs(['check', '-jh', 'ls']).ok).toBe(false);
  });
});
