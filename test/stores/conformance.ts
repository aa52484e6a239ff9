import { it } from 'vitest';
import type { VersionedSessionStore } from '../../src/index.js';
import { storeConformance } from '../../src/testing/index.js';

/** Registers the exported conformance suite, one vitest test per case. */
export function conformanceTests(make: () => Promise<VersionedSessionStore>): void {
  for (const c of storeConformance(make)) it(c.name, c.run);
}
