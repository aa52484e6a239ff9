import { PGlite } from '@electric-sql/pglite';

let shared: Promise<PGlite> | undefined;
let tables = 0;

/** One PGlite per test file (it takes seconds to start); each caller gets a fresh table name. */
export function pglite(): Promise<PGlite> {
  shared ??= PGlite.create();
  return shared;
}

export function freshTable(): string {
  tables += 1;
  return `planfirst_test_${process.pid}_${tables}`;
}
