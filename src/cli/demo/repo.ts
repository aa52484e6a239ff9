import { runSubagent, type ToolDefinition, type ToolExecutor } from '../../index.js';
import { analyzeShellCommand } from '../../shell/index.js';
import { assistant, scriptedModel, toolCall } from '../../testing/index.js';

/** The demo's repository: file contents by path, in memory only. */
export type DemoFiles = Map<string, string>;

/** The bug the demo fixes: slugs keep a dash where punctuation ended the title. */
const buggySlug = `export function slugify(title: string): string {
  return title.toLowerCase().replace(/[^a-z0-9]+/g, '-');
}
`;

/** The line the model adds in the demo; the fake test run passes once it is in place. */
export const slugFix = ".replace(/^-+|-+$/g, '')";

/**
 * A fresh copy of the demo repository: the buggy `slugify`, a caller and a test. Each call
 * returns a new map, so runs never share state.
 */
export function demoFiles(): DemoFiles {
  return new Map([
    ['src/slug.ts', buggySlug],
    [
      'src/routes.ts',
      `import { slugify } from './slug.js';\n\nexport const postPath = (title: string) => \`/posts/\${slugify(title)}\`;\n`,
    ],
    [
      'test/slug.test.ts',
      `import { slugify } from '../src/slug.js';\n\ntest('drops punctuation', () => {\n  expect(slugify('Hello, World!')).toBe('hello-world');\n});\n`,
    ],
  ]);
}

const object = (properties: Record<string, { type: 'string'; description: string }>) => ({
  type: 'object',
  properties,
  required: Object.keys(properties),
});

/**
 * The tools the demo offers the model; only `read_file` is declared read-only, and `explore`
 * starts a helper agent (a subagent, which plans whenever its parent does).
 */
export const demoToolDefinitions: readonly ToolDefinition[] = [
  {
    name: 'explore',
    description: 'Hand an investigation to a helper agent; it reports what it found.',
    parameters: object({ task: { type: 'string', description: 'What to find out' } }),
    subagent: true,
  },
  {
    name: 'read_file',
    description: 'Read a file of the repository.',
    parameters: object({ path: { type: 'string', description: 'Path from the repository root' } }),
    readOnly: true,
  },
  {
    name: 'write_file',
    description: 'Replace the content of a file.',
    parameters: object({
      path: { type: 'string', description: 'Path from the repository root' },
      content: { type: 'string', description: 'The new content' },
    }),
  },
  {
    name: 'bash',
    description: 'Run a shell command in the repository.',
    parameters: object({ command: { type: 'string', description: 'The command line' } }),
  },
];

/**
 * A tool executor over the in-memory files, for the demo: nothing here touches the disk or
 * runs a process. Its shell knows only `grep -rn TEXT PATH…` (a plain substring search) and a
 * simulated `npm test` that passes once the fix is in `src/slug.ts`.
 */
export function demoTools(files: DemoFiles): ToolExecutor {
  return {
    definitions: demoToolDefinitions,
    async execute(call, context) {
      const input = (call.input ?? {}) as Record<string, unknown>;
      const path = typeof input.path === 'string' ? input.path : '';
      switch (call.name) {
        case 'explore': {
          if (context.subagent === undefined)
            return { content: 'The helper only investigates while planning.', isError: true };
          const task = typeof input.task === 'string' ? input.task : 'Investigate.';
          const run = await runSubagent(
            {
              model: scriptedModel(explorerScript()),
              tools: demoTools(files),
              options: helperOptions,
            },
            context.subagent,
            task,
          );
          const blocked = run.result.events.filter((e) => e.type === 'tool_blocked').length;
          return `${run.output.content}\n(the helper planned too: ${blocked} write blocked)`;
        }
        case 'read_file': {
          const content = files.get(path);
          return content === undefined
            ? { content: `No such file: ${path}`, isError: true }
            : content;
        }
        case 'write_file': {
          const content = typeof input.content === 'string' ? input.content : '';
          files.set(path, content);
          return `Wrote ${content.split('\n').length - 1} lines to ${path}.`;
        }
        case 'bash':
          return runShell(files, typeof input.command === 'string' ? input.command : '');
        default:
          return { content: `Unknown tool ${call.name}.`, isError: true };
      }
    },
  };
}

/** The helper runs under the parent's options: plan mode, as the demo session starts. */
const helperOptions = { planMode: { enabled: true } };

/** The helper agent's model: it tries to fix the code at once (blocked), then reports. */
function explorerScript() {
  return [
    assistant(toolCall('write_file', { path: 'src/slug.ts', content: '' })),
    assistant(toolCall('read_file', { path: 'src/routes.ts' })),
    assistant('slugify() is called once, in src/routes.ts, to build post URLs.'),
  ];
}

function runShell(files: DemoFiles, command: string): { content: string; isError: boolean } {
  // The analyzer's argv is exactly what bash would pass: quotes removed, escapes decoded.
  const commands = analyzeShellCommand(command).commands;
  const [only, ...more] = commands;
  const argv = more.length === 0 ? (only?.argv ?? []) : [];
  if (argv[0] === 'grep' && argv[1] === '-rn' && argv[2] !== undefined)
    return { content: grep(files, argv[2], argv.slice(3)), isError: false };
  if (argv.join(' ') === 'npm test') return npmTest(files);
  return {
    content: 'The demo shell only knows `grep -rn TEXT PATH…` and `npm test`.',
    isError: true,
  };
}

function grep(files: DemoFiles, needle: string, roots: readonly string[]): string {
  const hits: string[] = [];
  for (const [path, content] of files) {
    if (!roots.some((root) => path === root || path.startsWith(`${root}/`))) continue;
    content.split('\n').forEach((line, i) => {
      if (line.includes(needle)) hits.push(`${path}:${i + 1}:${line}`);
    });
  }
  return hits.join('\n');
}

function npmTest(files: DemoFiles): { content: string; isError: boolean } {
  const fixed = files.get('src/slug.ts')?.includes(slugFix) === true;
  return fixed
    ? { content: '(simulated) test/slug.test.ts: 1 passed', isError: false }
    : {
        content:
          "(simulated) test/slug.test.ts: 1 failed\n  expected 'hello-world-' to be 'hello-world'",
        isError: true,
      };
}
