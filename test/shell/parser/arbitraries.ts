import fc from 'fast-check';

// fast-check arbitraries for scripts in the accepted subset. The generator is the
// grammar: everything it produces must parse, which properties.test.ts and differential.test.ts
// assert. Word pieces avoid only what the subset rejects (expansions, brace expansion, tilde
// forms other than `~/`, words starting with `=`); everything else bash treats specially is in.

/** A piece of script: text, a newline token (heredoc bodies follow it), or a heredoc body. */
export type Piece = { text: string } | { newline: true } | { body: string };

const text = (value: string): Piece => ({ text: value });
const newline: Piece = { newline: true };

/** Joins pieces, writing pending heredoc bodies after the next newline token. */
export function render(pieces: readonly Piece[]): string {
  let out = '';
  let pending: string[] = [];
  for (const piece of pieces) {
    if ('text' in piece) out += piece.text;
    else if ('body' in piece) pending.push(piece.body);
    else {
      out += `\n${pending.join('')}`;
      pending = [];
    }
  }
  return pending.length > 0 ? `${out}\n${pending.join('')}` : out;
}

/** Programs the generator runs; the differential test stubs each one. */
export const programs = [
  'ls',
  'cat',
  'grep',
  'echo',
  'printf',
  'test',
  '[',
  'pwd',
  'cd',
  'type',
  'command',
  'true',
  'false',
  'head',
  'wc',
  'sort',
  'git',
  'find',
  'rg',
  'bash',
  'sh',
  'zsh',
  'timeout',
] as const;

/** `arbitrary` one time in `1 + odds`, otherwise undefined. */
const rarely = <T>(arbitrary: fc.Arbitrary<T>, odds: number) =>
  fc.oneof({ arbitrary: fc.constant(undefined), weight: odds }, { arbitrary, weight: 1 });

const chars = (alphabet: string) => fc.constantFrom(...alphabet);
const stringOf = (alphabet: string, minLength: number, maxLength: number) =>
  fc.array(chars(alphabet), { minLength, maxLength }).map((list) => list.join(''));

// Unquoted text: nothing that starts an expansion, a comment, a tilde or a brace.
const unquotedStart = 'abcxyzABC019._-+,:@%^';
const unquotedInner = `${unquotedStart}#!]`;
const unquoted = fc
  .tuple(stringOf(unquotedStart, 1, 1), stringOf(unquotedInner, 0, 5))
  .map(([first, rest]) => first + rest);

const singleQuoted = stringOf('ab $`"\\*{,}#~!;&|<>()=\t\né', 0, 6).map((s) => `'${s}'`);

const doubleQuotedPart = fc.oneof(
  chars("ab '*{,}#~!;&|<>()=\t\né"),
  fc.constantFrom('\\$', '\\`', '\\"', '\\\\', '\\\n', '\\a', '\\n', "\\'", '\\{'),
);
const doubleQuoted = fc
  .array(doubleQuotedPart, { maxLength: 5 })
  .map((list) => `"${list.join('')}"`);

const escaped = chars('a $`"\'\\*?{},;&|()<>#~=![ \té').map((c) => `\\${c}`);

const globPart = fc.constantFrom('*', '?', '[ab]', '[!a]', 'x*', '*.txt', '[a-c]?');

// Literal pieces that look special but are not: braces without `,`/`..` at their level, `~`
// inside a word, `@{…}` ranges.
const literalPart = fc.constantFrom(
  '{}',
  'stash@{0}',
  'a{b}c',
  'HEAD~1',
  'a~b',
  'a=b',
  'café',
  '..',
  '.',
  'a,b',
  '1..3',
  '@{1}..@{0}',
);

const part = fc.oneof(
  { arbitrary: unquoted, weight: 4 },
  { arbitrary: singleQuoted, weight: 3 },
  { arbitrary: doubleQuoted, weight: 3 },
  { arbitrary: escaped, weight: 2 },
  { arbitrary: globPart, weight: 1 },
  { arbitrary: literalPart, weight: 1 },
);

// Parts glued together, sometimes through a line continuation.
const gluedOf = (parts: fc.Arbitrary<string>) =>
  fc
    .array(fc.tuple(parts, fc.constantFrom('', '', '', '\\\n')), { minLength: 1, maxLength: 3 })
    .map((list) => list.map(([p, join], i) => (i === 0 ? p : join + p)).join(''));
const glued = gluedOf(part);

// Standalone words that are special only in other positions, and the accepted tilde forms.
const wholeWord = fc.constantFrom(
  '{',
  '}',
  '!',
  '[',
  ']',
  '=',
  'time',
  'if',
  'then',
  '--',
  '-',
  '-la',
  '--x=~/a',
  '--color=never',
  '~',
  '~/x',
  '~/.config',
);
// No glob after `~/`: it would match files in the test's HOME.
const tildeWord = gluedOf(fc.oneof(unquoted, singleQuoted, doubleQuoted, escaped, literalPart)).map(
  (rest) => `~/${rest}`,
);

/** One argument word in the accepted subset. */
export const word = fc.oneof(
  { arbitrary: glued, weight: 8 },
  { arbitrary: wholeWord, weight: 2 },
  { arbitrary: tildeWord, weight: 1 },
);

// The program name, sometimes quoted or escaped in part (bash removes the quotes).
const program = fc.tuple(fc.constantFrom(...programs), fc.nat(5)).map(([name, style]) => {
  if (name.length < 2) return style === 1 ? `'${name}'` : name;
  switch (style) {
    case 1:
      return `'${name}'`;
    case 2:
      return `"${name.slice(0, 1)}"${name.slice(1)}`;
    case 3:
      return `\\${name}`;
    case 4:
      return `${name.slice(0, 1)}\\\n${name.slice(1)}`;
    default:
      return name;
  }
});

const assignment = fc
  .tuple(
    fc.constantFrom('FOO', 'BAR', 'LC_ALL', 'TZ', 'NO_COLOR', 'GIT_PAGER'),
    fc.oneof(fc.constant(''), unquoted, singleQuoted, doubleQuoted, fc.constant('*')),
  )
  .map(([name, value]) => `${name}=${value}`);

const heredocBodyLine = stringOf('abxyz $`(){},;&|#\'"\\\t', 0, 8);
const heredocOperators: [string, string, boolean][] = [
  [`<<'EOF'`, 'EOF', false],
  ['<<"EOF"', 'EOF', false],
  ['<<\\EOF', 'EOF', false],
  ['<<E"O"F', 'EOF', false],
  [`<< 'END'`, 'END', false],
  [`<<'E O'`, 'E O', false],
  [`<<-'EOF'`, 'EOF', true],
];
const heredoc = fc
  .tuple(fc.constantFrom(...heredocOperators), fc.array(heredocBodyLine, { maxLength: 3 }))
  .map(([[op, delimiter, strip], lines]): Piece[] => {
    const indent = strip ? '\t' : '';
    const body = lines.map((line) => `${indent}${line}\n`).join('');
    return [text(` ${op}`), { body: `${body}${indent}${delimiter}\n` }];
  });

const redirectTexts = [
  '>/dev/null',
  '1>/dev/null',
  '2>/dev/null',
  '&>/dev/null',
  '> /dev/null',
  '2> "/dev/null"',
  ">'/dev/null'",
  ">/dev/nu''ll",
  '>\\/dev/null',
  '2>&1',
  '>&2',
  '1>&2',
  '<&0',
  '2>& 1',
  '0<&0',
  '</dev/null',
  '< /dev/null',
  '<~/input.txt',
  "< ~/'input.txt'",
  '0<~/input.txt',
];
const simpleRedirect = fc.constantFrom(...redirectTexts);
// Redirects that may touch the program name; one starting with a digit would extend the name.
const attachedRedirect = fc.constantFrom(...redirectTexts.filter((r) => !/^[0-9]/.test(r)));
const hereString = fc
  .tuple(fc.constantFrom('<<<', '<<< ', '0<<<'), word)
  .map(([op, w]) => `${op}${w}`);

const redirect: fc.Arbitrary<Piece[]> = fc.oneof(
  { arbitrary: simpleRedirect.map((r) => [text(` ${r}`)]), weight: 4 },
  { arbitrary: hereString.map((r) => [text(` ${r}`)]), weight: 1 },
  { arbitrary: heredoc, weight: 1 },
);

/** A simple command: assignments, then the program, with words and redirections mixed in. */
export const simpleCommand: fc.Arbitrary<Piece[]> = fc
  .tuple(
    rarely(fc.array(assignment, { minLength: 1, maxLength: 2 }), 3),
    rarely(redirect, 6),
    program,
    rarely(attachedRedirect, 8),
    fc.array(
      fc.oneof(
        { arbitrary: word.map((w) => [text(` ${w}`)]), weight: 5 },
        { arbitrary: redirect, weight: 1 },
      ),
      {
        maxLength: 4,
      },
    ),
  )
  .map(([assignments = [], leading, name, attached, rest]) => [
    text(assignments.map((a) => `${a} `).join('')),
    ...(leading ? [...leading, text(' ')] : []),
    text(name),
    // A redirect touching the program name: `ls>/dev/null` (the name is never all digits).
    ...(attached ? [text(attached)] : []),
    ...rest.flat(),
  ]);

/** A script separator: `;` or newlines, sometimes with a whole-line comment. */
const separator: fc.Arbitrary<Piece[]> = fc.constantFrom<Piece[]>(
  [text('; ')],
  [text(';')],
  [newline],
  [text(' ;'), newline],
  [newline, newline],
  [newline, text('# note: $(rm -rf /) && `id` ; ls >x'), newline],
  [newline, text('  # indented comment'), newline, text('  ')],
);

const andOrJoin = fc.constantFrom<Piece[]>(
  [text(' && ')],
  [text(' || ')],
  [text('&&')],
  [text(' ||'), newline],
  [text(' &&'), newline, newline, text('  ')],
  [text(' &&'), newline, text('# why'), newline],
);

const pipeJoin = fc.constantFrom<Piece[]>(
  [text(' | ')],
  [text('|')],
  [text(' |& ')],
  [text(' |'), newline],
  [text(' |'), newline, text('  ')],
);

const pipelinePrefix = fc.constantFrom(
  '',
  '',
  '',
  '! ',
  'time ',
  'time -p ',
  '! time ',
  'time -- ',
  'time ! ',
  '! ! ',
);

/** A node of the generated tree; `count` is its number of simple commands. */
interface Generated {
  pieces: Piece[];
  count: number;
}

const trailingRedirect = fc.constantFrom('', '', ' >/dev/null', ' 2>&1', ' 2>/dev/null </dev/null');

function compound(body: fc.Arbitrary<Generated>): fc.Arbitrary<Generated> {
  return fc
    .tuple(
      body,
      fc.boolean(),
      fc.constantFrom<Piece[]>([text('; ')], [text(';')], [newline]),
      trailingRedirect,
    )
    .map(([inner, subshell, close, after]) => {
      const first = inner.pieces.find((p) => !('text' in p) || p.text !== '');
      // `((` would start arithmetic; keep a space between nested parens.
      const open = first && 'text' in first && first.text.startsWith('(') ? '( ' : '(';
      const pieces = subshell
        ? [text(open), ...inner.pieces, text(')'), text(after)]
        : [text('{ '), ...inner.pieces, ...close, text('}'), text(after)];
      return { pieces, count: inner.count };
    });
}

/** `item`, sometimes (one time in 1 + odds) followed by `join` and a second `item`. */
function pair(
  item: fc.Arbitrary<Generated>,
  join: fc.Arbitrary<Piece[]>,
  odds: number,
): fc.Arbitrary<Generated> {
  return fc.tuple(item, rarely(fc.tuple(join, item), odds)).map(([first, more]) =>
    more === undefined
      ? first
      : {
          pieces: [...first.pieces, ...more[0], ...more[1].pieces],
          count: first.count + more[1].count,
        },
  );
}

function pipeline(element: fc.Arbitrary<Generated>): fc.Arbitrary<Generated> {
  return fc
    .tuple(pipelinePrefix, pair(element, pipeJoin, 3))
    .map(([prefix, body]) => ({ pieces: [text(prefix), ...body.pieces], count: body.count }));
}

/** Items separated by `;`/newlines, each a chain of pipelines joined by `&&`/`||`. */
function list(element: fc.Arbitrary<Generated>): fc.Arbitrary<Generated> {
  return pair(pair(pipeline(element), andOrJoin, 3), separator, 2);
}

const simple: fc.Arbitrary<Generated> = simpleCommand.map((pieces) => ({ pieces, count: 1 }));
const depth2 = fc.oneof(
  { arbitrary: simple, weight: 8 },
  { arbitrary: compound(list(simple)), weight: 1 },
);
const depth1 = fc.oneof(
  { arbitrary: simple, weight: 8 },
  { arbitrary: compound(list(depth2)), weight: 1 },
);

/** Most simple commands a generated script holds (the parser's default limit is 32). */
export const maxGeneratedCommands = 32;

/** A whole script in the accepted subset, with optional leading blank lines and comments. */
export const script: fc.Arbitrary<string> = fc
  .tuple(
    fc.constantFrom<Piece[]>([], [], [newline], [text('# start'), newline], [text('  ')]),
    list(depth1),
    fc.constantFrom<Piece[]>([], [], [text(';')], [newline], [text(' ;'), newline, newline]),
  )
  .filter(([, body]) => body.count <= maxGeneratedCommands)
  .map(([before, body, after]) => render([...before, ...body.pieces, ...after]));
