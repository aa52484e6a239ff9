// The cue categories: what each list of phrases means to the classifier and the ACK fast-path.
// Lists are data (options `incompleteTurn.cues.*`); the rules that read them live in code.

/** Categories read in the assistant's visible text (classifyTurn). */
export const textCueCategories = [
  'promise',
  'progressOpener',
  'progressSubject',
  'presentTense',
  'notPromise',
  'completion',
  'finding',
  'notCompletion',
  'blocker',
  'notBlocker',
  'question',
  'offer',
  'nextStep',
  'commitment',
  'planHeading',
  'acknowledgement',
] as const;

/** Categories read in the user's prompt (isExecutionAck and "did the prompt ask for work"). */
export const promptCueCategories = [
  'ack',
  'okay',
  'contextualAck',
  'ackFiller',
  'ackHold',
  'ackNegation',
  'chitChat',
  'infoPrefix',
  'infoRequest',
  'request',
] as const;

export type TextCueCategory = (typeof textCueCategories)[number];
export type PromptCueCategory = (typeof promptCueCategories)[number];
export type CueCategory = TextCueCategory | PromptCueCategory;

/** One list of plain-text phrases per category. */
export type CueLists = Readonly<Record<CueCategory, readonly string[]>>;

/** What each list is for; also the option descriptions in the README. */
export const cueDescriptions: Readonly<Record<CueCategory, string>> = {
  promise:
    'Forward promises of work ("I\'ll", "let me", "going to", "on it"): narration when nothing was done.',
  progressOpener:
    'Verbs that announce work when they open a sentence ("Okay, removing the old endpoints now").',
  progressSubject:
    'Words that may precede a progress opener in a sentence ("I\'m", "currently"): "I\'m checking…".',
  presentTense:
    'Promise cues that are also plain statements (Japanese "確認します", Chinese "先检查": work promised, or what code does): a sure promise after a go-ahead, with an acknowledgement, or as one sentence after a request for work; otherwise uncertain.',
  notPromise:
    'Phrases that contain a promise cue but promise no work ("let me know", "I\'ll wait for").',
  completion:
    'Finished-work cues ("done", "fixed", "all tests pass", "here\'s what I found"): an answer.',
  finding:
    'Findings ("the cause is", "原因は", "here\'s what I found"): an answer on their own, but a promise after them is still narration.',
  notCompletion: 'Negated completion ("not done yet", "isn\'t fixed"): masks a completion cue.',
  blocker:
    'Blockers ("Blocked:", "I can\'t proceed", "the blocker is"): an answer, never narration.',
  notBlocker: 'Negated blockers ("no blockers", "unblocked"): masks a blocker cue.',
  question:
    'Questions or requests to the user without a question mark ("let me know", "please confirm").',
  offer:
    'Proposals awaiting the user ("want me to", "if you like", "say go"): an answer, and what makes a bare "yes" a go-ahead.',
  nextStep:
    'Next-step markers and immediate promises ("next", "now", "let me", "also"): after a completion cue, a promise in the last sentence counts only with one.',
  commitment:
    'Frames that commit to work without "I\'ll" when they open a sentence ("Next step: …", "Will rework …", "The idea is to …", "Here\'s what I\'ll do:"): a promise.',
  planHeading: 'Plan headings at the start of a line or sentence ("Plan:", "Here\'s the plan").',
  acknowledgement:
    'Acknowledgements in the assistant\'s text ("got it", "understood"): a plan-mode status line.',
  ack: 'Go-aheads that count on their own ("do it", "go ahead", "ship it", "continue").',
  okay: 'Bare assents that count on their own but not with thanks ("ok", "okay", "alright").',
  contextualAck:
    'Assents that count only after an offer ("yes", "go", "proceed", "lgtm", "sure", "👍").',
  ackFiller: 'Words that may accompany a go-ahead without changing it ("please", "now", "then").',
  ackHold:
    'Words that turn a go-ahead\'s added clause into a hold, a detour or more work ("first", "instead", "tomorrow", "and also"): no go-ahead.',
  ackNegation:
    'Negations and refusals ("not", "don\'t", "nicht", "しないで"): a go-ahead that names its work ("resume the migration") is none with one.',
  chitChat: 'Social replies that ask for no work ("thanks", "great", "nice work").',
  infoPrefix: 'Prompt openers that share information rather than ask for work ("fyi", "btw").',
  infoRequest:
    'Requests for an explanation rather than for work ("explain", "tell me", "教えて"): the prompt counts as a question.',
  request: 'Request markers that make an informational prompt a request ("please", "can you").',
};
