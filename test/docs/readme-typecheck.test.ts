import { mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import ts from 'typescript';
import { describe, expect, it } from 'vitest';

const root = fileURLToPath(new URL('../../', import.meta.url));
const readme = readFileSync(new URL('README.md', `file://${root}`), 'utf8');
const pkg = JSON.parse(readFileSync(`${root}package.json`, 'utf8')) as {
  exports: Record<string, unknown>;
};

// Every import specifier a reader can write, pointed at the source tree: examples type-check
// without a build, against the same declarations the build emits.
const subpaths: Record<string, string> = {
  planfirst: 'src/index.ts',
  'planfirst/shell': 'src/shell/index.ts',
  'planfirst/internal': 'src/internal.ts',
  'planfirst/testing': 'src/testing/index.ts',
  'planfirst/ai-sdk': 'src/adapters/ai-sdk/index.ts',
  'planfirst/openai-agents': 'src/adapters/openai-agents/index.ts',
  'planfirst/postgres': 'src/stores/postgres/index.ts',
  'planfirst/redis': 'src/stores/redis/index.ts',
  'planfirst/pi-agent-core': 'src/adapters/pi-agent-core/index.ts',
  'planfirst/openclaw': 'src/adapters/openclaw/index.ts',
};

interface Block {
  line: number;
  code: string;
  fragment: boolean;
}

/**
 * Every ```ts block of the README (list-indented ones too). A block that cannot stand alone
 * says so in its info string (```ts fragment) and is counted, not compiled.
 */
function tsBlocks(text: string): Block[] {
  const blocks: Block[] = [];
  const lines = text.split('\n');
  for (let i = 0; i < lines.length; i++) {
    const open = /^( *)```ts(?: (\w+))?\s*$/.exec(lines[i] ?? '');
    if (!open) continue;
    const indent = open[1]?.length ?? 0;
    const body: string[] = [];
    let j = i + 1;
    for (; j < lines.length && !/^ *```\s*$/.test(lines[j] ?? ''); j++)
      body.push((lines[j] ?? '').slice(indent));
    blocks.push({ line: i + 1, code: body.join('\n'), fragment: open[2] === 'fragment' });
    i = j;
  }
  return blocks;
}

describe('README TypeScript examples', () => {
  const blocks = tsBlocks(readme);

  it('name every public subpath, so each example import resolves', () => {
    const exported = Object.keys(pkg.exports)
      .filter((key) => key !== './package.json')
      .map((key) => (key === '.' ? 'planfirst' : `planfirst/${key.slice(2)}`));
    expect(Object.keys(subpaths).sort()).toEqual(exported.sort());
  });

  it('are whole programs: no block is marked a fragment', () => {
    expect(blocks.length).toBeGreaterThan(10);
    expect(blocks.filter((b) => b.fragment).map((b) => b.line)).toEqual([]);
  });

  it('type-check under strict, noUncheckedIndexedAccess and exactOptionalPropertyTypes', () => {
    // Inside the repository, so `ai`, `@openai/agents`, `pg` … resolve from node_modules.
    const dir = `${root}test/docs/generated/typecheck/`;
    rmSync(dir, { recursive: true, force: true });
    mkdirSync(dir, { recursive: true });
    const files = blocks
      .filter((b) => !b.fragment)
      .map((b) => {
        const file = `${dir}readme-line-${b.line}.ts`;
        // `export {}` keeps each block a module of its own (top-level await, no shared names).
        writeFileSync(file, `${b.code}\nexport {};\n`);
        return file;
      });
    const program = ts.createProgram(files, {
      strict: true,
      noUncheckedIndexedAccess: true,
      exactOptionalPropertyTypes: true,
      target: ts.ScriptTarget.ES2022,
      module: ts.ModuleKind.ESNext,
      moduleResolution: ts.ModuleResolutionKind.Bundler,
      lib: ['lib.es2022.d.ts'],
      types: ['node'],
      esModuleInterop: true,
      skipLibCheck: true,
      noEmit: true,
      baseUrl: root,
      paths: Object.fromEntries(Object.entries(subpaths).map(([from, to]) => [from, [to]])),
    });
    // Only the README's files: the library's own sources are checked by `npm run typecheck`,
    // and skipping them keeps this test fast.
    const diagnostics = [
      ...program.getOptionsDiagnostics(),
      ...program.getGlobalDiagnostics(),
      ...files.flatMap((file) => {
        const source = program.getSourceFile(file);
        if (source === undefined) throw new Error(`${file} is not in the program`);
        return [
          ...program.getSyntacticDiagnostics(source),
          ...program.getSemanticDiagnostics(source),
        ];
      }),
    ];
    const report = ts.formatDiagnostics(diagnostics, {
      getCanonicalFileName: (f) => f,
      getCurrentDirectory: () => root,
      getNewLine: () => '\n',
    });
    expect(report).toBe('');
  });
});
