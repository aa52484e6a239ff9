import type { z } from 'zod';
import type { ValidationIssue } from './errors.js';

/** Describes a received value briefly for error messages ("got -5", "got a string"). */
function describe(value: unknown): string {
  if (value === undefined) return 'nothing';
  if (value === null) return 'null';
  if (typeof value === 'number' || typeof value === 'boolean') return String(value);
  if (typeof value === 'string') {
    const shown = value.length > 40 ? `${value.slice(0, 40)}…` : value;
    return JSON.stringify(shown);
  }
  if (Array.isArray(value)) return 'an array';
  return `a ${typeof value}`;
}

function valueAt(root: unknown, path: readonly PropertyKey[]): unknown {
  let cur: unknown = root;
  for (const key of path) {
    if (cur === null || typeof cur !== 'object') return undefined;
    cur = (cur as Record<PropertyKey, unknown>)[key];
  }
  return cur;
}

function dotted(path: readonly PropertyKey[]): string {
  return path.length === 0 ? '(root)' : path.map(String).join('.');
}

/**
 * Turns zod issues into `{ path, message }` rows that name the received value: one row per
 * unknown key, duplicates dropped, so the list reads as a to-do list for the caller.
 */
export function toValidationIssues(error: z.ZodError, input: unknown): ValidationIssue[] {
  const rows: ValidationIssue[] = [];
  const seen = new Set<string>();
  const add = (path: string, message: string) => {
    const key = `${path}\u0000${message}`;
    if (seen.has(key)) return;
    seen.add(key);
    rows.push({ path, message });
  };
  for (const issue of error.issues) {
    if (issue.code === 'unrecognized_keys') {
      for (const key of issue.keys) add(dotted([...issue.path, key]), 'unknown key');
      continue;
    }
    add(dotted(issue.path), `${issue.message}, got ${describe(valueAt(input, issue.path))}`);
  }
  return rows;
}
