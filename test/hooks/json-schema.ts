// A small draft-07 validator for the keywords the vendored Codex schemas use (type, enum,
// const, properties, required, additionalProperties, items, $ref, allOf, anyOf, oneOf,
// if/then, pattern). Returns the list of violations; empty means valid.

type Schema = Record<string, unknown>;

const typeOf = (v: unknown): string =>
  v === null
    ? 'null'
    : Array.isArray(v)
      ? 'array'
      : typeof v === 'number' && Number.isInteger(v)
        ? 'integer'
        : typeof v;

export function validate(root: Schema, value: unknown): string[] {
  const errors: string[] = [];
  const resolve = (ref: string): Schema => {
    const name = ref.replace('#/definitions/', '');
    const defs = root.definitions as Record<string, Schema>;
    const target = defs[name];
    if (target === undefined) throw new Error(`unknown $ref ${ref}`);
    return target;
  };
  const check = (schema: Schema, v: unknown, path: string): void => {
    if (typeof schema.$ref === 'string') check(resolve(schema.$ref), v, path);
    if (schema.type !== undefined) {
      const types = Array.isArray(schema.type) ? schema.type : [schema.type];
      const t = typeOf(v);
      if (!types.includes(t) && !(t === 'integer' && types.includes('number')))
        errors.push(`${path}: expected ${types.join('|')}, got ${t}`);
    }
    if (Array.isArray(schema.enum) && !schema.enum.includes(v))
      errors.push(`${path}: ${JSON.stringify(v)} not in enum`);
    if ('const' in schema && schema.const !== v)
      errors.push(`${path}: expected const ${JSON.stringify(schema.const)}`);
    if (
      typeof schema.pattern === 'string' &&
      typeof v === 'string' &&
      !new RegExp(schema.pattern).test(v)
    )
      errors.push(`${path}: does not match ${schema.pattern}`);
    if (typeOf(v) === 'object') {
      const obj = v as Record<string, unknown>;
      const props = (schema.properties ?? {}) as Record<string, Schema>;
      for (const key of (schema.required ?? []) as string[])
        if (!(key in obj)) errors.push(`${path}: missing required ${key}`);
      for (const [key, item] of Object.entries(obj)) {
        const sub = props[key];
        if (sub !== undefined) check(sub, item, `${path}.${key}`);
        else if (schema.additionalProperties === false)
          errors.push(`${path}: unexpected property ${key}`);
        else if (typeof schema.additionalProperties === 'object')
          check(schema.additionalProperties as Schema, item, `${path}.${key}`);
      }
    }
    if (Array.isArray(v) && typeof schema.items === 'object')
      for (const [i, item] of v.entries()) check(schema.items as Schema, item, `${path}[${i}]`);
    const sub = (s: Schema) => {
      const saved = errors.length;
      check(s, v, path);
      const ok = errors.length === saved;
      errors.length = saved;
      return ok;
    };
    if (Array.isArray(schema.allOf)) for (const s of schema.allOf as Schema[]) check(s, v, path);
    if (Array.isArray(schema.anyOf) && !(schema.anyOf as Schema[]).some(sub))
      errors.push(`${path}: matches none of anyOf`);
    if (Array.isArray(schema.oneOf) && (schema.oneOf as Schema[]).filter(sub).length !== 1)
      errors.push(`${path}: does not match exactly one of oneOf`);
    if (
      typeof schema.if === 'object' &&
      sub(schema.if as Schema) &&
      typeof schema.then === 'object'
    )
      check(schema.then as Schema, v, path);
  };
  check(root, value, '$');
  return errors;
}
