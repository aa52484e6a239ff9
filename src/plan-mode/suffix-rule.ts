// Namespaced tools (`server.tool.read`, `jira.issue.get`) are read-only by their last segment.
// That only means something for a well-formed name whose other segments do not say the tool
// writes: `files.write.read` or `db.delete.list` end in a read-only word but are not read-only
// tools, and a name with a newline or a space is not a tool name at all.

/** Segments of letters, digits, `_` and `-`, joined by single dots: `server.tool.read`. */
const namespacedName = /^[A-Za-z0-9_-]+(?:\.[A-Za-z0-9_-]+)*$/;

/** Words that say a tool changes something; any of them before the suffix refuses the rule. */
export const writeWords: ReadonlySet<string> = new Set([
  'add',
  'append',
  'apply',
  'archive',
  'assign',
  'call',
  'cancel',
  'change',
  'clear',
  'close',
  'commit',
  'copy',
  'cp',
  'create',
  'del',
  'delete',
  'deploy',
  'destroy',
  'disable',
  'drop',
  'edit',
  'enable',
  'exec',
  'execute',
  'grant',
  'import',
  'insert',
  'install',
  'invoke',
  'kill',
  'merge',
  'modify',
  'move',
  'mutate',
  'mv',
  'patch',
  'post',
  'publish',
  'purge',
  'push',
  'put',
  'remove',
  'rename',
  'replace',
  'reset',
  'restart',
  'revoke',
  'rm',
  'run',
  'save',
  'send',
  'set',
  'shell',
  'start',
  'stop',
  'submit',
  'sync',
  'trigger',
  'truncate',
  'uninstall',
  'update',
  'upload',
  'upsert',
  'write',
]);

/** The words of a name part: split on `_`, `-`, `.` and camelCase boundaries, lower-cased. */
export function nameWords(part: string): string[] {
  return part
    .replace(/([a-z0-9])([A-Z])/g, '$1 $2')
    .split(/[\s._-]+/)
    .filter((w) => w !== '')
    .map((w) => w.toLowerCase());
}

/**
 * The configured suffix that makes `name` a read-only namespaced tool, or undefined: the name
 * must be dot-separated segments, end with the suffix after a non-empty namespace, and have no
 * write word anywhere before the suffix.
 */
export function readOnlySuffixOf(name: string, suffixes: readonly string[]): string | undefined {
  if (!namespacedName.test(name)) return undefined;
  for (const suffix of suffixes) {
    if (name.length <= suffix.length || !name.endsWith(suffix)) continue;
    const head = name.slice(0, name.length - suffix.length);
    if (!/[A-Za-z0-9]/.test(head)) return undefined;
    if (nameWords(head).some((w) => writeWords.has(w))) return undefined;
    return suffix;
  }
  return undefined;
}
