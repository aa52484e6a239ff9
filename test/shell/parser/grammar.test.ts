import { describe, expect, it } from 'vitest';
import { parseShell } from '../../../src/shell/parser/index.js';
import type { ShellNode } from '../../../src/shell/types.js';
import { commentCases, grammarCases } from './cases.js';
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
  it.each([...grammarCases, ...commentCases])('$command', ({ command, argv }) => {
    expect(argvOf(accepted(command).commands)).toEqual(argv);
  });
});

describe('the AST keeps the operators that decide what runs', () => {
  const cases: [string, unknown][] = [
    ['ls', 'ls'],
    ['ls; pwd\nid', { list: ['ls', 'pwd', 'id'] }],
    ['a && b || c', ['a', '&&', 'b', '||', 'c']],
    ['a | b |& c', { pipeline: ['a', 'b', 'c'], operators: ['|', '|&'] }],
    ['! a | b', { pipeline: ['a', 'b'], negated: true }],
    ['! ! a', { pipeline: ['a'] }],
    ['time -p a', { pipeline: ['a'], timed: true }],
    ['time ! a', { pipeline: ['a'], negated: true, timed: true }],
    ['a | time b', { pipeline: ['a', 'time b'] }],
    ['(a; b) 2>/dev/null', { subshell: { list: ['a', 'b'] }, redirects: ['2>/dev/null'] }],
    ['{ a && b; } | c', { pipeline: [{ group: ['a', '&&', 'b'] }, 'c'] }],
    ['a && (b || c)', ['a', '&&', { subshell: ['b', '||', 'c'] }]],
  ];
  it.each(cases)('%s', (command, expected) => {
    expect(shape(accepted(command).ast)).toEqual(expected);
  });

  it('does not pass the time keyword or its -p to any program', () => {
    expect(argvOf(accepted('time -p -- ls -l').commands)).toEqual([['ls', '-l']]);
  });

  it('lists commands inside subshells and groups in source order', () => {
    const { commands } = accepted('a; (b && { c; d; }) | e; f');
    expect(argvOf(commands)).toEqual([['a'], ['b'], ['c'], ['d'], ['e'], ['f']]);
  });
});

describe('nesting and command count', () => {
  it('accepts nesting up to the limit and rejects one level more', () => {
    expect(parseShell('( { ls; } )').ok).toBe(true);
    expect(parseShell('( { (ls); } )')).toMatchObject({ ok: false, code: 'nesting_too_deep' });
    expect(parseShell('{ { { ls; }; }; }')).toMatchObject({ ok: false, code: 'nesting_too_deep' });
  });

  it('counts siblings at the same depth separately', () => {
    expect(parseShell('(ls); (pwd); ( (id) ); {  (ls); }').ok).toBe(true);
  });

  it('accepts 32 simple commands and rejects 33, counting those in subshells', () => {
    expect(parseShell(Array(32).fill('ls').join('; ')).ok).toBe(true);
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
    expect(parseShell('( ( ( (ls) ) ) )', { maxNesting: 4 }).ok).toBe(true);
  });

  it('answers deep nesting without recursing into it', () => {
    const deep = `${'( '.repeat(2000)}ls${' )'.repeat(2000)}`;
    expect(parseShell(deep, { maxNesting: 1_000_000 })).toMatchObject({ code: 'nesting_too_deep' });
  });
});
