import type { ShellVerdict } from '../shell/index.js';

/**
 * Read-only ways to learn what a blocked build tool would do: read its build file. Each
 * suggestion is itself judged read-only by the analyzer (a test keeps it so).
 */
export const buildToolAlternatives: Readonly<Record<string, string>> = {
  npm: 'cat package.json',
  npx: 'cat package.json',
  yarn: 'cat package.json',
  pnpm: 'cat package.json',
  bun: 'cat package.json',
  node: 'cat package.json',
  make: 'cat Makefile',
  cmake: 'cat CMakeLists.txt',
  cargo: 'cat Cargo.toml',
  go: 'cat go.mod',
  mvn: 'cat pom.xml',
  gradle: 'cat build.gradle',
  gradlew: 'cat build.gradle',
  tsc: 'cat tsconfig.json',
  pip: 'cat requirements.txt',
  pip3: 'cat requirements.txt',
  poetry: 'cat pyproject.toml',
  uv: 'cat pyproject.toml',
};

/**
 * A read-only command to suggest when the verdict blocked a build tool: the file that says
 * what the tool would run. Undefined for any other verdict or an unknown tool.
 */
export function readOnlyAlternative(verdict: ShellVerdict): string | undefined {
  if (verdict.code !== 'build_tool') return undefined;
  for (const { argv } of verdict.commands) {
    const program = argv[0]?.split('/').pop();
    if (program !== undefined && Object.hasOwn(buildToolAlternatives, program))
      return buildToolAlternatives[program];
  }
  return undefined;
}
