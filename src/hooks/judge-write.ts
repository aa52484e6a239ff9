import { builtInTargetKeys, judgePlanFileWrite, normalizePath } from '../plan-mode/plan-file.js';
import type { HookEvent } from './event.js';
import type { HookPolicy } from './policy.js';
import type { ToolRow } from './tool-table.js';

// A write tool in plan mode: it may write the plan file and nothing else, by the core's own
// plan-file rules (src/plan-mode/plan-file.ts). Loaded only for write tools, so other tool calls
// do not pay for it.

/** Why a write is refused, or undefined when it writes only the plan file. */
export type WriteJudge = (event: HookEvent, row: ToolRow, policy: HookPolicy) => string | undefined;

const targetKeys: ReadonlySet<string> = new Set(builtInTargetKeys);
const isObject = (v: unknown): v is Record<string, unknown> =>
  typeof v === 'object' && v !== null && !Array.isArray(v);

/** `/a/b` joined with a relative `c/d`, normalised lexically (no file system). */
const under = (dir: string, rel: string) => normalizePath(`${dir}/${rel}`);

export const judgeWrite: WriteJudge = (event, row, policy) => {
  const plan = policy.planFile;
  if (plan === undefined) return 'no plan file is configured';
  const project = normalizePath(plan.projectDir);
  const planAbs = project === undefined ? undefined : under(project, plan.path);
  if (project === undefined || planAbs === undefined) return 'the project directory is unknown';
  // Relative targets are relative to the tool's working directory: the plan file's path as
  // seen from there, or nothing when the plan file is not below it.
  const cwd = event.cwd === undefined ? project : normalizePath(event.cwd);
  if (cwd === undefined) return 'the working directory is not usable';
  const rel =
    cwd === project
      ? normalizePath(plan.path)
      : planAbs.startsWith(`${cwd}/`)
        ? planAbs.slice(cwd.length + 1)
        : undefined;
  if (rel === undefined) return 'the plan file is not below the working directory';
  const input = forJudging(event.toolInput, row, planAbs, rel);
  // Stryker disable next-line ConditionalExpression: the core's rule refuses a non-object with the same words
  if (input === undefined) return 'the tool input is not an object';
  const refusal = judgePlanFileWrite(input, {
    path: rel,
    absolutePath: planAbs,
    pathKeys: [],
    contentKeys: row.content ?? [],
  });
  return refusal === undefined
    ? undefined
    : `${refusal.message}${refusal.target === undefined ? '' : ` (${shownTarget(refusal.target, project)})`}`;
};

/**
 * A refused target as the model may read it: no local path reaches the model, so an absolute
 * path is shown relative to the project, or only as outside it.
 */
export function shownTarget(target: string, project: string): string {
  if (!target.startsWith('/')) return JSON.stringify(target);
  const abs = normalizePath(target);
  if (abs?.startsWith(`${project}/`))
    return `${JSON.stringify(abs.slice(project.length + 1))} in the project`;
  return 'a path outside the project';
}

/**
 * The input as the core's rule reads it: an absolute target that is the plan file becomes the
 * plan file's relative path (hosts send absolute paths), and a host's patch field is named
 * `patch`. Any other absolute path stays as it is and is refused as another file.
 */
function forJudging(
  toolInput: unknown,
  row: ToolRow,
  planAbs: string,
  rel: string,
): Record<string, unknown> | undefined {
  if (!isObject(toolInput)) return undefined;
  // A second patch field next to the host's own could hide a file from the judge.
  if (row.patch !== undefined && row.patch !== 'patch' && Object.hasOwn(toolInput, 'patch'))
    return undefined;
  const map = (value: unknown): unknown =>
    typeof value === 'string' &&
    // Stryker disable next-line StringLiteral: a relative path never normalises to the absolute plan path
    value.startsWith('/') &&
    !value.split('/').includes('..') &&
    normalizePath(value) === planAbs
      ? rel
      : value;
  const out: Record<string, unknown> = {};
  for (const key of Object.keys(toolInput)) {
    const value = toolInput[key];
    const name = key === row.patch ? 'patch' : key;
    out[name] = targetKeys.has(key) ? (Array.isArray(value) ? value.map(map) : map(value)) : value;
  }
  return out;
}
