import { type ShellCode, ShellCodes } from '../codes.js';
import type { OptionSpec, ParsedArgs, ProgramSpec, RuleResult } from '../spec.js';
import type { ShellWord } from '../types.js';
import { bySpec, type SubcommandJudge } from './git-judge.js';
import { alias, executes, flag, needs, writes } from './git-option-kinds.js';

// `git config` reads or writes configuration depending on its action and operand count, so
// only the reading forms pass: `--get*`/`--list` actions, one operand without an action (a
// get), and git 2.46's `git config get|list` subcommands.

// Built on first use (the first `git` command judged), not when the module loads.
function buildGitConfigJudge() {
  const configWrites = 'changes git configuration; only reading it is read-only';

  /** Where values are read from; shared by every form. */
  const scopeOptions: Readonly<Record<string, OptionSpec>> = {
    '--global': flag,
    '--system': flag,
    '--local': flag,
    '--worktree': flag,
    '-f': needs,
    '--file': alias('-f'),
    '--blob': needs,
    '--includes': flag,
    '--no-includes': flag,
  };

  /** How values are typed and printed; shared by the get forms. */
  const typeOptions: Readonly<Record<string, OptionSpec>> = {
    '-t': needs,
    '--type': alias('-t'),
    '--no-type': flag,
    '--bool': flag,
    '--int': flag,
    '--bool-or-int': flag,
    '--bool-or-str': flag,
    '--path': flag,
    '--expiry-date': flag,
    '-z': flag,
    '--null': alias('-z'),
    '--show-origin': flag,
    '--show-scope': flag,
    '--default': needs,
    '--fixed-value': flag,
  };

  /** The actions that only read (`git config --get NAME`). */
  const readActions: ReadonlySet<string> = new Set([
    '--get',
    '--get-all',
    '--get-regexp',
    '--get-urlmatch',
    '-l',
    '--get-color',
    '--get-colorbool',
  ]);

  function legacyCheck(parsed: ParsedArgs): RuleResult {
    const count = parsed.operands.length;
    const reading = parsed.options.some((option) => readActions.has(option.name));
    if (reading ? count <= 2 : count <= 1) return { kind: 'ok' };
    return {
      kind: 'block',
      code: ShellCodes.operandWrites,
      reason: reading
        ? '`git config` takes at most a name and a value pattern when reading'
        : '`git config NAME VALUE` sets a value; to read one, use `git config --get NAME`',
    };
  }

  /**
   * `git config [options] [name]` in the action-option syntax every git version accepts.
   * The check allows operands only in reading forms: with a get or list action, or one name.
   */
  const legacyConfigSpec: ProgramSpec = {
    options: {
      ...scopeOptions,
      ...typeOptions,
      '--get': flag,
      '--get-all': flag,
      '--get-regexp': flag,
      '--get-urlmatch': flag,
      '-l': flag,
      '--list': alias('-l'),
      '--get-color': flag,
      '--get-colorbool': flag,
      '--name-only': flag,
      '--replace-all': writes(configWrites),
      '--add': writes(configWrites),
      '--unset': writes(configWrites),
      '--unset-all': writes(configWrites),
      '--rename-section': writes(configWrites),
      '--remove-section': writes(configWrites),
      '-e': executes('opens an editor on the configuration file; drop it'),
      '--edit': alias('-e'),
    },
    globs: 'never',
    // git stops at the first operand here (`git config user.name --get` sets the value
    // `--get`), unlike its other commands.
    permute: false,
    check: legacyCheck,
  };

  /** `git config get NAME` (git 2.46+; older git rejects it without writing). */
  const getSpec: ProgramSpec = {
    options: {
      ...scopeOptions,
      ...typeOptions,
      '--all': flag,
      '--regexp': flag,
      '--value': needs,
      '--url': needs,
      '--show-names': flag,
    },
    globs: 'never',
    operands: { min: 1, max: 1 },
  };

  /** `git config list` (git 2.46+). */
  const listSpec: ProgramSpec = {
    options: {
      ...scopeOptions,
      '--name-only': flag,
      '--show-origin': flag,
      '--show-scope': flag,
      '-z': flag,
      '--null': alias('-z'),
    },
    globs: 'never',
    operands: { max: 0 },
  };

  const judgeGet = bySpec('config get', getSpec);
  const judgeList = bySpec('config list', listSpec);
  const judgeLegacy = bySpec('config', legacyConfigSpec);

  /** git 2.46's subcommands that write or edit; older git rejects them as keys without a dot. */
  const writingSubcommands: Readonly<Record<string, RuleResult>> = {
    set: refuse(ShellCodes.operandWrites, '`git config set` sets a value'),
    unset: refuse(ShellCodes.operandWrites, '`git config unset` removes a value'),
    'rename-section': refuse(
      ShellCodes.operandWrites,
      '`git config rename-section` renames a section',
    ),
    'remove-section': refuse(
      ShellCodes.operandWrites,
      '`git config remove-section` removes a section',
    ),
    edit: refuse(
      ShellCodes.optionExecutes,
      '`git config edit` opens an editor on the configuration file (git 2.46 and later)',
    ),
  };

  /**
   * `git config`: reading forms only, in the option syntax or git 2.46's subcommands. Git 2.46
   * takes the first word that does not start with `-` as the subcommand, after any options
   * (it keeps options it does not know without reading their values), so that word decides
   * here too. Before 2.46 a subcommand name is a key without a section, an error that writes
   * nothing; `get NAME` and `list` read under both.
   */
  const judgeConfig: SubcommandJudge = (args, context) => {
    const at = args.findIndex((word) => word.value === '-' || !word.value.startsWith('-'));
    const first = at === -1 ? undefined : (args[at] as ShellWord);
    if (first === undefined || first.glob) return judgeLegacy(args, context);
    const rest = () => [...args.slice(0, at), ...args.slice(at + 1)];
    if (first.value === 'get') return judgeGet(rest(), context);
    if (first.value === 'list') return judgeList(rest(), context);
    const writing = Object.hasOwn(writingSubcommands, first.value)
      ? writingSubcommands[first.value]
      : undefined;
    return writing ?? judgeLegacy(args, context);
  };
  return { legacyConfigSpec, judgeConfig };
}

function refuse(code: ShellCode, what: string): RuleResult {
  return {
    kind: 'block',
    code,
    reason: `${what}; only reading is read-only: \`git config get NAME\`, \`git config list\`, \`git config --get NAME\``,
  };
}

let cache: ReturnType<typeof buildGitConfigJudge> | undefined;

/** The judge of git config (and the legacy spec the oracle tests read), built once. */
export function gitConfigJudge(): ReturnType<typeof buildGitConfigJudge> {
  cache ??= buildGitConfigJudge();
  return cache;
}
