import { mkdirSync, writeFileSync } from 'node:fs';
import { vi } from 'vitest';
import { documentPaths, readDocument } from './documents.js';

const generated = new URL('./generated/', import.meta.url);
const src = new URL('../../src/', import.meta.url);

// `planfirst` and its subpaths resolve to the source tree, so examples run without a build.
const subpaths: Record<string, string> = {
  planfirst: 'index.ts',
  'planfirst/testing': 'testing/index.ts',
  'planfirst/shell': 'shell/index.ts',
  'planfirst/postgres': 'stores/postgres/index.ts',
  'planfirst/ai-sdk': 'adapters/ai-sdk/index.ts',
  'planfirst/pi-agent-core': 'adapters/pi-agent-core/index.ts',
  'planfirst/openai-agents': 'adapters/openai-agents/index.ts',
};

/**
 * The fenced ts block after `<!-- example:NAME … -->` in the README or a guide under docs/,
 * with its `// → value` comments (what the lines before them print, in order).
 */
export function readmeExample(name: string): { code: string; expected: string[] } {
  const text = documentPaths()
    .map(readDocument)
    .find(
      (doc) => doc.includes(`<!-- example:${name} `) || doc.includes(`<!-- example:${name}-->`),
    );
  const marker = text?.indexOf(`<!-- example:${name}`) ?? -1;
  if (text === undefined || marker < 0)
    throw new Error(`no document has an <!-- example:${name} --> block`);
  const start = text.indexOf('```ts\n', marker) + 6;
  let code = text.slice(start, text.indexOf('```', start));
  const expected = [...code.matchAll(/\/\/ → (.*)$/gm)].map((m) => m[1] ?? '');
  for (const [from, file] of Object.entries(subpaths))
    code = code.replaceAll(`from '${from}'`, `from '${new URL(file, src).pathname}'`);
  return { code, expected };
}

/**
 * Runs a documented example as a module and returns what it printed with console.log.
 * `globals` supplies what the example leaves to the reader (`declare const model: …`).
 */
export async function runReadmeExample(
  name: string,
  globals: Record<string, unknown> = {},
): Promise<{ printed: string[]; expected: string[] }> {
  const { code, expected } = readmeExample(name);
  for (const declared of code.matchAll(/^declare const (\w+)/gm)) {
    const key = declared[1] ?? '';
    if (!(key in globals)) throw new Error(`example ${name} declares ${key}: pass it in globals`);
  }
  Object.assign(globalThis, globals);
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
    for (const key of Object.keys(globals)) delete (globalThis as Record<string, unknown>)[key];
  }
  return { printed, expected };
}
