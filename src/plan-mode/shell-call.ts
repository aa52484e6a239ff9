/** The command a shell tool was asked to run, in the forms agent runtimes use. */
export type ShellInput = { kind: 'script'; script: string } | { kind: 'argv'; argv: string[] };

/**
 * Reads `input.command`, `input.cmd` or `input.argv` (an array of strings). Exactly one form
 * must be present: two forms could disagree about what runs, so that is an error.
 */
export function readShellInput(input: unknown): ShellInput | { error: string } {
  if (typeof input !== 'object' || input === null || Array.isArray(input))
    return { error: 'the shell tool input must be an object with `command`, `cmd` or `argv`' };
  const record = input as Record<string, unknown>;
  const present = ['command', 'cmd', 'argv'].filter((k) => Object.hasOwn(record, k));
  if (present.length !== 1)
    return {
      error:
        present.length === 0
          ? 'the shell tool input has no `command`, `cmd` or `argv`'
          : `the shell tool input has several command fields (${present.join(', ')}); give exactly one`,
    };
  const [key] = present;
  const value = record[key as string];
  if (key === 'argv') {
    if (!Array.isArray(value) || value.length === 0 || !value.every((v) => typeof v === 'string'))
      return { error: '`argv` must be a non-empty array of strings' };
    return { kind: 'argv', argv: value as string[] };
  }
  if (typeof value !== 'string') return { error: `\`${key}\` must be a string` };
  return { kind: 'script', script: value };
}
