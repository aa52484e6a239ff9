/**
 * Normalises a POSIX path lexically (`a//b/./c/../d` → `a/b/d`) so `./PLAN.md` and `PLAN.md`
 * compare equal. No file system access: symlinks are not resolved, which is why the README
 * recommends a plan file outside any directory the agent can link into.
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

/**
 * The target path of a write call, when every configured path key that is present agrees.
 * Several keys naming different files make the target ambiguous: undefined, so the gate blocks.
 */
export function writeTarget(
  input: unknown,
  pathKeys: readonly string[],
): { path: string } | { error: string } {
  if (typeof input !== 'object' || input === null || Array.isArray(input))
    return { error: 'the tool input is not an object' };
  const values = pathKeys
    .filter((k) => Object.hasOwn(input, k))
    .map((k) => (input as Record<string, unknown>)[k]);
  if (values.length === 0) return { error: `no target path (looked for ${pathKeys.join(', ')})` };
  const [first] = values;
  if (typeof first !== 'string' || values.some((v) => v !== first))
    return {
      error: 'the target path is missing, not a string, or given twice with different values',
    };
  return { path: first };
}
