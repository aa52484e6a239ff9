import type { TextCueCategory } from './cues/index.js';
import { foldText } from './text/fold.js';
import type { PhraseMatch, PhraseMatcher } from './text/phrase-matcher.js';
import { isLetterOrDigit, weightedLength } from './text/scripts.js';
import { type Sentence, splitSentences } from './text/sentences.js';

// Assistant text as sentences with the cues found in each. The classifier's rules read only
// this: which cue, in which sentence, and where in it.

export type TextMatch = PhraseMatch<TextCueCategory>;

export interface AnalysedSentence extends Sentence {
  /** Its position in `TextAnalysis.sentences`. */
  index: number;
  /** Cues that start in this sentence, masks applied, in order of position. */
  cues: TextMatch[];
}

export interface TextAnalysis {
  /** The folded text the offsets refer to. */
  folded: string;
  sentences: AnalysedSentence[];
}

/** Cues switched off by a phrase overlapping them ("let me" in "let me know"). */
const maskedBy: Partial<Record<TextCueCategory, TextCueCategory>> = {
  promise: 'notPromise',
  progressOpener: 'notPromise',
  commitment: 'notPromise',
  completion: 'notCompletion',
  blocker: 'notBlocker',
};

/** Folds, splits and scans `text` once; everything the rules need comes from the result. */
export function analyseText(text: string, matcher: PhraseMatcher<TextCueCategory>): TextAnalysis {
  const folded = foldText(text);
  const sentences: AnalysedSentence[] = splitSentences(folded).map((s, index) => ({
    index,
    start: s.start,
    end: s.end,
    contentStart: s.contentStart,
    question: s.question,
    cues: [],
  }));
  const matches = unmasked(matcher.scan(folded)).sort((a, b) => a.start - b.start || b.end - a.end);
  let s = 0;
  for (const match of matches) {
    while (s < sentences.length && (sentences[s]?.end ?? 0) <= match.start) s++;
    const sentence = sentences[s];
    if (!sentence) break;
    if (match.start >= sentence.start) sentence.cues.push(match);
  }
  return { folded, sentences };
}

function unmasked(matches: TextMatch[]): TextMatch[] {
  const masks = new Map<TextCueCategory, MaskIndex>();
  const overlapsMask = (m: TextMatch, category: TextCueCategory) => {
    let index = masks.get(category);
    if (index === undefined) {
      index = maskIndex(matches.filter((k) => k.category === category));
      masks.set(category, index);
    }
    return index.overlaps(m.start, m.end);
  };
  return matches.filter((m) => {
    const mask = maskedBy[m.category];
    return mask === undefined || !overlapsMask(m, mask);
  });
}

interface MaskIndex {
  overlaps(start: number, end: number): boolean;
}

// Overlap queries in O(log n) each, so a long text full of cues stays linear-ish instead of
// comparing every cue with every mask: masks sorted by start, with the furthest end reached so
// far; [start, end) overlaps a mask iff some mask starting before `end` ends after `start`.
function maskIndex(masks: TextMatch[]): MaskIndex {
  const sorted = [...masks].sort((a, b) => a.start - b.start);
  const starts = sorted.map((k) => k.start);
  const furthestEnd: number[] = [];
  let furthest = -1;
  for (const k of sorted) {
    furthest = Math.max(furthest, k.end);
    furthestEnd.push(furthest);
  }
  return {
    overlaps(start, end) {
      let lo = 0;
      let hi = starts.length;
      while (lo < hi) {
        const mid = (lo + hi) >> 1;
        if ((starts[mid] ?? end) < end) lo = mid + 1;
        else hi = mid;
      }
      return lo > 0 && (furthestEnd[lo - 1] ?? -1) > start;
    },
  };
}

/** The first cue of a category in a sentence. */
export function cueIn(sentence: AnalysedSentence | undefined, category: TextCueCategory) {
  return sentence?.cues.find((c) => c.category === category);
}

/** The first cue of a category anywhere in the text. */
export function cueAnywhere(analysis: TextAnalysis, category: TextCueCategory) {
  for (const sentence of analysis.sentences) {
    const cue = cueIn(sentence, category);
    if (cue) return cue;
  }
  return undefined;
}

/** The sentence that decides: the last one with a letter in it. */
export function lastSentence(analysis: TextAnalysis): AnalysedSentence | undefined {
  return analysis.sentences.at(-1);
}

/**
 * A promise of work in the sentence: a promise cue, or a progress verb opening it ("Okay,
 * removing the old endpoints now", "I'm checking the logs", "Deploying to staging.").
 */
export function promiseIn(analysis: TextAnalysis, sentence: AnalysedSentence | undefined) {
  if (!sentence) return undefined;
  const cue = cueIn(sentence, 'promise');
  if (cue) return cue;
  const commitment = openingCue(analysis.folded, sentence, 'commitment');
  if (commitment) return commitment;
  const start = effectiveStart(analysis.folded, sentence);
  const opener = sentence.cues.find((c) => c.category === 'progressOpener' && c.start === start);
  if (!opener) return afterDash(analysis.folded, sentence);
  // A bare gerund may be a subject ("Running the suite takes four minutes"): it announces
  // work only after a lead-in ("Okay, …", "I'm …", or a sentence that only acknowledges:
  // "Okay! Creating the Dockerfile…"), with a next-step word, or in a short line.
  const previous = analysis.sentences[sentence.index - 1];
  const ledIn =
    start > sentence.contentStart ||
    (previous !== undefined && isAcknowledgementOnly(analysis, previous));
  const timed = sentence.cues.some((c) => c.category === 'nextStep' && c.start >= opener.end);
  if (!ledIn && !timed && subjectOfModal(analysis.folded, opener.end, sentence.end))
    return undefined;
  return ledIn || timed || wordCount(analysis.folded, sentence) <= STATUS_LINE_WORDS
    ? opener
    : undefined;
}

// "A concurrent index it is — writing the migration now.": a progress verb opening a clause
// after a dash, with a next-step word after it, announces work as one opening the sentence does.
function afterDash(folded: string, sentence: AnalysedSentence): TextMatch | undefined {
  // Where the last next-step word starts: one pass, so many dashes stay linear.
  let lastNextStep = -1;
  for (const c of sentence.cues) if (c.category === 'nextStep') lastNextStep = c.start;
  if (lastNextStep < 0) return undefined;
  for (const cue of sentence.cues) {
    if (cue.category !== 'progressOpener' || cue.start < sentence.contentStart + 2) continue;
    const dash = folded.charCodeAt(cue.start - 2);
    if (folded.charCodeAt(cue.start - 1) !== 0x20 || (dash !== 0x2014 && dash !== 0x2013)) continue;
    if (lastNextStep >= cue.end) return cue;
  }
  return undefined;
}

// "Adding the index will fix it": a gerund that a modal verb follows is the subject.
const modalVerb = /\s(?:will|would|should|could|might|won't|wouldn't)\s/;
function subjectOfModal(folded: string, from: number, to: number): boolean {
  return modalVerb.test(folded.slice(from, Math.min(to, from + 80)));
}

// "Checking the config." / "Deploying to staging now.": status lines are a few words long.
const STATUS_LINE_WORDS = 6;

/** Words in a sentence (letter runs; a run of Han or kana counts as one). */
export function wordsIn(analysis: TextAnalysis, sentence: AnalysedSentence): number {
  return wordCount(analysis.folded, sentence);
}

function wordCount(folded: string, sentence: AnalysedSentence): number {
  let words = 0;
  let inWord = false;
  for (let i = sentence.contentStart; i < sentence.end; i++) {
    const letter = isLetterOrDigit(folded.codePointAt(i));
    if (letter && !inWord) words++;
    inWord = letter || folded[i] === "'";
  }
  return words;
}

/**
 * Whether every promise in the text is a plain present-tense verb that may equally state what
 * code does ("このミドルウェアはJWTを確認します"), with nothing else marking intent: no
 * acknowledgement opening the reply and no promise that only promises ("これから", "我会").
 */
export function onlyPresentTensePromises(analysis: TextAnalysis): boolean {
  const first = analysis.sentences[0];
  if (first?.cues.some((c) => c.category === 'acknowledgement' && c.start === first.contentStart))
    return false;
  let found = false;
  for (const sentence of analysis.sentences) {
    const promise = promiseIn(analysis, sentence);
    if (!promise) continue;
    // "Next step: …" commits whatever the verb's tense.
    if (isCommitment(promise)) return false;
    found = true;
    // One pass per sentence (a megabyte of one sentence stays linear): every promise must
    // have a present-tense twin over the same span. Sequence words ("次に", "然后") prove
    // nothing: descriptions and instructions use them as much as narration does.
    const tense = new Set<string>();
    const promises: TextMatch[] = [];
    for (const cue of sentence.cues) {
      if (cue.category === 'progressOpener') return false;
      if (cue.category === 'presentTense') tense.add(`${cue.start}:${cue.end}`);
      else if (cue.category === 'promise') promises.push(cue);
    }
    if (promises.some((cue) => !tense.has(`${cue.start}:${cue.end}`))) return false;
  }
  return found;
}

/** A promise anywhere in the text. */
export function promiseAnywhere(analysis: TextAnalysis) {
  for (const sentence of analysis.sentences) {
    const cue = promiseIn(analysis, sentence);
    if (cue) return cue;
  }
  return undefined;
}

/**
 * A completion cue that reports finished work: one that a promise earlier in its own sentence
 * does not govern ("I'll make sure it's fixed" promises; "Fixed, and I'll…" reports).
 */
export function completionAnywhere(analysis: TextAnalysis) {
  for (const sentence of analysis.sentences) {
    const cue = cueIn(sentence, 'completion');
    if (!cue) continue;
    const promise = promiseIn(analysis, sentence);
    if (!promise || promise.start > cue.start) return cue;
  }
  return undefined;
}

/**
 * A sentence that only acknowledges ("Got it.", "了解しました。"): an acknowledgement opens it
 * and nothing but punctuation follows.
 */
export function isAcknowledgementOnly(analysis: TextAnalysis, sentence: AnalysedSentence) {
  const opens = sentence.cues.some(
    (c) => c.category === 'acknowledgement' && c.start === sentence.contentStart,
  );
  return opens && effectiveStart(analysis.folded, sentence) >= sentence.end;
}

/** The sentence asks the user something or waits on them: a `?`, a question or offer cue. */
export function questionIn(sentence: AnalysedSentence | undefined) {
  if (!sentence) return undefined;
  const cue = askingCue(sentence.cues);
  if (cue) return { category: cue.category, phrase: cue.phrase };
  return sentence.question ? { category: 'question' as const, phrase: '?' } : undefined;
}

// The first question cue, or offer cue not inside a longer promise ("…, e depois proponho um
// plano": an offer verb inside a longer promise promises). One pass over cues sorted by start
// (then longest first): a promise contains an offer iff it starts before it and ends at or
// after its end, or starts with it and ends after it.
function askingCue(cues: readonly TextMatch[]): TextMatch | undefined {
  let start = -1;
  let endBefore = -1; // furthest end of the promises starting before `start`
  let endHere = -1; // furthest end of the promises starting at `start`, so far
  for (const c of cues) {
    if (c.start !== start) {
      endBefore = Math.max(endBefore, endHere);
      endHere = -1;
      start = c.start;
    }
    if (c.category === 'question') return c;
    if (c.category === 'offer' && endBefore < c.end && endHere <= c.end) return c;
    if (c.category === 'promise') endHere = Math.max(endHere, c.end);
  }
  return undefined;
}

/** A plan heading opening a sentence or line ("Plan:", "## Here's the plan"). */
export function headingAnywhere(analysis: TextAnalysis) {
  for (const sentence of analysis.sentences) {
    const start = effectiveStart(analysis.folded, sentence);
    const cue = sentence.cues.find((c) => c.category === 'planHeading' && c.start === start);
    if (cue) return cue;
  }
  return undefined;
}

// Where the sentence's own content begins once leading acknowledgements, subjects and
// next-step words are skipped: "Got it, now I'm opening…" → "opening…".
function effectiveStart(folded: string, sentence: AnalysedSentence): number {
  let at = sentence.contentStart;
  const { cues } = sentence;
  // Cues are sorted by start, so the cues that start together are neighbours: each is looked
  // at once however long the lead-in ("okay, okay, okay, …" stays linear).
  let groupStart = -1;
  let groupHasOpener = false;
  for (let i = 0; i < cues.length; i++) {
    const cue = cues[i] as TextMatch;
    if (cue.start > at) break;
    if (cue.start !== groupStart) {
      groupStart = cue.start;
      groupHasOpener = false;
      for (let k = i; k < cues.length && cues[k]?.start === groupStart; k++)
        if (cues[k]?.category === 'progressOpener') groupHasOpener = true;
    }
    if (cue.start < at || !skippable.has(cue.category)) continue;
    // "Starting the planning phase now": a progress verb that is also a next-step word is
    // where the content begins, not a lead-in to skip.
    if (groupHasOpener) break;
    at = cue.end;
    while (at < sentence.end && !isLetterOrDigit(folded.codePointAt(at))) at++;
  }
  return at;
}

/**
 * A cue of `category` where the sentence's content begins, or at any point of the lead-in
 * (acknowledgements, subjects, next-step words) before it: "Okay, next step: …" opens with the
 * commitment "next step" although "next" alone would be skipped as a lead-in word.
 */
export function openingCue(
  folded: string,
  sentence: AnalysedSentence,
  category: TextCueCategory,
): TextMatch | undefined {
  let at = sentence.contentStart;
  const { cues } = sentence;
  for (let i = 0; i < cues.length; ) {
    const here = cues[i];
    if (!here || here.start > at) break;
    if (here.start < at) {
      i++;
      continue;
    }
    // Every cue starting here: the category wanted wins over a lead-in word of the same start.
    let j = i;
    let skipTo = -1;
    for (; j < cues.length && cues[j]?.start === at; j++) {
      const cue = cues[j] as TextMatch;
      if (cue.category === category) return cue;
      if (cue.category === 'progressOpener') skipTo = -2;
      else if (skipTo !== -2 && skippable.has(cue.category)) skipTo = Math.max(skipTo, cue.end);
    }
    if (skipTo < 0) break;
    at = skipTo;
    while (at < sentence.end && !isLetterOrDigit(folded.codePointAt(at))) at++;
    i = j;
  }
  return undefined;
}

/** Whether a promise is a commitment frame ("Next step: …") rather than a first-person one. */
export const isCommitment = (cue: TextMatch): boolean => cue.category === 'commitment';

const skippable: ReadonlySet<TextCueCategory> = new Set([
  'acknowledgement',
  'progressSubject',
  'nextStep',
]);

// "I'll summarize: the worker crashed three times…" announces and then delivers: what follows
// the colon is the answer. Enough content to be an answer, in Latin-equivalent characters.
const DELIVERED_MIN_LENGTH = 40;
const listItem = /^[ \t]{0,3}(?:[-*\u2022+]|\d{1,3}[.)])[ \t]+\S/m;
const listItems = /^[ \t]{0,3}(?:[-*\u2022+]|\d{1,3}[.)])[ \t]+\S/gm;

// The first colon in [from, to) outside inline code (`node:20`, `overflow-x: auto` are code).
function colonOutsideCode(folded: string, from: number, to: number): number | undefined {
  let inCode = false;
  for (let i = from; i < to; i++) {
    const c = folded.charCodeAt(i);
    if (c === 0x60) inCode = !inCode;
    else if (!inCode && (c === 0x3a || c === 0xff1a)) return i;
  }
  return undefined;
}

// Where the last list item of the text starts (-1 without one), in one pass.
function lastListItem(folded: string): number {
  let last = -1;
  listItems.lastIndex = 0;
  for (let m = listItems.exec(folded); m; m = listItems.exec(folded)) last = m.index;
  return last;
}

/**
 * The content a promise introduces with a colon and then delivers, when nothing after the
 * colon promises further work: `list` tells whether that content is a list (findings or a
 * plan of steps — the text alone cannot tell which).
 */
export function deliveredAfterPromise(
  analysis: TextAnalysis,
): { cue: TextMatch; list: boolean } | undefined {
  const { folded, sentences } = analysis;
  for (let s = 0; s < sentences.length; s++) {
    const sentence = sentences[s];
    if (!sentence) continue;
    const cue = promiseIn(analysis, sentence);
    if (!cue) continue;
    // "Next step: wire the helper in…": what follows a commitment's colon is the work.
    if (openingCue(folded, sentence, 'commitment')) return undefined;
    const colon = colonOutsideCode(folded, cue.end, sentence.end);
    if (!colon) return undefined;
    const after = colon + 1;
    if (sentence.cues.some((c) => c.category === 'promise' && c.start >= after)) return undefined;
    for (let t = s + 1; t < sentences.length; t++)
      if (promiseIn(analysis, sentences[t])) return undefined;
    const content = folded.slice(after);
    if (weightedLength(content, DELIVERED_MIN_LENGTH) < DELIVERED_MIN_LENGTH) return undefined;
    return { cue, list: listItem.test(content) };
  }
  return undefined;
}

/**
 * A commitment that introduces the steps it will take ("Here's what I'll do:\n1. …", "Plan of
 * attack:\n- …", "진행할 작업:\n1. …"): the list is the work promised, not content delivered.
 */
export function stepsAfterCommitment(analysis: TextAnalysis): TextMatch | undefined {
  const { folded, sentences } = analysis;
  let listAt: number | undefined;
  for (const sentence of sentences) {
    const cue = openingCue(folded, sentence, 'commitment');
    if (!cue) continue;
    const colon = colonOutsideCode(folded, cue.end, sentence.end);
    if (colon === undefined) continue;
    listAt ??= lastListItem(folded);
    if (listAt > colon) return cue;
  }
  return undefined;
}

/** Whether every promise in the text is a commitment frame, none a first-person promise. */
export function onlyCommitments(analysis: TextAnalysis): boolean {
  let found = false;
  for (const sentence of analysis.sentences) {
    const cue = promiseIn(analysis, sentence);
    if (!cue) continue;
    if (!isCommitment(cue)) return false;
    found = true;
  }
  return found;
}

/**
 * A promise followed by whole sentences that promise nothing ("설명드리겠습니다. 이 스크립트는
 * …"): the announcement may have introduced the answer that follows. Returns the last promise
 * when at least DELIVERED_MIN_LENGTH of such text follows it.
 */
export function reportAfterPromise(analysis: TextAnalysis): TextMatch | undefined {
  const { folded, sentences } = analysis;
  for (let s = sentences.length - 1; s >= 0; s--) {
    const cue = promiseIn(analysis, sentences[s]);
    if (!cue) continue;
    const next = sentences[s + 1];
    if (!next) return undefined;
    const rest = folded.slice(next.start);
    return weightedLength(rest, DELIVERED_MIN_LENGTH) >= DELIVERED_MIN_LENGTH ? cue : undefined;
  }
  return undefined;
}
