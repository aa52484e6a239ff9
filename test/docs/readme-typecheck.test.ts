import { existsSync, mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import ts from 'typescript';
import { describe, expect, it } from 'vitest';
import { documentPaths, readDocument, root } from './documents.js';

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
  'planfirst/restate': 'src/engines/restate.ts',
  'planfirst/dbos': 'src/engines/dbos.ts',
};

interface Block {
  file: string;
  line: number;
  code: string;
  fragment: boolean;
}

/**
 * Every ```ts block of the README (list-indented ones too). A block that cannot stand alone
 * says so in its info string (```ts fragment) and is counted, not compiled.
 */
function tsBlocks(file: string, text: string): Block[] {
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
    blocks.push({ file, line: i + 1, code: body.join('\n'), fragment: open[2] === 'fragment' });
    i = j;
  }
  return blocks;
}

// One compiler run over every block costs tens of seconds of CPU (the SDKs' declarations); on a
// shared, loaded machine the wall time can be many times that. The bound is only a hang guard.
const TYPECHECK_TIMEOUT = 900_000;

/** Writes each block as a module of its own under `dir`; returns the file names. */
function writeBlocks(blocks: Block[], dir: string): string[] {
  rmSync(dir, { recursive: true, force: true });
  mkdirSync(dir, { recursive: true });
  return blocks.map((b) => {
    const file = `${dir}${b.file.replace(/[/.]/g, '-')}-line-${b.line}.ts`;
    // `export {}` keeps each block a module of its own (top-level await, no shared names).
    writeFileSync(file, `${b.code}\nexport {};\n`);
    return file;
  });
}

/** The diagnostics of the given files only (the library's sources are `npm run typecheck`'s). */
function check(files: string[], options: ts.CompilerOptions): string {
  const program = ts.createProgram(files, {
    strict: true,
    noUncheckedIndexedAccess: true,
    exactOptionalPropertyTypes: true,
    target: ts.ScriptTarget.ES2022,
    lib: ['lib.es2022.d.ts', 'lib.dom.d.ts'],
    types: ['node'],
    esModuleInterop: true,
    skipLibCheck: true,
    noEmit: true,
    ...options,
  });
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
  return ts.formatDiagnostics(diagnostics, {
    getCanonicalFileName: (f) => f,
    getCurrentDirectory: () => root,
    getNewLine: () => '\n',
  });
}

describe('TypeScript examples in the README and docs/', () => {
  const blocks = documentPaths().flatMap((path) => tsBlocks(path, readDocument(path)));

  it('name every public subpath, so each example import resolves', () => {
    const exported = Object.keys(pkg.exports)
      .filter((key) => key !== './package.json')
      .map((key) => (key === '.' ? 'planfirst' : `planfirst/${key.slice(2)}`));
    expect(Object.keys(subpaths).sort()).toEqual(exported.sort());
  });

  it('are whole programs: no block is marked a fragment', () => {
    expect(blocks.length).toBeGreaterThan(20);
    expect(blocks.filter((b) => b.fragment).map((b) => `${b.file}:${b.line}`)).toEqual([]);
  });

  it(
    'type-check under strict with bundler resolution, against the sources',
    () => {
      // Inside the repository, so `ai`, `@openai/agents`, `pg` … resolve from node_modules.
      const files = writeBlocks(blocks, `${root}test/docs/generated/typecheck-bundler/`);
      const report = check(files, {
        module: ts.ModuleKind.ESNext,
        moduleResolution: ts.ModuleResolutionKind.Bundler,
        baseUrl: root,
        paths: Object.fromEntries(Object.entries(subpaths).map(([from, to]) => [from, [to]])),
      });
      expect(report).toBe('');
    },
    TYPECHECK_TIMEOUT,
  );

  it(
    'type-check under strict with node16 resolution, against the built package',
    () => {
      // The package imports itself by name through its `exports` map, as a consumer would.
      expect(existsSync(`${root}dist/index.d.ts`), 'run `npm run build` first').toBe(true);
      const files = writeBlocks(blocks, `${root}test/docs/generated/typecheck-node16/`);
      const report = check(files, {
        module: ts.ModuleKind.Node16,
        moduleResolution: ts.ModuleResolutionKind.Node16,
      });
      expect(report).toBe('');
    },
    TYPECHECK_TIMEOUT,
  );
});
