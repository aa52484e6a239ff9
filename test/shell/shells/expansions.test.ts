import { describe, expect, it } from 'vitest';
import { analyzeShellCommand } from '../../../src/shell/analyze.js';
import { requirePrograms, runInShell, shells } from './real-shells.js';

// Accepted commands with double-quoted expansions and process substitutions, run under bash,
// zsh, dash and busybox sh with hostile values in the variables they expand: nothing is
// created in the working directory (each value that would run or write something names the
// file `MARK`). Controls show that the same values do create it where the analyzer refuses.

const values = [
  'a[$(touch MARK)]',
  'path[$(touch MARK)]',
  '$(touch MARK)',
  '`touch MARK`',
  '-fprint MARK',
  '--output=MARK',
  '-oMARK',
  'w MARK',
  '1; touch MARK',
  '-delete',
  'BEGIN{system("touch MARK")}',
];

const accepted = [
  'echo "$X"',
  `printf '%s\\n' "$X"`,
  'echo "${X}/x"',
  'ls -- "$X"',
  'cat ./"$X"',
  'grep -n -- "$X" seed.txt',
  'diff <(sort seed.txt) <(sort seed.txt)',
  'diff <(echo "$X") <(printf %s "$X")',
  'echo "$(printf %s "$X")"',
  'echo "$(echo "$(printf %s "$X")")"',
  'git log --author="$X" --oneline',
  'git log --author="$(printf %s "$X")" --oneline',
  'wc -l <(printf %s "$X")',
  'awk "NR==1" ./"$X"',
];

const controls = [
  ['printf %d "$X"', 'path[$(touch MARK)]'],
  ['find . -maxdepth 0 $X', '-fprint MARK'],
  ['sed "$X" seed.txt', 'w MARK'],
] as const;

describe('double-quoted expansions under the real shells', () => {
  requirePrograms(['bash', 'zsh', 'dash', 'busybox', 'git']);

  it('every command here is accepted, every control refused', () => {
    for (const command of accepted)
      expect(analyzeShellCommand(command).readOnly, command).toBe(true);
    for (const [command] of controls)
      expect(analyzeShellCommand(command).readOnly, command).toBe(false);
  });

  it.each(Object.entries(shells))(
    '%s: accepted commands create nothing, whatever X holds',
    (_, shell) => {
      for (const value of values) {
        const effects = runInShell(shell, accepted, {
          seed: { 'seed.txt': 'one\ntwo\n' },
          env: { X: value, GIT_CONFIG_NOSYSTEM: '1', GIT_CEILING_DIRECTORIES: '/' },
        });
        expect(
          effects.filter((e) => e.created.length > 0),
          value,
        ).toEqual([]);
      }
    },
  );

  it('controls: the same values do write where the analyzer refuses', () => {
    const created: string[] = [];
    for (const [name, shell] of Object.entries(shells))
      for (const [command, value] of controls) {
        const [effect] = runInShell(shell, [command], {
          seed: { 'seed.txt': 'one\n' },
          env: { X: value },
        });
        if (effect?.created.includes('MARK')) created.push(`${name}: ${command}`);
      }
    // zsh's printf arithmetic runs the substitution; find and sed write under every shell.
    expect(created).toEqual(
      expect.arrayContaining([
        'zsh: printf %d "$X"',
        'bash: find . -maxdepth 0 $X',
        'dash: sed "$X" seed.txt',
      ]),
    );
  });
});
