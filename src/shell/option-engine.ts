import { ShellCodes } from './codes.js';
import { hasOwn } from './has-own.js';
import {
  describeAmbiguous,
  describeBadOperandCount,
  describeFlagWithValue,
  describeGlob,
  describeHazard,
  describeMissingValue,
  describeNotSpelledOut,
  describeUnknown,
} from './option-messages.js';
import type {
  Block,
  GlobPolicy,
  OptionSpec,
  ParsedArgs,
  ParsedOption,
  ProgramRule,
  ProgramSpec,
  RuleContext,
  RuleResult,
} from './spec.js';
import type { ShellWord } from './types.js';

// The tiny interpreter behind every table-driven program rule. It reads decoded words the way
// GNU getopt_long does (bundles, attached values, `--opt=value`, unambiguous abbreviations,
// permutation) so that every spelling that reaches a program is judged as that program reads it.

/**
 * ParsedOption.name of a `-NUM` word when the spec has `numericOption` (`head -20`).
 * The digits are its value; checks that care about the number read them from there.
 */
export const NUMERIC_OPTION = '-NUM';

/** How far alias chains are followed; a longer chain is a table bug and resolves to nothing. */
const MAX_ALIAS_DEPTH = 8;

/**
 * Tells a parse failure from parsed arguments (parseArgs returns either).
 * Blocks carry a `code`; parsed arguments never do.
 */
export function isBlock(value: ParsedArgs | Block): value is Block {
  return hasOwn(value, 'code');
}

/**
 * Follows `alias` links to the key whose fields apply.
 * Returns undefined for a missing key or a broken/cyclic alias chain.
 */
export function canonicalOption(
  spec: ProgramSpec,
  key: string,
): { key: string; option: OptionSpec } | undefined {
  const target = tableOf(spec).get(key);
  return target === undefined ? undefined : { key: target.key, option: target.option };
}

/**
 * The key whose fields apply to a spelling, and those fields, copied out of the option so that
 * every entry has one shape: option objects come in many shapes, and reading their fields on
 * the hot path would be a megamorphic load each.
 */
interface Canonical {
  key: string;
  option: OptionSpec;
  value: OptionSpec['value'];
  extraValues: number;
  hazard: OptionSpec['hazard'];
  reason: OptionSpec['reason'];
  check: OptionSpec['check'];
  unknownValue: OptionSpec['unknownValue'];
}

/** Every spelling of a spec, aliases already followed: what the parse looks up per word. */
type Table = ReadonlyMap<string, Canonical>;

// Built on a spec's first use, not per call, and keyed by the options object, which a spec
// never replaces (a table is data; changing it after its first use is not supported).
const tables = new WeakMap<object, Table>();

function tableOf(spec: ProgramSpec): Table {
  let table = tables.get(spec.options);
  // Stryker disable next-line ConditionalExpression: the table is only cached; rebuilt, it is equal
  if (table === undefined) {
    const built = new Map<string, Canonical>();
    for (const key of Object.keys(spec.options)) {
      const target = followAliases(spec, key);
      // Stryker disable next-line ConditionalExpression: a key set to undefined reads as a missing one
      if (target !== undefined) built.set(key, target);
    }
    table = built;
    tables.set(spec.options, table);
  }
  return table;
}

/**
 * A spec's table and its settings with the defaults applied, in one shape for every spec (spec
 * objects differ in which fields they set; see Canonical).
 */
interface Compiled {
  table: Table;
  endOfOptions: boolean;
  permute: boolean;
  dashIsOperand: boolean;
  numericOption: boolean;
  abbreviations: boolean;
  globs: GlobPolicy;
  operands: ProgramSpec['operands'];
  check: ProgramSpec['check'];
}

// Made on a spec's first use; a spec is data, never changed after that (like its options).
const compiledSpecs = new WeakMap<ProgramSpec, Compiled>();

function compiled(spec: ProgramSpec): Compiled {
  let found = compiledSpecs.get(spec);
  // Stryker disable next-line ConditionalExpression: only cached; rebuilt, it is equal
  if (found === undefined) {
    found = {
      table: tableOf(spec),
      endOfOptions: spec.endOfOptions ?? true,
      permute: spec.permute ?? true,
      dashIsOperand: spec.dashIsOperand ?? true,
      numericOption: spec.numericOption === true,
      abbreviations: spec.abbreviations !== false,
      globs: spec.globs,
      operands: spec.operands,
      check: spec.check,
    };
    compiledSpecs.set(spec, found);
  }
  return found;
}

function followAliases(spec: ProgramSpec, key: string): Canonical | undefined {
  let current = key;
  for (let depth = 0; depth <= MAX_ALIAS_DEPTH; depth++) {
    const option = lookup(spec, current);
    if (option === undefined) return undefined;
    if (option.alias === undefined)
      return {
        key: current,
        option,
        value: option.value,
        extraValues: option.extraValues ?? 0,
        hazard: option.hazard,
        reason: option.reason,
        check: option.check,
        unknownValue: option.unknownValue,
      };
    current = option.alias;
  }
  return undefined;
}

// Own properties only: a word like `--constructor` must never find Object.prototype members.
function lookup(spec: ProgramSpec, key: string): OptionSpec | undefined {
  return Object.hasOwn(spec.options, key) ? spec.options[key] : undefined;
}

/**
 * The parse so far, filled in by the readers: the parsed arguments, and for option k at
 * spellings[2k] the key its spelling resolved to before aliases (`--output` for `--outp`) and
 * at spellings[2k + 1] what the user wrote (no object per option beyond the ParsedOption).
 * A class, so that `instanceof` tells it from a Block without a property lookup (a prototype
 * with a `code` cannot fake that either).
 */
class Parse {
  readonly args: ParsedArgs;
  readonly spellings: string[] = [];
  /** Words at this index and later can only be operands; globs before it may become options. */
  optionsEndAt: number;
  constructor(operands: ShellWord[], optionsEndAt: number) {
    this.args = { options: [], operands, sawEndOfOptions: false };
    this.optionsEndAt = optionsEndAt;
  }
}

function record(found: Parse, parsed: ParsedOption, resolved: string, spelled: string): void {
  found.args.options.push(parsed);
  found.spellings.push(resolved, spelled);
}

/**
 * Parses the words after the program name per the spec (no hazard judgement).
 * Returns a Block for words the program would reject or we cannot read (unknown, ambiguous).
 */
export function parseArgs(
  program: string,
  args: readonly ShellWord[],
  spec: ProgramSpec,
): ParsedArgs | Block {
  const result = parse(program, args, spec, compiled(spec));
  return result instanceof Parse ? result.args : result;
}

function parse(
  program: string,
  args: readonly ShellWord[],
  spec: ProgramSpec,
  c: Compiled,
): Parse | Block {
  const { endOfOptions, permute, dashIsOperand } = c;
  const operands: ShellWord[] = [];
  const found = new Parse(operands, args.length);
  let optionsEndAt = args.length;
  let i = 0;
  while (i < args.length) {
    const word = args[i] as ShellWord;
    const text = word.value;
    if (i >= optionsEndAt) {
      operands.push(word);
      i++;
      continue;
    }
    if (text === '--' && endOfOptions) {
      found.args.sawEndOfOptions = true;
      optionsEndAt = i + 1;
      i++;
      continue;
    }
    if (!text.startsWith('-') || text.length === 1 || (text === '--' && !endOfOptions)) {
      if (text === '-' && !dashIsOperand) return describeUnknown(program, '-', word);
      operands.push(word);
      if (!permute) optionsEndAt = i + 1;
      i++;
      continue;
    }
    const next = text.startsWith('--')
      ? readLong(program, spec, c, args, i, found)
      : readShort(program, c, args, i, found);
    if (typeof next !== 'number') return next;
    i = next;
  }
  found.optionsEndAt = optionsEndAt;
  return found;
}

// The readers below record what they parse in `found` and return the index of the next unread
// word (or a Block): no per-word step objects on the hot path.

function readLong(
  program: string,
  spec: ProgramSpec,
  c: Compiled,
  args: readonly ShellWord[],
  index: number,
  found: Parse,
): number | Block {
  const word = args[index] as ShellWord;
  const equals = word.value.indexOf('=');
  const spelled = equals === -1 ? word.value : word.value.slice(0, equals);
  const attached = equals === -1 ? undefined : attachedWord(word, equals + 1);
  if (spelled.length <= 2) return describeUnknown(program, spelled, word);
  const resolved = resolveLong(program, spec, c, spelled, word);
  if (hasOwn(resolved, 'code')) return resolved;
  const { key, canonical, option } = resolved;
  return takeValue(program, args, index, spelled, key, canonical, option, attached, found);
}

/** Exact key first; else (when allowed) the one option that every matching prefix names. */
function resolveLong(
  program: string,
  spec: ProgramSpec,
  c: Compiled,
  spelled: string,
  word: ShellWord,
): { key: string; canonical: string; option: Canonical } | Block {
  const { table } = c;
  const exact = table.get(spelled);
  if (exact !== undefined) return { key: spelled, canonical: exact.key, option: exact };
  if (!c.abbreviations) {
    return describeNotSpelledOut(program, spelled, word, prefixedKeys(spec, table, spelled));
  }
  const candidates: { key: string; canonical: string; option: Canonical }[] = [];
  for (const key of longKeys(spec)) {
    if (!key.startsWith(spelled)) continue;
    const target = table.get(key);
    if (target === undefined) continue;
    candidates.push({ key, canonical: target.key, option: target });
  }
  const first = candidates[0];
  if (first === undefined) return describeUnknown(program, spelled, word);
  if (candidates.some((candidate) => candidate.canonical !== first.canonical)) {
    return describeAmbiguous(
      program,
      spelled,
      candidates.map((candidate) => candidate.key),
    );
  }
  return first;
}

/** The long keys a spelling is a prefix of (for the refusal's hint; never on the ok path). */
function prefixedKeys(spec: ProgramSpec, table: Table, spelled: string): string[] {
  return longKeys(spec).filter((key) => key.startsWith(spelled) && table.has(key));
}

// The `--` keys of each spec's option table, in table order, listed on the first abbreviation
// lookup instead of on every one. Keyed by the options object, which a spec never replaces.
const longKeyCache = new WeakMap<object, readonly string[]>();

function longKeys(spec: ProgramSpec): readonly string[] {
  let keys = longKeyCache.get(spec.options);
  // Stryker disable next-line ConditionalExpression: the list is only cached; rebuilt, it is equal
  if (keys === undefined) {
    // Stryker disable next-line MethodExpression,StringLiteral: the spelling looked up starts with --, so no other key can match it
    keys = Object.keys(spec.options).filter((key) => key.startsWith('--'));
    longKeyCache.set(spec.options, keys);
  }
  return keys;
}

function readShort(
  program: string,
  c: Compiled,
  args: readonly ShellWord[],
  index: number,
  found: Parse,
): number | Block {
  const word = args[index] as ShellWord;
  const text = word.value;
  const { table } = c;
  // Single-dash long options (`xxd -cols`, `find -name`) are spelled out in full in the spec.
  // Stryker disable next-line ConditionalExpression,EqualityOperator: a two-character word found whole is the same option the short reader finds
  const whole = text.length > 2 ? table.get(text) : undefined;
  if (whole !== undefined) {
    return takeValue(program, args, index, text, text, whole.key, whole, undefined, found);
  }
  if (c.numericOption && isDigits(text.slice(1))) {
    const value = attachedWord(word, 1);
    record(found, { name: NUMERIC_OPTION, value, word }, NUMERIC_OPTION, text);
    return index + 1;
  }
  for (let at = 1; at < text.length; at++) {
    const code = text.charCodeAt(at);
    const spelled = code < 128 ? (shortSpellings[code] as string) : `-${text.charAt(at)}`;
    const target = table.get(spelled);
    if (target === undefined) return describeUnknown(program, spelled, word);
    if (target.value === undefined) {
      record(found, { name: target.key, word }, spelled, spelled);
      continue;
    }
    // A value-taking letter ends the cluster: the rest of the word is its value.
    const rest = at + 1 < text.length ? attachedWord(word, at + 1) : undefined;
    return takeValue(program, args, index, spelled, spelled, target.key, target, rest, found);
  }
  return index + 1;
}

// `-a` … for every ASCII letter code: a bundle's letters are looked up with these shared
// strings (their hashes computed once) instead of a new string per letter.
const shortSpellings: readonly string[] = Array.from(
  { length: 128 },
  (_, code) => `-${String.fromCharCode(code)}`,
);

/**
 * Takes the option's value (attached, or the next word when required) and skips its extra
 * values (`jq --arg NAME VALUE`); ParsedOption keeps only the first value, the rest are
 * consumed so they are never read as options or operands.
 */
function takeValue(
  program: string,
  args: readonly ShellWord[],
  index: number,
  spelled: string,
  resolved: string,
  canonical: string,
  option: Canonical,
  attached: ShellWord | undefined,
  found: Parse,
): number | Block {
  const word = args[index] as ShellWord;
  let next = index + 1;
  let value = attached;
  if (option.value === undefined) {
    if (attached !== undefined) return describeFlagWithValue(program, spelled, resolved);
  } else if (option.value === 'required' && value === undefined) {
    value = args[next];
    if (value === undefined) return describeMissingValue(program, spelled, resolved);
    next++;
  }
  const extra = option.extraValues;
  if (next + extra > args.length) return describeMissingValue(program, spelled, resolved);
  const parsed = value === undefined ? { name: canonical, word } : { name: canonical, value, word };
  record(found, parsed, resolved, spelled);
  return next + extra;
}

/** The part of a word after `at` as a word of its own (an attached option value). */
function attachedWord(word: ShellWord, at: number): ShellWord {
  const value = word.value.slice(at);
  const part: ShellWord = { value, raw: value, glob: word.glob, quoted: word.quoted, tilde: false };
  if (word.expansion === true) {
    // The expansions may all lie before `at` (`-"$X"x`): the part is unknown all the same.
    part.expansion = true;
  }
  return part;
}

function isDigits(text: string): boolean {
  if (text.length === 0) return false;
  for (const char of text) if (char < '0' || char > '9') return false;
  return true;
}

/**
 * parseArgs + globs + hazards + operand limits + spec.check → RuleResult.
 * The order puts the most actionable reason first: what an option does beats where a glob is.
 */
export function judgeWithSpec(
  program: string,
  args: readonly ShellWord[],
  spec: ProgramSpec,
  context: RuleContext,
): RuleResult {
  const c = compiled(spec);
  const { table } = c;
  const result = parse(program, args, spec, c);
  if (!(result instanceof Parse)) return block(result);
  const { spellings } = result;
  const { options } = result.args;
  for (let k = 0; k < options.length; k++) {
    const parsed = options[k] as ParsedOption;
    const resolved = spellings[2 * k] as string;
    const verdict = judgeOption(program, table, parsed, resolved, spellings[2 * k + 1] as string);
    if (verdict !== undefined) return block(verdict);
  }
  const glob = findUnsafeGlob(program, args, c.globs, result, table);
  if (glob !== undefined) return block(glob);
  const count = judgeOperandCount(program, c.operands, result.args.operands);
  if (count !== undefined) return block(count);
  return c.check === undefined ? okResult : c.check(result.args, context);
}

/** Shared: most calls end here, and a verdict is never mutated. */
const okResult: RuleResult = { kind: 'ok' };

function judgeOption(
  program: string,
  table: Table,
  parsed: ParsedOption,
  resolved: string,
  spelled: string,
): Block | undefined {
  if (parsed.name === NUMERIC_OPTION) return undefined;
  const target = table.get(parsed.name);
  // Stryker disable next-line ConditionalExpression: the parse records only names from the table
  if (target === undefined) return describeUnknown(program, spelled, parsed.word);
  if (target.hazard !== undefined) {
    return describeHazard(program, spelled, resolved, target.hazard, target.reason);
  }
  if (target.check !== undefined && parsed.value !== undefined) {
    return target.check(parsed.value);
  }
  return undefined;
}

function findUnsafeGlob(
  program: string,
  args: readonly ShellWord[],
  globs: GlobPolicy,
  parsed: Parse,
  table: Table,
): Block | undefined {
  if (globs === 'anywhere' || !args.some((word) => word.glob)) return undefined;
  const { optionsEndAt } = parsed;
  // An option's value may be code or a pattern (`-e SCRIPT`): a glob there is never relaxed.
  // A double-quoted expansion is one word of unknown text: it may stand as the value of an
  // option that declares `unknownValue` (attached, or also the next word for `any`).
  const values = new Set<ShellWord>();
  const inertValues = new Set<ShellWord>();
  for (const option of parsed.args.options) {
    const { value, word } = option;
    if (value === undefined) continue;
    values.add(value);
    // Stryker disable next-line OptionalChaining: the parse records only names from the table
    const mode = table.get(option.name)?.unknownValue;
    if (mode === undefined || value.expansion !== true) continue;
    // The value in the next word is that word itself; an attached one (`--opt="$X"`, `-o"$X"`)
    // is a part of the option's own word, whose name part is literal (no option name holds
    // the `*` an expansion stands as, so it would not have resolved otherwise).
    if (args.includes(value)) {
      if (mode === 'any') inertValues.add(value);
    } else if (word.expansion === true) inertValues.add(word);
  }
  for (let i = 0; i < args.length; i++) {
    const word = args[i] as ShellWord;
    if (!word.glob) continue;
    if (globs === 'never') return describeGlob(program, word, globs);
    if (word.expansion === true && inertValues.has(word)) continue;
    if (i < optionsEndAt && (values.has(word) || !hasLiteralPrefix(word)))
      return describeGlob(program, word, globs);
  }
  return undefined;
}

/**
 * A glob written with a literal first character other than `-` (`./*.txt`, `src/*.ts`) expands
 * only to names that start with that character, so never to an option. The first character must
 * be unquoted and plain in the source too (a quoted `'*'x*` is judged as if it could be `-`).
 */
export function hasLiteralPrefix(word: ShellWord): boolean {
  const first = word.raw.charAt(0);
  return first !== '' && first === word.value.charAt(0) && /[A-Za-z0-9._/]/.test(first);
}

function judgeOperandCount(
  program: string,
  limits: ProgramSpec['operands'],
  operands: readonly ShellWord[],
): Block | undefined {
  if (limits === undefined) return undefined;
  const { min, max } = limits;
  // A glob may expand to any number of names, so a capped count cannot be proven.
  const globbed = operands.some((operand) => operand.glob);
  if (max !== undefined && (operands.length > max || globbed)) {
    const code = limits.maxCode ?? ShellCodes.badOperand;
    return { code, reason: limits.maxReason ?? describeBadOperandCount(program, max, globbed) };
  }
  if (min !== undefined && operands.length < min) {
    return {
      code: ShellCodes.badOperand,
      reason: `\`${program}\` needs at least ${min} operand${min === 1 ? '' : 's'} here`,
    };
  }
  return undefined;
}

/**
 * Judges any ProgramRule (spec or custom).
 * Custom rules receive the words after the program name, exactly as the spec engine does.
 */
export function judgeRule(
  program: string,
  rule: ProgramRule,
  args: readonly ShellWord[],
  context: RuleContext,
): RuleResult {
  return rule.kind === 'spec'
    ? judgeWithSpec(program, args, rule.spec, context)
    : rule.judge(args, context);
}

function block(reason: Block): RuleResult {
  return { kind: 'block', code: reason.code, reason: reason.reason };
}
