import type { z } from 'zod';
import { shellPolicySchema } from './policy.js';

/** `options.shell`: the host's shell policy (extra programs, removed defaults). */
export const shellOptionsSchema = shellPolicySchema;

export type ShellOptions = z.output<typeof shellOptionsSchema>;
