import {
  type CurrentQuestion,
  type Question,
  type QuestionAnswer,
  quoteInline,
} from '../../internal.js';

// ask_user on OpenClaw: the questions are posted to the conversation with one `/plan answer`
// command per option (what a chat button sends), and the answer comes back through `/plan`.
// The plugin only translates the command into the core's answer; the core decides it.

/** The command that gives `reply` to every question of `questionId`. */
export function answerCommand(questionId: string, replies: string[]): string {
  return `/plan answer id=${questionId} ${replies.join('; ')}`;
}

/**
 * The questions as a chat message: each question with its numbered options and, for a single
 * question, the command each option's button sends. Every piece of model text is quoted.
 */
export function renderQuestions(questionId: string, questions: readonly Question[]): string {
  const lines = ['The agent asks:'];
  questions.forEach((q, i) => {
    lines.push('', `${i + 1}. ${quoteInline(q.text)}${q.multiple ? ' (pick one or more)' : ''}`);
    q.options.forEach((o, j) => {
      const described = o.description === undefined ? '' : ` — ${quoteInline(o.description)}`;
      lines.push(`   ${j + 1}) ${quoteInline(o.label)}${described}`);
    });
    if (q.allowText) lines.push('   or answer in your own words');
  });
  lines.push('');
  const only = questions[0];
  if (questions.length === 1 && only !== undefined && only.options.length > 0)
    lines.push(
      'To answer:',
      ...only.options.map((_o, j) => `  ${answerCommand(questionId, [String(j + 1)])}`),
    );
  else
    lines.push(
      `To answer: ${answerCommand(
        questionId,
        questions.map((_q, i) => `<answer ${i + 1}>`),
      )} (option numbers, comma-separated, or your words)`,
    );
  return lines.join('\n');
}

/**
 * `/plan answer [id=<question id>] <reply>; <reply>; …` → the core's answer to `current`: one
 * reply per question, each option numbers (`1,3`), an option's label, or the user's words.
 * Without `id=`, the answer is for the questions asked last. Validity is the core's to judge.
 */
export function parseAnswerCommand(
  text: string,
  current: CurrentQuestion | undefined,
): QuestionAnswer | string {
  let rest = text.trim();
  let questionId = current?.questionId;
  const id = /^id=(\S+)\s*/.exec(rest);
  if (id) {
    questionId = id[1];
    rest = rest.slice(id[0].length);
  }
  if (questionId === undefined || current === undefined) return 'No question was asked.';
  if (rest === '') return 'Give your answer after /plan answer.';
  const parts = current.questions.length === 1 ? [rest] : rest.split(';').map((p) => p.trim());
  if (parts.length !== current.questions.length)
    return `Answer each of the ${current.questions.length} questions, separated by ";".`;
  const answers = current.questions.map((q, i) => {
    const part = parts[i] ?? '';
    if (/^\d+(\s*,\s*\d+)*$/.test(part)) {
      const picked = part.split(',').map((n) => Number(n.trim()));
      return { id: q.id, selected: picked.map((n) => q.options[n - 1]?.label ?? `#${n}`) };
    }
    const label = q.options.find((o) => o.label.toLowerCase() === part.toLowerCase());
    return label === undefined ? { id: q.id, text: part } : { id: q.id, selected: [label.label] };
  });
  return { questionId, answers };
}
