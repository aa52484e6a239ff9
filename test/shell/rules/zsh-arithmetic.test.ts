import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { analyzeShellCommand } from '../../../src/shell/analyze.js';
import { isPlainNumber, printfSlots } from '../../../src/shell/rules/numeric-words.js';

// zsh evaluates printf's numeric arguments, `test -t FD` and COLUMNS= as arithmetic, and
// arithmetic expands array subscripts: `printf %d 'path[$(touch x)]'` runs touch under zsh
// (macOS's default shell). Every word in such a context must be a plain number. The execution
// test under the real zsh, bash, dash and busybox sh is test/shell/shells/arithmetic.test.ts.

const quote = (text: string) => `'${text.replaceAll("'", `'\\''`)}'`;

/** Words zsh arithmetic would run a command from (a subscript of an array that exists). */
const payload = fc
  .tuple(
    fc.constantFrom('path', 'argv', 'fpath', 'pipestatus', 'cdpath', 'x'),
    fc.constantFrom('$(touch M)', '`touch M`', '$(id>M)'),
    fc.constantFrom('', '1+', '-', ' ', '+'),
    fc.constantFrom('', '+1', ' '),
  )
  .map(([array, command, before, after]) => `${before}${array}[${command}]${after}`);

const numericConversion = fc
  .tuple(
    fc.constantFrom('', '-', '+', '0', ' ', '#', "'"),
    fc.constantFrom('', '5', '12'),
    fc.constantFrom('', '.3'),
    fc.constantFrom('', 'l', 'h', 'll'),
    fc.constantFrom(...'diouxXeEfFgGaA'),
  )
  .map((parts) => `%${parts.join('')}`);

describe('numeric contexts of zsh refuse anything but a plain number', () => {
  it('printf: the argument of every numeric conversion, wherever the format puts it', () => {
    fc.assert(
      fc.property(
        fc.array(fc.constantFrom('%s', 'x', '%b', '%%', '%c', '\\n'), { maxLength: 3 }),
        numericConversion,
        payload,
        fc.boolean(),
        (prefix, conversion, word, dashDash) => {
          const format = [...prefix, conversion].join('');
          const strings = prefix.filter((p) => ['%s', '%b', '%c'].includes(p)).length;
          // Fill the string slots, then the payload lands on the numeric conversion.
          const args = [...Array.from({ length: strings }, () => 'a'), word];
          const command = `printf ${dashDash ? '-- ' : ''}${quote(format)} ${args.map(quote).join(' ')}`;
          expect(analyzeShellCommand(command).readOnly, command).toBe(false);
          // The format is reused while arguments remain: the payload one cycle later.
          const firstCycle = (printfSlots(format) ?? []).map((numeric) => (numeric ? '1' : 'a'));
          const again = `printf ${quote(format)} ${[...firstCycle, ...args].map(quote).join(' ')}`;
          expect(analyzeShellCommand(again).readOnly, again).toBe(false);
        },
      ),
    );
  });

  it('printf: a `*` width or precision reads its argument as a number too', () => {
    fc.assert(
      fc.property(fc.constantFrom('%*s', '%.*s', '%-*.*s', '%*d'), payload, (format, word) => {
        const command = `printf ${quote(format)} ${quote(word)} x y`;
        expect(analyzeShellCommand(command).readOnly, command).toBe(false);
      }),
    );
  });

  it('test -t and [ -t take a file descriptor number', () => {
    fc.assert(
      fc.property(fc.constantFrom('test', '['), fc.boolean(), payload, (program, not, word) => {
        const close = program === '[' ? ' ]' : '';
        const command = `${program} ${not ? '! ' : ''}-t ${quote(word)}${close}`;
        expect(analyzeShellCommand(command).readOnly, command).toBe(false);
      }),
    );
  });

  it('COLUMNS= before a command is a number', () => {
    fc.assert(
      fc.property(payload, fc.constantFrom('ls', 'git log -1', 'true'), (word, command) => {
        const line = `COLUMNS=${quote(word)} ${command}`;
        expect(analyzeShellCommand(line).readOnly, line).toBe(false);
      }),
    );
  });

  it.each([
    'printf %d 5',
    'printf "%5.2f\\n" 3.14159',
    "printf '%x %o' 255 -8",
    "printf '%s: %d\\n' a 1 b 2",
    "printf '%s\\n' 'path[$(touch M)]'",
    "printf '%*s|\\n' 10 x",
    'printf %e 1e5',
    'printf %d 0x1F',
    "printf '%%d %s\\n' 'path[x]'",
    "printf '\\045d' 'path[x]'",
    'printf %c abc',
    'printf hello',
    'test -t 1',
    '[ -t 0 ]',
    'test -n -t',
    'COLUMNS=120 ls',
  ])('still read-only: %s', (command) => {
    expect(analyzeShellCommand(command)).toMatchObject({ readOnly: true });
  });

  it.each([
    ["printf '%1$d' 5", 'bad_operand'],
    ["printf '%n' x", 'bad_operand'],
    ['printf %d abc', 'bad_operand'],
    ['printf %d *', 'bad_operand'],
    ["printf '%s %d' a", 'read_only'],
    ["printf '%s %d' a b", 'bad_operand'],
    ['test -t fd', 'bad_operand'],
    ['COLUMNS=80x ls', 'assignment'],
  ])('%s → %s', (command, code) => {
    expect(analyzeShellCommand(command).code).toBe(code);
  });
});

describe('isPlainNumber', () => {
  it.each(['0', '42', '-7', '+3', '3.5', '.5', '1e9', '0x1f', '-0XAB'])('%s is', (text) => {
    expect(isPlainNumber(text)).toBe(true);
  });
  it.each(['', 'x', '1+1', 'path[1]', '08#1', '1 ', ' 1', '0x', '1e', '--1', "'a"])(
    '%s is not',
    (text) => {
      expect(isPlainNumber(text)).toBe(false);
    },
  );
});
