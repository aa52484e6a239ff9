import type { ValidationIssue } from '../errors.js';
import type { ShellPolicy } from '../shell/index.js';

// The project's hook settings (`.planfirst/hook.json`), checked by hand rather than with a
// schema library and without loading the analyzer or the error classes: the hook runs once
// per tool call and must start fast. parseHookConfig (config.ts) throws what this finds.

export interface HookConfig {
  /** planfirst's plan mode is on for this project: deny what is not provably read-only. */
  planMode: boolean;
  /** Answer allow from pre-tool events for provably read-only commands (see HookPolicy). */
  approveBeforeTool: boolean;
  /** Extra read-only programs, as program specs (the shell policy's `programs`). */
  readOnlyPrograms: Record<string, unknown>;
  /** Default read-only programs to treat as unknown. */
  removePrograms: string[];
  /** Tools (MCP and others) plan mode lets through as read-only: names, or prefixes ending in `*`. */
  readOnlyTools: string[];
  /** The plan re-injected after compaction, relative to the project directory. */
  planFile: string;
  /** JSON-lines audit log: a path relative to the project, or false. */
  audit: string | false;
  /** Stop-hook retries per turn; 0 turns the Stop hook's nagging off. */
  stopRetries: number;
}

export const DEFAULT_PLAN_FILE = '.planfirst/plan.md';
export const DEFAULT_AUDIT_FILE = '.planfirst/hook-audit.jsonl';

/**
 * Programs an overlay may never declare read-only: each runs other programs or code, so a
 * plain spec for it would let anything through. The parser's own rules for them stay in force.
 */
const neverReadOnly = new Set([
  'sh',
  'bash',
  'dash',
  'zsh',
  'ksh',
  'fish',
  'csh',
  'tcsh',
  'env',
  'exec',
  'eval',
  'command',
  'builtin',
  'sudo',
  'doas',
  'su',
  'xargs',
  'nohup',
  'timeout',
  'nice',
  'time',
  'watch',
  'python',
  'python3',
  'node',
  'deno',
  'bun',
  'perl',
  'ruby',
  'php',
  'lua',
  'osascript',
  'pwsh',
  'powershell',
  'make',
  'npx',
  'npm',
  'pnpm',
  'yarn',
]);

const known = new Set([
  'planMode',
  'approveBeforeTool',
  'readOnlyPrograms',
  'removePrograms',
  'readOnlyTools',
  'planFile',
  'audit',
  'stopRetries',
]);

const isObject = (v: unknown): v is Record<string, unknown> =>
  typeof v === 'object' && v !== null && !Array.isArray(v);

/**
 * Checks the settings file's JSON. The overlay can add programs the analyzer does not know
 * and remove default ones; it can neither replace a default program's rule nor declare a
 * shell, interpreter or wrapper read-only, so it never loosens what the parser proves.
 */
export function checkHookConfig(
  json: unknown,
  hasBuiltInRule: (program: string) => boolean,
): { config: HookConfig; issues: ValidationIssue[] } | { issues: ValidationIssue[] } {
  const issues: ValidationIssue[] = [];
  const bad = (path: string, message: string) => issues.push({ path, message });
  if (!isObject(json)) return { issues: [{ path: '(root)', message: 'expected an object' }] };
  for (const key of Object.keys(json)) if (!known.has(key)) bad(key, 'unknown setting');
  const bool = (key: string): boolean => {
    const v = json[key];
    if (v === undefined) return false;
    if (typeof v !== 'boolean') bad(key, 'expected true or false');
    return v === true;
  };
  const planMode = bool('planMode');
  const approveBeforeTool = bool('approveBeforeTool');
  const programs = json.readOnlyPrograms ?? {};
  if (!isObject(programs)) bad('readOnlyPrograms', 'expected an object of program specs');
  else
    for (const [name, spec] of Object.entries(programs)) {
      const path = `readOnlyPrograms.${name}`;
      if (!/^[^/\s]+$/.test(name)) bad(path, 'expected a bare program name');
      else if (neverReadOnly.has(name))
        bad(path, `${name} runs other programs or code and can never be declared read-only`);
      else if (hasBuiltInRule(name))
        bad(path, `${name} has a built-in rule; an overlay may remove it but not replace it`);
      if (!isObject(spec)) bad(path, 'expected a program spec object');
    }
  const removed = json.removePrograms ?? [];
  if (!Array.isArray(removed) || !removed.every((n) => typeof n === 'string'))
    bad('removePrograms', 'expected a list of program names');
  const tools = json.readOnlyTools ?? [];
  if (
    !Array.isArray(tools) ||
    !tools.every(
      (n) => typeof n === 'string' && n !== '' && n !== '*' && !n.slice(0, -1).includes('*'),
    )
  )
    bad('readOnlyTools', 'expected a list of tool names (a trailing * matches a prefix)');
  const planFile = json.planFile ?? DEFAULT_PLAN_FILE;
  if (typeof planFile !== 'string' || planFile === '') bad('planFile', 'expected a file path');
  const audit = json.audit ?? false;
  if (typeof audit !== 'boolean' && (typeof audit !== 'string' || audit === ''))
    bad('audit', 'expected true, false or a file path');
  const retries = json.stopRetries ?? 3;
  // Stryker disable next-line ConditionalExpression: Number.isInteger is false for every non-number too
  if (typeof retries !== 'number' || !Number.isInteger(retries) || retries < 0 || retries > 10)
    bad('stopRetries', 'expected a whole number from 0 to 10');
  if (issues.length > 0) return { issues };
  return {
    issues,
    config: {
      planMode,
      approveBeforeTool,
      readOnlyPrograms: programs as Record<string, unknown>,
      removePrograms: removed as string[],
      readOnlyTools: tools as string[],
      planFile: planFile as string,
      audit: audit === true ? DEFAULT_AUDIT_FILE : (audit as string | false),
      stopRetries: retries as number,
    },
  };
}

/** Whether no settings file can name a program with a built-in rule: it names none at all. */
export function namesNoPrograms(json: unknown): boolean {
  const programs = isObject(json) ? json.readOnlyPrograms : undefined;
  return programs === undefined || (isObject(programs) && Object.keys(programs).length === 0);
}

/** The analyzer policy of a config, or undefined when it changes nothing. */
export function shellPolicyOf(config: HookConfig): ShellPolicy | undefined {
  const programs = Object.keys(config.readOnlyPrograms).length > 0;
  if (!programs && config.removePrograms.length === 0) return undefined;
  return {
    ...(programs
      ? { programs: config.readOnlyPrograms as NonNullable<ShellPolicy['programs']> }
      : {}),
    removePrograms: config.removePrograms,
  };
}
