import { judgeAssignments } from './assignments.js';
import { ShellCodes } from './codes.js';
import { judgeRule } from './option-engine.js';
import { parseWithLimits } from './parser/index.js';
import { resolveShellPolicy, type ShellPolicy } from './policy.js';
import type { ShellPolicyClass } from './policy-class-names.js';
import { shellPolicyClasses } from './policy-classes.js';
import { defaultPrograms, findRule } from './rules/index.js';
import type { Block, ProgramRule } from './spec.js';
import type { ShellVerdict, ShellWord, SimpleCommand } from './types.js';

/** At most this many simple commands in one script, counting `bash -c` scripts. */
export const MAX_COMMANDS = 32;
/** Subshells/groups and `bash -c` scripts nest at most this deep. */
export const MAX_NESTING = 2;
/** Transparent wrappers (`timeout`, `nice`, `xargs`, `command`) chained at most this deep. */
const MAX_WRAPPERS = 4;
/** The parse limits of a whole command (one object for every call). */
const topLimits = Object.freeze({ maxCommands: MAX_COMMANDS, maxNesting: MAX_NESTING });

interface Walk {
  policy: ReturnType<typeof resolveShellPolicy>;
  /** Simple commands judged so far, across nested scripts. */
  count: number;
  /** A `cd` ran earlier in the script: a later git could read a planted repository. */
  sawCd: boolean;
}

/**
 * Decides whether a shell command is provably read-only. Never throws on any
 * string: whatever it cannot prove — including what it does not understand — is not
 * read-only, with a stable code and a reason that tells the model what to do instead.
 */
export function analyzeShellCommand(command: string, policy?: ShellPolicy): ShellVerdict {
  if (typeof command !== 'string')
    return verdict({ code: ShellCodes.syntax, reason: 'the command must be a string' }, []);
  const walk: Walk = { policy: resolveShellPolicy(policy), count: 0, sawCd: false };
  if (walk.policy.hostShell !== 'posix')
    return verdict(unsupportedShell(walk.policy.hostShell), []);
  // Stryker disable next-line ObjectLiteral: the parser's default limits are these two constants
  const parsed = parseWithLimits(command, topLimits);
  if (!parsed.ok) return verdict(parsed, []);
  // One pass, no intermediate arrays: this runs on every call.
  let commands: { argv: string[] }[] = [];
  for (const c of parsed.commands) {
    const { words } = c;
    if (words.length === 0) continue;
    // Stryker disable next-line ArrayDeclaration: the size only preallocates; every slot is set below
    const argv = new Array<string>(words.length);
    for (let i = 0; i < words.length; i++) argv[i] = (words[i] as ShellWord).value;
    // The first as a one-element literal: cheaper than growing the empty array on a push.
    // Stryker disable next-line ConditionalExpression: a push into the empty array is the same list
    if (commands.length === 0) commands = [{ argv }];
    else commands.push({ argv });
  }
  return verdict(judgeScript(parsed.commands, walk, 0), commands);
}

function unsupportedShell(shell: string): Block {
  return {
    code: ShellCodes.unsupportedShell,
    reason: `the host runs commands with ${shell === 'cmd' ? 'cmd.exe' : 'PowerShell'}, whose quoting, operators and programs differ from the POSIX shells the analyzer models; no shell command is read-only here — propose it in the plan`,
  };
}

/**
 * The argv form of a shell tool (`{ argv: [...] }`, run without a shell): judged as the same
 * words single-quoted, so nothing in them is expanded or parsed as syntax.
 */
export function analyzeArgv(argv: readonly string[], policy?: ShellPolicy): ShellVerdict {
  if (!Array.isArray(argv) || argv.length === 0 || !argv.every((a) => typeof a === 'string'))
    return verdict(
      { code: ShellCodes.syntax, reason: 'argv must be a non-empty array of strings' },
      [],
    );
  return analyzeShellCommand(argv.map(singleQuote).join(' '), policy);
}

const noWords: readonly ShellWord[] = Object.freeze([]);

/** Stands for the names xargs appends: any string, so the engine treats it like a glob. */
const untrustedName: ShellWord = {
  value: 'NAME-FROM-STDIN',
  raw: '<names from stdin>',
  glob: true,
  quoted: false,
  tilde: false,
};

/**
 * For a network program blocked by default: names the policy class that would allow this exact
 * command, so the model can tell the user (only the host can enable it).
 */
function classHint(name: string, args: readonly ShellWord[], walk: Walk, depth: number): string {
  for (const [className, info] of Object.entries(shellPolicyClasses)) {
    if (walk.policy.classes.has(className as ShellPolicyClass)) continue;
    const rule = Object.hasOwn(info.programs, name) ? info.programs[name] : undefined;
    if (rule !== undefined && judgeRule(name, rule, args, { depth }).kind === 'ok')
      return ` (a host whose plan mode may read the network can allow it with shell.policyClasses: ['${className}'])`;
  }
  return '';
}

function singleQuote(word: string): string {
  return `'${word.replaceAll("'", `'\\''`)}'`;
}

function verdict(block: Block | undefined, commands: { argv: string[] }[]): ShellVerdict {
  if (block === undefined)
    return {
      readOnly: true,
      code: ShellCodes.readOnly,
      reason: 'every command is read-only',
      commands,
    };
  return { readOnly: false, code: block.code, reason: block.reason, commands };
}

function judgeScript(
  commands: readonly SimpleCommand[],
  walk: Walk,
  depth: number,
): Block | undefined {
  for (const command of commands) {
    walk.count += 1;
    if (walk.count > MAX_COMMANDS)
      return {
        code: ShellCodes.tooManyCommands,
        reason: `more than ${MAX_COMMANDS} commands; split the work into smaller commands`,
      };
    if (command.substitutions !== undefined) {
      const block = judgeSubstitutions(command.substitutions, walk, depth);
      if (block) return block;
    }
    const block =
      judgeAssignments(command.assignments) ?? judgeWords(command.words, walk, depth, 0);
    if (block) return block;
  }
  return undefined;
}

/**
 * `"$(…)"` and `<(…)` scripts run before their command: each is parsed and judged like a
 * `bash -c` script, one level deeper, within the same command budget.
 */
function judgeSubstitutions(
  scripts: readonly string[],
  walk: Walk,
  depth: number,
): Block | undefined {
  for (const script of scripts) {
    if (depth + 1 > MAX_NESTING)
      return {
        code: ShellCodes.nestingTooDeep,
        reason: `command substitutions nest more than ${MAX_NESTING} deep; run the inner command on its own first`,
      };
    const inner = parseWithLimits(script, {
      maxCommands: MAX_COMMANDS - walk.count,
      maxNesting: MAX_NESTING - depth - 1,
    });
    if (!inner.ok) return { code: inner.code, reason: `in \`$(${script})\`: ${inner.reason}` };
    const block = judgeScript(inner.commands, walk, depth + 1);
    if (block) return block;
  }
  return undefined;
}

function judgeWords(
  words: readonly ShellWord[],
  walk: Walk,
  depth: number,
  wrappers: number,
  untrustedTail = false,
): Block | undefined {
  const program = words[0];
  if (program === undefined) return undefined;
  // Stryker disable next-line ConditionalExpression: slice(1) of one word is empty too; noWords only saves the copy
  const args = words.length === 1 ? noWords : words.slice(1);
  const name = program.value;
  if (program.glob)
    return { code: ShellCodes.unsafeGlob, reason: 'the program name must be literal, not a glob' };
  if (program.tilde || name.includes('/'))
    return {
      code: ShellCodes.pathProgram,
      reason: `\`${name}\` runs a program by path; only known programs found on PATH are allowed — read the file with cat (\`cat ${name}\`), or call a read-only program by its bare name`,
    };
  if (name === 'cd') walk.sawCd = true;
  if (name === 'git' && walk.sawCd)
    return {
      code: ShellCodes.gitAfterCd,
      reason:
        'git after cd could read a repository planted in that directory; run git from the starting directory',
    };
  // The default policy's sets are empty: no lookup then (this runs for every command).
  const { policy } = walk;
  // Stryker disable next-line ConditionalExpression,EqualityOperator: an empty set has nothing either; the size only skips the lookup
  if (policy.removed.size !== 0 && policy.removed.has(name))
    return {
      code: ShellCodes.removedByPolicy,
      reason: `\`${name}\` is not allowed by the host's policy`,
    };

  const rule: ProgramRule | undefined =
    // Stryker disable next-line ConditionalExpression,EqualityOperator: an empty map has nothing either; the size only skips the lookup
    (policy.programs.size === 0 ? undefined : policy.programs.get(name)) ??
    findRule(defaultPrograms, name);
  if (rule === undefined)
    return {
      code: ShellCodes.unknownProgram,
      reason: `\`${name}\` is not a known read-only program; use one that is (cat, grep, rg, ls, find, git log …) or propose the step in your plan`,
    };
  // xargs appends names read from stdin: judge the target as if one more word could be
  // anything, including an option. A synthetic glob word is exactly that for the engine.
  const judged = untrustedTail ? [...args, untrustedName] : args;
  const result = judgeRule(name, rule, judged, { depth });
  switch (result.kind) {
    // Stryker disable next-line StringLiteral: an unmatched 'ok' falls out of the switch, returning undefined too
    case 'ok':
      return undefined;
    case 'block':
      if (result.code === ShellCodes.networkProgram)
        return { code: result.code, reason: result.reason + classHint(name, args, walk, depth) };
      if (untrustedTail && result.code === ShellCodes.unsafeGlob)
        return {
          code: ShellCodes.xargsTarget,
          reason: `names xargs reads from stdin could become \`${name}\` options; end ${name}'s arguments with -- or use a program without writing options`,
        };
      return { code: result.code, reason: result.reason };
    case 'run': {
      if (wrappers + 1 > MAX_WRAPPERS)
        return {
          code: ShellCodes.nestingTooDeep,
          reason: `more than ${MAX_WRAPPERS} nested wrapper commands; run the innermost command directly`,
        };
      return judgeWords(result.argv, walk, depth, wrappers + 1, result.appendsUntrusted === true);
    }
    case 'script': {
      if (depth + 1 > MAX_NESTING)
        return {
          code: ShellCodes.nestingTooDeep,
          reason: `shell scripts nest more than ${MAX_NESTING} deep; run the inner command directly instead of through another shell`,
        };
      const inner = parseWithLimits(result.script, {
        maxCommands: MAX_COMMANDS - walk.count,
        maxNesting: MAX_NESTING - depth - 1,
      });
      if (!inner.ok)
        return { code: inner.code, reason: `in the ${name} -c script: ${inner.reason}` };
      return judgeScript(inner.commands, walk, depth + 1);
    }
  }
}
