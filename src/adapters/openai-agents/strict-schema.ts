import type { TSchema } from '@sinclair/typebox';

/** A JSON object schema in the shape the SDK's strict function tools take. */
export interface StrictObjectSchema {
  type: 'object';
  properties: Record<string, Record<string, unknown>>;
  required: string[];
  additionalProperties: false;
  description?: string;
}

// Keywords OpenAI's strict function calling does not accept on strings. planfirst validates
// every plan-tool input itself (handlePlanToolCall), so dropping them loses no check.
const unsupported = new Set(['minLength', 'maxLength']);

function isStringLiteral(branch: unknown): branch is { const: string } {
  return (
    typeof branch === 'object' &&
    branch !== null &&
    typeof (branch as { const?: unknown }).const === 'string'
  );
}

function strictNode(node: unknown): unknown {
  if (Array.isArray(node)) return node.map(strictNode);
  if (typeof node !== 'object' || node === null) return node;
  const record = node as Record<string, unknown>;
  // A union of string literals (TypeBox's encoding of an enum) becomes a plain `enum`.
  const anyOf = record.anyOf;
  if (Array.isArray(anyOf) && anyOf.length > 0 && anyOf.every(isStringLiteral)) {
    const description = typeof record.description === 'string' ? record.description : undefined;
    return {
      type: 'string',
      enum: anyOf.map((b) => b.const),
      ...(description === undefined ? {} : { description }),
    };
  }
  const out: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(record)) {
    if (unsupported.has(key)) continue;
    out[key] = key === 'properties' ? strictProperties(value) : strictNode(value);
  }
  return out;
}

function strictProperties(value: unknown): unknown {
  if (typeof value !== 'object' || value === null) return value;
  return Object.fromEntries(Object.entries(value).map(([k, v]) => [k, strictNode(v)]));
}

/**
 * A planfirst tool schema (TypeBox, JSON Schema) reduced to what strict function calling
 * accepts. The SDK then turns optional fields into required nullable ones and strips the nulls
 * again before the tool runs; the input is still validated by planfirst.
 */
export function strictParameters(schema: TSchema): StrictObjectSchema {
  // The JSON round trip drops TypeBox's symbol keys and gives us a private copy to rewrite.
  const plain = JSON.parse(JSON.stringify(schema)) as unknown;
  const converted = strictNode(plain) as Partial<StrictObjectSchema>;
  if (converted.type !== 'object' || converted.additionalProperties !== false)
    throw new TypeError('a plan tool schema must be a closed object schema');
  return {
    ...converted,
    type: 'object',
    properties: converted.properties ?? {},
    required: converted.required ?? [],
    additionalProperties: false,
  };
}
