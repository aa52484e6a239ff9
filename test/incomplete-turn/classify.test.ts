import { describe, expect, it } from 'vitest';
import {
  classifyTurn,
  resolveOptions,
  type TurnKind,
  type TurnRule,
  type TurnSummary,
} from '../../src/index.js';
import { read, turn, write } from './turns.js';

const options = resolveOptions({});
const kindOf = (t: TurnSummary, planMode = false) => classifyTurn(t, { planMode, options }).kind;
const ruleOf = (t: TurnSummary, planMode = false) =>
  classifyTurn(t, { planMode, options }).evidence.rule;

type Row = [string, TurnSummary, TurnKind, TurnRule?];

function table(rows: Row[], planMode = false) {
  it.each(rows)('%s', (_, t, kind, rule) => {
    const got = classifyTurn(t, { planMode, options });
    expect(got.kind, JSON.stringify(got.evidence)).toBe(kind);
    if (rule) expect(got.evidence.rule).toBe(rule);
  });
}

describe('not-retryable wins over every other class', () => {
  const narration = "I'll inspect the code and run the tests.";
  // biome-ignore format: one row per line reads as a table
  table([
    ['aborted, whatever the text says', turn(narration, { aborted: true }), 'not-retryable', 'aborted'],
    ['timed out', turn(narration, { timedOut: true }), 'not-retryable', 'timed-out'],
    ['a tool error, even with a read-only call', turn(narration, { toolError: true, toolCalls: [read()] }), 'not-retryable', 'tool-error'],
    ['side effects, even with a mutating call', turn(narration, { sideEffects: true, toolCalls: [write()] }), 'not-retryable', 'side-effects'],
    ['stop reason length', turn(narration, { stopReason: 'length' }), 'not-retryable', 'stop-reason'],
    ['stop reason error', turn('', { stopReason: 'error' }), 'not-retryable', 'stop-reason'],
    ['stop reason aborted without the flag', turn('', { stopReason: 'aborted' }), 'not-retryable', 'stop-reason'],
    ['an empty aborted turn is not "empty"', turn('', { aborted: true }), 'not-retryable'],
  ]);
  it('also in plan mode', () => {
    expect(kindOf(turn('Got it.', { timedOut: true }), true)).toBe('not-retryable');
  });
});

describe('acted: the turn did something', () => {
  // biome-ignore format: one row per line reads as a table
  table([
    ['any mutating call, whatever the text', turn("I'll now refactor everything.", { toolCalls: [write()] }), 'acted', 'mutating-tool'],
    ['two read-only calls', turn("Next I'll fix it.", { toolCalls: [read(), read('grep')] }), 'acted', 'several-tools'],
    ['exit_plan_mode (submitting the plan is action)', turn('Submitted.', { toolCalls: [write('exit_plan_mode')] }), 'acted', 'plan-submitted'],
    ['one read-only call and no text', turn('', { toolCalls: [read()] }), 'acted', 'read-only-tool'],
    ['one read-only call and a finding', turn('The timeout is set to 5s in config.ts.', { toolCalls: [read()] }), 'acted'],
    ['one read-only call and a report', turn("Here's what I found: the bug is in parse().", { toolCalls: [read()] }), 'acted'],
    ['one read-only call and a question to the user', turn('Which profile should I change?', { toolCalls: [read()] }), 'acted'],
    ['one read-only call and a blocker', turn("I can't proceed: the repo is empty. I'll wait.", { toolCalls: [read()] }), 'acted'],
    ['one read-only call and a code block', turn("I'll apply this:\n```diff\n- a\n+ b\n```", { toolCalls: [read()] }), 'acted'],
    ['one read-only call after chit-chat', turn("I'll keep it in mind and check again later.", { toolCalls: [read()], userPrompt: 'thanks!' }), 'acted'],
  ]);
});

describe('single-action-narration: one read, then narration of what comes next', () => {
  // biome-ignore format: one row per line reads as a table
  table([
    ['"next I\'ll patch it"', turn("The handler is in api.ts. Next I'll patch it.", { toolCalls: [read()] }), 'single-action-narration', 'promise-after-read'],
    ['a promise in the last sentence', turn("I'll add the null check now.", { toolCalls: [read('grep')] }), 'single-action-narration'],
    ['a report followed by a next-step promise', turn("Here's what I found: a missing await. Let me fix it.", { toolCalls: [read()] }), 'single-action-narration'],
    ['in German', turn('Ich habe die Datei gelesen. Als Nächstes werde ich den Parser anpassen.', { toolCalls: [read()] }), 'single-action-narration'],
  ]);
  it('is acted in plan mode, where one read is investigation', () => {
    expect(kindOf(turn("Next I'll read the router.", { toolCalls: [read()] }), true)).toBe('acted');
  });
  it('needs the promise in the last sentence', () => {
    expect(kindOf(turn("I'll check it. It has two profiles.", { toolCalls: [read()] }))).toBe(
      'acted',
    );
  });
});

describe('reasoning-only and empty', () => {
  // biome-ignore format: one row per line reads as a table
  table([
    ['thinking and no visible text', turn('', { hasThinking: true }), 'reasoning-only', 'thinking-only'],
    ['whitespace counts as no text', turn(' \n\t ', { hasThinking: true }), 'reasoning-only'],
    ['thinking plus plan bookkeeping only', turn('', { hasThinking: true, toolCalls: [read('update_plan'), read('enter_plan_mode')] }), 'reasoning-only'],
    ['nothing at all', turn(''), 'empty', 'no-output'],
    ['only update_plan, no thinking', turn('', { toolCalls: [write('update_plan')] }), 'empty'],
  ]);
  it('names the plan bookkeeping that was all the turn did', () => {
    const only = turn('', { toolCalls: [write('update_plan')] });
    expect(classifyTurn(only, { planMode: false }).evidence).toEqual({
      rule: 'no-output',
      detail: 'only plan bookkeeping: update_plan',
    });
    expect(classifyTurn(turn(''), { planMode: false }).evidence).toEqual({ rule: 'no-output' });
  });
  it('applies in plan mode too', () => {
    expect(kindOf(turn('', { hasThinking: true }), true)).toBe('reasoning-only');
    expect(kindOf(turn(''), true)).toBe('empty');
  });
});

describe('planning-only: narrated work after a request, nothing done', () => {
  // biome-ignore format: one row per line reads as a table
  table([
    ['"I\'ll" after a directive', turn("I'll inspect the parser and patch it."), 'planning-only', 'promise-cue'],
    ['"let me"', turn('Let me look at the fixture setup first.'), 'planning-only'],
    ['"going to"', turn('Going to rebuild the index and rerun the query.'), 'planning-only'],
    ['"I\'m now …ing"', turn("I'm now updating the call sites."), 'planning-only'],
    ['"working on it"', turn('Working on it.'), 'planning-only'],
    ['"on it"', turn('On it!'), 'planning-only'],
    ['"continuing …"', turn('Continuing with the remaining files.'), 'planning-only'],
    ['"starting with …"', turn('Starting with the database layer.'), 'planning-only'],
    ['a progress verb after "Okay,"', turn('Okay, removing the old endpoints now.'), 'planning-only'],
    ['a short status line', turn('Deploying to staging.'), 'planning-only'],
    ['a plan heading, a list and a promise', turn("Plan:\n1. Add the route\n2. Add tests\nI'll start with the route."), 'planning-only'],
    ['a completion followed by a next-step promise', turn('Task 1 done. Next, I will start task 2.'), 'planning-only', 'next-step-promise'],
    ['a report followed by "let me"', turn('I added the guard. Let me run the tests.'), 'planning-only', 'next-step-promise'],
    ['a negated completion does not count', turn("Not done yet: I'll finish the last handler."), 'planning-only'],
    ['a rhetorical question before the promise', turn('Why is it flaky? Let me look at the fixtures.'), 'planning-only'],
    ['ja: a verb + ます promise', turn('テストを実行します。'), 'planning-only'],
    ['ko: "할게요"', turn('테스트를 실행할게요.'), 'planning-only'],
    ['zh: "我来"', turn('我来修复这个问题。'), 'planning-only'],
    ['ar: a future verb', turn('سأشغل الاختبارات الآن.'), 'planning-only'],
    ['pt: "agora vou"', turn('Agora vou rodar os testes.'), 'planning-only'],
    ['after an ACK', turn("I'll get started.", { userPrompt: 'go ahead', previousAssistantText: 'Want me to go ahead?' }), 'planning-only'],
    ['after a question from the user', turn('Let me check the logs.', { userPrompt: 'why is CI red' }), 'planning-only'],
    ['without any prompt', turn("I'll continue.", { userPrompt: null }), 'planning-only'],
  ]);
});

describe('answered: a real answer, a question, or a turn that is not narration', () => {
  // biome-ignore format: one row per line reads as a table
  table([
    ['a completion cue', turn('Fixed: parse() now guards empty input and all tests pass.'), 'answered', 'completion-cue'],
    ['a completion then a promise without a next step', turn("Fixed. I'll keep an eye on CI."), 'answered'],
    ['a completion then a decision not to act', turn("Fixed: the listener leak. I'm going to leave the interval as it is."), 'answered'],
    ['"Blocked:" even with a conditional promise', turn("Blocked: no DATABASE_URL. I'll continue once you add it."), 'answered'],
    ['"the blocker is …"', turn('The blocker is the expired token.'), 'answered', 'blocker-cue'],
    ['"I can\'t proceed"', turn("I can't proceed: the API key is missing."), 'answered', 'blocker-cue'],
    ['a question to the user', turn('Should the page size be configurable?'), 'answered', 'question-to-user'],
    ['an offer in the last sentence', turn("Port 8080 is taken. Kill PID 4121, or let me know and I'll pick another port."), 'answered', 'question-to-user'],
    ['"if you like" in the last sentence', turn('I can also regenerate the client if you like.'), 'answered'],
    ['a code block', turn("I'll apply this:\n```ts\nexport const x = 1;\n```"), 'answered', 'code-block'],
    ['a numbered list without a promise', turn('1. Node 20\n2. pnpm 9'), 'answered', 'no-promise'],
    ['"let me be clear"', turn('Let me be clear: XLSX export is not implemented.'), 'answered'],
    ['"let me know" alone', turn('Let me know which one you prefer.'), 'answered'],
    ['"here\'s how I\'ll" is no report', turn("Here's what I found: two schedulers run the job."), 'answered'],
    ['an explanation', turn('The cache misses because the key includes a timestamp.'), 'answered', 'no-promise'],
    ['a gerund as a subject', turn('Running the full suite takes about four minutes on CI.'), 'answered'],
    ['"I will not …"', turn('I will not touch the production config.'), 'answered'],
    ['a long text, whatever it ends with', turn(`${'The importer reads every sheet and validates each row. '.repeat(14)}I'll add XLSX next.`), 'answered', 'long-text'],
    ['after "thanks!"', turn("You're welcome! I'll tidy up the branch too.", { userPrompt: 'thanks!' }), 'answered', 'chit-chat-prompt'],
    ['after "fyi …"', turn("I'll remember that.", { userPrompt: 'fyi the staging db is shared' }), 'answered'],
    ['after "lgtm" on a finished report', turn("Thanks! I'll merge after lunch.", { userPrompt: 'lgtm', previousAssistantText: 'I pushed the fix; CI is green.' }), 'answered', 'chit-chat-prompt'],
    ['de: a description with "zuerst" promises nothing', turn('Das Problem ist, dass der Parser zuerst die Header liest.'), 'answered'],
    ['de: "ich werde das nicht …"', turn('Ich werde das nicht ändern, bis du entscheidest.'), 'answered'],
    ['zh: "正在" describes a state', turn('服务正在运行，如果继续失败请检查日志。'), 'answered'],
    ['ja: "〜します" in a description', turn('このエラーは空のファイルを読み込んだときに発生します。'), 'answered'],
    ['ko: "진행 중" describes a state', turn('배포가 진행 중입니다.'), 'answered'],
    ['ar: "سوف" about the code, not the agent', turn('سوف يفشل الاختبار إذا كان الملف فارغا.'), 'answered'],
    ['en: "going to" about the code', turn("It's going to be tricky because the API is rate limited."), 'answered'],
    ['en: "on it" inside a sentence', turn('The fix depends on it.'), 'answered'],
    ['en: a recommendation to the user', turn("I'd recommend pinning the version to 4.2 instead of upgrading."), 'answered'],
    ['after "yes, thanks!" to a factual question', turn("Great, I'll close the ticket.", { userPrompt: 'yes, thanks!', previousAssistantText: 'Did that fix the login issue?' }), 'answered'],
  ]);
  it('treats "lgtm" after a proposal as a go-ahead, so narration is planning-only', () => {
    const t = turn("I'll start with step 1.", {
      userPrompt: 'lgtm',
      previousAssistantText: 'Plan:\n1. Extract validate.ts\n2. Reuse it\nShall I proceed?',
    });
    expect(kindOf(t)).toBe('planning-only');
  });
});

describe('plan mode', () => {
  // biome-ignore format: one row per line reads as a table
  table(
    [
      ['a short acknowledgement + announcement is plan-ack-only', turn('Got it, opening a fresh plan cycle.'), 'plan-ack-only', 'plan-ack'],
      ['a bare acknowledgement', turn('Understood.'), 'plan-ack-only'],
      ['"I\'m on it" after a go-ahead (no approval)', turn("Great, I'm on it.", { userPrompt: 'go ahead' }), 'plan-ack-only'],
      ['bookkeeping does not count as investigating', turn("I'll look at the router first.", { toolCalls: [read('update_plan')] }), 'plan-ack-only'],
      ['a question to the user', turn('Do you need the migration to be reversible?'), 'answered', 'question-to-user'],
      ['a whole plan written inline', turn('Plan:\n1. Extract validate.ts\n2. Reuse it\n3. Add tests'), 'answered', 'inline-plan'],
      ['a bulleted plan without a heading', turn('- Add a flag\n- Migrate readers\n- Remove the old path'), 'answered', 'inline-plan'],
      ['a short plan with a promise is still a plan', turn("Plan:\n1. Extract\n2. Reuse\nI'll submit it once you confirm."), 'answered'],
      ['a finding is not a status line', turn('The OK button is disabled while the form is invalid.'), 'answered', 'no-promise'],
      ['an announcement followed by a finding', turn("I'll look at auth. It has no tests at all."), 'answered'],
      ['narration is not planning-only pressure', turn("I'll read the config and then the parser."), 'plan-ack-only'],
    ],
    true,
  );
});

describe('evidence', () => {
  it('names the deciding cue as configured', () => {
    const got = classifyTurn(turn("I'll fix it."), { planMode: false, options });
    expect(got.evidence).toEqual({
      rule: 'promise-cue',
      cue: { category: 'promise', phrase: "I'll" },
    });
  });
  it('reports a question mark as the question cue', () => {
    expect(classifyTurn(turn('Which one?'), { planMode: false, options }).evidence.cue).toEqual({
      category: 'question',
      phrase: '?',
    });
  });
  it('says what was wrong with invalid input', () => {
    const got = classifyTurn({ ...turn('x'), stopReason: 'done' } as never, { planMode: false });
    expect(got.kind).toBe('not-retryable');
    expect(got.evidence.rule).toBe('invalid-turn');
    expect(got.evidence.detail).toMatch(/stopReason/);
  });
  it('treats a context without a boolean planMode as invalid', () => {
    expect(ruleOf(turn("I'll go."), 'yes' as never)).toBe('invalid-turn');
  });
});

describe('options', () => {
  it('works without options (defaults resolved once)', () => {
    expect(classifyTurn(turn("I'll fix it."), { planMode: false }).kind).toBe('planning-only');
  });
  it('accepts raw options and resolves them', () => {
    const raw = { incompleteTurn: { narrationMaxLength: 50 } };
    const t = turn("I'll read the parser, then the lexer, then write the fix and the tests.");
    expect(classifyTurn(t, { planMode: false, options: raw }).kind).toBe('answered');
  });
  it('throws OptionsError on invalid options, like every entry point', () => {
    expect(() =>
      classifyTurn(turn('x'), {
        planMode: false,
        options: { incompleteTurn: { cues: { promise: [''] } } },
      }),
    ).toThrow(/incompleteTurn\.cues\.promise/);
  });
});

describe('narration right after a go-ahead, in words no promise list holds', () => {
  const goAhead = { userPrompt: 'sí, hazlo' };
  const text = 'Vale, la migración primero y la prueba después, en la base de desarrollo.';

  it('is planning-only but uncertain, so the default resolver does not retry it', () => {
    expect(classifyTurn(turn(text, goAhead), { planMode: false, options })).toEqual({
      kind: 'planning-only',
      evidence: {
        rule: 'narration-after-go-ahead',
        cue: { category: 'acknowledgement', phrase: 'vale' },
        detail: 'an acknowledgement and words after a go-ahead, with no tool call',
      },
      uncertain: true,
    });
  });

  it('a first-person verb opening the clause is a sure promise', () => {
    const got = classifyTurn(turn('Vale, creo la migración y la pruebo.', goAhead), {
      planMode: false,
      options,
    });
    expect(got.kind).toBe('planning-only');
    expect(got.uncertain).toBeUndefined();
  });

  it.each([
    ['after a request that is not a go-ahead', turn(text, { userPrompt: '¿Qué harías?' })],
    [
      'without an acknowledgement opening it',
      turn('La migración primero y la prueba después.', goAhead),
    ],
    [
      'with more than two sentences',
      turn('Vale. La tabla tiene tres columnas. Todas son texto.', goAhead),
    ],
  ])('does not apply %s', (_, t) => {
    expect(classifyTurn(t, { planMode: false, options })).toEqual({
      kind: 'answered',
      evidence: { rule: 'no-promise' },
    });
  });

  it('a question after the go-ahead is still an answer', () => {
    expect(ruleOf(turn('Vale, ¿en qué base de datos?', goAhead))).toBe('question-to-user');
  });
});

describe('Arabic "سأ*" (I will …) after alif folding', () => {
  // Hamza forms fold to a bare alif, so the prefix also starts everyday words ("ساعة", an
  // hour); those are listed as not promises, and the future verbs still count.
  it.each([
    ['استغرق البناء ساعة كاملة.', 'answered'],
    ['المشكلة ظهرت في إصدار سابق.', 'answered'],
    ['سأعدّل الملف الآن.', 'planning-only'],
  ] as const)('%s → %s', (text, kind) => {
    expect(kindOf(turn(text, { userPrompt: 'كم استغرق البناء؟' }))).toBe(kind);
  });
});

describe('Japanese present-tense verbs: a promise or a description', () => {
  // "確認します" is both "I'll check" and "it checks": with nothing else marking intent, the
  // prompt decides the best guess, and neither guess is sure enough to retry on.
  const describing = 'リクエストごとにトークンを確認します。期限切れなら401を返します。';
  const classify = (t: TurnSummary) => classifyTurn(t, { planMode: false, options });

  it('answering a question, they describe: an uncertain answer', () => {
    expect(
      classify(turn(describing, { userPrompt: 'このミドルウェアは何をしているの？' })),
    ).toEqual({
      kind: 'answered',
      evidence: { rule: 'no-promise', detail: 'present-tense verbs answering a question' },
      uncertain: true,
    });
  });
  it('a request for an explanation counts as a question', () => {
    const t = turn(describing, { userPrompt: '認証の仕組みを説明して。' });
    expect(classify(t).kind).toBe('answered');
    expect(classify(t).uncertain).toBe(true);
  });
  it('after a request for work, several sentences: an uncertain planning-only', () => {
    const text = 'CIは毎回依存関係をインストールします。キャッシュするように設定を変更します。';
    expect(classify(turn(text, { userPrompt: 'CIを速くして。' }))).toEqual({
      kind: 'planning-only',
      evidence: { rule: 'promise-cue', cue: { category: 'promise', phrase: 'インストールします' } },
      uncertain: true,
    });
  });
  it('after a request for work, one sentence stating the action: a sure planning-only', () => {
    expect(
      classify(
        turn('`Header.tsx` の flex 設定を修正します。', { userPrompt: 'ロゴのずれを直して。' }),
      ),
    ).toEqual({
      kind: 'planning-only',
      evidence: { rule: 'promise-cue', cue: { category: 'promise', phrase: '修正します' } },
    });
  });
  it.each([
    [
      'an acknowledgement opens the reply',
      'わかりました。ヘッダーを修正します。',
      'ロゴのずれを直して。',
    ],
    [
      'finished work comes first ("done, next …")',
      'ロゴは直しました。次にヘッダーを修正します。',
      'ロゴのずれを直して。',
    ],
    [
      'a promise that is no plain statement',
      'ヘッダーを修正していきます。',
      'ロゴのずれを直して。',
    ],
    ['it follows a go-ahead', 'ヘッダーを修正します。', 'お願いします'],
  ])('they are a sure promise when %s', (_, text, userPrompt) => {
    const got = classify(turn(text, { userPrompt, previousAssistantText: '直しましょうか？' }));
    expect(got.kind).toBe('planning-only');
    expect(got.uncertain).toBeUndefined();
  });
  it('sequence words prove nothing: instructions use them too', () => {
    const t = turn('まず依存関係をインストールします。次にサーバーを起動します。', {
      userPrompt: 'ローカルで動かすには？',
    });
    expect(classify(t).kind).toBe('answered');
    expect(classify(t).uncertain).toBe(true);
  });
  it("a subject-less Chinese step is the code's, answering a question", () => {
    const t = turn('启动时先检查环境变量，然后连接数据库。', {
      userPrompt: '启动时服务做了什么？',
    });
    expect(classify(t)).toEqual({
      kind: 'answered',
      evidence: { rule: 'no-promise', detail: 'present-tense verbs answering a question' },
      uncertain: true,
    });
    expect(
      classify(turn('我先检查环境变量。', { userPrompt: '启动时服务做了什么？' })).uncertain,
    ).toBe(undefined);
  });
  it('a review or summary request counts as a question', () => {
    const t = turn('`retry()` は失敗時に同じリクエストを3回実行します。', {
      userPrompt: 'このPRをレビューして。',
    });
    expect(classify(t).kind).toBe('answered');
  });
  it('after one read, answering a question, the turn acted', () => {
    expect(
      classify(
        turn('期限切れならトークンを削除します。', {
          userPrompt: 'これは何をする？',
          toolCalls: [read()],
        }),
      ),
    ).toEqual({
      kind: 'acted',
      evidence: {
        rule: 'read-only-tool',
        detail: 'one read-only call and present-tense verbs answering a question',
      },
    });
  });
  it('the list is data: without it the verbs are sure promises again', () => {
    const strict = resolveOptions({ incompleteTurn: { cues: { presentTense: [] } } });
    const t = turn('トークンを確認します。期限切れなら401を返します。', {
      userPrompt: 'このミドルウェアは何をしているの？',
    });
    expect(classifyTurn(t, { planMode: false, options: strict })).toEqual({
      kind: 'planning-only',
      evidence: { rule: 'promise-cue', cue: { category: 'promise', phrase: '確認します' } },
    });
  });
});
