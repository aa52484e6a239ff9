import { isLetterOrDigit } from './scripts.js';

// Text and cue phrases go through the same folding, so a phrase written "I'll" matches
// "I’ll", "ＩʼＬＬ" and "i'll" alike. Every step is a single linear pass (no backtracking).

const lineBreaks = /\r\n?|[\u0085\u2028\u2029]/g;
const invisible =
  /[\u00ad\u200b-\u200d\u2060\ufeff]|\ufe0e|\ufe0f|\u{1f3fb}|\u{1f3fc}|\u{1f3fd}|\u{1f3fe}|\u{1f3ff}/gu;
const apostrophes = /[\u2018\u2019\u201b\u02bc\u2032\u00b4]/g;
const doubleQuotes = /[\u201c\u201d\u201e\u00ab\u00bb]/g;
// Arabic short vowels, tanween, shadda, sukun, dagger alif and tatweel are optional in writing.
const arabicMarks = /[\u0610-\u061a\u064b-\u065f\u0670\u0640]/g;
// Hamza-carrying alifs are often typed as a bare alif.
const arabicAlifs = /[\u0622\u0623\u0625\u0671]/g;
const horizontalSpace = /[^\S\n]+/g;
const plainAscii = /^[\x20-\x7e\n]*$/;

/**
 * NFKC, case folding and the small orthographic merges cue matching needs. Keeps punctuation
 * and line breaks, which the sentence splitter reads.
 */
export function foldText(text: string): string {
  // Most turns are plain ASCII: nothing to normalise, only case and stray whitespace.
  if (plainAscii.test(text)) {
    const lower = text.toLowerCase();
    return lower.includes('  ') ? lower.replace(horizontalSpace, ' ') : lower;
  }
  let out = text.normalize('NFKC').toLowerCase();
  out = out.replace(lineBreaks, '\n').replace(invisible, '');
  out = out.replace(apostrophes, "'").replace(doubleQuotes, '"');
  if (hasArabic(out)) out = out.replace(arabicMarks, '').replace(arabicAlifs, '\u0627');
  return out.replace(horizontalSpace, ' ');
}

function hasArabic(text: string): boolean {
  for (let i = 0; i < text.length; i++) {
    const c = text.charCodeAt(i);
    if (c >= 0x0600 && c <= 0x06ff) return true;
  }
  return false;
}

const symbol = /\p{S}/u;

/**
 * A user prompt as space-separated tokens with all punctuation gone: "OK!" → "ok",
 * "ＯＫ、進めて" → "ok 進めて", "fais-le" → "fais le", "ok 👍" → "ok 👍". Apostrophes inside a
 * word stay ("los geht's"); each symbol or emoji becomes a token of its own.
 */
export function promptTokens(text: string): string {
  if (plainAscii.test(text)) return asciiTokens(text.toLowerCase());
  const folded = foldText(text);
  const tokens: string[] = [];
  let start = -1; // start of the word being read, or -1
  for (let i = 0; i < folded.length; i++) {
    const c = folded.charCodeAt(i);
    const ascii = c < 0x80;
    const cp = ascii ? c : (folded.codePointAt(i) ?? c);
    const wide = cp > 0xffff;
    if (ascii ? isAsciiAlnum(c) : isLetterOrDigit(cp)) {
      if (start < 0) start = i;
    } else if (c === 0x27 && start >= 0 && isLetterOrDigit(folded.codePointAt(i + 1))) {
      // an apostrophe inside a word
    } else {
      if (start >= 0) tokens.push(folded.slice(start, i));
      start = -1;
      if (!ascii && symbol.test(String.fromCodePoint(cp))) tokens.push(String.fromCodePoint(cp));
    }
    if (wide) i++;
  }
  if (start >= 0) tokens.push(folded.slice(start));
  return tokens.join(' ');
}

function isAsciiAlnum(c: number): boolean {
  return (c >= 0x30 && c <= 0x39) || (c >= 0x61 && c <= 0x7a) || (c >= 0x41 && c <= 0x5a);
}

const asciiSeparators = /[^a-z0-9']+/;

// The ASCII case of promptTokens(), without the per-character walk.
function asciiTokens(lower: string): string {
  const tokens: string[] = [];
  for (const piece of lower.split(asciiSeparators)) {
    // Apostrophes stay only inside a word: "geht's" keeps one, "'ok'" and "dogs'" lose theirs.
    let from = 0;
    let to = piece.length;
    while (from < to && piece.charCodeAt(from) === 0x27) from++;
    while (to > from && piece.charCodeAt(to - 1) === 0x27) to--;
    if (to > from) tokens.push(from === 0 && to === piece.length ? piece : piece.slice(from, to));
  }
  return tokens.join(' ');
}
