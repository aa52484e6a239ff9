import { z } from 'zod';
import { OptionsError } from '../errors.js';
import { nameList, nonNegativeInt, oneOf } from '../schema-helpers.js';
import { toValidationIssues } from '../zod-issues.js';
import type { ProgramRule, ProgramSpec } from './spec.js';

// A host's changes to the program table. The parser and its limits are not configurable: a
// policy can only say which programs (with which option rules) count as read-only.

const hazards = ['writes', 'executes', 'network', 'interactive', 'unsupported'] as const;

/** A program rule as plain data, for options objects and JSON configuration. */
export const programSpecSchema = z.strictObject({
  options: z
    .record(
      z
        .string()
        .regex(/^-{1,2}[^-\s=]/, { error: 'expected an option spelling like -x or --long' }),
      z.strictObject({
        value: oneOf(['required', 'optional']).optional(),
        extraValues: nonNegativeInt().optional(),
        hazard: oneOf(hazards).optional(),
        reason: z.string().optional(),
        alias: z.string().optional(),
      }),
    )
    .default({}),
  permute: z.boolean().optional(),
  endOfOptions: z.boolean().optional(),
  abbreviations: z.boolean().optional(),
  numericOption: z.boolean().optional(),
  dashIsOperand: z.boolean().optional(),
  globs: oneOf(['anywhere', 'after-end-of-options', 'never']).default('never'),
  operands: z
    .strictObject({ min: nonNegativeInt().optional(), max: nonNegativeInt().optional() })
    .optional(),
});

export const shellPolicySchema = z.strictObject({
  programs: z
    .record(
      z.string().regex(/^[^/\s]+$/, { error: 'expected a bare program name' }),
      programSpecSchema,
    )
    .default({})
    .describe('Extra read-only programs (or replacements of default rules), as option specs.'),
  removePrograms: nameList()
    .default([])
    .describe('Default read-only programs the host does not want allowed while planning.'),
});

/** What `analyzeShellCommand` accepts as its policy argument. */
export interface ShellPolicy {
  /** Programs to add (or whose default rule to replace): data specs or code rules. */
  programs?: Readonly<Record<string, ProgramRule | z.input<typeof programSpecSchema>>>;
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
      const parsed = programSpecSchema.safeParse(value);
      if (!parsed.success)
        throw new OptionsError(
          toValidationIssues(parsed.error, value).map((i) => ({
            path: `programs.${name}.${i.path}`,
            message: i.message,
          })),
        );
      programs.set(name, { kind: 'spec', spec: parsed.data as ProgramSpec });
    }
  }
  const resolved = { programs, removed: new Set(policy.removePrograms ?? []) };
  cache.set(policy, resolved);
  return resolved;
}
