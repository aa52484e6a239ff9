// The sample corpus's commands for the shell benchmarks (the rows of commandRows()), read from
// the repository root: run-ts bundles a bench into a temporary directory, so the fixture's own
// URL-relative read would miss the corpus.
import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { unescapeCell } from '../test/fixtures/corpus.js';

export function corpusCommands(): string[] {
  return readFileSync(resolve('test/fixtures/corpus/dev-commands.tsv'), 'utf8')
    .split('\n')
    .slice(1)
    .filter((l) => l !== '')
    .map((l) => {
      const [command = '', , , note = ''] = l.split('\t');
      return note.startsWith('[esc]') ? unescapeCell(command) : command;
    });
}
