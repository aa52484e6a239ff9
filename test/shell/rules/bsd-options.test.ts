import { describe, expect, it } from 'vitest';
import { analyzeShellCommand } from '../../../src/shell/analyze.js';
import { canonicalOption } from '../../../src/shell/option-engine.js';
import { defaultPrograms } from '../../../src/shell/rules/index.js';

// macOS and FreeBSD ship BSD sed, grep, xargs, stat, date, find, head and tail, whose option
// letters take values where GNU's do not, and the reverse. Where GNU takes a value and BSD a
// flag, the word GNU swallows is an option (or the script) to BSD, so the rule must judge it as
// both would. BSD optstrings are from each program's getopt() call (macOS / FreeBSD sources).
const bsdOptstrings: Readonly<Record<string, string>> = {
  sed: 'EI:ae:f:i:lnru',
  xargs: '0E:I:J:L:n:oP:pR:rS:s:tx',
  grep: '0123456789A:B:C:D:EFGHIJMLOPSRUVZabcd:e:f:hilm:nopqrsuvwxyz',
  stat: 'f:FHlLnqrst:x',
  date: 'f:I::jnRr:uv:z:',
  head: 'c:n:',
  tail: 'Fb:c:fn:qr',
  wc: 'clmw',
  cut: 'b:c:d:f:nsw',
  sort: 'bcCdfghik:Mmno:RrsS:t:T:uVz',
  uniq: 'cdD::f:is:u',
  du: 'AB:HI:LPasd:cghklmnrt:x',
  ls: 'ABCFGHILPRSTUWZabcdfghiklmnopqrstuvwxy1,',
};

/** Letter → takes a value, from a getopt optstring (`x:` required, `x::` optional). */
function parseOptstring(optstring: string): Map<string, boolean> {
  const letters = new Map<string, boolean>();
  for (let i = 0; i < optstring.length; i++) {
    const letter = optstring[i] as string;
    const valued = optstring[i + 1] === ':';
    letters.set(letter, valued);
    while (optstring[i + 1] === ':') i++;
  }
  return letters;
}

/** Words that a BSD program would read as an option, or (sed) as a script, that writes or runs. */
const hazardousNextWords: Readonly<Record<string, readonly string[]>> = {
  sed: ['-i', '-I', "-i ''", '-ibak', '-Ibak', "'w out'", "'s/a/b/w out'", "'1e id'"],
  default: ['-o out', '-i', '-I x'],
};

/** Programs with an option that writes or runs in BSD; only there can a conflict matter. */
const bsdWriters = new Set(['sed', 'xargs', 'sort', 'date']);

const conflicts = Object.entries(bsdOptstrings).flatMap(([program, optstring]) => {
  const rule = defaultPrograms[program];
  if (rule?.kind !== 'spec') return [];
  return [...parseOptstring(optstring)].flatMap(([letter, bsdValued]) => {
    const gnu = canonicalOption(rule.spec, `-${letter}`);
    if (gnu === undefined || gnu.option.hazard !== undefined) return [];
    const gnuRequired = gnu.option.value === 'required';
    return gnuRequired && !bsdValued ? [[program, letter] as const] : [];
  });
});

describe('options GNU reads with a value and BSD as a flag', () => {
  it('are found by comparing the tables (the list this suite guards)', () => {
    // ls has no writing option in either dialect: its -I -T -w differ harmlessly.
    expect(conflicts.map(([p, l]) => `${p} -${l}`)).toEqual(['sed -l', 'ls -I', 'ls -T', 'ls -w']);
  });

  const commands = conflicts
    .filter(([program]) => bsdWriters.has(program))
    .flatMap(([program, letter]) =>
      (hazardousNextWords[program] ?? hazardousNextWords.default ?? []).map(
        (next) => `${program} -n -${letter} ${next} 1p f`,
      ),
    );
  it.each(commands.map((c) => [c]))('%j is refused', (command) => {
    expect(analyzeShellCommand(command).readOnly).toBe(false);
  });

  it('a numeric value is read alike by both and allowed', () => {
    expect(analyzeShellCommand('sed -n -l 80 l f').readOnly).toBe(true);
    expect(analyzeShellCommand('sed -n -l80 l f').readOnly).toBe(true);
  });
});

// The reverse: a letter GNU reads as a flag (or lacks) swallows the next word in BSD. That hides
// a word from BSD, which is safe as long as the BSD option itself only reads.
const swallowed = Object.entries(bsdOptstrings).flatMap(([program, optstring]) => {
  const rule = defaultPrograms[program];
  if (rule?.kind !== 'spec') return [];
  return [...parseOptstring(optstring)].flatMap(([letter, bsdValued]) => {
    const gnu = canonicalOption(rule.spec, `-${letter}`);
    if (gnu === undefined || gnu.option.hazard !== undefined || !bsdValued) return [];
    return gnu.option.value === undefined ? [`${program} -${letter}`] : [];
  });
});

describe('options GNU reads as a flag and BSD with a value', () => {
  it('are all read-only in BSD (the list is checked by hand against the BSD manuals)', () => {
    // BSD stat -f FORMAT and -t TIMEFMT only format the output; BSD uniq -D[TYPE] prints
    // duplicates. The word they take is hidden from BSD, never turned into an option.
    expect(swallowed).toEqual(['stat -f', 'stat -t', 'uniq -D']);
  });
});

describe('letters BSD gives a writing or state-changing meaning', () => {
  it.each([
    ['sed -I bak s/a/b/ f', 'BSD sed -I edits in place'],
    ['sed -ibak s/a/b/ f', 'in place in both'],
    ['xargs -J % cp % dst', 'BSD xargs -J puts input in the command'],
    ['date -f %Y 2020', 'BSD date -f sets the clock from a formatted date'],
    ['sort -o out f', 'writes in both'],
  ])('%j is refused (%s)', (command) => {
    expect(analyzeShellCommand(command).readOnly).toBe(false);
  });
});
