// The shell analyzer ships as its own bundle (planfirst/shell) and imports nothing from the
// rest of the library, so it keeps its own copy of this one-line guard (src/own-data.ts has
// the library's).

type WithKey<T, K extends string> = [Extract<T, { [P in K]: unknown }>] extends [never]
  ? T & { [P in K]: unknown }
  : Extract<T, { [P in K]: unknown }>;

/** `key in value` for own properties only (a discriminant a polluted prototype cannot fake). */
export function hasOwn<T extends object, K extends string>(
  value: T,
  key: K,
): value is WithKey<T, K> {
  return Object.hasOwn(value, key);
}
