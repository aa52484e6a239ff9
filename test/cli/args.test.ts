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

  it('does not read --json=x or bundled flags as options it knows', () => {
    expect(parseArgs(['check', '--json=1', 'ls']).ok).toBe(false);
    expect(parseArgs(['check', '-jh', 'ls']).ok).toBe(false);
  });
});
