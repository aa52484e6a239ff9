import { isLetterOrDigit, isUnspacedScript } from './scripts.js';

// Splits folded assistant text into sentences. "The last sentence decides" is the core of the
// classifier, so the splitter must agree with a reader: `parse()`, `a.b.ts`, `v1.2`, `e.g.`
// and "1. Add a test" stay whole, while `。`, `？` (NFKC `?`), `！`, Arabic `؟`, `;` and line
// breaks end a sentence.

/** A sentence as offsets into the folded text. */
export interface Sentence {
  start: number;
  /** Past its terminator. */
  end: number;
  /** Its first letter or digit (after list numbers, bullets, markdown and quotes). */
  contentStart: number;
  /** Ends with `?` or `؟`. */
  question: boolean;
}

const NEWLINE = 0x0a;
const DOT = 0x2e;
const BANG = 0x21;
const QUESTION = 0x3f;
const SEMICOLON = 0x3b;
const ELLIPSIS = 0x2026;
const IDEOGRAPHIC_STOP = 0x3002;
const HALFWIDTH_STOP = 0xff61;
const ARABIC_QUESTION = 0x061f;

// Terminators that end a sentence wherever they stand.
function alwaysEnds(c: number): boolean {
  return c === NEWLINE || c === IDEOGRAPHIC_STOP || c === HALFWIDTH_STOP || c === ARABIC_QUESTION;
}

// Terminators that end a sentence only before a space or the end (see endsHere).
function endsBeforeSpace(c: number): boolean {
  return c === DOT || c === BANG || c === QUESTION || c === SEMICOLON || c === ELLIPSIS;
}

// Closing quotes, brackets and emphasis that may sit between a terminator and the next space.
function isCloser(c: number): boolean {
  return (
    c === 0x22 ||
    c === 0x27 ||
    c === 0x29 ||
    c === 0x5d ||
    c === 0x2a ||
    c === 0x5f ||
    c === 0x300d ||
    c === 0x300f ||
    c === 0xff09
  );
}

/** The sentences of `text` (folded), in order; sentences without a letter are dropped. */
export function splitSentences(text: string): Sentence[] {
  const sentences: Sentence[] = [];
  const runs = terminatorRuns(text);
  let start = 0;
  let i = 0;
  while (i < text.length) {
    const c = text.charCodeAt(i);
    if (!alwaysEnds(c) && !(endsBeforeSpace(c) && endsHere(text, i, runs.endOf(i)))) {
      i++;
      continue;
    }
    let question = c === QUESTION || c === ARABIC_QUESTION;
    let end = i + 1;
    // A run of terminators ("?!", "...", "。\n") belongs to one sentence end.
    for (let t = text.charCodeAt(end); alwaysEnds(t) || endsBeforeSpace(t); ) {
      if (t === QUESTION || t === ARABIC_QUESTION) question = true;
      t = text.charCodeAt(++end);
    }
    push(sentences, text, start, end, question);
    start = end;
    i = end;
  }
  push(sentences, text, start, text.length, false);
  return sentences;
}

/**
 * Where the run of terminators and closers that contains position `i` ends. Every position of
 * a run has the same end, so it is found once per run: a run of a million dots before a letter
 * ("…….x") is walked once, not once per dot.
 */
function terminatorRuns(text: string): { endOf(i: number): number } {
  let runStart = -1;
  let runEnd = -1;
  return {
    endOf(i) {
      if (i >= runStart && i < runEnd) return runEnd;
      let j = i + 1;
      while (j < text.length && inRun(text.charCodeAt(j))) j++;
      runStart = i;
      runEnd = j;
      return j;
    },
  };
}

const inRun = (c: number): boolean => endsBeforeSpace(c) || isCloser(c);

// `.`, `!`, `?` and `;` end a sentence only before a space, the end of the text, or (for `.`)
// a character of an unspaced script ("完了しました.次に…"); `!` before `=` is an operator.
// `runEnd` is where the run of terminators and closers after `i` ends.
function endsHere(text: string, i: number, runEnd: number): boolean {
  const c = text.charCodeAt(i);
  if (c === DOT && (isListNumber(text, i) || isInitialism(text, i))) return false;
  const j = runEnd;
  if (j >= text.length) return true;
  const next = text.codePointAt(j) ?? 0;
  if (next === 0x20 || next === NEWLINE || next === 0x09) return true;
  if (c === DOT) return isUnspacedScript(next);
  return !(c === BANG && next === 0x3d);
}

// "1. Add a test": the dot after a list number at the start of a line is no sentence end.
function isListNumber(text: string, dot: number): boolean {
  let j = dot - 1;
  while (j >= 0 && isDigit(text.charCodeAt(j))) j--;
  if (j === dot - 1) return false;
  while (j >= 0 && text.charCodeAt(j) === 0x20) j--;
  return j < 0 || text.charCodeAt(j) === NEWLINE;
}

// "e.g.", "i.e.", "u.s.": single letters between dots are an abbreviation, not an ending.
// Two letters settle it, so "a.a.a.…" is not walked back to its start at every dot.
function isInitialism(text: string, dot: number): boolean {
  let j = dot - 1;
  let letters = 0;
  while (
    letters < 2 &&
    isLetterOrDigit(text.codePointAt(j)) &&
    !isLetterOrDigit(text.codePointAt(j - 1))
  ) {
    letters++;
    if (text.charCodeAt(j - 1) !== DOT) break;
    j -= 2;
  }
  return letters >= 2;
}

// The content start skips list numbers, bullets, markdown and quotes so that "## Plan:"
// starts at "plan" and "2) Add tests" at "add".
function push(out: Sentence[], text: string, start: number, end: number, question: boolean) {
  let at = start;
  while (at < end) {
    const c = text.charCodeAt(at);
    if (isDigit(c)) {
      let j = at;
      while (j < end && isDigit(text.charCodeAt(j))) j++;
      const after = text.charCodeAt(j);
      if (after !== DOT && after !== 0x29) break;
      at = j + 1;
      continue;
    }
    if (isLetterOrDigit(text.codePointAt(at))) break;
    at++;
  }
  if (hasLetter(text, at, end)) out.push({ start, end, contentStart: at, question });
}

const letter = /\p{L}/u;

function hasLetter(text: string, from: number, to: number): boolean {
  for (let i = from; i < to; i++) {
    const c = text.charCodeAt(i);
    if ((c >= 0x61 && c <= 0x7a) || (c >= 0x41 && c <= 0x5a)) return true;
    if (c >= 0x80 && letter.test(text[i] ?? '')) return true;
  }
  return false;
}

function isDigit(c: number): boolean {
  return c >= 0x30 && c <= 0x39;
}
