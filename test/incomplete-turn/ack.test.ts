import { describe, expect, it } from 'vitest';
import { defaultCues, isExecutionAck, resolveOptions } from '../../src/index.js';

const options = resolveOptions({});
const offer = 'I can patch parse() and add a regression test. Want me to go ahead?';
const ack = (prompt: string, previousAssistantText: string | null = null) =>
  isExecutionAck(prompt, { previousAssistantText, options });

describe('isExecutionAck: go-aheads that count on their own', () => {
  // biome-ignore format: a list of prompts
  it.each([
    'ok', 'okay', 'OK!', 'do it', 'go ahead', 'ship it.', 'continue', 'carry on', 'fix it',
    'yes, do it', 'alright, ship it', 'OK DO IT!!!', 'ok 👍', 'keep going', 'thanks, go ahead',
    'mach es', 'Los geht’s!', 'vas-y', 'dale', 'vai em frente', '進めて', 'ＯＫ、進めて',
    '진행해', '好的，开始吧。', 'تمام',
  ])('%s', (prompt) => expect(ack(prompt)).toBe(true));
});

describe('isExecutionAck: bare assents count only after an offer or a plan', () => {
  it.each([
    'yes',
    'go',
    'proceed',
    'lgtm',
    'sure',
    '👍',
    'ｙｅｓ',
    'ja',
    'oui',
    'sí',
    'sim',
    'はい',
    '네',
    '是的',
    'نعم',
  ])('%s after an offer, not alone', (prompt) => {
    expect(ack(prompt, offer)).toBe(true);
    expect(ack(prompt)).toBe(false);
  });
  it.each([
    ['an offer phrased as a statement', 'I can also regenerate the API client if you like.'],
    ['"say go"', "The migration is ready. Say go and I'll run it."],
    ['"shall I proceed"', 'Shall I proceed with deleting the 14 stale branches?'],
    ['a plan', 'Plan:\n1. Extract validate.ts\n2. Reuse it in both handlers'],
    ['a question naming the go-ahead', 'Proceed with the rename?'],
  ])('counts after %s', (_, previous) => expect(ack('yes', previous)).toBe(true));
  it.each([
    ['a factual question', 'Is the failing test in tests/parser.test.ts?'],
    ['a thank-you', 'Thanks for the details!'],
    ['a finished report with a list', 'Done:\n- fixed the parser\n- added tests'],
  ])('does not count after %s', (_, previous) => expect(ack('yes', previous)).toBe(false));
});

describe('isExecutionAck: refusals, questions and compound instructions are not ACKs', () => {
  // biome-ignore format: a list of prompts
  it.each([
    "don't do it", 'no', 'not yet', 'wait', 'nein, noch nicht', 'non', 'no, espera',
    '하지 마', '别做', '等一下', 'まだやらないで', 'لا، انتظر',
    'yes?', 'ok, but why?', 'do it？', 'ship it??', '¿sí', 'نعم؟', 'okay so what does this do',
    'go, and also update the changelog', 'ok do it\n\nalso update the README',
    'Do it now, then run the whole test suite, then write up the results in the PR description',
    '', '   ', 'thanks!', 'weiter so', 'go ahead with option B', 'option B', 'hold on',
  ])('%j', (prompt) => expect(ack(prompt, offer)).toBe(false));
});

describe('isExecutionAck: thanks', () => {
  it('"ok thanks" closes a conversation, but accepts an offer', () => {
    expect(ack('ok thanks', 'I pushed the fix; CI is green.')).toBe(false);
    expect(ack('ok thanks', offer)).toBe(true);
  });
  it('a go-ahead with thanks is still a go-ahead', () => {
    expect(ack('great, thanks, ship it')).toBe(true);
  });
});

describe('isExecutionAck: limits', () => {
  it('rejects anything over 80 characters, even a padded go-ahead', () => {
    expect(ack(`  ok!${' '.repeat(90)}`)).toBe(true); // trimmed: 3 characters
    expect(ack(`go ahead ${'please '.repeat(11)}`.trim())).toBe(false);
  });
  it('counts code points, not UTF-16 units', () => {
    expect(ack('👍'.repeat(40), offer)).toBe(true);
  });
  it('rejects every line break', () => {
    for (const br of ['\n', '\r', '\u2028', '\u0085']) expect(ack(`ok${br}do it`)).toBe(false);
  });
  it('is never an ACK in plan mode', () => {
    expect(isExecutionAck('ok do it', { planMode: true })).toBe(false);
    expect(isExecutionAck('yes', { planMode: true, previousAssistantText: offer })).toBe(false);
  });
  it('fails closed on a planMode that is not a boolean', () => {
    expect(isExecutionAck('ok', { planMode: 'plan' as never })).toBe(false);
  });
  it('answers false for non-strings instead of throwing', () => {
    for (const value of [undefined, null, 42, {}, ['ok']])
      expect(isExecutionAck(value as never)).toBe(false);
  });
});

describe('isExecutionAck: cue lists are options', () => {
  it('a host extends a list without losing the defaults', () => {
    const custom = resolveOptions({
      incompleteTurn: { cues: { ack: [...defaultCues.ack, 'make it rain'] } },
    });
    expect(isExecutionAck('make it rain', { options: custom })).toBe(true);
    expect(isExecutionAck('ship it', { options: custom })).toBe(true);
    expect(isExecutionAck('make it rain', { options })).toBe(false);
  });
  it('a host replaces a list to localise it', () => {
    const custom = resolveOptions({ incompleteTurn: { cues: { ack: ['kör'], okay: [] } } });
    expect(isExecutionAck('Kör!', { options: custom })).toBe(true);
    expect(isExecutionAck('ok', { options: custom })).toBe(false);
  });
});

describe('isExecutionAck: an offer phrased as a question, in each language', () => {
  // Each pair: a bare assent after a question that proposes the work is a go-ahead; after a
  // factual yes/no question it is not.
  it.each([
    ['sí', '¿Lo aplico?', '¿Te falla también en local?'],
    ['sim', 'Posso aplicar a correção agora?', 'O teste falha na sua máquina?'],
    ['네', '마이그레이션을 시작할까요?', '테스트가 로컬에서 통과하나요?'],
    ['はい', 'インデックスを追加しましょうか？', 'テストはローカルでも失敗しますか？'],
    ['是的', '要我现在部署吗？', '测试在本地也失败吗？'],
    ['نعم', 'هل أتابع الترحيل؟', 'هل الاختبار يفشل عندك أيضا؟'],
    ['ja', 'Soll ich die Migration starten?', 'Schlägt der Test bei dir auch fehl?'],
    ['oui', 'Je lance la migration ?', 'Le test échoue aussi chez toi ?'],
    ['yes', 'Proceed?', 'Did the deploy finish on your side?'],
  ])('"%s" after "%s" but not after "%s"', (prompt, proposal, factual) => {
    expect([ack(prompt, proposal), ack(prompt, factual)]).toEqual([true, false]);
  });

  it.each(["let's proceed", 'please go ahead and proceed', 'roger that', 'do both'])(
    '"%s" after an offer',
    (prompt) => expect(ack(prompt, offer)).toBe(true),
  );
});

describe('isExecutionAck: a go-ahead that names its work', () => {
  const pause = 'I stopped after 3 of 8 modules because the reply got long.';
  // Approvals and requests to resume count with the work they name, in any wording; none of
  // these prompts is a corpus row.
  // biome-ignore format: a list of prompts
  it.each([
    'carry on with the refactor', 'continue with the remaining modules', 'keep going with the rest',
    'pick up from module 4', 'get back to it', 'finish the rest', 'approved, go',
    'consider it approved', 'permission granted', "you're cleared to proceed", 'greenlit',
    'you have my blessing', 'go ahead with the rename', 'go ahead with the rename please',
    '작업 재개해 주세요', 'pode retomar de onde parou',
  ])('%s', (prompt) => expect(ack(prompt, pause)).toBe(true));

  // Words instead of work, a hold, a negation or a request hidden in a verb are not go-aheads.
  // biome-ignore format: a list of prompts
  it.each([
    'continue explaining', 'continue the explanation', 'carry on talking',
    'keep going with the story', "don't continue", 'do not resume', 'resume tomorrow',
    'carry on with the refactor later', 'mach das nicht', 'continue, but first show me the diff',
    '크래시 원인 조사해 줘', 'thanks, carry on with your day',
  ])('%s', (prompt) => expect(ack(prompt, pause)).toBe(false));
});

describe('isExecutionAck: approvals and requests to resume count without an offer', () => {
  // biome-ignore format: a list of prompts
  it.each([
    'approval granted', 'i give my approval', 'you have my ok', "you're good to go",
    'get to it', 'get on with it', 'press on', 'keep working', 'back to work', 'you can resume',
    'feel free to resume', 'do the rest', 'finish the job', 'go with the plan',
    'proceed as you suggested', 'do what you proposed',
  ])('%s', (prompt) => expect(ack(prompt)).toBe(true));
  // Bare assents still wait for an offer.
  // biome-ignore format: a list of prompts
  it.each(['proceed', 'yes proceed', 'go on then', 'sure, proceed'])('%s alone', (prompt) =>
    expect(ack(prompt)).toBe(false),
  );
});

describe('isExecutionAck: "resume" is a go-ahead in English, "summarize" in Spanish', () => {
  const pause = 'I stopped after 4 of 9 tables.';
  it.each(['resume the migration', 'resume from table 5', 'resume with the seeds'])(
    '%s',
    (prompt) => expect(ack(prompt, pause)).toBe(true),
  );
  it.each(['resume el informe', 'resume o documento'])('%s', (prompt) =>
    expect(ack(prompt, pause)).toBe(false),
  );
});
