// Stands in for zod inside the hook bundle (dist/hook.js; see tsup.config.ts). The shell
// analyzer's module builds its policy schema when it loads, but a hook call without extra
// programs never validates with it; loading zod would cost more than the rest of the call.
// Building a schema yields another stand-in; validating throws, which the hook answers like
// any internal error (blocking in plan mode, never an allow). Calls that validate program
// specs load the full library instead.

const validators = new Set([
  'parse',
  'safeParse',
  'parseAsync',
  'safeParseAsync',
  'spa',
  'decode',
  'encode',
  'safeDecode',
  'safeEncode',
]);

function fail(): never {
  throw new Error('schema validation is not available in the hook bundle');
}

const standIn: object = new Proxy(() => undefined, {
  get: (_target, key) => (typeof key === 'string' && validators.has(key) ? fail : standIn),
  apply: () => standIn,
  construct: () => standIn,
});

export const z = standIn;
export default standIn;
