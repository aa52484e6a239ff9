import { readdirSync, readFileSync } from 'node:fs';
import { type Scenario, scenarioSchema } from './scenario-format.js';

/** A scenario file that could not be read, reported as a failing scenario of its own. */
export interface BrokenScenario {
  file: string;
  title: string;
  error: string;
}

const fence = /^```json[ \t]*\n([\s\S]*?)^```[ \t]*$/gm;

/**
 * Reads one scenario: the title is the first `# ` heading, the story is the markdown around
 * the JSON block, and there must be exactly one ```json block.
 */
export function parseScenario(file: string, markdown: string): Scenario | BrokenScenario {
  const title = /^# (.+)$/m.exec(markdown)?.[1]?.trim() ?? file;
  const blocks = [...markdown.matchAll(fence)];
  if (blocks.length !== 1)
    return { file, title, error: `expected exactly one \`\`\`json block, found ${blocks.length}` };
  const block = blocks[0];
  const body = block?.[1] ?? '';
  let json: unknown;
  try {
    json = JSON.parse(body);
  } catch (error) {
    return { file, title, error: `the JSON block does not parse: ${(error as Error).message}` };
  }
  const parsed = scenarioSchema.safeParse(json);
  if (!parsed.success)
    return {
      file,
      title,
      error: `the JSON block does not follow qa/README.md:\n${parsed.error.issues
        .map((i) => `  - ${i.path.join('.') || '(root)'}: ${i.message}`)
        .join('\n')}`,
    };
  const s = parsed.data;
  const story = markdown.replace(block?.[0] ?? '', '').trim();
  const runs =
    s.runs ??
    (s.input === undefined
      ? []
      : [
          {
            input: s.input,
            script: s.script ?? [],
            ...(s.approvals === undefined ? {} : { approvals: s.approvals }),
            ...(s.tamper === undefined ? {} : { tamper: s.tamper }),
            expect: s.expect ?? {},
          },
        ]);
  return {
    file,
    title,
    story,
    options: s.options,
    modelId: s.modelId,
    session: s.session,
    tools: s.tools,
    runs,
  };
}

/** Every `*.md` file in `dir`, sorted by name. */
export function loadScenarios(dir: URL): (Scenario | BrokenScenario)[] {
  return readdirSync(dir)
    .filter((name) => name.endsWith('.md'))
    .sort()
    .map((name) => parseScenario(name, readFileSync(new URL(name, dir), 'utf8')));
}

export function isBroken(s: Scenario | BrokenScenario): s is BrokenScenario {
  return 'error' in s;
}
