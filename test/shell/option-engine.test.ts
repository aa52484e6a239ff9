import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  canonicalOption,
  hasLiteralPrefix,
  isBlock,
  judgeRule,
  judgeWithSpec,
  NUMERIC_OPTION,
  parseArgs,
} from '../../src/shell/option-engine.js';
import type { ParsedArgs, ProgramRule, ProgramSpec } from '../../src/shell/spec.js';
import { commandWords, word, words } from './words.js';

// A synthetic program exercising every feature of the engine.
const spec: ProgramSpec = {
  options: {
    '-a': {},
    '-b': {},
    '-c': {},
    '-o': { value: 'required', hazard: 'writes', reason: 'writes a file; print to stdout instead' },
    '--output': { alias: '-o' },
    '--only': {},
    '-k': { value: 'required' },
    '--key': { alias: '-k' },
    '-x': { value: 'optional' },
    '--color': { value: 'optional' },
    '--colour': { alias: '--color' },
    '--verbose': {},
    '--version': {},
    '--exec': { value: 'required', hazard: 'executes' },
    '--pair': { value: 'required', extraValues: 1 },
    '-cols': { value: 'required' },
    '--level': {
      value: 'required',
      check: (value) =>
        value.value === 'max' ? { code: 'bad_option_value', reason: 'too much' } : undefined,
    },
  },
  globs: 'after-end-of-options',
};

const context = { depth: 0 };

function parsed(text: string, over: Partial<ProgramSpec> = {}): ParsedArgs {
  const result = parseArgs('prog', words(text), { ...spec, ...over });
  if (isBlock(result)) throw new Error(`unexpected block: ${result.reason}`);
  return result;
}

/** `name=value` for each parsed option, and the operands, for compact expectations. */
function summary(text: string, over: Partial<ProgramSpec> = {}): [string[], string[]] {
  const result = parsed(text, over);
  return [
    result.options.map((o) => (o.value === undefined ? o.name : `${o.name}=${o.value.value}`)),
    result.operands.map((w) => w.value),
  ];
}

function code(text: string, over: Partial<ProgramSpec> = {}): string {
  const result = judgeWithSpec('prog', words(text), { ...spec, ...over }, context);
  return result.kind === 'block' ? result.code : result.kind;
}

function reason(text: string, over: Partial<ProgramSpec> = {}): string {
  const result = judgeWithSpec('prog', words(text), { ...spec, ...over }, context);
  return result.kind === 'block' ? result.reason : '';
}

describe('parseArgs reads words the way getopt_long does', () => {
  it.each<[string, string[], string[]]>([
    ['-abc', ['-a', '-b', '-c'], []],
    ['-k v', ['-k=v'], []],
    ['-kv', ['-k=v'], []],
    ['-abkv f', ['-a', '-b', '-k=v'], ['f']],
    ['-abk v f', ['-a', '-b', '-k=v'], ['f']],
    ['-ak-b', ['-a', '-k=-b'], []],
    ['--key=v', ['-k=v'], []],
    ['--key v', ['-k=v'], []],
    ['--key=', ['-k='], []],
    ['--ke v', ['-k=v'], []],
    ['-k --verbose', ['-k=--verbose'], []],
    ['-k --', ['-k=--'], []],
    ['--color', ['--color'], []],
    ['--color=always', ['--color=always'], []],
    ['--color always', ['--color'], ['always']],
    ['--colo=never', ['--color=never'], []],
    ['--colour', ['--color'], []],
    ['--col', ['--color'], []],
    ['-xval', ['-x=val'], []],
    ['-x val', ['-x'], ['val']],
    ['-ax', ['-a', '-x'], []],
    ['-cols 8 f', ['-cols=8'], ['f']],
    ['-ca', ['-c', '-a'], []],
    ['--pair n v f', ['--pair=n'], ['f']],
    ['f -a g', ['-a'], ['f', 'g']],
    ['- -a', ['-a'], ['-']],
    ['-- -a -o x', [], ['-a', '-o', 'x']],
    ['-a -- --', ['-a'], ['--']],
    ['', [], []],
  ])('%s → options %j, operands %j', (text, options, operands) => {
    expect(summary(text)).toEqual([options, operands]);
  });

  it('records that -- ended the options', () => {
    expect(parsed('-a -- x').sawEndOfOptions).toBe(true);
    expect(parsed('-a x').sawEndOfOptions).toBe(false);
  });

  it('stops reading options at the first operand when the program does not permute', () => {
    expect(summary('-a f -b -o x', { permute: false })).toEqual([['-a'], ['f', '-b', '-o', 'x']]);
    expect(summary('-a - -b', { permute: false })).toEqual([['-a'], ['-', '-b']]);
  });

  it('treats -- as an operand when the program has no end-of-options marker', () => {
    expect(summary('-- -a', { endOfOptions: false })).toEqual([['-a'], ['--']]);
  });

  it('reads -NUM as a number option only when the spec allows it', () => {
    expect(summary('-20 f', { numericOption: true })).toEqual([[`${NUMERIC_OPTION}=20`], ['f']]);
    expect(code('-20 f')).toBe('unknown_option');
  });

  it('keeps the word each option came from', () => {
    const result = parsed('-abkv');
    expect(result.options.map((o) => o.word.value)).toEqual(['-abkv', '-abkv', '-abkv']);
  });

  it('marks an attached value of a glob word as a glob', () => {
    const result = parseArgs('prog', [word('-k*')], spec);
    expect(isBlock(result) ? undefined : result.options[0]?.value?.glob).toBe(true);
  });
});

describe('parseArgs blocks words it cannot read', () => {
  it.each<[string, string]>([
    ['--nope', 'unknown_option'],
    ['-z', 'unknown_option'],
    ['-az', 'unknown_option'],
    ['---a', 'unknown_option'],
    ['--=x', 'unknown_option'],
    ['--constructor', 'unknown_option'],
    ['--__proto__', 'unknown_option'],
    ['-_', 'unknown_option'],
    ['--ver', 'ambiguous_option'],
    ['--o', 'ambiguous_option'],
    ['--verbose=x', 'bad_option_value'],
    ['--outp', 'missing_option_value'],
    ['-k', 'missing_option_value'],
    ['-ak', 'missing_option_value'],
    ['--pair n', 'missing_option_value'],
  ])('%s → %s', (text, expected) => {
    expect(code(text)).toBe(expected);
  });

  it('blocks a lone - when the program does not read stdin that way', () => {
    expect(code('-', { dashIsOperand: false })).toBe('unknown_option');
  });

  it('accepts only exact long options when abbreviations are off', () => {
    expect(code('--verb', { abbreviations: false })).toBe('unknown_option');
    expect(code('--verbose', { abbreviations: false })).toBe('ok');
  });

  it('names the unknown letter and the word it came from', () => {
    expect(reason('-az')).toContain('`prog -z` (in `-az`)');
  });

  it('lists the candidates of an ambiguous prefix', () => {
    expect(reason('--ver')).toContain('--verbose, --version');
  });
});

describe('judgeWithSpec blocks hazards in every spelling', () => {
  it.each<[string, string]>([
    ['-o out f', 'option_writes'],
    ['-oout f', 'option_writes'],
    ['-abo out', 'option_writes'],
    ['-aboout', 'option_writes'],
    ['--output=out', 'option_writes'],
    ['--output out', 'option_writes'],
    ['--outp=out', 'option_writes'],
    ['--ou out', 'option_writes'],
    ['f -o out', 'option_writes'],
    ['--exec=ls', 'option_executes'],
    ['--e ls', 'option_executes'],
    ['-- -o out', 'ok'],
    ['-k -o', 'ok'],
    ['--level=max', 'bad_option_value'],
    ['--level=min', 'ok'],
  ])('%s → %s', (text, expected) => {
    expect(code(text)).toBe(expected);
  });

  it('says what an abbreviation resolved to and what it does', () => {
    expect(reason('--outp=x')).toBe(
      '`prog --outp` is `--output`, which writes a file; print to stdout instead',
    );
    expect(reason('-o x')).toBe('`prog -o` writes a file; print to stdout instead');
  });

  it('gives a default reason naming the option when the spec has none', () => {
    expect(reason('--exe=ls')).toBe(
      '`prog --exe` is `--exec`, which runs another program; drop it',
    );
  });

  it('keeps a full-sentence reason whole', () => {
    const own: ProgramSpec = {
      options: { '--run': { hazard: 'executes', reason: '`prog --run` runs the input' } },
      globs: 'never',
    };
    const result = judgeWithSpec('prog', words('--ru'), own, context);
    expect(result).toEqual({
      kind: 'block',
      code: 'option_executes',
      reason: '`prog --ru` is `--run`: `prog --run` runs the input',
    });
  });

  it.each(['interactive', 'network', 'unsupported'] as const)(
    'maps the %s hazard to its code',
    (hazard) => {
      const own: ProgramSpec = { options: { '-q': { hazard } }, globs: 'never' };
      const result = judgeWithSpec('prog', words('-q'), own, context);
      expect(result.kind === 'block' ? result.code : '').toBe(`option_${hazard}`);
    },
  );
});

describe('judgeWithSpec judges globs by where they stand', () => {
  it.each<[string, Partial<ProgramSpec>, string]>([
    ['*.txt', {}, 'unsafe_glob'],
    ['-a *.txt', {}, 'unsafe_glob'],
    ['-- *.txt', {}, 'ok'],
    ['-k * f', {}, 'unsafe_glob'],
    ['-k* f', {}, 'unsafe_glob'],
    ['--key=[ab] f', {}, 'unsafe_glob'],
    ['f *.txt', { permute: false }, 'ok'],
    ['*.txt f', { permute: false }, 'unsafe_glob'],
    ['*.txt', { globs: 'anywhere' }, 'ok'],
    ['-k * f', { globs: 'anywhere' }, 'ok'],
    ['-- *.txt', { globs: 'never' }, 'unsafe_glob'],
  ])('%s with %j → %s', (text, over, expected) => {
    expect(code(text, over)).toBe(expected);
  });

  it('tells the model to start the glob with ./ or put it after --', () => {
    expect(reason('*.txt')).toContain('start the glob with ./ (`./*.txt`) or put it after --');
  });
});

describe('judgeWithSpec enforces operand limits and the whole-call check', () => {
  const limited: Partial<ProgramSpec> = {
    operands: { min: 1, max: 1, maxCode: 'operand_writes', maxReason: 'the 2nd is written' },
  };

  it.each<[string, string]>([
    ['in', 'ok'],
    ['in out', 'operand_writes'],
    ['-a', 'bad_operand'],
    ['-- *', 'operand_writes'],
    ['-- -o', 'ok'],
  ])('%s → %s', (text, expected) => {
    expect(code(text, limited)).toBe(expected);
  });

  it('uses the spec reason for too many operands', () => {
    expect(reason('in out', limited)).toBe('the 2nd is written');
  });

  it('defaults to bad_operand for too many operands', () => {
    expect(code('a b', { operands: { max: 1 } })).toBe('bad_operand');
  });

  it('passes the parsed words and the context to spec.check', () => {
    const seen: unknown[] = [];
    const checked: ProgramSpec = {
      ...spec,
      check: (args, ctx) => {
        seen.push(
          args.operands.map((w) => w.value),
          ctx.depth,
        );
        return { kind: 'run', argv: args.operands };
      },
    };
    const result = judgeWithSpec('prog', words('-a x y'), checked, { depth: 2 });
    expect(seen).toEqual([['x', 'y'], 2]);
    expect(result.kind).toBe('run');
  });
});

describe('judgeRule', () => {
  it('judges a spec rule with the engine', () => {
    const rule: ProgramRule = { kind: 'spec', spec };
    expect(judgeRule('prog', rule, words('-o x'), context).kind).toBe('block');
  });

  it('hands a custom rule the words after the program name', () => {
    const rule: ProgramRule = {
      kind: 'custom',
      globs: 'never',
      judge: (args) => ({ kind: 'script', script: args.map((w) => w.value).join(' ') }),
    };
    expect(judgeRule('prog', rule, words('a b'), context)).toEqual({
      kind: 'script',
      script: 'a b',
    });
  });
});

describe('engine properties', () => {
  const tokens = fc.oneof(
    fc.string(),
    fc.constantFrom('-', '--', '-a', '-o', '-k', '--o', '--out', '--output=', '-=', '--=', '-20'),
    fc.string().map((s) => `-${s}`),
    fc.string().map((s) => `--${s}`),
  );
  const anyWords = fc.array(
    fc.record({
      value: tokens,
      raw: fc.string(),
      glob: fc.boolean(),
      quoted: fc.boolean(),
      tilde: fc.boolean(),
    }),
    { maxLength: 12 },
  );
  const variants = fc.record({
    permute: fc.boolean(),
    endOfOptions: fc.boolean(),
    abbreviations: fc.boolean(),
    numericOption: fc.boolean(),
    dashIsOperand: fc.boolean(),
    globs: fc.constantFrom('anywhere', 'after-end-of-options', 'never' as const),
  });

  it('never throws on arbitrary word lists', () => {
    fc.assert(
      fc.property(anyWords, variants, (list, over) => {
        const result = judgeWithSpec('prog', list, { ...spec, ...over }, context);
        expect(['ok', 'block', 'run', 'script']).toContain(result.kind);
      }),
    );
  });

  it('never throws on broken tables (cyclic or dangling aliases)', () => {
    const broken: ProgramSpec = {
      options: { '-a': { alias: '-b' }, '-b': { alias: '-a' }, '--x': { alias: '--gone' } },
      globs: 'never',
    };
    fc.assert(
      fc.property(anyWords, (list) => {
        expect(judgeWithSpec('prog', list, broken, context).kind).toMatch(/ok|block/);
      }),
    );
  });

  // Words that are harmless and leave the next word alone (or consume their own value).
  const safeUnits = fc.constantFrom(
    ['-a'],
    ['-abc'],
    ['--verbose'],
    ['--only'],
    ['-k', '-o'],
    ['-kv'],
    ['--key=v'],
    ['--ke', 'v'],
    ['--color'],
    ['-x'],
    ['f.txt'],
    ['-'],
  );
  const hazards = fc.oneof(
    fc
      .record({
        letters: fc.stringMatching(/^[abc]{0,3}$/),
        attached: fc.boolean(),
        value: fc.constantFrom('out', 'o', '-', 'x=y'),
      })
      .map(({ letters, attached, value }) => ({
        words: attached ? [`-${letters}o${value}`] : [`-${letters}o`, value],
        code: 'option_writes',
      })),
    fc
      .record({
        length: fc.integer({ min: 4, max: '--output'.length }),
        equals: fc.boolean(),
      })
      .map(({ length, equals }) => {
        const name = '--output'.slice(0, length);
        return { words: equals ? [`${name}=out`] : [name, 'out'], code: 'option_writes' };
      }),
    fc.integer({ min: 3, max: '--exec'.length }).map((length) => ({
      words: [`${'--exec'.slice(0, length)}=ls`],
      code: 'option_executes',
    })),
  );

  it('detects a hazardous option in every spelling and position', () => {
    fc.assert(
      fc.property(
        fc.array(safeUnits, { maxLength: 4 }),
        hazards,
        fc.array(safeUnits, { maxLength: 4 }),
        (before, hazard, after) => {
          const list = [...before.flat(), ...hazard.words, ...after.flat()].map((w) => word(w));
          const result = judgeWithSpec('prog', list, spec, context);
          expect(result.kind === 'block' ? result.code : result.kind).toBe(hazard.code);
        },
      ),
    );
  });

  it('never lets a hazard spelled after -- count as an option', () => {
    fc.assert(
      fc.property(fc.array(safeUnits, { maxLength: 4 }), hazards, (before, hazard) => {
        const list = [...before.flat(), '--', ...hazard.words].map((w) => word(w));
        expect(judgeWithSpec('prog', list, spec, context).kind).toBe('ok');
      }),
    );
  });
});

describe('the engine at its edges', () => {
  it('tells a block from parsed arguments', () => {
    const unknown = parseArgs('prog', words('-z'), spec);
    expect(isBlock(unknown)).toBe(true);
    expect(unknown).toMatchObject({ code: 'unknown_option' });
    expect(isBlock(parseArgs('prog', words('-a'), spec))).toBe(false);
  });

  it('follows aliases to the key whose fields apply, eight links at most', () => {
    expect(canonicalOption(spec, '--colour')).toEqual({
      key: '--color',
      option: { value: 'optional' },
    });
    expect(canonicalOption(spec, '--nope')).toBeUndefined();
    const chain = (links: number): ProgramSpec => ({
      options: Object.fromEntries(
        Array.from({ length: links + 1 }, (_, i) => [
          `--a${i}`,
          i === links ? {} : { alias: `--a${i + 1}` },
        ]),
      ),
      globs: 'anywhere',
    });
    expect(canonicalOption(chain(8), '--a0')?.key).toBe('--a8');
    expect(canonicalOption(chain(9), '--a0')).toBeUndefined();
  });

  it('an abbreviation skips a long option whose alias leads nowhere', () => {
    const broken: ProgramSpec = {
      options: { '--brown': {}, '--broken': { alias: '--gone' } },
      globs: 'anywhere',
    };
    expect(summary('--brow', broken)).toEqual([['--brown'], []]);
    const only: ProgramSpec = { options: { '--broken': { alias: '--gone' } }, globs: 'anywhere' };
    expect(code('--bro', only)).toBe('unknown_option');
  });

  it('an option without a value has no value field', () => {
    const [option] = parsed('-a').options;
    expect(option && 'value' in option).toBe(false);
  });

  it('a required value missing at the end of a short bundle is missing_option_value', () => {
    expect(code('-k')).toBe('missing_option_value');
    expect(code('-ak')).toBe('missing_option_value');
  });

  it('a value of an option without a check is fine; flags beside a glob after -- are too', () => {
    expect(code('-k v')).toBe('ok');
    expect(code('-a -- *.c')).toBe('ok');
  });

  it('a glob before -- is still where an option could be', () => {
    expect(code('-a *.c -- f')).toBe('unsafe_glob');
    expect(code('-a ./*.c -- f')).toBe('ok');
  });

  it('with dashIsOperand false only a lone - is refused, naming it', () => {
    expect(summary('f', { dashIsOperand: false })).toEqual([[], ['f']]);
    expect(reason('-', { dashIsOperand: false })).toBe(
      '`prog -` is not an option known to be read-only; drop it or use another option',
    );
  });

  it('-NUM is digits only', () => {
    expect(summary('-9 f', { numericOption: true })).toEqual([[`${NUMERIC_OPTION}=9`], ['f']]);
    expect(summary('-0', { numericOption: true })).toEqual([[`${NUMERIC_OPTION}=0`], []]);
    expect(code('-1a', { numericOption: true })).toBe('unknown_option');
    expect(code('-a1', { numericOption: true })).toBe('unknown_option');
  });

  it('operand limits: only the limit that is set applies, and the reason counts', () => {
    expect(code('-- *.c', { operands: { min: 1 } })).toBe('ok');
    expect(code('a', { operands: { max: 2 } })).toBe('ok');
    expect(reason('', { operands: { min: 1 } })).toBe('`prog` needs at least 1 operand here');
    expect(reason('a', { operands: { min: 2 } })).toBe('`prog` needs at least 2 operands here');
  });

  it('a glob has a literal prefix only when its first character is plain and unquoted', () => {
    expect(hasLiteralPrefix(word('./*.c'))).toBe(true);
    expect(hasLiteralPrefix(word('src*'))).toBe(true);
    expect(hasLiteralPrefix(word('*.c'))).toBe(false);
    expect(hasLiteralPrefix(word('-*'))).toBe(false);
    expect(hasLiteralPrefix(word('a*', { raw: "'a'*" }))).toBe(false);
    expect(hasLiteralPrefix(word('', { raw: '' }))).toBe(false);
  });
});

describe('a double-quoted expansion as an option value (unknownValue)', () => {
  const expanding: ProgramSpec = {
    options: {
      '--author': { value: 'required', unknownValue: 'attached' },
      '-e': { value: 'required', unknownValue: 'any' },
      '--grep': { value: 'required' },
      '-a': {},
    },
    globs: 'after-end-of-options',
  };
  const judge = (line: string) => {
    const r = judgeWithSpec('prog', commandWords(`prog ${line}`).slice(1), expanding, context);
    return r.kind === 'block' ? r.code : r.kind;
  };

  it('stands attached where the option declares it, and as the next word only for any', () => {
    expect(judge('--author="$X"')).toBe('ok');
    expect(judge('-e "$X"')).toBe('ok');
    expect(judge('-e"$X"')).toBe('ok');
    expect(judge('-a -e"$X"')).toBe('ok');
  });

  it('is refused as the next word of an attached-only option, for other options and operands', () => {
    expect(judge('--author "$X"')).toBe('unsafe_glob');
    expect(judge('--grep="$X"')).toBe('unsafe_glob');
    expect(judge('"$X"')).toBe('unsafe_glob');
    expect(judge('-e "$X" "$Y"')).toBe('unsafe_glob');
  });

  it('a literal glob is never such a value', () => {
    expect(judge('--author=*')).toBe('unsafe_glob');
    expect(judge('-e *')).toBe('unsafe_glob');
  });
});
