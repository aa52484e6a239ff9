import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import {
  detectHost,
  HookCodes,
  HookConfigError,
  judgeHookEvent,
  parseHookConfig,
  transcriptFacts,
} from '../../src/internal.js';
import * as f from './fixtures.js';

describe('transcriptFacts', () => {
  const line = (v: unknown) => JSON.stringify(v);

  it('Claude Code: the last prompt and the tool calls after it; tool results are not prompts', () => {
    const text = [
      line({ type: 'user', message: { role: 'user', content: 'old prompt' } }),
      line({
        type: 'assistant',
        message: { role: 'assistant', content: [{ type: 'tool_use', id: '1' }] },
      }),
      line({
        type: 'user',
        message: { role: 'user', content: [{ type: 'text', text: 'Fix the bug' }] },
      }),
      line({
        type: 'assistant',
        message: { role: 'assistant', content: [{ type: 'tool_use', id: '2' }] },
      }),
      line({
        type: 'user',
        message: { role: 'user', content: [{ type: 'tool_result', tool_use_id: '2' }] },
      }),
      'not json',
    ].join('\n');
    expect(transcriptFacts(text)).toEqual({ userPrompt: 'Fix the bug', toolCalls: 1 });
  });

  it('Codex rollout lines', () => {
    const text = [
      line({
        type: 'response_item',
        payload: {
          type: 'message',
          role: 'user',
          content: [{ type: 'input_text', text: 'Add tests' }],
        },
      }),
      line({ type: 'response_item', payload: { type: 'function_call', name: 'shell' } }),
    ].join('\n');
    expect(transcriptFacts(text)).toEqual({ userPrompt: 'Add tests', toolCalls: 1 });
  });

  it('nothing readable: unknowns', () => {
    expect(transcriptFacts('')).toEqual({ userPrompt: null, toolCalls: undefined });
  });
});

describe('parseHookConfig', () => {
  it('defaults', () => {
    expect(parseHookConfig({})).toEqual({
      planMode: false,
      approveBeforeTool: false,
      readOnlyPrograms: {},
      readOnlyTools: [],
      removePrograms: [],
      planFile: '.planfirst/plan.md',
      audit: false,
      stopRetries: 3,
    });
  });

  it('lists every bad path at once, with a stable code', () => {
    try {
      parseHookConfig({
        planMode: 'yes',
        readOnlyPrograms: { sh: {}, sort: {}, 'a/b': {} },
        nope: 1,
        stopRetries: 99,
      });
      expect.unreachable();
    } catch (error) {
      expect(error).toBeInstanceOf(HookConfigError);
      expect((error as HookConfigError).code).toBe('invalid_hook_config');
      expect((error as HookConfigError).issues.map((i) => i.path)).toEqual([
        'nope',
        'planMode',
        'readOnlyPrograms.sh',
        'readOnlyPrograms.sort',
        'readOnlyPrograms.a/b',
        'stopRetries',
      ]);
    }
  });
});

describe('Stop edge cases', () => {
  const narration = 'I will refactor the module and then run the tests.';
  const stop = (active: boolean, context: Record<string, unknown>) =>
    judgeHookEvent('claude', f.claudeStop(narration, active), {
      stop: { limit: 3, userPrompt: 'Refactor the module', toolCalls: 0, ...context },
    });

  it('a continued stop with an unknown count is never blocked', () => {
    const a = stop(true, {});
    expect([a.stdout, a.judgement.code]).toEqual(['{}', HookCodes.stopHookActive]);
  });

  it('stopRetries 0 switches the nagging off', () => {
    expect(stop(false, { limit: 0, attempts: 0 }).stdout).toBe('{}');
  });

  it('a turn that called tools is not nagged; with tool calls unknown the message is judged', () => {
    expect(stop(false, { toolCalls: 2, attempts: 0 }).stdout).toBe('{}');
    const unknown = judgeHookEvent('claude', f.claudeStop(narration), {
      stop: { limit: 3, userPrompt: 'Refactor the module', attempts: 0 },
    });
    expect(JSON.parse(unknown.stdout).decision).toBe('block');
  });

  it('chit-chat is never nagged', () => {
    expect(stop(false, { userPrompt: 'thanks!', attempts: 0 }).stdout).toBe('{}');
  });

  it('in plan mode a bare acknowledgement is sent back to investigate', () => {
    const a = judgeHookEvent(
      'claude',
      { ...f.claudeStop("Understood. I'll look into it."), permission_mode: 'plan' },
      { stop: { limit: 2, userPrompt: 'Plan the migration', toolCalls: 0, attempts: 0 } },
    );
    expect(JSON.parse(a.stdout).reason).toContain('You are in plan mode and only acknowledged');
  });
});

describe('detectHost', () => {
  it('an unknown shape is undefined, and auto then answers as malformed', () => {
    expect(detectHost({ foo: 1 })).toBeUndefined();
    expect(detectHost('x')).toBeUndefined();
    const a = judgeHookEvent('auto', { foo: 1 }, { planMode: true });
    expect([a.exitCode, a.judgement.code]).toEqual([2, HookCodes.malformedInput]);
  });
});

describe('the hook bundle without zod', () => {
  it('dist/hook.js only starts the compile cache; hook-main.js has no zod and loads the library lazily', () => {
    const read = (name: string) =>
      readFileSync(new URL(`../../dist/${name}`, import.meta.url), 'utf8');
    expect(read('hook.js')).toContain("import('./hook-main.js')");
    const bundle = read('hook-main.js');
    // The build is minified: `import{x}from'zod'`, several statements on one line.
    expect(bundle).not.toMatch(/from\s*['"]zod['"]/);
    expect(bundle).not.toContain('node_modules/zod');
    expect(bundle).not.toMatch(/(^|;)\s*import\b[^;]*?from\s*['"]\.\/index\.js['"]/m);
    expect(bundle).toContain("import('./index.js')");
  });

  it('a Read or a Stop loads neither planfirst/shell nor zod: only a shell tool loads the analyzer', () => {
    const dist = new URL('../../dist/', import.meta.url);
    const read = (name: string) => readFileSync(new URL(name, dist), 'utf8');
    // Every module a file imports statically, itself included (the build is minified:
    // `import{a}from'./chunk-X.js'` and `export{a}from'./chunk-X.js'`).
    const closure = (entry: string): Set<string> => {
      const seen = new Set<string>();
      const visit = (name: string) => {
        if (seen.has(name)) return;
        seen.add(name);
        if (!name.startsWith('./')) return;
        const text = read(name.slice(2)).replace(/import\((['"])[^'"]+\1\)/g, '');
        for (const [, target] of text.matchAll(/(?:from|import)\s*['"]([^'"]+)['"]/g))
          if (target !== undefined) visit(target);
      };
      visit(entry);
      return seen;
    };
    const hookMain = closure('./hook-main.js');
    const stopFile = read('hook-main.js').match(/import\(['"](\.\/judge-stop-[^'"]+)['"]\)/)?.[1];
    expect(stopFile).toBeDefined();
    const stop = closure(stopFile as string);
    for (const loaded of [hookMain, stop]) {
      expect([...loaded].filter((m) => /shell|zod|typebox|^\.\/index\.js$/.test(m))).toEqual([]);
      expect(loaded.has('node:fs') || loaded.has('fs')).toBe(false);
    }
    expect(read('hook-main.js')).toMatch(/import\(['"]planfirst\/shell['"]\)/);
  });
});
