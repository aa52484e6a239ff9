import { describe, expect, it } from 'vitest';
import { assignmentCases } from './cases/index.js';
import { accepted, argvOf } from './helpers.js';

describe('NAME=value before the program is an assignment, not a word', () => {
  it.each(assignmentCases)('$command', ({ command, assignments, argv }) => {
    const { commands } = accepted(command);
    expect(argvOf(commands)).toEqual(argv);
    expect(commands[0]?.assignments.map((a) => [a.name, a.value.value])).toEqual(assignments);
  });

  it('never flags glob or tilde in an assignment value (bash expands neither there)', () => {
    const [assignment] = accepted('A=*.txt ls').commands[0]?.assignments ?? [];
    expect(assignment?.value).toEqual({
      value: '*.txt',
      raw: '*.txt',
      glob: false,
      quoted: false,
      tilde: false,
    });
  });

  it('keeps the raw value and its quoting', () => {
    const [assignment] = accepted(`A='x y' ls`).commands[0]?.assignments ?? [];
    expect(assignment?.value).toMatchObject({ raw: `'x y'`, quoted: true });
  });
});
