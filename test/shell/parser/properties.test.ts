import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { ShellCodes } from '../../../src/shell/codes.js';
import { parseShell } from '../../../src/shell/parser/index.js';
import type { ParseResult } from '../../../src/shell/types.js';
import { script } from './arbitraries.js';
import { acceptCases, inertForms, poisonedCommands, wrappers } from './cases/index.js';

const knownCodes = new Set<string>(Object.values(ShellCodes));

/** What every answer must look like, accepted or not. */
function expectWellFormed(result: ParseResult): void {
  if (result.ok) {
    expect(result.commands.length).toBeGreaterThan(0);
    return;
  }
  expect(knownCodes.has(result.code)).toBe(true);
  expect(result.reason).toMatch(/^[^\n\r]{10,}$/);
}

const shellAlphabet = [...'abc -_=~/.,:\'"\\$`{}[]()<>|&;!#*?%@+^\t\n0129'];
const noisyAlphabet = [...shellAlphabet, 'é', '日', '\u00a0', '\u200b', '\0', '\r', '\x1b', '😀'];

describe('parseShell never throws and always answers', () => {
  it('for random shell-like text', () => {
    fc.assert(
      fc.property(fc.string({ unit: fc.constantFrom(...shellAlphabet), maxLength: 60 }), (text) => {
        expectWellFormed(parseShell(text));
      }),
      { numRuns: 5_000 },
    );
  });

  it('for random Unicode, including lone surrogates', () => {
    fc.assert(
      fc.property(fc.string({ unit: 'binary', maxLength: 40 }), (text) => {
        expectWellFormed(parseShell(text));
      }),
      { numRuns: 2_000 },
    );
  });

  const mutation = fc.tuple(
    fc.constantFrom('insert', 'delete', 'replace'),
    fc.nat(),
    fc.constantFrom(...noisyAlphabet),
  );
  const mutate = (source: string, [kind, at, char]: [string, number, string]) => {
    const i = source.length === 0 ? 0 : at % source.length;
    if (kind === 'insert') return source.slice(0, i) + char + source.slice(i);
    if (kind === 'delete') return source.slice(0, i) + source.slice(i + 1);
    return source.slice(0, i) + char + source.slice(i + 1);
  };

  it('for mutations of accepted table commands', () => {
    const commands = acceptCases.map((c) => c.command);
    fc.assert(
      fc.property(
        fc.constantFrom(...commands),
        fc.array(mutation, { minLength: 1, maxLength: 3 }),
        (command, edits) => {
          expectWellFormed(parseShell(edits.reduce(mutate, command)));
        },
      ),
      { numRuns: 5_000 },
    );
  });

  it('for mutations of generated scripts', () => {
    fc.assert(
      fc.property(script, fc.array(mutation, { minLength: 1, maxLength: 3 }), (source, edits) => {
        expectWellFormed(parseShell(edits.reduce(mutate, source)));
      }),
      { numRuns: 3_000 },
    );
  });
});

describe('the generator is the grammar', () => {
  it('every generated script is accepted', () => {
    fc.assert(
      fc.property(script, (source) => {
        const result = parseShell(source);
        if (!result.ok) expect.fail(`${JSON.stringify(source)}: ${result.code} ${result.reason}`);
      }),
      { numRuns: 3_000 },
    );
  });
});

const poisoned = fc.constantFrom(...poisonedCommands);

describe('a rejected construct in an active position is always rejected', () => {
  it('with its own code, wherever it stands in an otherwise accepted script', () => {
    fc.assert(
      fc.property(
        script,
        poisoned,
        fc.constantFrom(...wrappers),
        script,
        (before, { code, command }, wrap, after) => {
          const text = `${before}\n${wrap(command)}\n${after}`;
          expect(parseShell(text)).toMatchObject({ ok: false, code });
        },
      ),
      { numRuns: 3_000 },
    );
  });

  it.each(poisonedCommands)(
    'but not inside single quotes, a heredoc body or a comment: $command',
    ({ command }) => {
      for (const inert of inertForms(command)) expect(parseShell(inert).ok).toBe(true);
    },
  );
});
