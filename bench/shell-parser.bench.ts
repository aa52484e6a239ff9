import { bench, describe } from 'vitest';
import { parseShell } from '../src/shell/parser/index.js';
import { acceptCases, rejectCases } from '../test/shell/parser/cases/index.js';

// parseShell must stay linear: table commands in microseconds, a 1 MiB input answered without
// being scanned, and inputs at the 8 KiB limit in well under a millisecond.

const corpus = [...acceptCases, ...rejectCases].map((c) => c.command);
const oneMiB = 'a'.repeat(1024 * 1024);
const longScript = Array.from(
  { length: 32 },
  (_, i) => `grep -rn "needle ${i}" 'src/dir ${i}' --include='*.ts' 2>/dev/null | head -5`,
).join(' && ');
const nearLimit = (unit: string) => `echo ${unit.repeat(Math.floor(8000 / unit.length))}`;

describe('parseShell', () => {
  bench(`all ${corpus.length} table commands`, () => {
    for (const command of corpus) parseShell(command);
  });

  bench('1 MiB input (rejected by size)', () => {
    parseShell(oneMiB);
  });

  bench(`32-command script of ${longScript.length} bytes`, () => {
    parseShell(longScript);
  });

  bench('8 KiB of unmatched braces', () => {
    parseShell(nearLimit('{'));
  });

  bench('8 KiB of quoted, escaped and continued text', () => {
    parseShell(nearLimit(`'a b'"c\\"d"\\ e\\\n`));
  });

  bench('8 KiB heredoc body', () => {
    parseShell(`cat <<'EOF'\n${'line of text $HOME `id`\n'.repeat(320)}EOF`);
  });
});
