// Character classes the cue matcher needs. Scripts written without spaces between words (Han,
// kana, Hangul, Thai and its neighbours) match cue phrases as substrings; every other script
// needs a word boundary on each side of a phrase, so "on it" never fires inside "upon items".

const unspacedRanges: readonly (readonly [number, number])[] = [
  [0x0e00, 0x0eff], // Thai, Lao
  [0x0f00, 0x0fff], // Tibetan
  [0x1000, 0x109f], // Myanmar
  [0x1100, 0x11ff], // Hangul Jamo
  [0x1780, 0x17ff], // Khmer
  [0x3040, 0x30ff], // Hiragana, Katakana
  [0x3130, 0x318f], // Hangul compatibility Jamo
  [0x31f0, 0x31ff], // Katakana extensions
  [0x3400, 0x4dbf], // CJK extension A
  [0x4e00, 0x9fff], // CJK unified ideographs
  [0xa960, 0xa97f], // Hangul Jamo extended A
  [0xac00, 0xd7af], // Hangul syllables
  [0xd7b0, 0xd7ff], // Hangul Jamo extended B
  [0xf900, 0xfaff], // CJK compatibility ideographs
  [0xff66, 0xff9f], // half-width Katakana
  [0x20000, 0x3ffff], // CJK extensions B and later
];

/** True for characters of scripts that do not separate words with spaces. */
export function isUnspacedScript(cp: number): boolean {
  if (cp < 0x0e00) return false;
  for (const [lo, hi] of unspacedRanges) if (cp >= lo && cp <= hi) return true;
  return false;
}

const letterOrDigit = /[\p{L}\p{M}\p{N}]/u;

/** A letter, mark or digit of a space-separated script: the characters a word boundary sits between. */
export function isSpacedWordChar(cp: number | undefined): boolean {
  if (cp === undefined) return false;
  if (cp < 0x80)
    return (cp >= 0x30 && cp <= 0x39) || (cp >= 0x61 && cp <= 0x7a) || (cp >= 0x41 && cp <= 0x5a);
  return !isUnspacedScript(cp) && letterOrDigit.test(String.fromCodePoint(cp));
}

/** Any letter or digit, in any script. */
export function isLetterOrDigit(cp: number | undefined): boolean {
  if (cp === undefined) return false;
  if (cp < 0x80)
    return (cp >= 0x30 && cp <= 0x39) || (cp >= 0x61 && cp <= 0x7a) || (cp >= 0x41 && cp <= 0x5a);
  return letterOrDigit.test(String.fromCodePoint(cp));
}

/** The code point that ends just before index `i` (surrogate pairs read whole). */
export function codePointBefore(text: string, i: number): number | undefined {
  if (i <= 0) return undefined;
  const low = text.charCodeAt(i - 1);
  if (low >= 0xdc00 && low <= 0xdfff && i >= 2) {
    const high = text.charCodeAt(i - 2);
    if (high >= 0xd800 && high <= 0xdbff) return text.codePointAt(i - 2);
  }
  return low;
}

/**
 * Length in "Latin-equivalent characters": Han and kana count 3, Hangul and Thai-like scripts 2,
 * because one such character carries about as much as 2–3 letters of a spaced script. Stops
 * counting once `limit` is passed, so a huge text costs no more than a short one.
 */
export function weightedLength(text: string, limit: number): number {
  let total = 0;
  for (let i = 0; i < text.length && total <= limit; i++) {
    const cu = text.charCodeAt(i);
    if (cu < 0x0e00) {
      total += 1;
      continue;
    }
    const cp = text.codePointAt(i) ?? cu;
    if (cp > 0xffff) i++;
    if (!isUnspacedScript(cp)) total += 1;
    else if ((cp >= 0xac00 && cp <= 0xd7ff) || cp < 0x3000) total += 2;
    else total += 3;
  }
  return total;
}
