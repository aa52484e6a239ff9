import { codePointBefore, isSpacedWordChar } from './scripts.js';

// An Aho–Corasick automaton over every cue phrase of every category at once: one pass over a
// text finds all occurrences in time linear in the text (plus the matches), however many
// phrases a host configures. Phrases are plain text, never patterns, so nothing can backtrack.

/** One occurrence of a configured phrase: its category, the phrase as configured, and where. */
export interface PhraseMatch<C extends string> {
  category: C;
  phrase: string;
  start: number;
  end: number;
}

interface Entry<C extends string> {
  category: C;
  phrase: string;
  length: number;
  // Whether each end of the phrase is a letter of a spaced script and so needs a word boundary.
  boundedStart: boolean;
  boundedEnd: boolean;
}

/** A compiled set of phrases; build it once per options object and reuse it. */
export interface PhraseMatcher<C extends string> {
  /** Every occurrence in `text` (already folded the way the phrases were), in end order. */
  scan(text: string): PhraseMatch<C>[];
  /** The occurrences that start exactly at `start`. */
  matchesAt(text: string, start: number): PhraseMatch<C>[];
}

// Transitions out of the root for the first code units (Latin, Greek, Cyrillic, Arabic) sit in
// a flat table: most characters of a text are looked up there.
const ROOT_TABLE = 0x800;
const MANY = -1;
const NONE = -2;

/**
 * Compiles phrase lists into one matcher. `fold` is applied to each phrase so it meets the text
 * in the same normal form; phrases that fold to nothing are skipped.
 */
export function compilePhrases<C extends string>(
  lists: Readonly<Record<C, readonly string[]>>,
  fold: (phrase: string) => string,
): PhraseMatcher<C> {
  const next: Map<number, number>[] = [new Map()];
  const own: number[][] = [[]];
  const entries: Entry<C>[] = [];
  const seen = new Set<string>();

  for (const category of Object.keys(lists) as C[]) {
    for (const phrase of lists[category]) {
      // A trailing `*` makes the phrase a word prefix: Arabic "سأ*" (I will …) matches
      // "سأضع" and "سأكتب" without listing every verb.
      const raw = phrase.trimEnd();
      const prefix = raw.endsWith('*');
      const key = fold(prefix ? raw.slice(0, -1) : raw).trim();
      const id = `${category}\u0000${key}${prefix ? '*' : ''}`;
      if (!key || seen.has(id)) continue;
      seen.add(id);
      let node = 0;
      for (let i = 0; i < key.length; i++) {
        const c = key.charCodeAt(i);
        let child = next[node]?.get(c);
        if (child === undefined) {
          child = next.length;
          next.push(new Map());
          own.push([]);
          next[node]?.set(c, child);
        }
        node = child;
      }
      own[node]?.push(entries.length);
      entries.push({
        category,
        phrase,
        length: key.length,
        boundedStart: isSpacedWordChar(key.codePointAt(0)),
        boundedEnd: !prefix && isSpacedWordChar(codePointBefore(key, key.length)),
      });
    }
  }

  // Failure links and the outputs reachable through them, breadth first.
  const fail = new Int32Array(next.length);
  const out: number[][] = own.map((list) => [...list]);
  const queue: number[] = [];
  for (const child of next[0]?.values() ?? []) queue.push(child);
  for (let head = 0; head < queue.length; head++) {
    const node = queue[head] ?? 0;
    for (const [c, child] of next[node] ?? []) {
      let f = fail[node] ?? 0;
      while (f !== 0 && !next[f]?.has(c)) f = fail[f] ?? 0;
      const target = next[f]?.get(c);
      fail[child] = target !== undefined && target !== child ? target : 0;
      out[child]?.push(...(out[fail[child] ?? 0] ?? []));
      queue.push(child);
    }
  }

  const rootTable = new Int32Array(ROOT_TABLE);
  for (const [c, child] of next[0] ?? []) if (c < ROOT_TABLE) rootTable[c] = child;
  const rootMap = next[0] ?? new Map<number, number>();
  // Most trie nodes past the first letters have a single child: compare instead of hashing.
  const onlyChar = new Int32Array(next.length).fill(MANY);
  const onlyChild = new Int32Array(next.length);
  next.forEach((children, node) => {
    if (children.size === 0) onlyChar[node] = NONE;
    if (children.size !== 1) return;
    for (const [c, child] of children) {
      onlyChar[node] = c;
      onlyChild[node] = child;
    }
  });
  const step = (state: number, c: number): number => {
    for (;;) {
      if (state === 0) return c < ROOT_TABLE ? (rootTable[c] ?? 0) : (rootMap.get(c) ?? 0);
      const only = onlyChar[state];
      if (only === c) return onlyChild[state] ?? 0;
      if (only === MANY) {
        const target = next[state]?.get(c);
        if (target !== undefined) return target;
      }
      state = fail[state] ?? 0;
    }
  };

  const collect = (found: PhraseMatch<C>[], text: string, indices: number[], end: number) => {
    for (let k = 0; k < indices.length; k++) {
      const e = entries[indices[k] ?? 0];
      if (!e) continue;
      const start = end - e.length;
      if (e.boundedStart && isSpacedWordChar(codePointBefore(text, start))) continue;
      if (e.boundedEnd && isSpacedWordChar(text.codePointAt(end))) continue;
      found.push({ category: e.category, phrase: e.phrase, start, end });
    }
  };

  return {
    scan(text) {
      const found: PhraseMatch<C>[] = [];
      let state = 0;
      for (let i = 0; i < text.length; i++) {
        state = step(state, text.charCodeAt(i));
        const indices = out[state];
        if (indices !== undefined && indices.length > 0) collect(found, text, indices, i + 1);
      }
      return found;
    },
    matchesAt(text, start) {
      const found: PhraseMatch<C>[] = [];
      let state = 0;
      for (let i = start; i < text.length; i++) {
        const target = next[state]?.get(text.charCodeAt(i));
        if (target === undefined) break;
        state = target;
        const indices = own[state];
        if (indices !== undefined && indices.length > 0) collect(found, text, indices, i + 1);
      }
      return found;
    },
  };
}
