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
 * What a configured phrase matches: its folded text and whether it is a word prefix. A trailing
 * `*` makes the phrase a word prefix: Arabic "سأ*" (I will …) matches "سأضع" and "سأكتب"
 * without listing every verb. An empty key matches nothing.
 */
export function phraseKey(
  phrase: string,
  fold: (phrase: string) => string,
): { key: string; prefix: boolean } {
  const raw = phrase.trimEnd();
  const prefix = raw.endsWith('*');
  return { key: fold(prefix ? raw.slice(0, -1) : raw).trim(), prefix };
}

/**
 * Compiles phrase lists into one matcher. `fold` is applied to each phrase so it meets the text
 * in the same normal form; phrases that fold to nothing are skipped.
 */
export function compilePhrases<C extends string>(
  lists: Readonly<Record<C, readonly string[]>>,
  fold: (phrase: string) => string,
): PhraseMatcher<C> {
  const entries: Entry<C>[] = [];
  const keys: string[] = [];
  const seen = new Set<string>();
  for (const category of Object.keys(lists) as C[]) {
    for (const phrase of lists[category]) {
      const { key, prefix } = phraseKey(phrase, fold);
      const id = `${category}\u0000${key}${prefix ? '*' : ''}`;
      if (!key || seen.has(id)) continue;
      seen.add(id);
      keys.push(key);
      entries.push({
        category,
        phrase,
        length: key.length,
        boundedStart: isSpacedWordChar(key.codePointAt(0)),
        boundedEnd: !prefix && isSpacedWordChar(codePointBefore(key, key.length)),
      });
    }
  }

  // The trie is built from the keys in code-unit order, in flat arrays: each key shares its
  // path with the previous one up to their common prefix, so building needs no lookups (a Map
  // per node made the first compile cost tens of milliseconds). The sort is stable, so equal
  // keys keep their configured order.
  const order = keys
    .map((_, i) => i)
    .sort((a, b) => {
      const x = keys[a] ?? '';
      const y = keys[b] ?? '';
      return x < y ? -1 : x > y ? 1 : 0;
    });
  const parent: number[] = [0];
  const char: number[] = [0];
  const own: (number[] | undefined)[] = [undefined];
  const path: number[] = [0];
  let previous = '';
  for (const index of order) {
    const key = keys[index] ?? '';
    let shared = 0;
    const limit = Math.min(key.length, previous.length);
    while (shared < limit && key.charCodeAt(shared) === previous.charCodeAt(shared)) shared++;
    let node = path[shared] ?? 0;
    for (let i = shared; i < key.length; i++) {
      const child = parent.length;
      parent.push(node);
      char.push(key.charCodeAt(i));
      own.push(undefined);
      node = child;
      path[i + 1] = node;
    }
    const list = own[node] ?? [];
    own[node] = list;
    list.push(index);
    previous = key;
  }

  // Children of each node as a range of two parallel arrays, in code-unit order (the order
  // the nodes were made in).
  const size = parent.length;
  const first = new Int32Array(size + 1);
  for (let node = 1; node < size; node++) {
    const at = (parent[node] ?? 0) + 1;
    first[at] = (first[at] ?? 0) + 1;
  }
  for (let node = 0; node < size; node++)
    first[node + 1] = (first[node + 1] ?? 0) + (first[node] ?? 0);
  const edgeChar = new Uint16Array(Math.max(size - 1, 0));
  const edgeTo = new Int32Array(Math.max(size - 1, 0));
  const fill = first.slice(0, size);
  for (let node = 1; node < size; node++) {
    const up = parent[node] ?? 0;
    const slot = fill[up] ?? 0;
    fill[up] = slot + 1;
    edgeChar[slot] = char[node] ?? 0;
    edgeTo[slot] = node;
  }
  const child = (node: number, c: number): number => {
    let lo = first[node] ?? 0;
    let hi = (first[node + 1] ?? 0) - 1;
    while (lo <= hi) {
      const mid = (lo + hi) >> 1;
      const m = edgeChar[mid] ?? 0;
      if (m === c) return edgeTo[mid] ?? 0;
      if (m < c) lo = mid + 1;
      else hi = mid - 1;
    }
    return NONE;
  };

  const rootTable = new Int32Array(ROOT_TABLE);
  for (let e = first[0] ?? 0; e < (first[1] ?? 0); e++) {
    const c = edgeChar[e] ?? 0;
    if (c < ROOT_TABLE) rootTable[c] = edgeTo[e] ?? 0;
  }

  // Failure links breadth first, and for each node the nearest node on its failure chain
  // that ends a phrase, so a scan reports every phrase ending at a position.
  const fail = new Int32Array(size);
  const output = new Int32Array(size).fill(-1);
  const queue = new Int32Array(size);
  let tail = 0;
  for (let e = first[0] ?? 0; e < (first[1] ?? 0); e++) queue[tail++] = edgeTo[e] ?? 0;
  for (let head = 0; head < tail; head++) {
    const node = queue[head] ?? 0;
    for (let e = first[node] ?? 0; e < (first[node + 1] ?? 0); e++) {
      const next = edgeTo[e] ?? 0;
      const c = edgeChar[e] ?? 0;
      let f = fail[node] ?? 0;
      let target = child(f, c);
      while (target === NONE && f !== 0) {
        f = fail[f] ?? 0;
        target = child(f, c);
      }
      const link = target === NONE ? 0 : target;
      fail[next] = link;
      output[next] = own[link] !== undefined ? link : (output[link] ?? -1);
      queue[tail++] = next;
    }
  }

  // Nodes past the first letters mostly have a single child: compare instead of searching.
  const onlyChar = new Int32Array(size);
  for (let node = 0; node < size; node++) {
    const count = (first[node + 1] ?? 0) - (first[node] ?? 0);
    onlyChar[node] = count === 0 ? NONE : count === 1 ? (edgeChar[first[node] ?? 0] ?? 0) : MANY;
  }
  const step = (state: number, c: number): number => {
    for (;;) {
      if (state === 0) {
        if (c < ROOT_TABLE) return rootTable[c] ?? 0;
        const target = child(0, c);
        return target === NONE ? 0 : target;
      }
      const only = onlyChar[state];
      if (only === c) return edgeTo[first[state] ?? 0] ?? 0;
      if (only === MANY) {
        const target = child(state, c);
        if (target !== NONE) return target;
      }
      state = fail[state] ?? 0;
    }
  };

  const collect = (
    found: PhraseMatch<C>[],
    text: string,
    indices: readonly number[],
    end: number,
  ) => {
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
        // The longest phrase ending here first, then shorter ones along the failure chain.
        const mine = own[state];
        if (mine !== undefined) collect(found, text, mine, i + 1);
        for (let n = output[state] ?? -1; n > 0; n = output[n] ?? -1) {
          const list = own[n];
          if (list !== undefined) collect(found, text, list, i + 1);
        }
      }
      return found;
    },
    matchesAt(text, start) {
      const found: PhraseMatch<C>[] = [];
      let state = 0;
      for (let i = start; i < text.length; i++) {
        const next = child(state, text.charCodeAt(i));
        if (next === NONE) break;
        state = next;
        const indices = own[state];
        if (indices !== undefined) collect(found, text, indices, i + 1);
      }
      return found;
    },
  };
}
