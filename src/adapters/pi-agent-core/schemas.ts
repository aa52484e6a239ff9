import { type TSchema, Type } from '@mariozechner/pi-ai';
import { type PlanToolName, planModeTools } from '../../index.js';

// pi validates tool arguments with its own TypeBox (the `typebox` 1.x package), which converts
// loose model output (a step id sent as 2 instead of "2") only for schemas it built itself.
// planfirst's schemas come from @sinclair/typebox 0.34, so they are rebuilt here with pi's
// `Type` from their JSON form: one source of truth, derived rather than copied.

type JsonSchema = Record<string, unknown>;

// Keys that shape the type; every other key (description, minLength, additionalProperties …)
// is passed through as an option.
const structural = new Set(['type', 'properties', 'required', 'items', 'anyOf', 'const']);

/**
 * Rebuilds a JSON schema of the subset planfirst's plan tools use (objects, arrays, strings,
 * numbers, booleans, literals, unions) with pi's TypeBox. Throws on anything else: that is a
 * programmer error caught by the adapter's tests, never a runtime input.
 */
export function toPiSchema(schema: unknown): TSchema {
  if (typeof schema !== 'object' || schema === null || Array.isArray(schema))
    throw new TypeError('toPiSchema: expected a JSON schema object');
  const json = schema as JsonSchema;
  const options = Object.fromEntries(Object.entries(json).filter(([k]) => !structural.has(k)));
  if (Array.isArray(json.anyOf)) return Type.Union(json.anyOf.map(toPiSchema), options);
  if (json.const !== undefined) return literal(json.const, options);
  switch (json.type) {
    case 'object':
      return object(json, options);
    case 'array':
      return Type.Array(toPiSchema(json.items), options);
    case 'string':
      return Type.String(options);
    case 'number':
      return Type.Number(options);
    case 'integer':
      return Type.Integer(options);
    case 'boolean':
      return Type.Boolean(options);
    default:
      throw new TypeError(`toPiSchema: unsupported schema ${JSON.stringify(json)}`);
  }
}

function literal(value: unknown, options: JsonSchema): TSchema {
  if (typeof value === 'string' || typeof value === 'number' || typeof value === 'boolean')
    return Type.Literal(value, options);
  throw new TypeError(`toPiSchema: unsupported literal ${JSON.stringify(value)}`);
}

function object(json: JsonSchema, options: JsonSchema): TSchema {
  const required = new Set(Array.isArray(json.required) ? json.required : []);
  const properties = (json.properties ?? {}) as Record<string, unknown>;
  const shape: Record<string, TSchema> = {};
  for (const [key, value] of Object.entries(properties)) {
    const property = toPiSchema(value);
    shape[key] = required.has(key) ? property : Type.Optional(property);
  }
  return Type.Object(shape, options);
}

/**
 * The plan tools' parameter schemas as pi TypeBox schemas, built once at import so pi's
 * validator cache (keyed by schema object) compiles each only once.
 */
export const piPlanToolParameters: Readonly<Record<PlanToolName, TSchema>> = Object.freeze({
  enter_plan_mode: toPiSchema(planModeTools.enter_plan_mode.parameters),
  exit_plan_mode: toPiSchema(planModeTools.exit_plan_mode.parameters),
  update_plan: toPiSchema(planModeTools.update_plan.parameters),
  ask_user: toPiSchema(planModeTools.ask_user.parameters),
  plan_mode_status: toPiSchema(planModeTools.plan_mode_status.parameters),
});
