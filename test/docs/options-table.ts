import { z } from 'zod';
import { optionsSchema } from '../../src/index.js';

interface JsonSchemaNode {
  type?: string | string[];
  description?: string;
  default?: unknown;
  /** A name for a default too long to print (the cue lists): `defaultCues.promise`. */
  defaultLabel?: string;
  properties?: Record<string, JsonSchemaNode>;
  items?: JsonSchemaNode;
  enum?: unknown[];
  anyOf?: JsonSchemaNode[];
  minimum?: number;
  maximum?: number;
  exclusiveMinimum?: number;
}

function typeOf(node: JsonSchemaNode): string {
  if (node.enum) return node.enum.map((v) => `\`${JSON.stringify(v)}\``).join(' or ');
  if (node.type === 'array') return `${typeOf(node.items ?? {})}[]`;
  if (node.type === 'integer') {
    const lo =
      node.minimum ?? (node.exclusiveMinimum !== undefined ? node.exclusiveMinimum + 1 : undefined);
    const hi = node.maximum !== undefined && node.maximum < 1e15 ? node.maximum : undefined;
    if (lo !== undefined && hi !== undefined) return `integer ${lo}–${hi}`;
    if (lo !== undefined) return `integer ≥ ${lo}`;
    return 'integer';
  }
  return Array.isArray(node.type) ? node.type.join(' or ') : (node.type ?? 'object');
}

// A list rather than a table: the formatter pads every cell of a table column to its widest
// cell, and a few long descriptions made the table twice its text.
function rows(node: JsonSchemaNode, prefix: string, out: string[]): void {
  for (const [key, child] of Object.entries(node.properties ?? {})) {
    const path = prefix ? `${prefix}.${key}` : key;
    if (child.type === 'object' && child.properties) {
      if (child.description) out.push(`- \`${path}\` (object): ${child.description}`);
      rows(child, path, out);
      continue;
    }
    const def = child.defaultLabel
      ? `, default \`${child.defaultLabel}\``
      : child.default === undefined
        ? ''
        : `, default \`${JSON.stringify(child.default)}\``;
    out.push(`- \`${path}\` (${typeOf(child)}${def}): ${child.description ?? ''}`);
  }
}

/** The README's options reference, generated from the zod schema (the schema is the source of truth). */
export function optionsTable(): string {
  const schema = z.toJSONSchema(optionsSchema, {
    io: 'input',
    unrepresentable: 'any',
  }) as JsonSchemaNode;
  const out: string[] = [];
  rows(schema, '', out);
  return out.join('\n');
}
