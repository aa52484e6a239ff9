// The public API as a list of exported names and kinds per entry point, from the sources.
// api/planfirst.api.txt holds the checked-in copy; test/package/api-surface.test.ts fails when
// they differ, so every change to what planfirst exports is deliberate.
// Usage: node scripts/api-report.mjs          print the report
//        node scripts/api-report.mjs --write  update api/planfirst.api.txt
import { writeFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import ts from 'typescript';

const root = fileURLToPath(new URL('..', import.meta.url));
const entries = {
  planfirst: 'src/index.ts',
  'planfirst/shell': 'src/shell/index.ts',
  'planfirst/testing': 'src/testing/index.ts',
  'planfirst/restate': 'src/engines/restate.ts',
  'planfirst/dbos': 'src/engines/dbos.ts',
};
const files = Object.values(entries).map((file) => `${root}${file}`);
const program = ts.createProgram(files, {
  strict: true,
  noEmit: true,
  skipLibCheck: true,
  module: ts.ModuleKind.ESNext,
  moduleResolution: ts.ModuleResolutionKind.Bundler,
  target: ts.ScriptTarget.ES2022,
});
const checker = program.getTypeChecker();

function kind(symbol) {
  const target = symbol.flags & ts.SymbolFlags.Alias ? checker.getAliasedSymbol(symbol) : symbol;
  const f = target.flags;
  if (f & ts.SymbolFlags.Class) return 'class';
  if (f & ts.SymbolFlags.Function) return 'function';
  if (f & ts.SymbolFlags.Variable) {
    const type = checker.getTypeOfSymbol(target);
    return type.getCallSignatures().length > 0 ? 'function' : 'const';
  }
  if (f & ts.SymbolFlags.Interface) return 'interface';
  if (f & ts.SymbolFlags.TypeAlias) return 'type';
  if (f & ts.SymbolFlags.Enum) return 'enum';
  return 'other';
}

const lines = [];
for (const [entry, file] of Object.entries(entries)) {
  const source = program.getSourceFile(`${root}${file}`);
  const symbols = checker.getExportsOfModule(checker.getSymbolAtLocation(source));
  lines.push(`# ${entry}`);
  for (const symbol of [...symbols].sort((a, b) => a.name.localeCompare(b.name)))
    lines.push(`${kind(symbol).padEnd(9)} ${symbol.name}`);
  lines.push('');
}
const report = lines.join('\n');
if (process.argv.includes('--write')) writeFileSync(`${root}api/planfirst.api.txt`, report);
else process.stdout.write(report);
