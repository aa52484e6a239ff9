import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { ShellCodes } from '../../../src/shell/codes.js';
import { judgeRule } from '../../../src/shell/option-engine.js';
import { buildSearchRules } from '../../../src/shell/rules/search.js';
import type { RuleResult } from '../../../src/shell/spec.js';
import { commandWords as splitWords } from '../words.js';

const searchRules = buildSearchRules();

function judge(line: string): RuleResult {
  const [program, ...args] = splitWords(line);
  const rule = program === undefined ? undefined : searchRules[program.value];
  if (program === undefined || rule === undefined) throw new Error(`no rule for ${line}`);
  return judgeRule(program.value, rule, args, { depth: 0 });
}

function verdict(line: string): string {
  const result = judge(line);
  return result.kind === 'block' ? result.code : result.kind;
}

describe('rg rule', () => {
  it.each([
    'rg pattern',
    "rg -C 3 'fn main'",
    'rg --json needle',
    'rg foo -- *',
    'rg -n -i -l -c -w -v foo src',
    'rg -nivw foo',
    'rg -C 2 -A 1 -B 3 foo',
    'rg -C2 -A1 -B3 foo',
    'rg --context=2 foo',
    'rg --files',
    'rg --files -g "*.ts"',
    "rg --type ts -g '*.ts' -g '!dist/**' foo",
    'rg -tts -Tjs foo',
    'rg --hidden --no-ignore -uu foo',
    'rg -uuu foo',
    'rg -. foo',
    'rg -F -e -foo -e bar',
    'rg -e=x',
    'rg -S -m 5 --max-depth 2 foo .',
    'rg --maxdepth=2 foo',
    "rg --glob='*.rs' foo",
    'rg -r X foo',
    "rg '--replace=$1' foo",
    'rg --no-pre --no-search-zip foo',
    "rg --pre-glob '*.pdf' foo",
    "rg --type-add 'web:*.{html,css}' -tweb foo",
    'rg --sort path --stats --trim --vimgrep foo',
    'rg --hyperlink-format=default --color=always foo',
    'rg --generate man',
    'rg --type-list',
    'rg -- -pattern-with-dash',
    'rg --version',
  ])('allows %s', (line) => {
    expect(verdict(line)).toBe('ok');
  });

  it.each<[string, string]>([
    ['rg --pre python', ShellCodes.optionExecutes],
    ['rg --pre=sh foo', ShellCodes.optionExecutes],
    ["rg '--pre=sh' foo", ShellCodes.optionExecutes],
    ['rg foo --pre sh', ShellCodes.optionExecutes],
    ['rg --pre "" foo', ShellCodes.optionExecutes],
    ['rg --search-zip files', ShellCodes.optionExecutes],
    ['rg -z foo', ShellCodes.optionExecutes],
    ['rg -nz foo', ShellCodes.optionExecutes],
    ['rg -inz foo', ShellCodes.optionExecutes],
    ['rg --hostname-bin pwned files', ShellCodes.optionExecutes],
    ['rg --hostname-bin=pwned files', ShellCodes.optionExecutes],
    // rg takes no abbreviations, so prefixes are unknown, never resolved to the real flag.
    ['rg --pr=sh foo', ShellCodes.unknownOption],
    ['rg --search-z foo', ShellCodes.unknownOption],
    ['rg --hostname=x foo', ShellCodes.unknownOption],
    ['rg --frobnicate foo', ShellCodes.unknownOption],
    ['rg -y foo', ShellCodes.unknownOption],
    ['rg --json=yes foo', ShellCodes.badValue],
    ['rg foo *', ShellCodes.unsafeGlob],
    ['rg foo *.ts', ShellCodes.unsafeGlob],
    ['rg -g *.ts foo', ShellCodes.unsafeGlob],
    ['rg --glob=*.rs foo', ShellCodes.unsafeGlob],
    ['rg -e', ShellCodes.missingValue],
  ])('blocks %s with %s', (line, code) => {
    expect(verdict(line)).toBe(code);
  });

  it('reads a value-taking letter as ending the cluster, as lexopt does', () => {
    // `-C3z`: C takes "3z" as its value (an invalid number rg rejects), so no -z is seen.
    expect(verdict('rg -C3z foo')).toBe('ok');
    expect(verdict('rg -zC3 foo')).toBe(ShellCodes.optionExecutes);
  });

  it('tells the model why --pre blocks', () => {
    expect(judge('rg --pre sh foo')).toMatchObject({
      reason: expect.stringContaining('runs a program'),
    });
  });
});

describe('fd rule', () => {
  it.each([
    'fd',
    'fd pattern',
    'fd -e ts',
    'fd -e ts -E node_modules foo src',
    'fd -H -I -t f -d 3 foo',
    'fd -HItf foo',
    "fd -g '*.test.ts'",
    'fd --glob --type file --extension md',
    'fd -0 -a --format {/} foo',
    'fd --and bar --and -baz foo',
    'fd -S -10k',
    'fd --size=+1m',
    'fd --changed-within 2weeks',
    'fd --hyperlink --strip-cwd-prefix',
    'fd --hyperlink=always',
    'fd -1 -q foo',
    'fd -- -weird-name',
    'fd foo -- *',
    'fdfind -e rs',
    'fd --version',
  ])('allows %s', (line) => {
    expect(verdict(line)).toBe('ok');
  });

  it.each<[string, string]>([
    ['fd -x rm', ShellCodes.optionExecutes],
    ['fd -e zip -x unzip', ShellCodes.optionExecutes],
    ['fd --exec rm {} ;', ShellCodes.optionExecutes],
    ['fd --exec=rm', ShellCodes.optionExecutes],
    ['fd -X rm', ShellCodes.optionExecutes],
    ['fd --exec-batch rm', ShellCodes.optionExecutes],
    ['fd -Hx rm', ShellCodes.optionExecutes],
    ['fd -l', ShellCodes.optionExecutes],
    ['fd --list-details foo', ShellCodes.optionExecutes],
    ['fd -Hl foo', ShellCodes.optionExecutes],
    ['fdfind -x rm', ShellCodes.optionExecutes],
    ["fd '-x' rm", ShellCodes.optionExecutes],
    ['fd foo -\\x rm', ShellCodes.optionExecutes],
    ['fd --exe rm', ShellCodes.unknownOption],
    ['fd --list foo', ShellCodes.unknownOption],
    ['fd -E -x foo', ShellCodes.badValue],
    ['fd -d -l', ShellCodes.badValue],
    ['fd foo *', ShellCodes.unsafeGlob],
    ['fd -e *', ShellCodes.unsafeGlob],
  ])('blocks %s with %s', (line, code) => {
    expect(verdict(line)).toBe(code);
  });
});

// Bundles are where substring checks fail: any cluster holding the letter must block.
const rgSwitches = [...'isSFwxvUPaLunNHIclobp0qhV.'];
const rgValueLetters = [...'efEmjgtTdABCMr'];
const fdSwitches = [...'gFspHIuLa01qhV'];
const fdValueLetters = [...'dEteSoCcj'];

describe('short option bundles', () => {
  it('rg blocks exactly the bundles holding -z before a value letter, which takes the rest', () => {
    const letters = fc.array(fc.constantFrom(...rgSwitches, 'z'), { minLength: 1, maxLength: 6 });
    const value = fc.option(
      fc.tuple(fc.constantFrom(...rgValueLetters), fc.stringMatching(/^[0-9z]{1,3}$/)),
      { nil: undefined },
    );
    fc.assert(
      fc.property(letters, value, (switches, taken) => {
        const text = `-${switches.join('')}${taken === undefined ? '' : taken.join('')}`;
        const expected = switches.includes('z') ? ShellCodes.optionExecutes : 'ok';
        expect(verdict(`rg ${text} foo`)).toBe(expected);
      }),
    );
  });

  it('fd blocks exactly the bundles holding -l or ending in -x/-X', () => {
    const letters = fc.array(fc.constantFrom(...fdSwitches, 'l'), { minLength: 1, maxLength: 6 });
    const last = fc.option(fc.constantFrom(...fdValueLetters, 'x', 'X'), { nil: undefined });
    fc.assert(
      fc.property(letters, last, (switches, valueLetter) => {
        const text = `-${switches.join('')}${valueLetter ?? ''}`;
        const runs = switches.includes('l') || valueLetter === 'x' || valueLetter === 'X';
        const expected = runs ? ShellCodes.optionExecutes : 'ok';
        expect(verdict(`fd ${text} val`)).toBe(expected);
      }),
    );
  });
});
