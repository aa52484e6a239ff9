// fast-check generators of awk programs: patterns and actions mixing harmless statements with
// every way of writing, piping and running commands, hidden in and around strings, regexes,
// comments, divisions, parentheses and continued lines. Every dangerous payload names a file
// (`out`, `spawned`) so that running it leaves a trace in the run's directory.
import fc from 'fast-check';

const run = '"touch spawned"';

const harmless = fc.constantFrom(
  'print',
  'print $1',
  'print $1, $2',
  'print ($1 > 2)',
  'print $1, ($3 > 3) ? "big" : "small"',
  'printf "%s\\n", $1',
  'printf("%d\\n", $3)',
  'print "a>b", "c|d"',
  'print /x>y/',
  'print $3/2, $3/3',
  'print $3/2 "|" $3/4',
  'x = $3 / 2 / 1',
  'x = length / 2',
  'n++',
  'a[$1] += $3',
  's = s $0',
  'x = "print | \\"touch spawned\\""',
  'if ($0 ~ /a|b/) n++',
  'if ($0 ~ "a|b") n++',
  'getline',
  'getline x',
  'getline x < "in"',
  'while ((getline l < "in") > 0) n++',
  'close("in")',
  'sub(/a/, "b")',
  'x = substr($0, 1, 2)',
  'x = sprintf("%s>%s", $1, $2)',
  'split($0, parts, "|")',
  'x = i++ / 2',
  'x = a[1] / 2',
);

const dangerous = fc.constantFrom(
  'print > "out"',
  'print $1 > "out"',
  'print $1 >> "out"',
  'print($1) > "out"',
  'print ($1)($2) > "out"',
  'print $1, ($2 > 1) > "out"',
  'print $1,\n$2 > "out"',
  'print $1, \\\n$2 > "out"',
  'printf "%s", $1 > "out"',
  'printf("%s", $1) > "out"',
  'print 1/2 > "out"',
  'print $3 > $3 "out"',
  `print | ${run}`,
  `print $1 | ${run}`,
  `printf "x" | ${run}`,
  `${run} | getline`,
  `${run} | getline x`,
  `while ((${run} | getline l) > 0) n++`,
  `system(${run})`,
  `system (${run})`,
  `x = system(${run})`,
  `if (system(${run})) n++`,
  `print "x" |& ${run}`,
);

const pattern = fc.constantFrom(
  '',
  '',
  'NR==1 ',
  'NR>1 ',
  '$3 > 3 ',
  '/a/ ',
  '!/zz/ ',
  '$0 ~ "a|c" ',
  'BEGIN ',
  'END ',
  'NR==1, NR==2 ',
);

function statement(depth: number): fc.Arbitrary<string> {
  const leaf = fc.oneof({ weight: 3, arbitrary: harmless }, { weight: 2, arbitrary: dangerous });
  if (depth >= 2) return leaf;
  const inner = statement(depth + 1);
  return fc.oneof(
    { weight: 6, arbitrary: leaf },
    { weight: 1, arbitrary: inner.map((s) => `if (NR > 0) ${s}`) },
    { weight: 1, arbitrary: inner.map((s) => `for (i = 0; i < 1; i++) ${s}`) },
    { weight: 1, arbitrary: inner.map((s) => `{ ${s} }`) },
    { weight: 1, arbitrary: inner.map((s) => `# ${s}\nn++`) },
    { weight: 1, arbitrary: inner.map((s) => `x = "${s.replace(/["\\]/g, '\\$&')}"`) },
    { weight: 1, arbitrary: inner.map((s) => `x = 1 /2/ 3; ${s}`) },
    { weight: 1, arbitrary: inner.map((s) => `x = $3 /2; #/ ; ${s}`) },
    {
      weight: 4,
      arbitrary: fc
        .tuple(
          fc.constantFrom(
            'length',
            'i++',
            'i--',
            'f',
            'getline',
            'case',
            'func',
            '$1',
            '(1)',
            'a[1]',
            'NR',
            '"s"',
          ),
          inner,
        )
        .map(([lhs, s]) => `x = ${lhs} /"/; ${s} #"/\n`),
    },
  );
}

const separator = fc.constantFrom('; ', '\n', ';\n', ' ;');

/** An awk program of a few pattern-action rules, sometimes with a function `f`. */
export const awkProgram: fc.Arbitrary<string> = fc
  .tuple(
    fc.constantFrom('', 'function f() { return 1 }\n'),
    fc.array(fc.tuple(pattern, fc.array(statement(0), { minLength: 1, maxLength: 3 }), separator), {
      minLength: 1,
      maxLength: 3,
    }),
  )
  .map(
    ([prelude, rules]) =>
      prelude + rules.map(([p, body, sep]) => `${p}{ ${body.join(sep)} }`).join('\n'),
  );

/** Raw strings over the characters and words that matter to awk's lexer. */
export const awkNoise: fc.Arbitrary<string> = fc
  .array(
    fc.oneof(
      fc.constantFrom(...'{}()[]/"\\#|><;\n$,=!~ax1 '),
      fc.constantFrom('print', 'printf', 'getline', 'system', run, 'if', '"out"', '/a/', '++'),
    ),
    { maxLength: 16 },
  )
  .map((parts) => parts.join(''));
