import { z } from 'zod';
import { nameList } from '../schema-helpers.js';

export const shellOptionsSchema = z.strictObject({
  removePrograms: nameList()
    .default([])
    .describe('Default read-only programs the host does not want allowed while planning.'),
});

export type ShellOptions = z.output<typeof shellOptionsSchema>;
