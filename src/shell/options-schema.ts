import type { z } from 'zod';
import { lazy } from '../lazy.js';
import { nameList, nonNegativeInt, oneOf } from '../schema-helpers.js';
import { shellPolicyClassNames } from './index.js';

// `options.shell` as a zod schema, for resolveOptions and the options table. The shell entry
// itself checks program specs by hand (program-spec-check.ts) so it loads no schema library;
// a property test keeps the two in agreement.

const hazards = ['writes', 'executes', 'network', 'interactive', 'unsupported'] as const;

/** A program rule as plain data, for options objects and JSON configuration. */
export const programSpecSchema = lazy((z) =>
  z.strictObject({
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
  }),
);

/** `options.shell`: the host's shell policy (extra programs, removed defaults). */
export const shellOptionsSchema = lazy((z) =>
  z.strictObject({
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
    policyClasses: z
      .array(oneOf(shellPolicyClassNames))
      .default([])
      .describe(
        "Opt-in classes of trusted non-read-only programs, off by default: 'network-read' allows gh view/list and gh api GET.",
      ),
    hostShell: oneOf(['posix', 'cmd', 'powershell'])
      .default('posix')
      .describe(
        "The shell the host runs commands with: verdicts cover POSIX shells; under 'cmd' or 'powershell' every command is refused (unsupported_shell).",
      ),
    githubHosts: z
      .array(
        z
          .string()
          .regex(
            /^[a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?(?:\.[a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?)+$/,
            {
              error: 'expected a lower-case host name like github.example.com',
            },
          )
          .max(253),
      )
      .min(1)
      .optional()
      .describe(
        "The GitHub hosts the 'network-read' class lets gh reach (default github.com); add a GitHub Enterprise Server host here.",
      ),
  }),
);

export type ShellOptions = z.output<typeof shellOptionsSchema>;
