import { z } from 'zod';

export const shellOptionsSchema = z.object({
  removePrograms: z
    .array(z.string().min(1))
    .default([])
    .describe('Default read-only programs the host does not want allowed while planning.'),
});

export type ShellOptions = z.output<typeof shellOptionsSchema>;
