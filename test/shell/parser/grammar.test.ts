import { describe, expect, it } from 'vitest';
import { parseShell } from '../../../src/shell/parser/index.js';
import type { ShellNode } from '../../../src/shell/types.js';
import { astCases, commentCases, grammarCases } from './cases/index.js';
import { accepted, argvOf } from './helpers.js';

/** The AST with each simple command replaced by its argv joined with spaces, for readable tables. */
function shape(node: ShellNode): unknown {
  switch (node.type) {
    case 'command':
      return node.command.words.map((word) => word.value).join(' ');
    case 'pipeline':
      return {
        pipeline: node.elements.map(shape),
        ...(node.negated ? { negated: true } : {}),
        ...(node.timed ? { timed: true } : {}),
        ...(node.operators.includes('|&') ? { operators: node.operators } : {}),
      };
    case 'and_or':
      return [shape(node.first), ...node.rest.flatMap((part) => [part.op, shape(part.node)])];
    case 'list':
      return { list: node.items.map(shape) };
    case 'subshell':
      return {
        subshell: shape(node.body),
        ...(node.redirects.length ? { redirects: node.redirects.map((r) => r.raw) } : {}),
      };
    case 'group':
      return {
        group: shape(node.body),
        ...(node.redirects.length ? { redirects: node.redirects.map((r) => r.raw) } : {}),
      };
  }
}

describe('lists, pipelines and chains yield every simple command in source order', () => {
  it.each([...grammarCases, ...commentCases])('$command', ({ command, argv, limits }) => {
    expect(argvOf(accepted(command, limits).commands)).toEqual(argv);
  });
});

describe('the AST keeps the operators that decide what runs', () => {
  it.each(astCases)('%s', (command, expected) => {
    expect(shape(accepted(command).ast)).toEqual(expected);
  });
});

describe('nesting and command count', () => {
  it('rejects one level more than the limit', () => {
    expect(parseShell('( { (ls); } )')).toMatchObject({ ok: false, code: 'nesting_too_deep' });
    expect(parseShell('{ { { ls; }; }; }')).toMatchObject({ ok: false, code: 'nesting_too_deep' });
  });

  it('rejects a 33rd simple command, counting those in subshells', () => {
    expect(parseShell(Array(33).fill('ls').join('; '))).toMatchObject({
      ok: false,
      code: 'too_many_commands',
    });
    expect(parseShell(`(${Array(31).fill('ls').join(' | ')}) && (a; b)`)).toMatchObject({
      ok: false,
      code: 'too_many_commands',
    });
  });

  it('applies caller limits', () => {
    expect(parseShell('ls; pwd', { maxCommands: 1 })).toMatchObject({ code: 'too_many_commands' });
    expect(parseShell('(ls)', { maxNesting: 0 })).toMatchObject({ code: 'nesting_too_deep' });
  });

  it('answers deep nesting without recursing into it', () => {
    const deep = `${'( '.repeat(2000)}ls${' )'.repeat(2000)}`;
    expect(parseShell(deep, { maxNesting: 1_000_000 })).toMatchObject({ code: 'nesting_too_deep' });
  });
});

describe('limits that are not numbers fail closed', () => {
  it('rejects every subshell and command under NaN limits', () => {
    expect(parseShell('(ls)', { maxNesting: Number.NaN })).toMatchObject({
      code: 'nesting_too_deep',
    });
    expect(parseShell('ls', { maxCommands: Number.NaN })).toMatchObject({
      code: 'too_many_commands',
    });
  });
});
