import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { describe, expect, it, vi } from 'vitest';

const readme = readFileSync(new URL('../../README.md', import.meta.url), 'utf8');
const generated = new URL('./generated/', import.meta.url);

/** The fenced ts block after `<!-- example:NAME … -->`, importing from the source tree. */
function example(name: string): { code: string; expected: string[] } {
  const marker = readme.indexOf(`<!-- example:${name}`);
  const start = readme.indexOf('```ts\n', marker) + 6;
  const code = readme.slice(start, readme.indexOf('```', start));
  const expected = [...code.matchAll(/\/\/ → (.*)$/gm)].map((m) => m[1] ?? '');
  const srcIndex = new URL('../../src/index.js', import.meta.url).pathname;
  return { code: code.replaceAll("from 'planfirst'", `from '${srcIndex}'`), expected };
}

describe('README examples', () => {
  it('the plan-mode example runs and prints what its comments say', async () => {
    expect(readme.indexOf('<!-- example:plan-mode')).toBeGreaterThan(-1);
    const { code, expected } = example('plan-mode');
    mkdirSync(generated, { recursive: true });
    const file = new URL('plan-mode.ts', generated);
    writeFileSync(file, code);
    const printed: string[] = [];
    const log = vi.spyOn(console, 'log').mockImplementation((...args: unknown[]) => {
      printed.push(args.map(String).join(' '));
    });
    try {
      await import(file.href);
    } finally {
      log.mockRestore();
    }
    expect(expected.length).toBeGreaterThan(3);
    expect(printed).toEqual(expected);
  });
});
