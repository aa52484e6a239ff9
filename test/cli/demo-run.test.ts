import { describe, expect, it } from 'vitest';
import { demoFiles, demoTools, slugFix } from '../../src/cli/demo/repo.js';
import { runDemo } from '../../src/cli/demo/run.js';

const call = (name: string, input: Record<string, string>) => ({
  type: 'tool_call' as const,
  id: 'c1',
  name,
  input,
});
const signal = new AbortController().signal;

describe('the demo session (in process)', () => {
  it('goes through the real driver: blocked writes, a rejection, a revised plan approved, a planning-only retry, completion', async () => {
    const demo = await runDemo();
    expect(demo.startedIn).toBe('plan');
    expect(demo.result.status).toBe('completed');
    const events = demo.result.events;
    expect(events.flatMap((e) => (e.type === 'tool_blocked' ? [e.code] : []))).toEqual([
      'not_read_only',
      'shell_not_read_only',
    ]);
    expect(events.flatMap((e) => (e.type === 'approval_resolved' ? [e.code] : []))).toEqual([
      'rejected',
      'approved',
    ]);
    expect(events.filter((e) => e.type === 'retry_injected')).toEqual([
      {
        type: 'retry_injected',
        instruction: expect.objectContaining({ kind: 'planning-only', attempt: 1, limit: 3 }),
      },
    ]);
    expect(demo.result.session.planMode.plan?.steps.map((s) => s.status)).toEqual([
      'completed',
      'completed',
      'completed',
    ]);
    expect(demo.changed).toEqual(['src/slug.ts', 'test/slug.test.ts']);
    expect(demo.files.get('src/slug.ts')).toContain(slugFix);
  });
});

describe('the demo tools', () => {
  it('write to memory only', async () => {
    const files = demoFiles();
    const tools = demoTools(files);
    await tools.execute(call('write_file', { path: 'notes.md', content: 'hi\n' }), { signal });
    expect(files.get('notes.md')).toBe('hi\n');
    expect(await tools.execute(call('read_file', { path: 'notes.md' }), { signal })).toBe('hi\n');
  });

  it('have a shell that knows only grep -rn and a simulated npm test', async () => {
    const tools = demoTools(demoFiles());
    const bash = (command: string) => tools.execute(call('bash', { command }), { signal });
    expect(await bash(`grep -rn 'slugify(' test`)).toEqual({
      content: "test/slug.test.ts:4:  expect(slugify('Hello, World!')).toBe('hello-world');",
      isError: false,
    });
    expect(await bash('npm test')).toMatchObject({ isError: true });
    expect(await bash('rm -rf /')).toMatchObject({ isError: true });
    expect(await bash('grep -rn x src; rm -rf /')).toMatchObject({ isError: true });
  });
});
