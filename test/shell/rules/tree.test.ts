import { describe, expect, it } from 'vitest';
import { judge } from './judge.js';

// tree reads value letters from the following words even inside a bundle (`-LP 2 '*.c'`), so
// `-Lo 1 out` is `-L 1 -o out`. The rows use tree's own reading, from its source.
describe('tree lists, but never writes its listing or reruns into files', () => {
  it.each<[string, string]>([
    ['tree', 'ok'],
    ['tree -L 2', 'ok'],
    ['tree -L2', 'ok'],
    ['tree -L2a src', 'ok'],
    ['tree -a -I node_modules', 'ok'],
    ['tree -LP 2 x', 'ok'],
    ['tree src -d', 'ok'],
    ['tree -J -L 1', 'ok'],
    ['tree -H . -L 1', 'ok'],
    ['tree --dirsfirst --charset=ascii', 'ok'],
    ['tree --charset ascii', 'ok'],
    ['tree --gitignore --prune', 'ok'],
    ['tree -- -o', 'ok'],
    ['tree -- *', 'ok'],
    ['tree -o out.txt', 'option_writes'],
    ['tree -ao out.txt', 'option_writes'],
    ['tree -Lo 1 out.html', 'option_writes'],
    ['tree src -o out', 'option_writes'],
    ['tree -R -H . -L 1', 'option_writes'],
    ['tree -R', 'option_writes'],
    ['tree -aR -L 2', 'option_writes'],
    ['tree --output=x', 'unknown_option'],
    ['tree --char=ascii', 'unknown_option'],
    ['tree -Z', 'unknown_option'],
    ['tree -L', 'missing_option_value'],
    ['tree --charset=', 'missing_option_value'],
    ['tree -P', 'missing_option_value'],
    ['tree *', 'unsafe_glob'],
    ['tree -P *.ts', 'unsafe_glob'],
  ])('%s → %s', (command, expected) => {
    expect(judge(command)).toBe(expected);
  });
});
