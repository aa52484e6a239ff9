import type { CompiledCues } from './compiled-cues.js';
import type { PromptCueCategory } from './cues/index.js';
import { coverMasks, masksOf } from './text/coverage.js';
import { promptTokens } from './text/fold.js';
import { countListItems } from './text/structure.js';
import { analyseText, cueAnywhere, headingAnywhere, promiseIn, wordsIn } from './text-analysis.js';

/** The longest prompt that can be a go-ahead, in code points after NFKC. */
export const ACK_MAX_LENGTH = 80;

const questionMarks = /[?¿؟⸮]/;
const nonAscii = /[^\u0020-\u007e]/;
const symbolToken = /^\p{S}$/u;
const lineBreak = /[\n\r\u0085\u2028\u2029]/;

// Category order gives the bit of each in a cover mask.
const ackUnits: readonly PromptCueCategory[] = [
  'ack',
  'okay',
  'contextualAck',
  'ackFiller',
  'chitChat',
];
const ACK = 1;
const OKAY = 2;
const CONTEXTUAL = 4;
const CHIT_CHAT = 16;

/** isExecutionAck() with the cues already compiled. */
export function ackVerdict(prompt: string, previous: string | null, cues: CompiledCues): boolean {
  if (prompt.length > ACK_MAX_LENGTH * 4) return false;
  const text = prompt.normalize('NFKC').trim();
  return isAck(text, promptTokens(text), previous, cues);
}

// Where a go-ahead's added clause begins: a comma (any script's), a semicolon, a dash, or
// "but"/"just" and their equivalents ("go ahead, but don't touch the tests", "进めて、ただし…").
const clauseBreak =
  /[,\uff0c\u3001\u060c;\uff1b\u2014\u2013]|\s-\s|\s(?=(?:but|just|aber|mais|pero|mas|لكن)\s)/i;

/**
 * The ACK test on a prompt already NFKC-normalised and trimmed (`text`) and tokenised
 * (`tokens`), so the classifier's prompt-intent check shares the work.
 */
export function isAck(
  text: string,
  tokens: string,
  previous: string | null,
  cues: CompiledCues,
): boolean {
  if (!text || (text.length > ACK_MAX_LENGTH && codePoints(text) > ACK_MAX_LENGTH)) return false;
  if (lineBreak.test(text) || questionMarks.test(text)) return false;
  return (
    coveredAck(tokens, previous, cues) ||
    withCondition(text, previous, cues) ||
    goAheadNamingWork(tokens, cues)
  );
}

// The words a go-ahead may name its work in: "resume the migration", "carry on with the
// refactor", "作業を再開して", "작업 재개해 주세요".
const NAMED_WORK_MAX_TOKENS = 4;
const NAMED_WORK_MAX_UNSPACED = 12;
const notGoAhead: ReadonlySet<PromptCueCategory> = new Set([
  'ackHold',
  'ackNegation',
  'chitChat',
  'infoPrefix',
  'infoRequest',
]);

/**
 * A go-ahead that names the work it approves or resumes: a phrase that counts on its own
 * (`cues.ack`: "resume", "carry on", "approved", "再開して") opening the prompt (or closing it,
 * in languages that put the verb last), and a few words that name the work ("resume the
 * migration", "continue with the remaining files"). Nothing in the prompt may hold, detour,
 * close the conversation or ask for words instead of work ("continue explaining",
 * "resume tomorrow").
 */
function goAheadNamingWork(tokens: string, cues: CompiledCues): boolean {
  const found = cues.prompt.scan(tokens);
  // A longer go-ahead wins over a phrase inside it: "resume the …" is English for carrying on,
  // while "resume" alone is also Spanish and Portuguese for "summarize".
  const inLongerAck = (m: (typeof found)[number]) =>
    found.some(
      (a) =>
        a.category === 'ack' &&
        a.start <= m.start &&
        a.end >= m.end &&
        a.end - a.start > m.end - m.start,
    );
  if (found.some((m) => notGoAhead.has(m.category) && !inLongerAck(m))) return false;
  for (const m of found) {
    // A whole word: "조사해 줘" (investigate it) is a request, not "해 줘" (do it).
    if (m.category !== 'ack' || (m.start > 0 && tokens.charCodeAt(m.start - 1) !== 0x20)) continue;
    const rest =
      m.start === 0 ? tokens.slice(m.end) : m.end === tokens.length ? tokens.slice(0, m.start) : '';
    if (shortWorkName(rest.trim())) return true;
  }
  return false;
}

function shortWorkName(rest: string): boolean {
  // A work name has a word of three letters, or two outside ASCII ("작업"): "weiter so" (keep it
  // up) names none. A choice ("go ahead with option B") is not one: listed choices decide those.
  if (!/[^ ]{3}|[^ -~]{2}/.test(rest) || /^(?:with )?option\b/.test(rest)) return false;
  const words = rest.split(' ');
  if (words.length > NAMED_WORK_MAX_TOKENS) return false;
  // An unspaced script runs a whole phrase into one token: count its characters instead.
  return nonAscii.test(rest) ? codePoints(rest) <= NAMED_WORK_MAX_UNSPACED * words.length : true;
}

/**
 * A go-ahead followed by a condition, constraint or addition on the same work ("approved, but
 * keep the old endpoint", "yes, and update the tests too"): the part before the break is a
 * go-ahead on its own, and the rest neither holds nor detours ("…, but first show me the diff",
 * "…, but let's do it tomorrow") nor closes the conversation ("ok, thanks a lot").
 */
function withCondition(text: string, previous: string | null, cues: CompiledCues): boolean {
  const found = clauseBreak.exec(text);
  if (!found || found.index === 0) return false;
  const head = promptTokens(text.slice(0, found.index));
  const tail = promptTokens(text.slice(found.index + found[0].length));
  if (!head || !tail || !coveredAck(head, previous, cues)) return false;
  return !cues.prompt.scan(tail).some((m) => m.category === 'ackHold' || m.category === 'chitChat');
}

/** Every word of `tokens` belongs to a go-ahead list, and together they make a go-ahead. */
function coveredAck(tokens: string, previous: string | null, cues: CompiledCues): boolean {
  // Every word must belong to a go-ahead list: "don't do it", "go, and also update the
  // changelog" and "nein, noch nicht" have words no list holds.
  let words = tokens;
  let covers = coverMasks(words, cues.prompt, ackUnits);
  if (covers === 0 && nonAscii.test(tokens)) {
    // Emoji no list holds ("Ship it 🚢🚢") decorate a go-ahead without changing it.
    words = tokens
      .split(' ')
      .filter((t) => !symbolToken.test(t))
      .join(' ');
    if (words) covers = coverMasks(words, cues.prompt, ackUnits);
  }
  if (covers === 0) return false;
  let proposed: boolean | undefined;
  let polite: boolean | undefined;
  for (const mask of masksOf(covers)) {
    if (mask & ACK) return true;
    // "ok" stands alone, but "ok, thanks" after a report closes the conversation.
    if (mask & OKAY && !(mask & CHIT_CHAT)) return true;
    // A polite frame makes an assent a request: "please proceed", "Bitte fortfahren.",
    // "por favor, procede" ask for the work even without an offer before them.
    if (mask & CONTEXTUAL) {
      polite ??= politeRequest(words, cues);
      if (polite) return true;
    }
    if (mask & (OKAY | CONTEXTUAL)) {
      proposed ??= previousTurnProposed(previous, cues);
      if (proposed) return true;
    }
  }
  return false;
}

// "Renomeio a coluna?" is an offer; "Checking the logs now — is Redis running locally?" asks a
// question of fact after a progress verb.
const SHORT_OFFER_WORDS = 6;

/**
 * Whether the assistant's previous text proposed an action or asked to proceed: an offer
 * ("Want me to go ahead?", "Say go and I'll run it", "… if you like"), a plan that is not a
 * report of finished work, or a question that names the go-ahead ("Proceed with the rename?").
 */
export function previousTurnProposed(previous: string | null, cues: CompiledCues): boolean {
  if (previous === null || !previous.trim()) return false;
  const analysis = analyseText(previous, cues.text);
  if (cueAnywhere(analysis, 'offer')) return true;
  const plan = headingAnywhere(analysis) !== undefined || countListItems(previous) >= 2;
  if (plan && !cueAnywhere(analysis, 'completion')) return true;
  // A question that promises the work ("Je lance la migration ?", "I'll apply it now, OK?"),
  // or a short one opening with a first-person verb ("Atualizo também a documentação?"), asks
  // for the go-ahead.
  return analysis.sentences.some(
    (s) =>
      (s.question && s.cues.some((c) => c.category === 'promise')) ||
      (s.question &&
        wordsIn(analysis, s) <= SHORT_OFFER_WORDS &&
        promiseIn(analysis, s) !== undefined) ||
      (s.question &&
        cues.prompt
          .scan(promptTokens(analysis.folded.slice(s.start, s.end)))
          // One character ("是" in "用的是…吗？") names nothing.
          .some(
            (m) => (m.category === 'ack' || m.category === 'contextualAck') && m.end - m.start > 1,
          )),
  );
}

// A request marker ("please", "bitte") beside an assent that is a different phrase: "please"
// alone, or "pode" (both an assent and "can you"), is no frame around anything.
function politeRequest(words: string, cues: CompiledCues): boolean {
  const found = cues.prompt.scan(words);
  return found.some(
    (r) =>
      r.category === 'request' &&
      found.some((a) => a.category === 'contextualAck' && (a.end <= r.start || a.start >= r.end)),
  );
}

function codePoints(text: string): number {
  let count = 0;
  for (let i = 0; i < text.length; i++) {
    const c = text.charCodeAt(i);
    if (c < 0xdc00 || c > 0xdfff) count++;
  }
  return count;
}
