import type { PhraseMatcher } from './phrase-matcher.js';

/**
 * Every way `tokens` splits completely into phrases of the given categories (at most five),
 * as one bit set: bit m is set when some split uses exactly the categories of mask m (bit i of
 * m = categories[i]). Zero means some word is not covered: "don't do it" has no split, because
 * "don't" is in no list. Linear in the (short) prompt times the longest phrase.
 */
export function coverMasks<C extends string>(
  tokens: string,
  matcher: PhraseMatcher<C>,
  categories: readonly C[],
): number {
  if (!tokens || categories.length > 5) return 0;
  // reach[i]: the masks of the splits of tokens[0, i), as a 32-bit set; unset means none.
  const reach: number[] = [1];
  let frontier = 0; // the furthest position any split has reached
  for (let i = 0; i <= frontier && i < tokens.length; i++) {
    const masks = reach[i] ?? 0;
    if (masks === 0) continue;
    for (const match of matcher.matchesAt(tokens, i)) {
      const bit = categories.indexOf(match.category);
      if (bit < 0) continue;
      const next = tokens.charCodeAt(match.end) === 0x20 ? match.end + 1 : match.end;
      let grown = 0;
      for (let m = 0; m < 32; m++) if (masks & (1 << m)) grown |= 1 << (m | (1 << bit));
      reach[next] = (reach[next] ?? 0) | grown;
      if (next > frontier) frontier = next;
    }
  }
  return (reach[tokens.length] ?? 0) >>> 0;
}

/** The masks (category sets) contained in a coverMasks() result. */
export function masksOf(set: number): number[] {
  const masks: number[] = [];
  for (let m = 0; m < 32; m++) if (set & (1 << m)) masks.push(m);
  return masks;
}
