import type { JsonValue } from './json.js';

/** JSON with object keys sorted at every level, so equal values always give equal text. */
export function canonicalJson(value: JsonValue): string {
  if (Array.isArray(value)) return `[${value.map(canonicalJson).join(',')}]`;
  if (value !== null && typeof value === 'object') {
    const keys = Object.keys(value).sort();
    const parts: string[] = [];
    for (const key of keys) {
      const child = value[key];
      if (child !== undefined) parts.push(`${JSON.stringify(key)}:${canonicalJson(child)}`);
    }
    return `{${parts.join(',')}}`;
  }
  return JSON.stringify(value);
}
