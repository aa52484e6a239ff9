import { judgePatchText } from './patch-text.js';
import { ownValue } from './plain-data.js';
import { showName } from './quote.js';
import { shellDirectoryFields } from './shell-call.js';

/**
 * Normalises a POSIX path lexically (`a//b/./c/../d` → `a/b/d`) so `./PLAN.md` and `PLAN.md`
 * compare equal. No file system access: symlinks are not resolved. The gate itself refuses any
 * target with a `..` segment before comparing, since `docs/..` leaves the project when `docs`
 * is a symlink.
 */
export function normalizePath(path: string): string | undefined {
  // Control characters never name the plan file; refusing them avoids any truncation games.
  for (let i = 0; i < path.length; i++) if (path.charCodeAt(i) < 0x20) return undefined;
  if (path === '') return undefined;
  const absolute = path.startsWith('/');
  const out: string[] = [];
  for (const part of path.split('/')) {
    if (part === '' || part === '.') continue;
    if (part === '..') {
      if (out.length > 0 && out[out.length - 1] !== '..') out.pop();
      else if (!absolute) out.push('..');
      continue;
    }
    out.push(part);
  }
  const joined = out.join('/');
  return absolute ? `/${joined}` : joined === '' ? '.' : joined;
}

/** Fields that name a file a write tool acts on, whatever the host configured. */
export const builtInTargetKeys = [
  'path',
  'paths',
  'file',
  'files',
  'file_path',
  'filePath',
  'file_paths',
  'filePaths',
  'filename',
  'fileName',
  'file_name',
  'target',
  'target_file',
  'targetFile',
  'target_path',
  'targetPath',
  'destination',
  'dest',
  'source',
  'new_path',
  'newPath',
  'old_path',
  'oldPath',
  'moveTo',
  'move_to',
  'movePath',
  'move_path',
  'notebook_path',
] as const;

/** Fields holding a patch whose headers name the files it changes (apply_patch, diffs). */
export const patchKeys = ['patch', 'diff', 'input'] as const;

/** Why a plan-file write was refused. */
export type PlanFileRefusal = {
  kind: 'outside' | 'unsafe_path' | 'unknown_field' | 'invalid';
  field?: string;
  /** The offending target, when there is one (model text: quote it before showing). */
  target?: string;
  message: string;
};

export interface PlanFileRule {
  path: string;
  /** The plan file's absolute path, accepted in apply_patch headers (see `judgePatchText`). */
  absolutePath?: string;
  pathKeys: readonly string[];
  contentKeys: readonly string[];
}

const directoryKeys: ReadonlySet<string> = new Set(shellDirectoryFields);
const patchKeySet: ReadonlySet<string> = new Set(patchKeys);

function hasDotDot(path: string): boolean {
  return path.split('/').includes('..');
}

/**
 * Judges a write aimed at the plan file: every field is a target that must be the plan file, a
 * working directory that must be `.`, a patch whose every named file is the plan file, content
 * the host declared (contentKeys), or an object/array whose fields are judged the same way.
 * Anything else is refused, naming the field. Undefined when the write may pass.
 */
export function judgePlanFileWrite(
  input: unknown,
  rule: PlanFileRule,
): PlanFileRefusal | undefined {
  const wanted = normalizePath(rule.path);
  if (wanted === undefined)
    return { kind: 'invalid', message: 'the configured plan file path is not usable' };
  if (typeof input !== 'object' || input === null || Array.isArray(input))
    return { kind: 'invalid', message: 'the tool input is not an object' };
  const targets = new Set<string>([...builtInTargetKeys, ...rule.pathKeys]);
  const content = new Set(rule.contentKeys);
  let judged = 0;

  const target = (field: string, path: string): PlanFileRefusal | undefined => {
    judged += 1;
    if (hasDotDot(path))
      return {
        kind: 'unsafe_path',
        field,
        target: path,
        message: 'a target path with a `..` segment can leave the project through a symlink',
      };
    const normal = normalizePath(path);
    if (normal === undefined)
      return {
        kind: 'unsafe_path',
        field,
        target: path,
        message: 'the target path is empty or has control characters',
      };
    if (normal === wanted) return undefined;
    return { kind: 'outside', field, target: path, message: 'the write targets another file' };
  };

  const field = (key: string, value: unknown, at: string): PlanFileRefusal | undefined => {
    if (value === null || value === undefined) return undefined;
    if (targets.has(key)) {
      const paths = typeof value === 'string' ? [value] : value;
      if (!Array.isArray(paths) || paths.length === 0 || !paths.every((p) => typeof p === 'string'))
        return {
          kind: 'invalid',
          field: at,
          message: `${showName(key)} must be a path or a list of paths`,
        };
      for (const p of paths as string[]) {
        const bad = target(at, p);
        if (bad) return bad;
      }
      return undefined;
    }
    if (directoryKeys.has(key)) {
      if (typeof value === 'string' && !hasDotDot(value) && normalizePath(value) === '.')
        return undefined;
      return {
        kind: 'unsafe_path',
        field: at,
        ...(typeof value === 'string' ? { target: value } : {}),
        message: 'a working directory other than the project root moves the target',
      };
    }
    if (patchKeySet.has(key) && typeof value === 'string') {
      const verdict = judgePatchText(value, wanted, rule.absolutePath);
      if (!verdict.ok) return { ...verdict.refusal, field: at };
      judged += verdict.named;
      return undefined;
    }
    if (Array.isArray(value)) {
      for (let i = 0; i < value.length; i++) {
        const bad = field(key, value[i], `${at}[${i}]`);
        if (bad) return bad;
      }
      return undefined;
    }
    if (typeof value === 'object') return object(value, at);
    if (content.has(key)) return undefined;
    return {
      kind: 'unknown_field',
      field: at,
      message: `the field ${showName(key)} is neither a target nor declared content (planMode.planFile.contentKeys)`,
    };
  };

  const object = (record: object, at: string): PlanFileRefusal | undefined => {
    for (const key of Object.keys(record)) {
      const bad = field(key, ownValue(record, key), at === '' ? key : `${at}.${key}`);
      if (bad) return bad;
    }
    return undefined;
  };

  const bad = object(input, '');
  if (bad) return bad;
  if (judged === 0)
    return { kind: 'invalid', message: `no target path (looked for ${[...targets].join(', ')})` };
  return undefined;
}
