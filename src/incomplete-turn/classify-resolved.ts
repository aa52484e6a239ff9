import type { ResolvedOptions } from '../options.js';
import { isPlanBookkeeping, PlanToolNames } from '../plan-mode/tool-names.js';
import { type TurnKind, TurnKinds, type TurnRule, TurnRules } from './codes.js';
import { type CompiledCues, compiledCues } from './compiled-cues.js';
import type { CueCategory } from './cues/index.js';
import { type PromptIntent, promptIntent } from './prompt-intent.js';
import { lastRole } from './sentence-function.js';
import { weightedLength } from './text/scripts.js';
import { countListItems, hasCodeBlock } from './text/structure.js';
import {
  analyseText,
  completionAnywhere,
  cueAnywhere,
  cueIn,
  deliveredAfterPromise,
  headingAnywhere,
  isAcknowledgementOnly,
  lastSentence,
  onlyCommitments,
  onlyPresentTensePromises,
  promiseAnywhere,
  promiseIn,
  questionIn,
  reportAfterPromise,
  stepsAfterCommitment,
  type TextAnalysis,
  type TextMatch,
  wordsIn,
} from './text-analysis.js';
import type { TurnSummary } from './turn-summary.js';

// The classifier proper, over a turn already checked and options already resolved: it loads
// no schema, so the coding-agent hook's Stop path classifies with the default options without
// loading the option schemas (classify.ts checks what a library caller passes).

/** Why a turn got its class: the deciding rule and, when a cue decided, which one. */
export interface TurnEvidence {
  rule: TurnRule;
  cue?: { category: CueCategory; phrase: string };
  detail?: string;
}

export interface TurnClassification {
  kind: TurnKind;
  evidence: TurnEvidence;
  /**
   * Set on borderline turns: `kind` is the best guess, but the text is one a host may want to
   * judge with its own model before re-prompting. The resolver does not retry an uncertain
   * stall unless told to (`ResolveContext.uncertain`).
   */
  uncertain?: true;
}

/**
 * Classifies a valid turn. `options` is called only for a turn that can be retried, so a host
 * that resolves options on demand pays for it only then.
 */
export function classifyResolvedTurn(
  turn: TurnSummary,
  planMode: boolean,
  options: () => ResolvedOptions,
  openSteps: readonly string[],
): TurnClassification {
  const stop = whyNotRetryable(turn);
  if (stop) return stop;
  const resolved = options();
  const verdict = classifyValid(turn, planMode, resolved);
  if (planMode || openSteps.length === 0) return verdict;
  return claimsDone(turn, verdict, resolved)
    ? result(TurnKinds.claimedDone, TurnRules.openPlanSteps, {
        detail: `approved steps still open: ${openSteps.join(', ')}`,
      })
    : verdict;
}

// Answers that are not a claim of completion, whatever cue they carry: a question to the user,
// a blocker, a reply to chit-chat.
const notAClaim: ReadonlySet<string> = new Set([
  TurnRules.questionToUser,
  TurnRules.blockerCue,
  TurnRules.chitChatPrompt,
]);

/**
 * A turn with no action beyond bookkeeping whose answer ends saying the work is done: as for
 * narration, the last sentence decides ("Step 1 is done. Step 2 remains." claims nothing).
 */
function claimsDone(turn: TurnSummary, verdict: TurnClassification, options: ResolvedOptions) {
  if (verdict.kind !== TurnKinds.answered || notAClaim.has(verdict.evidence.rule)) return false;
  if (turn.toolCalls.some((c) => !isPlanBookkeeping(c.name))) return false;
  const analysis = analyseText(turn.text.trim(), compiledCues(options).text);
  const last = lastSentence(analysis);
  if (questionIn(last) || cueAnywhere(analysis, 'blocker')) return false;
  return cueIn(last, 'completion') !== undefined;
}

function classifyValid(
  turn: TurnSummary,
  planMode: boolean,
  options: ResolvedOptions,
): TurnClassification {
  // Plan bookkeeping is not action; submitting the plan is.
  const actions = turn.toolCalls.filter((c) => !isPlanBookkeeping(c.name));
  if (actions.some((c) => c.name === PlanToolNames.exit))
    return result(TurnKinds.acted, TurnRules.planSubmitted);
  const mutating = actions.find((c) => !c.readOnly);
  if (mutating)
    return result(TurnKinds.acted, TurnRules.mutatingTool, { detail: `called ${mutating.name}` });
  if (actions.length >= 2)
    return result(TurnKinds.acted, TurnRules.severalTools, {
      detail: `${actions.length} read-only calls`,
    });
  const text = turn.text.trim();
  if (actions.length === 1) {
    // While planning, one read is investigation, which is exactly what plan mode wants.
    if (planMode) return result(TurnKinds.acted, TurnRules.planInvestigation);
    return singleAction(turn, text, options);
  }
  if (!text) {
    if (turn.hasThinking) return result(TurnKinds.reasoningOnly, TurnRules.thinkingOnly);
    const bookkeeping = turn.toolCalls.map((c) => c.name);
    return bookkeeping.length === 0
      ? result(TurnKinds.empty, TurnRules.noOutput)
      : result(TurnKinds.empty, TurnRules.noOutput, {
          detail: `only plan bookkeeping: ${bookkeeping.join(', ')}`,
        });
  }
  return planMode ? planModeText(turn, text, options) : normalModeText(turn, text, options);
}

function whyNotRetryable(turn: TurnSummary): TurnClassification | undefined {
  const no = (rule: TurnRule, detail?: string) =>
    result(TurnKinds.notRetryable, rule, detail === undefined ? {} : { detail });
  if (turn.aborted) return no(TurnRules.aborted);
  if (turn.timedOut) return no(TurnRules.timedOut);
  if (turn.toolError) return no(TurnRules.toolError);
  if (turn.sideEffects) return no(TurnRules.sideEffects);
  if (turn.stopReason === 'length' || turn.stopReason === 'error' || turn.stopReason === 'aborted')
    return no(TurnRules.stopReason, `stop reason ${turn.stopReason}`);
  return undefined;
}

// One read-only call: fine unless the text then narrates the next step instead of taking it.
function singleAction(turn: TurnSummary, text: string, options: ResolvedOptions) {
  const acted = (detail: string) => result(TurnKinds.acted, TurnRules.readOnlyTool, { detail });
  if (!text) return acted('one read-only call');
  // The call is still pending: whatever the preamble says, the turn is acting on it.
  if (turn.stopReason === 'tool_use')
    return result(TurnKinds.acted, TurnRules.toolPending, {
      detail: 'a read-only call pending (stop reason tool_use)',
    });
  if (hasCodeBlock(text)) return acted('one read-only call and a code block');
  if (isLong(text, options)) return acted('one read-only call and a long answer');
  const cues = compiledCues(options);
  const analysis = analyseText(text, cues.text);
  const last = lastSentence(analysis);
  if (lastRole(analysis)?.function === 'ask')
    return acted('one read-only call and a question to the user');
  if (cueAnywhere(analysis, 'blocker')) return acted('one read-only call and a blocker');
  const promise = promiseIn(analysis, last);
  if (!promise) return acted('one read-only call and no promise in the last sentence');
  if (completionAnywhere(analysis) && !cueIn(last, 'nextStep'))
    return acted('one read-only call and a completion cue');
  const intent = promptIntent(turn.userPrompt, turn.previousAssistantText, cues);
  if (!intent.work) return acted('one read-only call after chit-chat');
  if (describes(analysis, intent))
    return acted('one read-only call and present-tense verbs answering a question');
  if (intent.why === 'question' && onlyCommitments(analysis))
    return acted('one read-only call and a commitment frame answering a question');
  return result(TurnKinds.singleActionNarration, TurnRules.promiseAfterRead, { cue: promise });
}

// In plan mode planning is the goal: only a short status line that acknowledges or announces
// investigation is a failure (plan-ack-only); questions, inline plans and reports are answers.
function planModeText(turn: TurnSummary, text: string, options: ResolvedOptions) {
  const analysis = analyseText(text, compiledCues(options).text);
  const question = questionIn(lastSentence(analysis));
  if (question) return result(TurnKinds.answered, TurnRules.questionToUser, { cue: question });
  const plan = inlinePlan(text, analysis);
  if (plan) return plan;
  const answer = substantialAnswer(text, analysis, options);
  if (answer) return answer;
  const delivered = deliveredAfterPromise(analysis);
  if (delivered) return deliveredAnswer(delivered);
  // "Plan created." right after update_plan reports that call, not finished work.
  const bookkept = turn.toolCalls.some((c) => isPlanBookkeeping(c.name));
  const status = statusLine(analysis, bookkept);
  if (status === undefined) return result(TurnKinds.answered, TurnRules.noPromise);
  // "You're welcome!" after "thanks, that's all" closes the conversation: no status line.
  const intent = promptIntent(turn.userPrompt, turn.previousAssistantText, compiledCues(options));
  if (!intent.work)
    return result(TurnKinds.answered, TurnRules.chitChatPrompt, {
      detail: `the prompt was ${intent.why}, not a request for work`,
    });
  const asked = turn.userPrompt !== null && questionMarks.test(turn.userPrompt);
  const verdict = status.cue
    ? result(TurnKinds.planAckOnly, TurnRules.planAck, { cue: status.cue })
    : result(TurnKinds.planAckOnly, TurnRules.planAck, { detail: 'a few words, no cue' });
  // A line with no cue at all ("Planning.", in a language the lists miss), or a bare "Yes."
  // after the user asked something, may be a real reply: the host's model may judge it.
  return status.sure && !(asked && status.ackOnly)
    ? verdict
    : { ...verdict, uncertain: true as const };
}

const questionMarks = /[?\uff1f\u00bf\u061f]/;
// "Plan created.", "Entered plan mode.": bookkeeping reports are a few words long.
const STATUS_REPORT_WORDS = 4;

/**
 * A status line is nothing but acknowledgements, announcements and a few-word bookkeeping
 * report, ending with an acknowledgement or an announcement ("Plan created. I'll look at the
 * router next."). A sentence that reports something ("The OK button is disabled…") makes the
 * turn an answer; so does a few-word completion ("Fixed the typo."), unless the turn's only
 * call was plan bookkeeping, which it reports ("計画を作成しました。"). A single few-word line
 * without any cue is a status line, but not a sure one.
 */
function statusLine(
  analysis: TextAnalysis,
  bookkept: boolean,
): { cue: TextMatch | undefined; sure: boolean; ackOnly: boolean } | undefined {
  let cue: TextMatch | undefined;
  let ackOnly = true;
  let lastCounts = false;
  for (const sentence of analysis.sentences) {
    const ack = isAcknowledgementOnly(analysis, sentence);
    const found = ack ? cueIn(sentence, 'acknowledgement') : promiseIn(analysis, sentence);
    if (found) {
      cue ??= found;
      if (!ack) ackOnly = false;
      lastCounts = true;
      continue;
    }
    const short = wordsIn(analysis, sentence) <= STATUS_REPORT_WORDS;
    if (!short || cueIn(sentence, 'blocker')) return undefined;
    if (cueIn(sentence, 'completion') && !bookkept) return undefined;
    ackOnly = false;
    lastCounts = false;
  }
  if (cue && lastCounts) return { cue, sure: true, ackOnly };
  if (analysis.sentences.length === 1) return { cue, sure: false, ackOnly: false };
  return undefined;
}

function normalModeText(turn: TurnSummary, text: string, options: ResolvedOptions) {
  const cues = compiledCues(options);
  const analysis = analyseText(text, cues.text);
  const verdict = narrationVerdict(text, analysis, options);
  if (verdict.evidence.rule === TurnRules.noPromise)
    return afterGoAhead(turn, analysis, cues) ?? verdict;
  if (verdict.kind !== TurnKinds.planningOnly) return verdict;
  const intent = promptIntent(turn.userPrompt, turn.previousAssistantText, cues);
  if (!intent.work) {
    const answer = result(TurnKinds.answered, TurnRules.chitChatPrompt, {
      detail: `the prompt was ${intent.why}, not a request for work`,
    });
    return intent.why === 'mostly-social' ? { ...answer, uncertain: true as const } : answer;
  }
  // "Step 1 is done. Next I'll…" is narration whatever tense carries it.
  if (verdict.evidence.rule !== TurnRules.promiseCue) return verdict;
  // "Next, the worker reconnects…" answering a question may describe the code's next step:
  // commitment frames alone are a sure nag only after a request for work.
  if (intent.why === 'question' && onlyCommitments(analysis))
    return {
      ...result(TurnKinds.answered, TurnRules.noPromise, {
        detail: 'a commitment frame answering a question',
      }),
      uncertain: true as const,
    };
  // Japanese has no future tense: "作成します" promises work or says what the code does, and a
  // subject-less Chinese "先检查" may be the code's first step. A go-ahead, an acknowledgement
  // or a promise that only promises marks intent; so does a single sentence right after a
  // request for work (a description or advice takes more than one). Otherwise the best guess
  // follows the prompt — a description after a question, narration after a request — and
  // neither is sure enough to retry on.
  if (intent.why === 'ack' || !onlyPresentTensePromises(analysis)) return verdict;
  if (intent.why !== 'question' && analysis.sentences.length === 1) return verdict;
  const guess = describes(analysis, intent)
    ? result(TurnKinds.answered, TurnRules.noPromise, {
        detail: 'present-tense verbs answering a question',
      })
    : verdict;
  return { ...guess, uncertain: true as const };
}

// Present-tense verbs answering a question, with no acknowledgement or go-ahead to mark
// intent, most likely describe the code or tell the user what to do.
function describes(analysis: TextAnalysis, intent: PromptIntent): boolean {
  return intent.why === 'question' && onlyPresentTensePromises(analysis);
}

// The user said go ahead and the reply, with no tool call, only acknowledges and describes
// the work in words the promise lists miss ("Vale, creo la migración y la pruebo."): narration,
// but not a sure one, so the default resolver does not retry it on the text alone.
const GO_AHEAD_REPLY_SENTENCES = 2;
function afterGoAhead(turn: TurnSummary, analysis: TextAnalysis, cues: CompiledCues) {
  const first = analysis.sentences[0];
  if (!first || analysis.sentences.length > GO_AHEAD_REPLY_SENTENCES) return undefined;
  const opener = first.cues.find(
    (c) => c.category === 'acknowledgement' && c.start === first.contentStart,
  );
  if (!opener) return undefined;
  if (promptIntent(turn.userPrompt, turn.previousAssistantText, cues).why !== 'ack')
    return undefined;
  return {
    ...result(TurnKinds.planningOnly, TurnRules.narrationAfterGoAhead, {
      cue: opener,
      detail: 'an acknowledgement and words after a go-ahead, with no tool call',
    }),
    uncertain: true as const,
  };
}

// Normal mode: is this text narration of work not done, or an answer?
function narrationVerdict(
  text: string,
  analysis: TextAnalysis,
  options: ResolvedOptions,
): TurnClassification {
  const last = lastSentence(analysis);
  const question = questionIn(last);
  if (question) return result(TurnKinds.answered, TurnRules.questionToUser, { cue: question });
  const answer = substantialAnswer(text, analysis, options);
  if (answer) return answer;
  const completion = completionAnywhere(analysis);
  if (completion) {
    // "Task 1 done. Next, I will start task 2.": the last sentence decides.
    const promise = promiseIn(analysis, last);
    if (promise && cueIn(last, 'nextStep'))
      return result(TurnKinds.planningOnly, TurnRules.nextStepPromise, { cue: promise });
    return result(TurnKinds.answered, TurnRules.completionCue, { cue: completion });
  }
  // "Here's what I'll do:\n1. …": the list is the work promised.
  const steps = stepsAfterCommitment(analysis);
  if (steps) return result(TurnKinds.planningOnly, TurnRules.promiseCue, { cue: steps });
  const delivered = deliveredAfterPromise(analysis);
  if (delivered) return deliveredAnswer(delivered);
  // "Let me explain. The script downloads…": sentences after the last promise that promise
  // nothing may be the answer it announced, or a remark after narration. Not a sure nag.
  const report = reportAfterPromise(analysis);
  if (report)
    return {
      ...result(TurnKinds.answered, TurnRules.deliveredContent, {
        cue: report,
        detail: 'sentences without a promise follow the last promise',
      }),
      uncertain: true as const,
    };
  const promise = promiseAnywhere(analysis);
  if (promise) return result(TurnKinds.planningOnly, TurnRules.promiseCue, { cue: promise });
  return result(TurnKinds.answered, TurnRules.noPromise);
}

// Prose after "I'll summarize:" is the summary. A list after it may be findings or the steps
// it will take: the best guess is an answer, flagged so a host may ask its own model.
function deliveredAnswer(delivered: { cue: TextMatch; list: boolean }): TurnClassification {
  const answer = result(TurnKinds.answered, TurnRules.deliveredContent, {
    cue: delivered.cue,
    ...(delivered.list ? { detail: 'a list follows the promise' } : {}),
  });
  return delivered.list ? { ...answer, uncertain: true as const } : answer;
}

// Code, length and blockers make a turn an answer whatever else it says.
function substantialAnswer(text: string, analysis: TextAnalysis, options: ResolvedOptions) {
  if (hasCodeBlock(text)) return result(TurnKinds.answered, TurnRules.codeBlock);
  if (isLong(text, options))
    return result(TurnKinds.answered, TurnRules.longText, {
      detail: `longer than ${options.incompleteTurn.narrationMaxLength} characters`,
    });
  const blocker = cueAnywhere(analysis, 'blocker');
  if (blocker) return result(TurnKinds.answered, TurnRules.blockerCue, { cue: blocker });
  return undefined;
}

function inlinePlan(text: string, analysis: TextAnalysis): TurnClassification | undefined {
  const heading = headingAnywhere(analysis);
  if (heading) return result(TurnKinds.answered, TurnRules.inlinePlan, { cue: heading });
  const items = countListItems(text);
  if (items >= 2)
    return result(TurnKinds.answered, TurnRules.inlinePlan, { detail: `${items} list items` });
  return undefined;
}

function isLong(text: string, options: ResolvedOptions): boolean {
  const max = options.incompleteTurn.narrationMaxLength;
  // No character weighs more than 3, so a short string needs no counting.
  return text.length * 3 > max && weightedLength(text, max) > max;
}

function result(
  kind: TurnKind,
  rule: TurnRule,
  extra: { cue?: { category: CueCategory; phrase: string }; detail?: string } = {},
): TurnClassification {
  const evidence: TurnEvidence = { rule };
  if (extra.cue) evidence.cue = { category: extra.cue.category, phrase: extra.cue.phrase };
  if (extra.detail !== undefined) evidence.detail = extra.detail;
  return { kind, evidence };
}

/** The verdict on input that is not a valid turn or context. */
export function invalid(detail: string): TurnClassification {
  return result(TurnKinds.notRetryable, TurnRules.invalidTurn, { detail });
}
