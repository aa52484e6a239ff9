import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { checkAwkProgram } from '../../../src/shell/rules/awk-program.js';
import { awkNoise, awkProgram } from './awk-grammar.js';
import { runMawk } from './awk-oracle.js';

const verdict = (program: string): string => checkAwkProgram(program)?.reason ?? 'allow';

describe('checkAwkProgram allows reading, computing and printing to stdout', () => {
  it.each([
    'NR==5',
    '{print $1}',
    '$3 > 10',
    'NR>1{print $3}',
    'length > 72',
    '{print ($1 > $2)}',
    '{ if ($1 > max) max = $1 } END { print max }',
    '{s+=$1} END{print s}',
    '{a[$1]+=$2} END{for (k in a) printf "%s %d\\n", k, a[k]}',
    '/error/ {n++} END {print n+0}',
    'BEGIN{FS=":"} {print $1, $NF}',
    '{gsub(/a|b/, "x"); print}',
    '{print "a|b", "x > y"}',
    '{print $1, $2 "|" $3}',
    '{print $1/2, $2/3}',
    'BEGIN { x = 10 / 2 / 5; print x }',
    '{printf "%-10s %s\\n", $1, $2}',
    'BEGIN { printf("%d\\n", 3 > 2) }',
    '{ print $1,\n  $2 }',
    '/[[:digit:]]+/',
    '/^[^#]/',
    '/a\\/b/',
    '{print toupper(substr($0, index($0, "|") + 1))}',
    '{getline; print}',
    '{getline line; print line}',
    'BEGIN{while ((getline line < "file.txt") > 0) n++; print n}',
    'BEGIN{getline < "-"}',
    '# print | "sh"\n{print}',
  ])('%j', (program) => {
    expect(verdict(program)).toBe('allow');
  });

  it.each([
    ['a regex after an `if` condition', '{ if (NR > 1) /a|b/ ; print }'],
    ['a `#` after a division starts a comment, as in awk', '{ x = $1 /2; #/ ; print > "o" }'],
    ['a `/` after `)` of a call divides', '{ print length($0) / 2 }'],
    ['a `/` after `]` divides', '{ x = a[1] / 2 }'],
    ['`|` and `>` inside a regex', '/a|b>c/'],
    ['`|` and `>` inside a string', '{ print "sh | x > y" }'],
    ['a continued string', '{ print "a\\\nb" }'],
    ['a continued line', '{ print $1, \\\n$2 }'],
  ])('%s: %j', (_, program) => {
    expect(verdict(program)).toBe('allow');
  });
});

describe('checkAwkProgram blocks programs that run commands, write or reach out', () => {
  it.each([
    ['BEGIN{system("rm -rf build")}', '`system()` runs a shell command'],
    ['BEGIN { system ("id") }', '`system()` runs a shell command'],
    ['BEGIN { f = system }', '`system()` runs a shell command'],
    ['{print | "sh"}', 'pipes'],
    ['{print $0 | "sort"}', 'pipes'],
    ['BEGIN{"date" | getline d; print d}', 'pipes'],
    ['BEGIN{cmd = "ls"; while ((cmd | getline f) > 0) print f}', 'pipes'],
    ['{print |& "cat"}', 'pipes'],
    ['BEGIN{"cat" |& getline x}', 'pipes'],
    ['{print > "out"}', '`print > FILE` writes a file'],
    ['{print $1 >> "log"}', '`print > FILE` writes a file'],
    ['{print >"/dev/stderr"}', '`print > FILE` writes a file'],
    ['{printf("%s\\n", $1) > "out"}', '`print > FILE` writes a file'],
    ['{printf "%d\\n", $1 > 2}', '`print > FILE` writes a file'],
    ['{print $1, $2 > $3}', '`print > FILE` writes a file'],
    ['{print (a)(b) > "f"}', '`print > FILE` writes a file'],
    ['{print a, (b > c) > "f"}', '`print > FILE` writes a file'],
    ['{print a,\n  b > "f"}', '`print > FILE` writes a file'],
    ['{print a &&\n  b > "f"}', '`print > FILE` writes a file'],
    ['{ if (x) print > "f"; else print }', '`print > FILE` writes a file'],
    ['{ for (i = 1; i <= NF; i++) print $i > "f" }', '`print > FILE` writes a file'],
    ['{print $1 >= 2}', '`print > FILE` writes a file'],
    ['BEGIN{getline < "/inet/tcp/0/example.com/80"}', 'plain quoted file name'],
    ['BEGIN{getline line < "\\/inet/tcp/0/h/80"}', 'plain quoted file name'],
    ['BEGIN{while ((getline l < f) > 0) print l}', 'plain quoted file name'],
    ['BEGIN{getline l < "/in" "et/tcp/0/h/80"}', 'plain quoted file name'],
    ['BEGIN{getline l < ("x" y)}', 'plain quoted file name'],
    ['BEGIN{getline $++i < "f"}', 'unusual target'],
    ['@load "readfile"', '`@` directives'],
    ['@include "lib.awk"', '`@` directives'],
    ['BEGIN{f = "sys" "tem"; @f("id")}', '`@` directives'],
    ['BEGIN{ARGV[1] = "/inet/tcp/0/h/80"; ARGC = 2} {print}', 'ARGV'],
    ['BEGIN{print ARGV[1]}', 'ARGV'],
    ['BEGIN{SYMTAB["x"] = 1}', 'SYMTAB'],
  ])('%j', (program, reason) => {
    expect(verdict(program)).toContain(reason);
  });

  it.each([
    ['an unterminated string', '{print "x}'],
    ['a string cut by a newline', '{print "x\n"}'],
    ['an unterminated regex', '/abc'],
    ['a `/` inside brackets (awks disagree where the regex ends)', '/[/]/ { print > "f" }'],
    ['a `\\` inside brackets', '/[\\]/'],
    ['a nested `[` that is not a class', '/[[.a.]]/'],
    ['`$` before `/`', '{ x = $/re/ }'],
    ['a backslash outside strings', '{ print "a" \\ "b" }'],
    ['a `/` after postfix `++` (mawk: regex)', '{ x = i++ / 2 }'],
    ['a `/` after `length` (mawk: regex)', '{ x = length / 2 }'],
    ['a `/` after `getline`', 'BEGIN { getline / 2 }'],
    ['a `/` after a function name (mawk: regex)', 'function f() { return 1 } { x = f / 2 }'],
    ['a backslash-newline inside a regex', '/a\\\nb/'],
    ['a backtick', '{ print `id` }'],
    ['a single quote', "{ print 'x' }"],
    ['a lone `&`', '{ x = a & b }'],
    ['non-ASCII outside strings', '{ print é }'],
    ['a control character', '{ print "\u0007" }'],
  ])('%s: %j', (_, program) => {
    expect(verdict(program)).toMatch(/not understood|control character/);
  });

  it('blocks a pipe hidden after a regex that follows an `if` condition', () => {
    expect(verdict('{ if (x) /a"/ ; print | "sh" #"/ }')).toContain('pipes');
  });

  it.each([
    ['length', '{ x = length /"/; print | "sh" #"/\n}'],
    ['i++', '{ x = i++ /"/; print | "sh" #"/\n}'],
    ['i--', '{ x = i-- /"/; print | "sh" #"/\n}'],
    ['a called function', 'function f() { return 1 } { x = f /"/; print | "sh" #"/\n}'],
    ['the gawk keyword `case`', '{ x = case /1; print | "sh"; y = 1/ 2 }'],
    ['the gawk keyword `func`', '{ x = func /1; print | "sh"; y = 1/ 2 }'],
  ])('blocks a pipe that some awk sees after `%s /` (awks split it differently)', (_, program) => {
    expect(verdict(program)).toContain('not understood');
  });

  it('answers a megabyte of program (timed in bench/worst-case-inputs.bench.ts)', () => {
    expect(verdict(`{ x = 1${' / 2'.repeat(250_000)} }`)).toBe('allow');
    expect(verdict(`BEGIN { ${'getline a[('.repeat(100_000)} }`)).not.toBe('allow');
    expect(verdict(`{ print "${'x'.repeat(1_000_000)}" }`)).toBe('allow');
  });
});

// mawk as the oracle: every program we accept runs under strace in a fresh temp dir and must
// spawn nothing, open nothing for writing and leave no file. ORACLE_RUNS scales the count.
const runs = Number(process.env.ORACLE_RUNS ?? '1');
const seed = Number(process.env.ORACLE_SEED ?? Date.now() % 1_000_000);

describe(`accepted awk programs have no side effects under mawk (seed ${seed})`, () => {
  it('detects the side effects of the programs it blocks (oracle self-test)', () => {
    const hazards = [
      'BEGIN{system("touch spawned")}',
      '{print | "cat"}',
      'BEGIN{"echo x" | getline}',
      '{print > "out"}',
      'END{printf "x" >> "out"}',
    ];
    for (const program of hazards) expect(verdict(program)).not.toBe('allow');
    expect(runMawk(hazards).map((r) => r.effects.length > 0)).toEqual(hazards.map(() => true));
  });

  it('finds no effect in any accepted program', () => {
    const programs = [
      ...fc.sample(awkProgram, { numRuns: 700 * runs, seed }),
      ...fc.sample(awkNoise, { numRuns: 200 * runs, seed: seed + 1 }),
    ];
    const accepted = programs.filter((p) => checkAwkProgram(p) === undefined);
    expect(accepted.length).toBeGreaterThan(120 * runs);
    const results = runMawk(accepted);
    const leaks = accepted
      .map((program, i) => ({ program, effects: results[i]?.effects ?? ['not run'] }))
      .filter((r) => r.effects.length > 0);
    expect(leaks).toEqual([]);
    // The generated programs must mostly be valid awk, or the check above proves little.
    const ran = results.filter((r) => r.status === 0).length;
    expect(ran).toBeGreaterThan(60 * runs);
  });
});
