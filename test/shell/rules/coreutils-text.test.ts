import { describe, expect, it } from 'vitest';
import { judge, judgeResult } from './judge.js';

describe('text filters read and print', () => {
  it.each<[string, string]>([
    ['cat README.md', 'ok'],
    ['cat -nA a b', 'ok'],
    ['cat --show-all --number f', 'ok'],
    ['cat --num f', 'ambiguous_option'],
    ['cat --number f', 'ok'],
    ['cat *.md', 'ok'],
    ['cat -', 'ok'],
    ['cat -z f', 'unknown_option'],
    ['head -20 file.ts', 'ok'],
    ['head -n 5 f', 'ok'],
    ['head -n5 f', 'ok'],
    ['head --lines=-5 f', 'ok'],
    ['head -c 100 f', 'ok'],
    ['head -qn3 a b', 'ok'],
    ['tail -5 log', 'ok'],
    ['tail -n 100 logs/app.log', 'ok'],
    ['tail -n +2 f', 'ok'],
    ['tail -f log', 'ok'],
    ['tail --follow=name --retry log', 'ok'],
    ['tail -F log', 'ok'],
    ['wc -l src/a.ts src/b.ts', 'ok'],
    ['wc --files0-from=list', 'ok'],
    ['wc -lw *.ts', 'ok'],
    ['nl -ba -w3 f', 'ok'],
    ['cut -c1-80 long.txt', 'ok'],
    ['cut -d: -f1,3 /etc/passwd', 'ok'],
    ['cut --output-delimiter=, -f1 f', 'ok'],
    ['paste -sd, f', 'ok'],
    ['tr -s x', 'ok'],
    ['tr -d \\r', 'ok'],
    ['tr a-z [A-Z]', 'ok'],
    ['tr -cd [:alnum:]', 'ok'],
    ['rev f', 'ok'],
    ['tac Cargo.toml', 'ok'],
    ['fold -w 80 f', 'ok'],
    ['fold -80 f', 'ok'],
    ['column -t -s, data.csv', 'ok'],
    ['column -o | -t f', 'ok'],
    ['seq 10', 'ok'],
    ['seq -w 1 10', 'ok'],
    ['seq -5 5', 'ok'],
    ['seq -s, 3', 'ok'],
    ['expr 1 + 2', 'ok'],
    ['expr length abc', 'ok'],
    ['expr 5 - 3', 'ok'],
    ['expr -- 1 * 3', 'ok'],
  ])('%s → %s', (command, expected) => {
    expect(judge(command)).toBe(expected);
  });
});

describe('sort never writes', () => {
  it.each<[string, string]>([
    ['sort notes.txt', 'ok'],
    ['sort -rn', 'ok'],
    ['sort -t: -k3,3n /etc/passwd', 'ok'],
    ['sort -u -k 2 f', 'ok'],
    ['sort --check=quiet f', 'ok'],
    ['sort -c f', 'ok'],
    ['sort -S 50% f', 'ok'],
    ['sort -- *.txt', 'ok'],
    ['sort -o out.txt notes.txt', 'option_writes'],
    ['sort -o/tmp/pwned notes.txt', 'option_writes'],
    ['sort -ro out notes.txt', 'option_writes'],
    ['sort -rnoout notes.txt', 'option_writes'],
    ['sort notes.txt -o out.txt', 'option_writes'],
    ['sort --output=x notes', 'option_writes'],
    ['sort --output x notes', 'option_writes'],
    ['sort --outp=x', 'option_writes'],
    ['sort --o=x', 'option_writes'],
    ['sort --compress-program=sh f', 'option_executes'],
    ['sort --compress=gzip f', 'option_executes'],
    ['sort -T /tmp f', 'option_writes'],
    ['sort -T/tmp f', 'option_writes'],
    ['sort --temporary-directory=/tmp f', 'option_writes'],
    ['sort --te=/tmp f', 'option_writes'],
    ['sort -k*', 'unsafe_glob'],
    ['sort *.txt', 'unsafe_glob'],
    ['sort --', 'ok'],
    ['sort -- -o x', 'ok'],
    ['sort --ch=quiet f', 'ok'],
    ['sort --c f', 'ambiguous_option'],
    ['sort --re f', 'ok'],
    ['sort --r f', 'ambiguous_option'],
  ])('%s → %s', (command, expected) => {
    expect(judge(command)).toBe(expected);
  });

  it('names the abbreviation and what it resolved to', () => {
    expect(judgeResult('sort --outp=x')).toMatchObject({
      kind: 'block',
      reason:
        '`sort --outp` is `--output`, which writes the result to a file; drop it and read the output on stdout',
    });
  });
});

describe('uniq writes its second operand', () => {
  it.each<[string, string]>([
    ['uniq -c sorted.txt', 'ok'],
    ['uniq', 'ok'],
    ['uniq -d -f 2 f', 'ok'],
    ['uniq -2 f', 'ok'],
    ['uniq --group=both f', 'ok'],
    ['uniq IN OUT', 'operand_writes'],
    ['uniq -c in out', 'operand_writes'],
    ['uniq in -c out', 'operand_writes'],
    ['uniq -- in out', 'operand_writes'],
    ['uniq - out', 'operand_writes'],
    ['uniq -f 1 in', 'ok'],
    ['uniq *.txt', 'unsafe_glob'],
    ['uniq -- *.txt', 'unsafe_glob'],
  ])('%s → %s', (command, expected) => {
    expect(judge(command)).toBe(expected);
  });
});

describe('base64 prints, and its macOS -o writes', () => {
  it.each<[string, string]>([
    ['base64', 'ok'],
    ['base64 -d f', 'ok'],
    ['base64 -w0 f', 'ok'],
    ['base64 --decode --ignore-garbage f', 'ok'],
    ['base64 -o out f', 'option_writes'],
    ['base64 -ob64.txt', 'option_writes'],
    ['base64 -do out f', 'option_writes'],
    ['base64 --output=x f', 'option_writes'],
    ['base64 --out=x f', 'option_writes'],
    ['base64 *', 'unsafe_glob'],
  ])('%s → %s', (command, expected) => {
    expect(judge(command)).toBe(expected);
  });
});
