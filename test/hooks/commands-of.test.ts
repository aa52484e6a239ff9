import { describe, expect, it } from 'vitest';
import { commandsOf } from '../../src/hooks/event.js';

// Every shape a host sends a shell command in, and the shapes that are refused (undefined is a
// deny in plan mode). Structured and argv commands are quoted word by word.

describe('commandsOf', () => {
  it.each([
    ['a string', 'ls -l', ['ls -l']],
    ['a list of strings', ['ls', 'pwd'], ['ls', 'pwd']],
    ['an object with command', { command: 'ls' }, ['ls']],
    ['an object with cmd', { cmd: 'ls' }, ['ls']],
    ['an object with an argv command', { command: ['cat', "it's"] }, [`'cat' 'it'\\''s'`]],
    ['an object with command and args', { command: 'cat', args: ['a b'] }, [`'cat' 'a b'`]],
    ['an object with command and no args', { command: 'cat', args: [] }, ['cat']],
    [
      'commands inside an object',
      { commands: ['ls', { command: 'rm', args: ['-rf', 'x'] }] },
      ['ls', `'rm' '-rf' 'x'`],
    ],
    ['a structured entry without args', [{ command: 'ls' }], ['ls']],
  ] as const)('%s', (_l, value, expected) => {
    expect(commandsOf(value)).toEqual(expected);
  });

  it.each([
    ['an empty list', []],
    ['a list with a number', ['ls', 3]],
    ['a list with an entry without command', [{ args: ['x'] }]],
    ['args that are not a list', { command: 'cat', args: 'x' }],
    ['args that are not all strings', { command: 'cat', args: ['x', 1] }],
    ['an empty argv', { command: [] }],
    ['an argv with a number', { command: ['ls', 1] }],
    ['a number', 42],
    ['null', null],
    ['an object with nothing readable', { foo: 'ls' }],
    ['commands that are not a list or string', { commands: 5 }],
  ] as const)('%s is refused', (_l, value) => {
    expect(commandsOf(value)).toBeUndefined();
  });
});
