// No module of src imports itself back through a chain of value imports: a cycle makes load order
// decide which binding is still undefined, and it is how "small modules named for what they do"
// quietly turn into one tangle. Type-only imports are erased and do not count.
import { readdirSync, readFileSync } from 'node:fs';
import { dirname, join, relative, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

const root = fileURLToPath(new URL('../..', import.meta.url));

function sources(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) return sources(path);
    return entry.name.endsWith('.ts') ? [path] : [];
  });
}

/** The relative modules a file imports or re-exports as values. */
function valueImports(file: string, text: string): string[] {
  const statements = text.matchAll(/^(import|export)(?!\s+type\b)[^;]*?from\s+'(\.[^']+)'/gms);
  return [...statements].map((m) => resolve(dirname(file), (m[2] ?? '').replace(/\.js$/, '.ts')));
}

/** Every cycle found by a depth-first walk, each as the chain of files that closes it. */
function findCycles(graph: Map<string, string[]>): string[][] {
  const onStack = new Set<string>();
  const done = new Set<string>();
  const stack: string[] = [];
  const cycles: string[][] = [];
  const visit = (node: string): void => {
    onStack.add(node);
    stack.push(node);
    for (const next of graph.get(node) ?? []) {
      if (onStack.has(next)) cycles.push([...stack.slice(stack.indexOf(next)), next]);
      else if (!done.has(next)) visit(next);
    }
    stack.pop();
    onStack.delete(node);
    done.add(node);
  };
  for (const node of graph.keys()) if (!done.has(node)) visit(node);
  return cycles;
}

describe('import cycles', () => {
  it('finds a cycle when there is one, and its chain', () => {
    const graph = new Map([
      ['a', ['b']],
      ['b', ['c']],
      ['c', ['a']],
      ['d', ['a']],
    ]);
    expect(findCycles(graph)).toEqual([['a', 'b', 'c', 'a']]);
    expect(
      findCycles(
        new Map([
          ['a', ['b']],
          ['b', []],
        ]),
      ),
    ).toEqual([]);
  });

  it('counts value imports and re-exports, not type-only ones', () => {
    const text = [
      "import { a } from './a.js';",
      "import type { B } from './b.js';",
      "export { c } from './c.js';",
      "export type { D } from './d.js';",
      "import {\n  e,\n  type E,\n} from './e.js';",
      "import { z } from 'zod';",
    ].join('\n');
    const names = valueImports('/x/m.ts', text).map((p) => relative('/x', p));
    expect(names).toEqual(['a.ts', 'c.ts', 'e.ts']);
  });

  it('src has none', () => {
    const files = sources(join(root, 'src'));
    const graph = new Map(files.map((f) => [f, valueImports(f, readFileSync(f, 'utf8'))]));
    const cycles = findCycles(graph).map((chain) =>
      chain.map((f) => relative(root, f)).join(' -> '),
    );
    expect(cycles).toEqual([]);
  });
});
