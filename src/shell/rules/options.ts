import type { OptionSpec } from '../spec.js';

// Shorthand for option tables, so a program's rule reads like its --help text:
//   '-n --lines': 'required'   → `-n` takes a value; `--lines` is another spelling of it.
// The first spelling of a key is canonical; the others become aliases of it.

/** An option's arity, or its full spec (for hazards, extra values and value checks). */
export type OptionShorthand = 'flag' | 'required' | 'optional' | OptionSpec;

/**
 * Expands shorthand keys ("-q --quiet --silent") into an option table with aliases.
 * Throws on a spelling listed twice: that is a bug in a table, found when the module loads.
 */
export function options(
  table: Readonly<Record<string, OptionShorthand>>,
): Record<string, OptionSpec> {
  const out: Record<string, OptionSpec> = {};
  for (const [key, shorthand] of Object.entries(table)) {
    const [canonical, ...aliases] = key.split(' ');
    if (canonical === undefined || canonical === '') throw new Error(`empty option key "${key}"`);
    define(out, canonical, expand(shorthand));
    for (const alias of aliases) define(out, alias, { alias: canonical });
  }
  return out;
}

function expand(shorthand: OptionShorthand): OptionSpec {
  if (shorthand === 'flag') return {};
  if (shorthand === 'required' || shorthand === 'optional') return { value: shorthand };
  return shorthand;
}

function define(out: Record<string, OptionSpec>, spelling: string, spec: OptionSpec): void {
  if (Object.hasOwn(out, spelling)) throw new Error(`option ${spelling} listed twice`);
  out[spelling] = spec;
}

/** `--help` and `--version`, which every GNU program accepts and which only print. */
export const gnuStandard: Readonly<Record<string, OptionShorthand>> = {
  '--help': 'flag',
  '--version': 'flag',
};
