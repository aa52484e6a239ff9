import { OptionsError } from '../errors.js';
import { checkProgramSpec } from './program-spec-check.js';
import type { Hazard, ProgramRule } from './spec.js';

// A host's changes to the program table. The parser and its limits are not configurable: a
// policy can only say which programs (with which option rules) count as read-only.

/** A program rule as plain data (JSON-friendly): what `checkProgramSpec` accepts. */
export interface ProgramSpecInput {
  options?:
    | Readonly<
        Record<
          string,
          {
            value?: 'required' | 'optional' | undefined;
            extraValues?: number | undefined;
            hazard?: Hazard | undefined;
            reason?: string | undefined;
            alias?: string | undefined;
          }
        >
      >
    | undefined;
  permute?: boolean | undefined;
  endOfOptions?: boolean | undefined;
  abbreviations?: boolean | undefined;
  numericOption?: boolean | undefined;
  dashIsOperand?: boolean | undefined;
  globs?: 'anywhere' | 'after-end-of-options' | 'never' | undefined;
  operands?: { min?: number | undefined; max?: number | undefined } | undefined;
}

/** What `analyzeShellCommand` accepts as its policy argument. */
export interface ShellPolicy {
  /** Programs to add (or whose default rule to replace): data specs or code rules. */
  programs?: Readonly<Record<string, ProgramRule | ProgramSpecInput>>;
  /** Default programs to treat as unknown. */
  removePrograms?: readonly string[];
}

/** The policy with every program as a ProgramRule. */
export interface ResolvedShellPolicy {
  programs: ReadonlyMap<string, ProgramRule>;
  removed: ReadonlySet<string>;
}

function isRule(value: unknown): value is ProgramRule {
  const kind = (value as { kind?: unknown } | null)?.kind;
  return kind === 'spec' || kind === 'custom';
}

const cache = new WeakMap<object, ResolvedShellPolicy>();
const empty: ResolvedShellPolicy = { programs: new Map(), removed: new Set() };

/**
 * Validates a host policy once (cached per object). A bad data spec is a programmer error:
 * OptionsError with the paths, like resolveOptions.
 */
export function resolveShellPolicy(policy: ShellPolicy | undefined): ResolvedShellPolicy {
  if (policy === undefined) return empty;
  const hit = cache.get(policy);
  if (hit) return hit;
  const programs = new Map<string, ProgramRule>();
  for (const [name, value] of Object.entries(policy.programs ?? {})) {
    if (isRule(value)) programs.set(name, value);
    else {
      const checked = checkProgramSpec(value);
      if (!checked.ok)
        throw new OptionsError(
          checked.issues.map((i) => ({ path: `programs.${name}.${i.path}`, message: i.message })),
        );
      programs.set(name, { kind: 'spec', spec: checked.spec });
    }
  }
  const resolved = { programs, removed: new Set(policy.removePrograms ?? []) };
  cache.set(policy, resolved);
  return resolved;
}
