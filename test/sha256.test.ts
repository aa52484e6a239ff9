import { createHash } from 'node:crypto';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { sha256Hex } from '../src/sha256.js';

describe('sha256Hex', () => {
  it('matches node:crypto on block boundaries and arbitrary text', () => {
    for (const n of [0, 1, 55, 56, 63, 64, 65, 119, 120, 1000])
      expect(sha256Hex('a'.repeat(n))).toBe(
        createHash('sha256').update('a'.repeat(n)).digest('hex'),
      );
    fc.assert(
      fc.property(fc.string({ unit: 'grapheme' }), (s) => {
        expect(sha256Hex(s)).toBe(createHash('sha256').update(s, 'utf8').digest('hex'));
      }),
      { numRuns: 500 },
    );
  });
});
