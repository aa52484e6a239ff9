// fast-check generators of sed scripts: mostly well-formed commands whose free text (regexes,
// replacements, a/i/c text, labels, comments) is full of characters that would end it early in a
// careless parser, with the dangerous commands mixed in at every position.
import fc from 'fast-check';

export interface GrammarOptions {
  /** Allow spaces and tabs inside free text (makes `sed --debug` listings ambiguous). */
  blanksInText: boolean;
}

const pieces = [
  '\\\n',
  '\\\\',
  '\\/',
  '[/]',
  '[^]/]',
  '[[:alpha:]/]',
  '[[.].]/]',
  '[[=a=]]',
  '[[:a]',
  '\\[',
  '\\]',
  'w f',
  ';w f',
  '\nw f',
  '}w f',
  '\\n',
  '\\t',
  '\\cx',
  '&',
  'e',
  ';',
  '}',
  '{',
  '#',
];

function text(delims: string, { blanksInText }: GrammarOptions): fc.Arbitrary<string> {
  const chars = `awprsyx;}{#[]:.=^/|,\\\n!$~+cnIM${delims}${blanksInText ? ' \t19' : ''}`;
  const usable = blanksInText ? pieces : pieces.filter((p) => !p.includes(' '));
  return fc
    .array(fc.oneof(fc.constantFrom(...chars), fc.constantFrom(...usable)), { maxLength: 6 })
    .map((parts) => parts.join(''));
}

const blank = fc.constantFrom('', '', '', ' ', '\t', '  ');
const delimiter = fc.constantFrom(
  '/',
  '/',
  '/',
  '|',
  '#',
  ',',
  ' ',
  ';',
  '}',
  'w',
  'e',
  'p',
  'x',
  '[',
  ']',
  'n',
  'c',
  '.',
  ':',
  '!',
  'a',
  '\\',
);

function address(opts: GrammarOptions): fc.Arbitrary<string> {
  const one = fc.oneof(
    fc.constantFrom('1', '2', '10', '0', '$'),
    fc
      .tuple(text('', opts), fc.constantFrom('', 'I', 'M', ' I', 'IM'))
      .map(([re, f]) => `/${re}/${f}`),
    fc
      .tuple(delimiter, text('', opts), fc.constantFrom('', 'I'))
      .map(([d, re, f]) => `\\${d}${re}${d}${f}`),
    fc.constantFrom('1~2', '0~4', '2 ~ 3', '3~', '+2', '~0', '+0'),
  );
  const second = fc.oneof(one, fc.constantFrom('+3', '~4', ' + 1', '~'));
  return fc.oneof(
    { weight: 3, arbitrary: fc.constant('') },
    { weight: 3, arbitrary: one },
    { weight: 2, arbitrary: fc.tuple(one, blank, second).map(([a, b, c]) => `${a}${b},${b}${c}`) },
  );
}

const label = fc.constantFrom('a', 'x', 'end', '', 'a;', 'a}', 'a#c', 'a b');
const hazard = fc.constantFrom(
  'w f',
  'w',
  'w/dev/stdout',
  'W f',
  'r f',
  'R f',
  'r',
  'e',
  'e echo hi',
  's/x/y/w f',
  's/x/y/gw /p',
  's/x/y/e',
  's/x/y/ep',
  'y/a/b/w f',
  '1,1w/p',
);

function command(opts: GrammarOptions, depth: number): fc.Arbitrary<string> {
  const leaf = fc.oneof(
    {
      weight: 4,
      arbitrary: fc.constantFrom(
        '=',
        'd',
        'D',
        'F',
        'g',
        'G',
        'h',
        'H',
        'n',
        'N',
        'p',
        'P',
        'z',
        'x',
      ),
    },
    {
      weight: 1,
      arbitrary: fc.constantFrom('l', 'l 5', 'q', 'q3', 'Q 1', 'l5', 'q 0', 'v', 'v 4.2'),
    },
    {
      weight: 5,
      arbitrary: fc
        .tuple(
          delimiter,
          fc.array(fc.constantFrom('g', 'p', '2', 'i', 'I', 'm', 'M', 'e', 'w f', ' ', '#', '0'), {
            maxLength: 3,
          }),
        )
        .chain(([d, flags]) =>
          fc
            .tuple(text(d, opts), text(d, opts))
            .map(([re, rep]) => `s${d}${re}${d}${rep}${d}${flags.join('')}`),
        ),
    },
    {
      weight: 2,
      arbitrary: delimiter.chain((d) =>
        fc.tuple(text(d, opts), text(d, opts)).map(([a, b]) => `y${d}${a}${d}${b}${d}`),
      ),
    },
    {
      weight: 4,
      arbitrary: fc
        .tuple(
          fc.constantFrom('a', 'i', 'c'),
          fc.constantFrom(' ', '', '\\\n', '\\', '\\ \n', '\\\\\n', '  \\', '\\\n\\'),
          text('', opts),
        )
        .map(([c, lead, t]) => `${c}${lead}${t}`),
    },
    {
      weight: 3,
      arbitrary: fc
        .tuple(fc.constantFrom(':', 'b', 't', 'T', 'b ', ': '), label)
        .map(([c, l]) => `${c}${l}`),
    },
    { weight: 1, arbitrary: text('', opts).map((t) => `#${t}`) },
    { weight: 2, arbitrary: hazard },
  );
  if (depth >= 2) return leaf;
  return fc.oneof(
    { weight: 8, arbitrary: leaf },
    {
      weight: 1,
      arbitrary: fc
        .array(fc.tuple(address(opts), command(opts, depth + 1), separator), { maxLength: 3 })
        .map((items) => `{${items.map(([a, c, s]) => `${a}${c}${s}`).join('')}}`),
    },
  );
}

const separator = fc.oneof(
  { weight: 12, arbitrary: fc.constantFrom(';', '\n', ' ; ', '', '\n\n', ' ') },
  { weight: 1, arbitrary: fc.constant('}') },
);
/** Jumps mostly find their labels, so that many scripts compile. */
const labelTail = fc.constantFrom('', '\n:a\n:x\n:end', '\n:a\n:x\n:end', ';:a;:x;:end');

/** A sed script of up to `max` commands, each with optional addresses and `!`. */
export function sedScript(opts: GrammarOptions, max = 5): fc.Arbitrary<string> {
  const item = fc
    .tuple(address(opts), fc.constantFrom('', '', '!', ' !', '! '), command(opts, 0), separator)
    .map(([a, bang, c, s]) => `${a}${bang}${c}${s}`);
  const script = fc
    .tuple(fc.array(item, { minLength: 1, maxLength: max }), labelTail)
    .map(([items, tail]) => items.join('') + tail);
  // Text lines that start with blanks (after a newline or a `\n` escape that sed turns into
  // one) would look like commands in a --debug listing.
  return opts.blanksInText ? script : script.map((s) => s.replace(/(\n|\\n)[ \t]+/g, '$1'));
}

/** Raw strings over the characters that matter to sed's grammar: a fuzzer for desyncs. */
export const sedNoise: fc.Arbitrary<string> = fc
  .array(
    fc.oneof(
      fc.constantFrom(...'swyaicberRWtT:{}!;#/\\[]\n pl12$,~+x^.=|'),
      fc.constantFrom('w f', 's/', 'a\\', '\\\n', '[:', ':]', '0,'),
    ),
    { maxLength: 24 },
  )
  .map((parts) => parts.join(''));
