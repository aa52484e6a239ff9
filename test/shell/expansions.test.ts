import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { analyzeShellCommand } from '../../src/shell/analyze.js';
import { parseShell } from '../../src/shell/parser/index.js';
import { defaultPrograms, findRule } from '../../src/shell/rules/index.js';
import { commandRows } from '../fixtures/corpus.js';
import { everydayCommands } from './analyze-cases.js';

// Double-quoted expansions (`"$NAME"`, `"${NAME}"`, `"$(…)"`) and process substitutions
// (`<(…)`). An expansion is one word whose text the analyzer cannot see, so it must never be
// accepted where some literal text would not be: whenever a command with an expansion is
// accepted, the same command with the expansion replaced by any of the hostile values below,
// single-quoted, is accepted too. The values are the ones that change what runs somewhere: an
// option that writes or executes, a subcommand that edits, zsh arithmetic, an awk or sed
// program, a gawk socket, a git placeholder that runs gpg.

const quote = (text: string) => `'${text.replaceAll("'", `'\\''`)}'`;

const hostileValues = [
  '-delete',
  '-exec',
  '-fprint',
  '-o',
  '-oout',
  '--output=out',
  '--outp=out',
  '-w',
  '-e',
  '-f',
  '-i',
  '-v',
  '-c',
  '-x',
  '-rf',
  '--edit',
  'edit',
  'set',
  '--to-command=sh',
  '--pre=sh',
  '--exec=sh',
  '--git-dir=/tmp',
  '--ext-diff',
  '--textconv',
  '--show-signature',
  '-C/tmp',
  'a[$(touch x)]',
  'x[$(touch x)]',
  '$(touch x)',
  '`touch x`',
  '1; touch x',
  'BEGIN{system("touch x")}',
  '{print > "x"}',
  'w x',
  '1e touch x',
  's/a/b/w x',
  '/inet/tcp/0/127.0.0.1/80',
  '%G?',
  '%+GS',
  'x\ny',
  '',
  '@opts',
  '+r',
  '--',
  '-',
];

const malformed = new Set([
  'unknown_option',
  'ambiguous_option',
  'missing_option_value',
  'bad_option_value',
  'bad_operand',
]);

/** Accepted single simple commands to build variants from, as argv. */
function baseArgvs(): string[][] {
  const out: string[][] = [];
  for (const command of [...everydayCommands, ...commandRows().map((row) => row.command)]) {
    if (!analyzeShellCommand(command).readOnly) continue;
    const parsed = parseShell(command);
    if (!parsed.ok || parsed.commands.length !== 1) continue;
    const [only] = parsed.commands;
    if (only === undefined || only.words.length < 1 || only.substitutions !== undefined) continue;
    if (only.words.some((w) => w.glob || w.expansion === true)) continue;
    out.push(only.words.map((w) => w.value));
  }
  return out;
}

const bases = baseArgvs();

/** Where the expansion goes in the chosen word, and what it is. */
const forms = ['"$X"', '"${X}"', '"$(printf %s x)"', '"$(ls)"'] as const;
const placements = ['replace', 'append', 'prepend', 'attached', 'insert'] as const;

function variant(
  argv: readonly string[],
  index: number,
  placement: (typeof placements)[number],
  fill: (word: string) => string,
  expansion: string,
): string {
  const words = argv.map(quote);
  const word = argv[index] ?? '';
  let built: string;
  switch (placement) {
    case 'replace':
      built = expansion;
      break;
    case 'append':
      built = fill(word) + expansion;
      break;
    case 'prepend':
      built = expansion + fill(word);
      break;
    case 'attached': {
      // `--opt=` + expansion, or `-o` + expansion, for an option word.
      const equals = word.indexOf('=');
      built =
        equals > 0
          ? fill(word.slice(0, equals + 1)) + expansion
          : fill(word.slice(0, 2)) + expansion;
      break;
    }
    case 'insert':
      words.splice(index, 0, expansion);
      return words.join(' ');
  }
  words[index] = built;
  return words.join(' ');
}

describe('double-quoted expansions', () => {
  const accepted = [
    'echo "$PATH"',
    `printf '%s\\n' "$HOME"`,
    'diff <(sort a) <(sort b)',
    'git log --author="$(git config user.name)"',
    'echo "${HOME}/x"',
    'ls -- "$HOME"',
    'cat ./"$X"',
    'grep -n -- "$X" src/a.ts',
    'git log --since="$X" --until="$(date +%s)" --oneline',
    'git log -- "$X"',
    'wc -l <(git ls-files)',
    'echo "$(echo "$(ls)")"',
    'comm -12 <(sort a) <(sort b)',
  ];
  it.each(accepted)('accepts %s', (command) => {
    expect(analyzeShellCommand(command)).toMatchObject({ readOnly: true, code: 'read_only' });
  });

  const refused: [string, string][] = [
    ['echo $PATH', 'expansion'],
    ['"$X" -la', 'unsafe_glob'],
    ['command "$X"', 'unsafe_glob'],
    ['env "$X" ls', 'unsafe_glob'],
    ['bash -c "$X"', 'unsafe_glob'],
    ['awk "$X" f', 'unsafe_glob'],
    ['sed "$X" f', 'unsafe_glob'],
    ['sed -- "$X" f', 'sed_script'],
    ['find "$X"', 'unsafe_glob'],
    ['git "$X"', 'unsafe_glob'],
    ['git config "$X"', 'unsafe_glob'],
    ['git log --format="$X"', 'unsafe_glob'],
    ['git log --author "$X"', 'unsafe_glob'],
    ['printf %d "$X"', 'bad_operand'],
    ['test -t "$X"', 'bad_operand'],
    ['echo "$a[$(touch x)]"', 'expansion'],
    ['echo "$a:h"', 'expansion'],
    ['echo "${a:-x}"', 'expansion'],
    ['echo "$1"', 'expansion'],
    ['echo "$@"', 'expansion'],
    ['X="$Y" ls', 'expansion'],
    ['ls > "$X"', 'expansion'],
    ['cat < "$X"', 'expansion'],
    ['cat <<< "$X"', 'expansion'],
    ['echo "$(rm -rf x)"', 'mutating_program'],
    ['echo "$(ls # x)"', 'command_substitution'],
    ['echo "$(echo "$(echo "$(ls)")")"', 'nesting_too_deep'],
    ['cat <(ls) <(touch x)', 'mutating_program'],
    ['tee >(cat)', 'process_substitution'],
    ['cat < <(ls)', 'process_substitution'],
    ['cat <(ls)x', 'process_substitution'],
    ['echo "$(cd /; git log)"', 'git_after_cd'],
    ['sort -o "$X" f', 'option_writes'],
  ];
  it.each(refused)('refuses %s (%s)', (command, code) => {
    expect(analyzeShellCommand(command)).toMatchObject({ readOnly: false, code });
  });

  it('property: an accepted expansion is accepted as every hostile literal in its place', () => {
    expect(bases.length).toBeGreaterThan(100);
    let acceptedVariants = 0;
    fc.assert(
      fc.property(
        fc.constantFrom(...bases),
        fc.nat(),
        fc.constantFrom(...placements),
        fc.constantFrom(...forms),
        fc.boolean(),
        (argv, n, placement, form, quoteParts) => {
          if (argv.length < 2) return;
          const index = 1 + (n % (argv.length - 1));
          const fill = quoteParts ? quote : (w: string) => w.replace(/[^A-Za-z0-9_./=,:+-]/g, '');
          const command = variant(argv, index, placement, fill, form);
          if (!analyzeShellCommand(command).readOnly) return;
          acceptedVariants++;
          // A program whose rule takes globs anywhere has no option (known or not) that writes,
          // runs or connects: a literal it refuses only as unknown or malformed is an error exit.
          // (Through a wrapper, `timeout 5 grep …`, the program is the nearest one before it.)
          const anywhere =
            argv
              .slice(0, index)
              .reverse()
              .map((name) => findRule(defaultPrograms, name))
              .filter((rule) => rule !== undefined)
              .map((rule) => (rule.kind === 'spec' ? rule.spec.globs : rule.globs))
              .at(0) === 'anywhere';
          for (const value of hostileValues) {
            const literal = variant(argv, index, placement, fill, quote(value));
            const verdict = analyzeShellCommand(literal);
            if (verdict.readOnly || (anywhere && malformed.has(verdict.code))) continue;
            // git's revision options refuse a value starting with `-` only because in the next
            // word git could read it as an option; attached (`-n"$X"`) it is always the value.
            if (
              (placement === 'attached' || placement === 'append') &&
              /may read the value .* as an option/.test(verdict.reason)
            )
              continue;
            expect.fail(`${command} is accepted, but not ${literal} (${verdict.code})`);
          }
        },
      ),
      { numRuns: 4_000, seed: 24 },
    );
    // The generator reaches accepted variants, not only refusals.
    expect(acceptedVariants).toBeGreaterThan(300);
  });

  it('property: unquoted, subscripted or operator forms are refused wherever they stand', () => {
    const poisons = ['$X', '${X}', '$(ls)', '"$X[1]"', '"$X:h"', '"${X:-a}"', '"${#X}"', '"$1"'];
    fc.assert(
      fc.property(
        fc.constantFrom(...bases),
        fc.nat(),
        fc.constantFrom(...poisons),
        (argv, n, poison) => {
          const index = n % (argv.length + 1);
          const command = variant(argv, Math.min(index, argv.length), 'insert', quote, poison);
          expect(analyzeShellCommand(command).readOnly, command).toBe(false);
        },
      ),
      { numRuns: 2_000, seed: 24 },
    );
  });
});
