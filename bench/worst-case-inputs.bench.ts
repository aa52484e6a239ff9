import { bench, describe } from 'vitest';
import { foldText } from '../src/incomplete-turn/text/fold.js';
import { compilePhrases } from '../src/incomplete-turn/text/phrase-matcher.js';
import { classifyTurn, resolveOptions } from '../src/index.js';
import { parseShell } from '../src/shell/parser/index.js';
import { checkAwkProgram } from '../src/shell/rules/awk-program.js';
import { checkSedScript } from '../src/shell/rules/sed-script.js';
import { turn } from '../test/incomplete-turn/turns.js';

// Adversarial inputs the tests feed in for their verdicts, timed here instead: each must stay
// linear (a quadratic scan of these megabyte inputs would take minutes, not milliseconds).

const oneMiB = 1024 * 1024;
const at8KiB = (unit: string) => `echo ${unit.repeat(Math.floor(8000 / unit.length))}`;

describe('parser at and over its limits', () => {
  for (const [name, input] of [
    ['1 MiB of letters', 'a'.repeat(oneMiB)],
    ['1 MiB of open braces', '{'.repeat(oneMiB)],
    ['1 MiB of multibyte text', 'é'.repeat(oneMiB / 2)],
    ['8 KiB of brackets', at8KiB('[')],
    ['8 KiB of assignment-like tildes', `echo a=${':~'.repeat(4000)}`],
    ['8 KiB of nested parens', '('.repeat(8000)],
    ['8 KiB of line continuations', 'ls \\\n'.repeat(1600)],
  ] as const) {
    bench(name, () => {
      parseShell(input);
    });
  }
});

describe('sed and awk sub-grammars on a megabyte', () => {
  const sedClass = `s/${'[a'.repeat(500_000)}/x/`;
  const sedAppend = `1a ${'\\x'.repeat(500_000)}`;
  bench('sed: 500 000 unclosed brackets', () => {
    checkSedScript(sedClass, { extended: false });
  });
  bench('sed: a 1 MB `a` text', () => {
    checkSedScript(sedAppend, { extended: false });
  });
  const awkDivisions = `{ x = 1${' / 2'.repeat(250_000)} }`;
  const awkGetlines = `BEGIN { ${'getline a[('.repeat(100_000)} }`;
  bench('awk: 250 000 divisions (regex-or-division ambiguity)', () => {
    checkAwkProgram(awkDivisions);
  });
  bench('awk: 100 000 nested getline subscripts', () => {
    checkAwkProgram(awkGetlines);
  });
});

describe('incomplete-turn text on a megabyte', () => {
  const phrases = compilePhrases(
    { a: Array.from({ length: 2000 }, (_, i) => `${'a'.repeat(i % 50)}b`) },
    foldText,
  );
  const letters = 'a'.repeat(1_000_000);
  bench('phrase matcher: 2 000 overlapping phrases over 1 MB', () => {
    phrases.scan(letters);
  });

  const base = turn('', { userPrompt: null });
  const wide = resolveOptions({ incompleteTurn: { narrationMaxLength: 100_000 } });
  const options = resolveOptions({});
  const cues = "I'll go. Done? let me know ".repeat(4000);
  const huge = 'ab '.repeat(350_000);
  bench('classifyTurn: 100 KB of cues judged in full', () => {
    classifyTurn({ ...base, text: cues }, { planMode: false, options: wide });
  });
  bench('classifyTurn: 1 MB text and prompt', () => {
    classifyTurn({ ...base, text: huge, userPrompt: huge }, { planMode: false, options });
  });
});
