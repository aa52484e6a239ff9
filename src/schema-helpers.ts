import { zod } from './lazy.js';

// Option and state fields share these builders so every bad value gets the same plain message
// ("expected a positive integer, got -5") instead of zod's generic one.

/** A positive whole number. */
export function positiveInt() {
  const z = zod();
  const error = 'expected a positive integer';
  return z.number({ error }).int({ error }).positive({ error });
}

/** A whole number in [min, max]. */
export function intInRange(min: number, max: number) {
  const z = zod();
  const error = `expected an integer from ${min} to ${max}`;
  return z.number({ error }).int({ error }).min(min, { error }).max(max, { error });
}

/** A non-negative whole number (counters, timestamps in ms). */
export function nonNegativeInt() {
  const z = zod();
  const error = 'expected a non-negative integer';
  return z.number({ error }).int({ error }).min(0, { error });
}

export function bool() {
  const z = zod();
  return z.boolean({ error: 'expected true or false' });
}

/** A list of non-empty strings (tool names, patterns). */
export function nameList() {
  const z = zod();
  const error = 'expected an array of non-empty strings';
  return z.array(z.string({ error }).min(1, { error }), { error });
}

export function nonEmptyString(what = 'a non-empty string') {
  const z = zod();
  const error = `expected ${what}`;
  return z.string({ error }).min(1, { error });
}

/** One of the given literals, with the allowed values in the message. */
export function oneOf<const T extends readonly [string, ...string[]]>(values: T) {
  const z = zod();
  return z.enum(values, { error: `expected one of ${values.map((v) => `'${v}'`).join(', ')}` });
}
