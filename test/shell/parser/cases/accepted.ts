import type { ParseLimits } from '../../../../src/shell/parser/index.js';
import type { ShellWord } from '../../../../src/shell/types.js';

// What the parser accepts, as tables. Every command here is also run through real bash by
// differential.test.ts, so each expected argv below is checked twice.

/** An accepted script and the argv of each simple command, in source order. */
export interface AcceptCase {
  command: string;
  argv: string[][];
  /** Limits other than the defaults, for the few cases that test them. */
  limits?: Partial<ParseLimits>;
}

const accept = (command: string, ...argv: string[][]): AcceptCase => ({ command, argv });

/** Quoting, escapes, concatenation and literal characters. */
export const wordCases: AcceptCase[] = [
  accept('ls -la', ['ls', '-la']),
  accept('ls\t-la', ['ls', '-la']),
  accept('  ls   -la  ', ['ls', '-la']),
  accept(`echo a"b"'c'\\d`, ['echo', 'abcd']),
  accept(`echo 'it'\\''s'`, ['echo', "it's"]),
  accept(`echo 'a b'c"d e"`, ['echo', 'a bcd e']),
  accept(`echo "a'b" 'a"b'`, ['echo', "a'b", 'a"b']),
  accept('echo "a\\$b"', ['echo', 'a$b']),
  accept('echo "a\\\\b"', ['echo', 'a\\b']),
  accept('echo "a\\b"', ['echo', 'a\\b']),
  accept('echo "\\"quoted\\""', ['echo', '"quoted"']),
  accept('echo "a\\`b"', ['echo', 'a`b']),
  accept(`echo "\\'"`, ['echo', "\\'"]),
  accept('echo "line1\\nline2"', ['echo', 'line1\\nline2']),
  accept('echo \\$HOME', ['echo', '$HOME']),
  accept(`echo '$HOME' '$(id)' '\`id\`'`, ['echo', '$HOME', '$(id)', '`id`']),
  accept('echo a\\ b', ['echo', 'a b']),
  accept('echo a\\\\b \\\\', ['echo', 'a\\b', '\\']),
  accept('echo a\\"b', ['echo', 'a"b']),
  accept('echo "x"\\ "y"', ['echo', 'x y']),
  accept('echo a\\\nb', ['echo', 'ab']),
  accept('ls \\\n-la', ['ls', '-la']),
  accept('ls\\\n -la', ['ls', '-la']),
  accept('l\\\ns -la', ['ls', '-la']),
  accept('echo "a\\\nb"', ['echo', 'ab']),
  accept(`echo 'a\\\nb'`, ['echo', 'a\\\nb']),
  accept('echo "two\nlines"', ['echo', 'two\nlines']),
  accept('git commit -m "line1\nline2"', ['git', 'commit', '-m', 'line1\nline2']),
  accept(`echo "" ''`, ['echo', '', '']),
  accept('echo a#b "#" \\#x', ['echo', 'a#b', '#', '#x']),
  accept('echo {} stash@{0} a{b}c', ['echo', '{}', 'stash@{0}', 'a{b}c']),
  accept('echo { } {a,b', ['echo', '{', '}', '{a,b']),
  accept(`echo \\{a,b\\} '{1..3}' "{x,y}" {a\\,b}`, ['echo', '{a,b}', '{1..3}', '{x,y}', '{a,b}']),
  accept('echo a,b a..b 1..3', ['echo', 'a,b', 'a..b', '1..3']),
  accept('echo {},{} a{b},{c}d {a,{b} {x}..{y}', [
    'echo',
    '{},{}',
    'a{b},{c}d',
    '{a,{b}',
    '{x}..{y}',
  ]),
  accept('git log HEAD@{1}..HEAD@{0} stash@{0}..stash@{1} @{u}..', [
    'git',
    'log',
    'HEAD@{1}..HEAD@{0}',
    'stash@{0}..stash@{1}',
    '@{u}..',
  ]),
  accept('git log HEAD~1 a~b', ['git', 'log', 'HEAD~1', 'a~b']),
  accept('ls ~ ~/x', ['ls', '~', '~/x']),
  accept('ls -la ~/.config', ['ls', '-la', '~/.config']),
  accept(`ls ~/'a b'`, ['ls', '~/a b']),
  accept('ls ~\\\n/x ~\\\n', ['ls', '~/x', '~']),
  accept(`echo "~" \\~ ''~ ''~/x`, ['echo', '~', '~', '~', '~/x']),
  accept('echo --a=~/x a:~', ['echo', '--a=~/x', 'a:~']),
  accept('test a = b', ['test', 'a', '=', 'b']),
  accept('echo a=b x==y --color=never', ['echo', 'a=b', 'x==y', '--color=never']),
  accept(`echo '=ls' \\=ls`, ['echo', '=ls', '=ls']),
  accept('[ -f package.json ]', ['[', '-f', 'package.json', ']']),
  accept('echo ] [ a[b', ['echo', ']', '[', 'a[b']),
  accept('echo ! a!b', ['echo', '!', 'a!b']),
  accept('echo time if then { } fi', ['echo', 'time', 'if', 'then', '{', '}', 'fi']),
  accept(`echo café '日本語'`, ['echo', 'café', '日本語']),
  accept(`printf '%s\\n' a`, ['printf', '%s\\n', 'a']),
  accept('echo -- -n', ['echo', '--', '-n']),
  accept('"time" ls', ['time', 'ls']),
  accept('"if" x', ['if', 'x']),
  accept('\\if x', ['if', 'x']),
  accept(`'{' x`, ['{', 'x']),
  accept('"!" x', ['!', 'x']),
  accept(`'l's`, ['ls']),
  accept('\\ls', ['ls']),
  accept(`jq -r '.scripts | to_entries[] | "\\(.key): \\(.value)"' package.json`, [
    'jq',
    '-r',
    '.scripts | to_entries[] | "\\(.key): \\(.value)"',
    'package.json',
  ]),
  accept(`find . \\( -name '*.js' -o -name '*.ts' \\) -print`, [
    'find',
    '.',
    '(',
    '-name',
    '*.js',
    '-o',
    '-name',
    '*.ts',
    ')',
    '-print',
  ]),
  accept('git stash show -p stash@{0}', ['git', 'stash', 'show', '-p', 'stash@{0}']),
  accept('find . -name a -de\\lete', ['find', '.', '-name', 'a', '-delete']),
  accept('git diff --out\\put=/tmp/o.txt', ['git', 'diff', '--output=/tmp/o.txt']),
  accept('find . -name a -fprint"" /tmp/fp.txt', [
    'find',
    '.',
    '-name',
    'a',
    '-fprint',
    '/tmp/fp.txt',
  ]),
  accept(`bash -lc 'ls || (pwd && echo hi)'`, ['bash', '-lc', 'ls || (pwd && echo hi)']),
  accept('bash  -c  "ls -l"', ['bash', '-c', 'ls -l']),
  accept(`sh -c 'cat README.md | head -20'`, ['sh', '-c', 'cat README.md | head -20']),
  accept('echo *.txt a?c [ab]x', ['echo', '*.txt', 'a?c', '[ab]x']),
  accept('rg foo -- *', ['rg', 'foo', '--', '*']),
];

/** Lists, pipelines, and-or chains, negation, `time`, subshells and groups. */
export const grammarCases: AcceptCase[] = [
  accept('pwd && ls -la', ['pwd'], ['ls', '-la']),
  accept('ls || pwd', ['ls'], ['pwd']),
  accept('ls; pwd', ['ls'], ['pwd']),
  accept('ls;pwd;', ['ls'], ['pwd']),
  accept('ls ; pwd ;', ['ls'], ['pwd']),
  accept('git status\ngit log --oneline -1', ['git', 'status'], ['git', 'log', '--oneline', '-1']),
  accept('ls\nrm -rf tmp', ['ls'], ['rm', '-rf', 'tmp']),
  accept('\n\nls\n\n', ['ls']),
  accept('ls;\n\npwd\n', ['ls'], ['pwd']),
  accept('ls | wc -l', ['ls'], ['wc', '-l']),
  accept('ls|wc', ['ls'], ['wc']),
  accept('ls |& head', ['ls'], ['head']),
  accept('ls &&\npwd', ['ls'], ['pwd']),
  accept('ls ||\n\n  pwd', ['ls'], ['pwd']),
  accept('ls |\nwc', ['ls'], ['wc']),
  accept('ls |&\n head', ['ls'], ['head']),
  accept('! ls', ['ls']),
  accept('! ls | wc', ['ls'], ['wc']),
  accept('! ! ls', ['ls']),
  accept('! false && echo yes', ['false'], ['echo', 'yes']),
  accept('time ls', ['ls']),
  accept('time -p ls | wc', ['ls'], ['wc']),
  accept('time -- ls', ['ls']),
  accept('time -p -- ls', ['ls']),
  accept('time -p -- ls -l', ['ls', '-l']),
  accept('! time ls', ['ls']),
  accept('time ! ls', ['ls']),
  accept('ls | time wc', ['ls'], ['time', 'wc']),
  accept('x=1 time ls', ['time', 'ls']),
  accept('(ls)', ['ls']),
  accept('( ls; pwd )', ['ls'], ['pwd']),
  accept('(ls) | wc', ['ls'], ['wc']),
  accept('(ls && pwd) || echo no', ['ls'], ['pwd'], ['echo', 'no']),
  accept('( (ls) )', ['ls']),
  accept('(\nls\n)', ['ls']),
  accept('! (false)', ['false']),
  accept('time(ls)', ['ls']),
  accept('{ ls; }', ['ls']),
  accept('{ ls; pwd; } | wc', ['ls'], ['pwd'], ['wc']),
  accept('{\nls\n}', ['ls']),
  accept('{ (ls); }', ['ls']),
  accept('( { ls; } )', ['ls']),
  accept('(ls); (pwd); ( (id) ); {  (ls); }', ['ls'], ['pwd'], ['id'], ['ls']),
  accept('a; (b && { c; d; }) | e; f', ['a'], ['b'], ['c'], ['d'], ['e'], ['f']),
  accept(Array(32).fill('ls').join('; '), ...Array(32).fill(['ls'])),
  { command: '( ( ( (ls) ) ) )', argv: [['ls']], limits: { maxNesting: 4 } },
  accept('{ ls; } 2>/dev/null', ['ls']),
  accept('(ls) >/dev/null 2>&1', ['ls']),
  accept('false || echo recovered', ['false'], ['echo', 'recovered']),
  accept('false && echo skipped', ['false'], ['echo', 'skipped']),
  accept('ls; false; pwd', ['ls'], ['false'], ['pwd']),
  accept('true | false || echo last-status', ['true'], ['false'], ['echo', 'last-status']),
  accept('cd .. && ls -la', ['cd', '..'], ['ls', '-la']),
  accept('test -f package.json && echo yes', ['test', '-f', 'package.json'], ['echo', 'yes']),
  accept(
    'grep -rl foo . | xargs grep -n bar',
    ['grep', '-rl', 'foo', '.'],
    ['xargs', 'grep', '-n', 'bar'],
  ),
  accept(
    'git log --graph --oneline --all | head -30',
    ['git', 'log', '--graph', '--oneline', '--all'],
    ['head', '-30'],
  ),
];

/** Comments: accepted only as whole lines. */
export const commentCases: AcceptCase[] = [
  accept('# list files\nls', ['ls']),
  accept('ls\n# done', ['ls']),
  accept('  # indented\nls', ['ls']),
  accept('ls &&\n# then\npwd', ['ls'], ['pwd']),
  accept('ls |\n# count\nwc', ['ls'], ['wc']),
  accept('(\n# inside\nls\n)', ['ls']),
  accept('# $(rm -rf /) && `id` ; ls >x\nls', ['ls']),
  accept('# trailing backslash \\\nls', ['ls']),
];

/** Redirections the parser accepts. */
export const redirectCases: AcceptCase[] = [
  accept('ls >/dev/null', ['ls']),
  accept('ls 1>/dev/null', ['ls']),
  accept('ls 2>/dev/null', ['ls']),
  accept('ls &>/dev/null', ['ls']),
  accept('ls > /dev/null', ['ls']),
  accept('ls >"/dev/null" 2>\'/dev/null\'', ['ls']),
  accept(`ls >/dev/nu''ll >\\/dev/null`, ['ls']),
  accept('ls 2>&1', ['ls']),
  accept('ls >&2', ['ls']),
  accept('ls 1>&2 2>& 1', ['ls']),
  accept('cat <&0', ['cat']),
  accept('ls 2>&"1"', ['ls']),
  accept('2>/dev/null ls -la', ['ls', '-la']),
  accept('ls>/dev/null', ['ls']),
  accept('ls 2 >/dev/null', ['ls', '2']),
  accept('ls "2">/dev/null', ['ls', '2']),
  accept('ls 2 >/dev/null "1">/dev/null', ['ls', '2', '1']),
  accept('ls nonexistent 2>&1 | head -5', ['ls', 'nonexistent'], ['head', '-5']),
  accept('grep -ril "deprecated" docs/ 2>/dev/null', ['grep', '-ril', 'deprecated', 'docs/']),
  accept('find / -name "*.conf" 2>/dev/null | head', ['find', '/', '-name', '*.conf'], ['head']),
  accept('ls 2>&1 >/dev/null', ['ls']),
  accept('cat < input.txt', ['cat']),
  accept('cat <input.txt', ['cat']),
  accept('cat 0< input.txt', ['cat']),
  accept(`tr -s ' ' < input.txt`, ['tr', '-s', ' ']),
  accept('cat < ~/input.txt', ['cat']),
  accept(`cat < "input file.txt"`, ['cat']),
  accept(`cat <<< 'some text'`, ['cat']),
  accept('cat <<<text', ['cat']),
  accept('wc -c <<< "a b" 2>/dev/null', ['wc', '-c']),
];

/** Quoted heredocs: bodies are text, never parsed. */
export const heredocCases: AcceptCase[] = [
  accept(`cat <<'EOF'\nhello $USER \`id\`\nEOF`, ['cat']),
  accept('cat <<"EOF"\n$(rm -rf /)\nEOF', ['cat']),
  accept('cat <<\\EOF\nx\nEOF', ['cat']),
  accept('cat <<E"O"F\nx\nEOF', ['cat']),
  accept(`cat << 'EOF'\nx\nEOF\n`, ['cat']),
  accept(`cat <<-'EOF'\n\t\tindented\n\tEOF`, ['cat']),
  accept(`cat <<'E O'\nE\nE O`, ['cat']),
  accept(`cat <<'EOF'\nEOF`, ['cat']),
  accept(`cat <<'EOF'\n  EOF\nEOF  \nEOF`, ['cat']),
  accept(`cat <<'A' <<'B'\na\nA\nb\nB`, ['cat']),
  accept(`cat <<'A'; cat <<'B'\na\nA\nb\nB\necho done`, ['cat'], ['cat'], ['echo', 'done']),
  accept(`cat <<'EOF' | wc -l\nx\nEOF`, ['cat'], ['wc', '-l']),
  accept(`cat <<'EOF' &&\nx\nEOF\necho done`, ['cat'], ['echo', 'done']),
  accept(`(cat <<'EOF'\nx\nEOF\n)`, ['cat']),
  accept(`cat <<'EOF' "a\nb"\nbody\nEOF`, ['cat', 'a\nb']),
  accept(`cat <<'EOF'\n# not a comment; ls > x\nEOF\nls`, ['cat'], ['ls']),
  accept(`python3 <<'PY'\nprint(1)\nPY`, ['python3']),
  accept(`cat <<'A'\nrm -rf /\nA\nls`, ['cat'], ['ls']),
  accept(`cat <<'A' && cat <<-'B'\nB\nA\n\tB\npwd`, ['cat'], ['cat'], ['pwd']),
  accept(`cat <<'E' 'x\ny'\nbody\nE`, ['cat', 'x\ny']),
  accept(`cat <<-'E'\n\tE`, ['cat']),
];

/** Assignment prefixes: `name → value` pairs and the argv that runs. */
export interface AssignmentCase extends AcceptCase {
  assignments: [string, string][];
}

const assign = (
  command: string,
  assignments: [string, string][],
  ...argv: string[][]
): AssignmentCase => ({ command, assignments, argv });

export const assignmentCases: AssignmentCase[] = [
  assign('LC_ALL=C sort input.txt', [['LC_ALL', 'C']], ['sort', 'input.txt']),
  assign(
    'TZ=UTC NO_COLOR=1 date',
    [
      ['TZ', 'UTC'],
      ['NO_COLOR', '1'],
    ],
    ['date'],
  ),
  assign('FOO= ls', [['FOO', '']], ['ls']),
  assign(
    `A='x y' B="z" ls`,
    [
      ['A', 'x y'],
      ['B', 'z'],
    ],
    ['ls'],
  ),
  assign('A=*.txt ls', [['A', '*.txt']], ['ls']),
  assign('A=a=b ls A=1', [['A', 'a=b']], ['ls', 'A=1']),
  assign('A\\\n=1 ls', [['A', '1']], ['ls']),
  assign('FOO=1', [['FOO', '1']], []),
  assign('A=HEAD~1 ls', [['A', 'HEAD~1']], ['ls']),
  assign(`A='~' ls`, [['A', '~']], ['ls']),
  assign('"A"=1', [], ['A=1']),
  assign('A\\=1', [], ['A=1']),
  assign('GIT_PAGER=cat git log', [['GIT_PAGER', 'cat']], ['git', 'log']),
];

/** Decoded-word flags: `command` → the expected fields of its words (only those given). */
export const wordFlagCases: [string, Partial<ShellWord>[]][] = [
  // glob: an unquoted * ? or a [ that a later ] closes
  ['ls *.txt a?c [ab]x', [{}, { glob: true }, { glob: true }, { glob: true }]],
  [`ls [a']' a[b '['a]`, [{}, { glob: true }, { glob: false }, { glob: false }]],
  [`ls '*.txt' \\* "a*"`, [{}, { glob: false }, { glob: false }, { glob: false }]],
  ['[ x ] stash@{0}', [{ glob: false }, {}, { glob: false }, { glob: false }]],
  // tilde: only a leading unquoted ~ alone or before /; the value keeps the ~
  ['ls ~ ~/x', [{}, { tilde: true, value: '~' }, { tilde: true, value: '~/x' }]],
  [`ls ~/'a b'`, [{}, { tilde: true, value: '~/a b' }]],
  [`ls '~' ''~ \\~/x`, [{}, { tilde: false }, { tilde: false, value: '~' }, { tilde: false }]],
  ['ls HEAD~1 --a=~/x', [{}, { tilde: false }, { tilde: false, value: '--a=~/x' }]],
  // quoted: any quoting or escaping, but not a line continuation
  [
    `ls plain 'a' "b" \\c d\\\ne`,
    [
      {},
      { quoted: false },
      { quoted: true },
      { quoted: true },
      { quoted: true },
      { quoted: false },
    ],
  ],
  // raw: the source text, for messages
  [
    `echo 'a'"b"\\c`,
    [{}, { value: 'abc', raw: `'a'"b"\\c`, glob: false, quoted: true, tilde: false }],
  ],
];

/** AST shapes (see grammar.test.ts): commands as joined argv, wrappers as objects. */
export const astCases: [string, unknown][] = [
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

/** Accepted redirections are kept as source text, for logs. */
export const redirectRawCases: [string, string[]][] = [
  ['ls 2>/dev/null', ['2>/dev/null']],
  ['ls 2> /dev/null >&2', ['2> /dev/null', '>&2']],
  ['cat < "a b" <<< x', ['< "a b"', '<<< x']],
  [`cat <<'EOF'\nbody\nEOF`, [`<<'EOF'`]],
  ['ls&>/dev/null', ['&>/dev/null']],
];

/** Every accepted command of the tables above, for the differential test and the benchmark. */
export const acceptCases: AcceptCase[] = [
  ...wordCases,
  ...grammarCases,
  ...commentCases,
  ...redirectCases,
  ...heredocCases,
  ...assignmentCases,
];
