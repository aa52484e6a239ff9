import type { z } from 'zod';
import { autoContinueOptionsSchema } from './auto-continue/options-schema.js';
import { OptionsError, type ValidationIssue } from './errors.js';
import { prepareCues } from './incomplete-turn/compiled-cues.js';
import { incompleteTurnOptionsSchema } from './incomplete-turn/options-schema.js';
import { lazy } from './lazy.js';
import { resolvedDefaults } from './options-defaults.js';
import { emptyRecord, ownData, withoutPrototypes } from './own-data.js';
import { planModeOptionsSchema } from './plan-mode/options-schema.js';
import { runOptionsSchema } from './run/options-schema.js';
import { shellOptionsSchema } from './shell/options-schema.js';
import { toValidationIssues } from './zod-issues.js';

// One schema for the whole options object. Each section lives beside the module it configures;
// `prefault({})` makes every nested object merge field by field with its defaults.
export const optionsSchema = lazy((z) =>
  z.strictObject(
    {
      planMode: planModeOptionsSchema.prefault(emptyRecord),
      shell: shellOptionsSchema.prefault(emptyRecord),
      incompleteTurn: incompleteTurnOptionsSchema.prefault(emptyRecord),
      autoContinue: autoContinueOptionsSchema.prefault(emptyRecord),
      run: runOptionsSchema.prefault(emptyRecord),
    },
    { error: 'expected an options object' },
  ),
);

/** What a host may pass: every field optional, nested objects partial. */
export type PlanfirstOptions = z.input<typeof optionsSchema>;
/** The options after validation and defaults: every field present. */
export type ResolvedOptions = z.output<typeof optionsSchema>;

/**
 * Validates and defaults a host's options object. Throws OptionsError listing every bad path,
 * so a host fixes its configuration in one pass.
 */
export function resolveOptions(input: unknown = {}): ResolvedOptions {
  if (typeof input === 'object' && input !== null && resolved.has(input))
    return input as ResolvedOptions;
  const bad = prototypeKeyIssues(input, '');
  if (bad.length > 0) throw new OptionsError(bad);
  // Own properties only, with no prototype to inherit from: a polluted Object.prototype is
  // never read as an option (or as an unknown key).
  const own = ownData(input ?? {});
  if (!own.ok)
    throw new OptionsError([{ path: own.path, message: 'nested too deeply to be an option' }]);
  const result = optionsSchema.safeParse(own.value);
  if (!result.success) throw new OptionsError(toValidationIssues(result.error, input));
  const frozen = deepFreeze(withoutPrototypes(result.data));
  resolved.add(frozen);
  // Compile the cue automaton here, once per options object, so a run's first classifyTurn()
  // does not pay it (tens of milliseconds before the JIT warms up).
  if (frozen.incompleteTurn.enabled) prepareCues(frozen);
  return frozen;
}

let defaults: ResolvedOptions | undefined;

/**
 * Equal to resolveOptions({}), built without zod: for callers that pass no options, in processes
 * too short-lived to amortise building the schemas (the coding-agent hook). One frozen object;
 * its cue automaton is compiled on first use, phrase by phrase as texts need it.
 */
export function defaultOptions(): ResolvedOptions {
  if (defaults === undefined) {
    defaults = deepFreeze(resolvedDefaults());
    resolved.add(defaults);
  }
  return defaults;
}

// Objects resolveOptions() produced; passing one back in skips re-validation (hot paths such
// as checkToolCall take options on every call). They are deep-frozen, so what was validated
// is what is used.
const resolved = new WeakSet<object>();

function deepFreeze<T>(value: T): T {
  if (typeof value === 'object' && value !== null && !Object.isFrozen(value)) {
    Object.freeze(value);
    for (const child of Object.values(value)) deepFreeze(child);
  }
  return value;
}

function isPlainObject(value: unknown): value is Record<string, unknown> {
  if (typeof value !== 'object' || value === null || Array.isArray(value)) return false;
  const proto = Object.getPrototypeOf(value) as unknown;
  return proto === Object.prototype || proto === null;
}

/** Keys that rewire prototypes when merged; never a planfirst option. */
const prototypeKeys: ReadonlySet<string> = new Set(['__proto__', 'constructor', 'prototype']);

/**
 * Layers an override on top of base options field by field (arrays and scalars replace,
 * nested objects merge), so a per-session override never drops the host's other settings.
 * Only own properties are read, and a `__proto__`, `constructor` or `prototype` key anywhere
 * (as JSON.parse produces from untrusted text) throws OptionsError instead of becoming the
 * merged object's prototype.
 */
export function mergeOptions(base: PlanfirstOptions, override: PlanfirstOptions): PlanfirstOptions {
  const issues = [...prototypeKeyIssues(base, '(base)'), ...prototypeKeyIssues(override, '')];
  if (issues.length > 0) throw new OptionsError(issues);
  return mergeRecords(base, override) as PlanfirstOptions;
}

function prototypeKeyIssues(value: unknown, path: string, depth = 0): ValidationIssue[] {
  if (typeof value !== 'object' || value === null || depth > 16) return [];
  const issues: ValidationIssue[] = [];
  for (const key of Object.keys(value)) {
    const at = path === '' ? key : `${path}.${key}`;
    if (prototypeKeys.has(key))
      issues.push({ path: at, message: 'a prototype key is never an option' });
    else
      issues.push(
        ...prototypeKeyIssues(Object.getOwnPropertyDescriptor(value, key)?.value, at, depth + 1),
      );
  }
  return issues;
}

function mergeRecords(base: unknown, override: unknown): unknown {
  if (!isPlainObject(base) || !isPlainObject(override))
    return override === undefined ? base : override;
  const out: Record<string, unknown> = {};
  for (const key of Object.keys(base)) out[key] = base[key];
  for (const key of Object.keys(override)) {
    const value = override[key];
    if (value === undefined) continue;
    out[key] = mergeRecords(Object.hasOwn(base, key) ? base[key] : undefined, value);
  }
  return out;
}

/** Accepts either resolved options or raw input, so every entry point takes both. */
export function ensureResolved(
  options: PlanfirstOptions | ResolvedOptions | undefined,
): ResolvedOptions {
  return resolveOptions(options ?? {});
}
