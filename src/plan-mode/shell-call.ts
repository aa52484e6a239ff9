import { hasOwn } from '../own-data.js';
import { ownValue } from './plain-data.js';
import { showName } from './quote.js';

// A shell tool acts on every field of its input, not only the command: Gemini CLI's
// run_shell_command takes a `dir_path`, OpenAI's local_shell an `env` and a
// `working_directory`, Codex's shell a `workdir`, many exec tools are spawn(command, args). So
// every field is read here and turned into the shell text that would do the same thing
// inline — `cd 'dir' && NAME='value' command` — which the analyzer then judges by its own
// rules. A field with no inline form that planfirst can judge is refused, naming the field.

/** The command a shell tool was asked to run, in the forms agent runtimes use. */
export type ShellInput = { kind: 'script'; script: string } | { kind: 'argv'; argv: string[] };

/** Fields holding the command: a script string, or an argv array run without a shell. */
export const shellCommandFields = ['command', 'cmd', 'argv'] as const;
/** spawn(command, args): the program's arguments. */
export const shellArgsFields = ['args'] as const;
/** The environment the command runs with; judged like `NAME=value` prefixes. */
export const shellEnvFields = ['env'] as const;
/** The directory the command runs in; judged like a `cd` before it. */
export const shellDirectoryFields = [
  'cwd',
  'dir',
  'dir_path',
  'directory',
  'workdir',
  'working_directory',
  'workingDirectory',
] as const;
/**
 * Fields that pick the shell, the user or the sandbox the command runs with. No inline form
 * says what they do, so they are always refused, even when a host declares them harmless.
 */
export const shellSelectionFields = [
  'shell',
  'executable',
  'interpreter',
  'login',
  'user',
  'uid',
  'gid',
  'argv0',
  'sandbox',
  'sandbox_permissions',
  'with_escalated_permissions',
  'elevated',
  'host',
  'security',
  'node',
] as const;

const commandFields: ReadonlySet<string> = new Set(shellCommandFields);
const directoryFields: ReadonlySet<string> = new Set(shellDirectoryFields);
const selectionFields: ReadonlySet<string> = new Set(shellSelectionFields);

/** Why a shell input was refused before any command was judged. */
export type ShellInputRefusal = {
  kind: 'invalid' | 'unknown_field' | 'selection_field';
  /** The field at fault, when one is. */
  field?: string;
  message: string;
};

/**
 * What the gate must judge for a shell call: every reading of it as a shell script (a call
 * that could be run two ways is judged both ways) and all must be read-only. `primary` is the
 * reading whose verdict the gate reports.
 */
export type ShellReadings = { ok: true; primary: string; readings: string[] };

const envName = /^[A-Za-z_][A-Za-z0-9_]*$/;

function singleQuote(word: string): string {
  return `'${word.replaceAll("'", `'\\''`)}'`;
}

function isStringArray(value: unknown): value is string[] {
  return Array.isArray(value) && value.every((v) => typeof v === 'string');
}

const refuse = (
  kind: ShellInputRefusal['kind'],
  message: string,
  field?: string,
): ShellInputRefusal => (field === undefined ? { kind, message } : { kind, field, message });

/**
 * Reads `input.command`, `input.cmd` or `input.argv`. Exactly one form must be present: two
 * forms could disagree about what runs, so that is an error. `command`/`cmd` may be a script
 * string or an argv array (OpenAI's local_shell and Codex's shell send arrays).
 */
export function readShellInput(input: unknown): ShellInput | { error: string } {
  if (typeof input !== 'object' || input === null || Array.isArray(input))
    return { error: 'the shell tool input must be an object with `command`, `cmd` or `argv`' };
  const present = shellCommandFields.filter((k) => Object.hasOwn(input, k));
  if (present.length !== 1)
    return {
      error:
        present.length === 0
          ? 'the shell tool input has no `command`, `cmd` or `argv`'
          : `the shell tool input has several command fields (${present.join(', ')}); give exactly one`,
    };
  const [key] = present as [string];
  const value = ownValue(input, key);
  if (Array.isArray(value) || key === 'argv') {
    if (!isStringArray(value) || value.length === 0)
      return { error: `\`${key}\` must be a non-empty array of strings` };
    return { kind: 'argv', argv: [...value] };
  }
  if (typeof value !== 'string') return { error: `\`${key}\` must be a string` };
  return { kind: 'script', script: value };
}

/**
 * Every field of a shell call, judged or refused. `harmless` lists the fields the host
 * declared it ignores for safety (a description, a timeout). The input must already be plain
 * data (plain-data.ts).
 */
export function shellReadings(
  input: unknown,
  harmless: readonly string[],
): ShellReadings | ShellInputRefusal {
  const command = readShellInput(input);
  if (hasOwn(command, 'error')) return refuse('invalid', command.error);
  const record = input as Record<string, unknown>;
  let args: string[] | undefined;
  let env: [string, string][] = [];
  let directory: { field: string; value: string } | undefined;
  for (const field of Object.keys(record)) {
    if (commandFields.has(field)) continue;
    const value = ownValue(record, field);
    if (value === undefined) continue;
    if (selectionFields.has(field))
      return refuse(
        'selection_field',
        `the shell tool input sets ${showName(field)}, which chooses how or as whom the command runs; planning cannot judge that, so drop it`,
        field,
      );
    // An absent optional field is often sent as null; the host then uses its default.
    if (field === 'args') {
      if (value === null) continue;
      if (!isStringArray(value))
        return refuse('invalid', '`args` must be an array of strings', field);
      if (command.kind !== 'script')
        return refuse(
          'invalid',
          '`args` goes with a `command` string naming the program; an argv array already holds the arguments',
          field,
        );
      args = value;
      continue;
    }
    if (field === 'env') {
      if (value === null) continue;
      if (typeof value !== 'object' || Array.isArray(value))
        return refuse('invalid', '`env` must be an object of string values', field);
      for (const [name, v] of Object.entries(value)) {
        if (!envName.test(name) || typeof v !== 'string')
          return refuse(
            'invalid',
            '`env` must map variable names (letters, digits, _) to strings',
            field,
          );
        env.push([name, v]);
      }
      continue;
    }
    if (directoryFields.has(field)) {
      if (value === null) continue;
      if (typeof value !== 'string' || value === '' || value.startsWith('-'))
        return refuse('invalid', `${showName(field)} must be a directory path`, field);
      if (directory !== undefined)
        return refuse(
          'invalid',
          `the shell tool input names the working directory twice (${showName(directory.field)}, ${showName(field)}); give one`,
          field,
        );
      directory = { field, value };
      continue;
    }
    if (harmless.includes(field)) continue;
    return refuse(
      'unknown_field',
      `the shell tool input has a field ${showName(field)} that planning cannot judge; drop it (a host that knows it is harmless can declare it in planMode.shellHarmlessFields)`,
      field,
    );
  }
  env = env.sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));

  const bodies: string[] = [];
  if (command.kind === 'argv') bodies.push(command.argv.map(singleQuote).join(' '));
  else if (args === undefined) bodies.push(command.script);
  else {
    // spawn(command, args) runs the program `command` with those arguments; with a shell
    // option the same fields are joined into one script. Either reading must be read-only.
    bodies.push([command.script, ...args].map(singleQuote).join(' '));
    bodies.push([command.script, ...args].join(' '));
  }
  const assignments = env.map(([name, value]) => `${name}=${singleQuote(value)}`).join(' ');
  const cd = directory === undefined ? '' : `cd ${singleQuote(directory.value)} && `;
  const readings = bodies.map(
    (body) => `${cd}${assignments === '' ? '' : `${assignments} `}${body}`,
  );
  // The environment reaches every command of the script, not only the first: judge the
  // assignments on their own too.
  if (assignments !== '') readings.push(assignments);
  return { ok: true, primary: readings[0] as string, readings };
}
