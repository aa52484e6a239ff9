import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { checkSedScript, parseSedScript } from '../../../src/shell/rules/sed-script.js';
import { sedNoise, sedScript } from './sed-grammar.js';
import { debugCommands, runSedSandbox, sandboxRefused } from './sed-oracle.js';

const gnu = { extended: false };
const verdict = (script: string): string => {
  const result = checkSedScript(script, gnu);
  return result === undefined ? 'allow' : result.reason;
};

describe('checkSedScript allows printing and editing in the stream', () => {
  it.each([
    's/foo/bar/g',
    '1p',
    '$p',
    '/^$/d',
    '/start/,/end/p',
    '0,/re/d',
    '1~2p',
    '2,+3p',
    '3,~4p',
    '/x/I,+3!{s/a/b/gI3;=}',
    '\\%x%Mp',
    's|a/b|c|',
    's/a\\/b/c/',
    's/[[:space:]]*$//',
    's/\\(a\\)\\(b\\)/\\2\\1/',
    's/x/y/2g',
    's/x/y/pM',
    'y/abc/xyz/',
    ':a;N;$!ba;s/\\n/ /g',
    '1!G;h;$!d',
    '$!N;P;D',
    's/x/y/;1{p;b}',
    'l 5;q3',
    'Q',
    'F;z;=',
    'v 4.2\np',
    '#n\np',
    '1a hello',
    '1i\\\nheader',
    '$a\\\nline one\\\nline two',
    '1{\n  s/a/b/\n  p\n}',
  ])('%j', (script) => {
    expect(verdict(script)).toBe('allow');
  });

  it.each([
    ['`w` inside a regex', '/w out/p'],
    ['`w` inside a replacement', 's/x/w out/'],
    ['`w` inside `y` strings', 'y/w/x/'],
    ['`;w` inside a bracket expression', 's/[;w f]/x/'],
    ['the delimiter inside a bracket expression', 's/[/]w f/x/'],
    ['`w` in one-line `a` text', '1a w out'],
    ['`;w` continuing one-line `a` text', '1a x;w out'],
    ['`w` on a continued text line', '1a x\\\nw out'],
    ['`w` in multi-line `i` text', '1i\\\nfirst\\\nw out'],
    ['`w` in a comment', '# w out'],
    ['`w` in a comment after a command', 'p # w out'],
    ['a label named w', ':w\nb w'],
    ['a label written right after `b`', 'bw;:w'],
    ['an escaped newline in a regex', 's/a\\\nw f/x/'],
    ['`e` as an `s` delimiter', 'sexeye'],
    ['`w` as an `s` delimiter', 'swxwyw'],
    ['`w` after `\\c` away from delimiters', 's/\\cw/x/'],
  ])('%s: %j', (_, script) => {
    expect(verdict(script)).toBe('allow');
  });
});

describe('checkSedScript blocks commands that write, read other files or execute', () => {
  it.each([
    ['w /Users/victim/.zshenv', 'the sed `w` command writes a file'],
    ['1,1w/Users/victim/.zshenv', 'the sed `w` command writes a file'],
    ['w/dev/stdout', 'the sed `w` command writes a file'],
    ['$!W out', 'the sed `W` command writes a file'],
    ['r /etc/passwd', 'the sed `r` command reads another file'],
    ['1R other', 'the sed `R` command reads another file'],
    ['e', 'the sed `e` command runs a shell command'],
    ['1e touch x', 'the sed `e` command runs a shell command'],
    ['s/x/y/w out', 'the `w` flag of sed `s` writes a file'],
    ['s/x/y/gw out', 'the `w` flag of sed `s` writes a file'],
    ['s/x/y/ 2 p w out', 'the `w` flag of sed `s` writes a file'],
    ['s/x/y/e', 'the `e` flag of sed `s` runs'],
    ['s/x/y/pe', 'the `e` flag of sed `s` runs'],
  ])('%j', (script, reason) => {
    expect(verdict(script)).toContain(reason);
  });

  it.each([
    ['`a\\\\` then a newline: the second backslash is the text', 'a\\\\\nw x'],
    ['`a\\` then a blank: the text is the rest of that line', '1a\\ \nw x'],
    ['one-line text ends at the newline', '1a foo\nw x'],
    ['a label ends at a blank', ':end\nb end w x'],
    ['a label ends at `;`', ':a;ba;w x'],
    ['a label ends at `}`', ':a\n1{ba}\nw x'],
    ['`y` ends at its third delimiter', 'y/a/b/;w x'],
    ['a bracket ends at `]`', 's/[/]/x/;w f'],
    ['an escaped delimiter does not end the regex', 's/a\\/b/x/w f'],
    ['a `[` in a replacement is literal', 's/a/[/w f'],
    ['an address with flags', '/x/Iw f'],
    ['a negated range', '/x/,+2!w f'],
    ['a step address', '1~2w f'],
    ['a blank before the flag', 's/x/y/ w f'],
    ['a space as delimiter', 's x y w f'],
    ['a letter as delimiter', 'sxaxbxw f'],
    ['a backslash as delimiter', 's\\a\\b\\w f'],
    ['a comment ends at the newline', '#comment\nw f'],
    ['inside a block', '1{\nw f\n}'],
    ['after a closed block', '1{p};w f'],
    ['the second -e script', 'p\nw f'],
  ])('%s: %j', (_, script) => {
    expect(verdict(script)).not.toBe('allow');
  });

  it('ends `a` text at a newline after an escaped backslash', () => {
    expect(verdict('1a x\\\\\nw f')).toContain('the sed `w` command');
  });
});

describe('checkSedScript blocks scripts it cannot follow exactly', () => {
  it.each([
    ['an unterminated `s`', 's/x/y'],
    ['an unterminated address', '/x'],
    ['extra characters after a command', 'p x'],
    ['an unclosed block', '1{p'],
    ['an unopened block', '}'],
    ['unequal `y` parts that end early', 'y/ab/c'],
    ['an unknown command', 'k'],
    ['a range without its end', '1,p'],
    ['line 0 alone', '0p'],
    ['a `:` without a label', ': '],
    ['a jump to a missing label', 'ba'],
    ['an unknown `s` flag', 's/x/y/q'],
    ['two `g` flags', 's/x/y/gg'],
    ['a zero count', 's/x/y/0'],
    ['a control character', 's/x/\u0001/'],
    ['a newline delimiter', 's\nx\ny\n'],
    ['a non-ASCII delimiter', 'séxéyé'],
    ['`\\c` before the delimiter (sed versions disagree)', 's/\\c/x/'],
    ['`\\c[` (4.9 opens a bracket, later seds do not)', 's/\\c[/x/w f]/'],
    ['`\\c\\` (4.9 escapes the next character, later seds do not)', 's/\\c\\/x/'],
  ])('%s: %j', (_, script) => {
    expect(verdict(script)).toMatch(/^sed cannot compile this script|control character/);
  });

  it('rejects GNU extensions under --posix, as sed does', () => {
    const posix = { extended: false, posix: true };
    expect(checkSedScript('p;s/x/y/g', posix)).toBeUndefined();
    for (const script of ['1a foo', '/x/Ip', '1~2p', 's/x/y/I', 'F', 'l 5', '1,3=']) {
      expect(checkSedScript(script, posix)?.code).toBe('sed_script');
    }
  });

  it('answers a megabyte of script (timed in bench/worst-case-inputs.bench.ts)', () => {
    expect(verdict(`s/${'[a'.repeat(500_000)}/x/`)).not.toBe('allow');
    expect(verdict(`1a ${'\\x'.repeat(500_000)}`)).toBe('allow');
  });
});

describe('parseSedScript splits a script into the commands GNU sed compiles', () => {
  it('lists letters with their block depth', () => {
    const parsed = parseSedScript('1{/x/!p;:a\n$!{N;ba}};s/a/b/', gnu);
    expect(parsed.ok && parsed.commands.map((c) => `${c.depth}${c.letter}`)).toEqual([
      '0{',
      '1p',
      '1:',
      '1{',
      '2N',
      '2b',
      '1}',
      '0}',
      '0s',
    ]);
  });
});

// GNU sed 4.9 as the oracle. --sandbox makes sed refuse e/r/w forms while compiling, so no
// script can touch anything; --debug prints the compiled program. ORACLE_RUNS scales the count.
const runs = Number(process.env.ORACLE_RUNS ?? '1');
const seed = Number(process.env.ORACLE_SEED ?? Date.now() % 1_000_000);
const regexOrValueErrors =
  /strings for `y' command are different lengths|cannot specify modifiers on empty regexp|expected newer version of sed|recursive escaping after \\c|[Ii]nvalid|Unmatched|Trailing backslash|Premature end|No previous regular expression|too big|character class syntax is/;

describe(`checkSedScript agrees with GNU sed 4.9 (seed ${seed})`, () => {
  const scripts = [
    ...fc.sample(sedScript({ blanksInText: false }), { numRuns: 1200 * runs, seed }),
    ...fc.sample(sedScript({ blanksInText: true }), { numRuns: 600 * runs, seed: seed + 1 }),
    ...fc.sample(sedNoise, { numRuns: 600 * runs, seed: seed + 2 }),
  ];
  const outcomes = runSedSandbox(scripts);
  const cases = scripts.map((script, i) => ({
    script,
    ours: parseSedScript(script, gnu),
    sed: outcomes[i] ?? { status: -1, output: 'missing' },
    listable: i < 1200 * runs,
  }));

  it('blocks every script that sed --sandbox refuses for e, r or w', () => {
    const missed = cases.filter((c) => c.ours.ok && sandboxRefused(c.sed)).map((c) => c.script);
    expect(missed).toEqual([]);
    expect(cases.filter((c) => sandboxRefused(c.sed)).length).toBeGreaterThan(100 * runs);
  });

  it('accepts only scripts sed compiles, up to regex and value errors', () => {
    const wrong = cases
      .filter((c) => c.ours.ok && c.sed.status !== 0 && !regexOrValueErrors.test(c.sed.output))
      .map((c) => [c.script, c.sed.output]);
    expect(wrong).toEqual([]);
  });

  it('accepts every script sed --sandbox compiles', () => {
    const refused = cases
      .filter((c) => !c.ours.ok && c.sed.status === 0)
      .map((c) => [c.script, c.ours.ok ? '' : c.ours.reason]);
    // Only the `\c` forms that sed versions read differently are refused on purpose.
    expect(refused.filter(([, reason]) => !reason?.includes('`\\c`'))).toEqual([]);
  });

  it('splits accepted scripts into the commands sed --debug lists', () => {
    const listed = cases.filter((c) => c.listable && c.ours.ok && c.sed.status === 0);
    const differ = listed
      .map((c) => ({
        script: c.script,
        ours: c.ours.ok ? c.ours.commands.map((k) => `${k.depth}${k.letter}`) : [],
        sed: debugCommands(c.sed.output),
      }))
      .filter((c) => c.ours.join(' ') !== c.sed.join(' '));
    expect(differ).toEqual([]);
    expect(listed.length).toBeGreaterThan(120 * runs);
  });
});
