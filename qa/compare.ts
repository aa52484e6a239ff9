import type { JsonValue } from '../src/json.js';

// Partial matching of actual values against the patterns written in scenarios:
// - an object matches when every key of the pattern matches (other keys are ignored);
// - an array matches an array of the same length, element by element;
// - `{ "$includes": "text" }` / `{ "$excludes": "text" }` match a string containing / not
//   containing the text; `{ "$absent": true }` matches a missing value;
// - `"$approval1"`, `"$approval2"`, … stand for the approval ids the scenario produced, in
//   order of first appearance (resolved before matching);
// - anything else must be equal.

/** Replaces `$approvalN` placeholders in a pattern or input with the real ids. */
export function resolvePlaceholders(
  value: JsonValue,
  ids: readonly string[],
  questionIds: readonly string[] = [],
): JsonValue {
  if (typeof value === 'string') {
    const q = /^\$question(\d+)$/.exec(value);
    if (q !== null) return questionIds[Number(q[1]) - 1] ?? `(no question ${q[1]} yet)`;
    const m = /^\$approval(\d+)$/.exec(value);
    if (m === null) return value;
    const id = ids[Number(m[1]) - 1];
    return id ?? `(no approval ${m[1]} yet)`;
  }
  if (Array.isArray(value)) return value.map((v) => resolvePlaceholders(v, ids, questionIds));
  if (value !== null && typeof value === 'object')
    return Object.fromEntries(
      Object.entries(value).map(([k, v]) => [k, resolvePlaceholders(v, ids, questionIds)]),
    );
  return value;
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

function show(value: unknown): string {
  if (value === undefined) return 'undefined';
  const text = JSON.stringify(value);
  return text.length > 160 ? `${text.slice(0, 157)}...` : text;
}

/** Every mismatch between `actual` and `pattern`, as `path: expected …, got …` lines. */
export function mismatches(actual: unknown, pattern: JsonValue, path: string): string[] {
  if (isRecord(pattern)) {
    if ('$absent' in pattern)
      return actual === undefined ? [] : [`${path}: expected no value, got ${show(actual)}`];
    const includes = pattern.$includes;
    if (typeof includes === 'string')
      return typeof actual === 'string' && actual.includes(includes)
        ? []
        : [`${path}: expected text including ${show(includes)}, got ${show(actual)}`];
    const excludes = pattern.$excludes;
    if (typeof excludes === 'string')
      return typeof actual === 'string' && !actual.includes(excludes)
        ? []
        : [`${path}: expected text without ${show(excludes)}, got ${show(actual)}`];
    if (!isRecord(actual)) return [`${path}: expected an object, got ${show(actual)}`];
    return Object.entries(pattern).flatMap(([key, sub]) =>
      mismatches(actual[key], sub, path === '' ? key : `${path}.${key}`),
    );
  }
  if (Array.isArray(pattern)) {
    if (!Array.isArray(actual)) return [`${path}: expected an array, got ${show(actual)}`];
    if (actual.length !== pattern.length)
      return [`${path}: expected ${pattern.length} items, got ${actual.length}: ${show(actual)}`];
    return pattern.flatMap((sub, i) => mismatches(actual[i], sub, `${path}[${i}]`));
  }
  return Object.is(actual, pattern)
    ? []
    : [`${path}: expected ${show(pattern)}, got ${show(actual)}`];
}

/** Whether `actual` matches `pattern` (see mismatches). */
export function matches(actual: unknown, pattern: JsonValue): boolean {
  return mismatches(actual, pattern, '').length === 0;
}

/** Mismatches of two lists of strings, shown whole so the difference is easy to spot. */
export function listMismatch(what: string, actual: readonly string[], expected: readonly string[]) {
  const same = actual.length === expected.length && actual.every((item, i) => item === expected[i]);
  return same ? [] : [`${what}:\n    expected ${show(expected)}\n    got      ${show(actual)}`];
}

/**
 * Whether `items` contains `wanted` in order (other items may come between); reports the first
 * wanted entry that could not be found after the previous one.
 */
export function subsequenceMismatch(
  what: string,
  items: readonly unknown[],
  wanted: readonly JsonValue[],
  describe: (item: unknown) => string,
): string[] {
  let from = 0;
  for (const [n, want] of wanted.entries()) {
    const pattern: JsonValue = typeof want === 'string' ? { type: want } : want;
    const found = items.findIndex((item, i) => i >= from && matches(item, pattern));
    if (found < 0)
      return [
        `${what}: entry ${n + 1} ${show(want)} not found in order; got ${items.map(describe).join(', ')}`,
      ];
    from = found + 1;
  }
  return [];
}
