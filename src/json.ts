import type { z } from 'zod';
import { lazy } from './lazy.js';

/** Any value that survives JSON.stringify/JSON.parse unchanged. */
export type JsonValue =
  | string
  | number
  | boolean
  | null
  | JsonValue[]
  | { [key: string]: JsonValue };

export const jsonValueSchema: z.ZodType<JsonValue> = lazy((z) =>
  z.lazy(() =>
    z.union([
      z.string(),
      z.number().refine(Number.isFinite, 'expected a finite number'),
      z.boolean(),
      z.null(),
      z.array(jsonValueSchema),
      z.record(z.string(), jsonValueSchema),
    ]),
  ),
);
