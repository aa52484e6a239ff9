import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { vi } from 'vitest';

const readme = () => readFileSync(new URL('../../README.md', import.meta.url), 'utf8');
const generated = new URL('./generated/', import.meta.url);
const src = new URL('../../src/', import.meta.url);

// `planfirst` and its subpaths resolve to the source tree, so examples run without a build.
const subpaths: Record<string, string> = {
  planfirst: 'index.ts',
  'planfirst/testing': 'testing/index.ts',
  'planfirst/ai-sdk': 'adapters/ai-sdk/index.ts',
  'planfirst/pi-agent-core': 'adapters/pi-agent-core/index.ts',
  'planfirst/openai-agents': 'adapters/openai-agents/index.ts',
};

/**
 * The fenced ts block after `<!-- example:NAME … -->` in the README, with its `// → value`
 * comments (what the lines before them print, in order).
 */
export function readmeExample(name: string): { code: string; expected: string[] } {
  const text = readme();
  const marker = text.indexOf(`<!-- example:${name}`);
  if (marker < 0) throw new Error(`README has no <!-- example:${name} --> block`);
  const start = text.indexOf('```ts\n', marker) + 6;
  let code = text.slice(start, text.indexOf('```', start));
  const expected = [...code.matchAll(/\/\/ → (.*)$/gm)].map((m) => m[1] ?? '');
  for (const [from, file] of Object.entries(subpaths))
    code = code.replaceAll(`from '${from}'`, `from '${new URL(file, src).pathname}'`);
  return { code, expected };
}

/** Runs a README example as a module and returns what it printed with console.log. */
export async function runReadmeExample(
  name: string,
): Promise<{ printed: string[]; expected: string[] }> {
  const { code, expected } = readmeExample(name);
  mkdirSync(generated, { recursive: true });
  const file = new URL(`${name}.ts`, generated);
  writeFileSync(file, code);
  const printed: string[] = [];
  const log = vi.spyOn(console, 'log').mockImplementation((...args: unknown[]) => {
    printed.push(args.map(String).join(' '));
  });
  try {
    await import(`${file.href}?t=${Date.now()}`);
  } finally {
    log.mockRestore();
  }
  return { printed, expected };
}
