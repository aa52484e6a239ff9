import { describe, expect, it } from 'vitest';
import { foldText, promptTokens } from '../../../src/incomplete-turn/text/fold.js';

describe('foldText', () => {
  it.each([
    ['I’ll', "i'll"],
    ['ＩʼＬＬ', "i'll"],
    ['DONE', 'done'],
    ['ＯＫ、進めて', 'ok、進めて'],
    ['a\u00a0 \t b', 'a b'],
    ['a\r\nb\u2028c', 'a\nb\nc'],
    ['do\u200bit', 'doit'],
    ['شُكْرًا', 'شكرا'],
    ['أُصلح', 'اصلح'],
    ['«ok»', '"ok"'],
  ])('%j → %j', (input, folded) => expect(foldText(input)).toBe(folded));
});

describe('promptTokens', () => {
  it.each([
    ['OK!', 'ok'],
    ['ship it.', 'ship it'],
    ['ＯＫ、進めて', 'ok 進めて'],
    ['fais-le', 'fais le'],
    ["Los geht's!", "los geht's"],
    ['Los geht’s!', "los geht's"],
    ["'ok'", 'ok'],
    ['ok 👍', 'ok 👍'],
    ['ok👍🏽', 'ok 👍'],
    ['好的，开始吧。', '好的 开始吧'],
    ['نعم، نفذ', 'نعم نفذ'],
    ['  ...  ', ''],
  ])('%j → %j', (input, tokens) => expect(promptTokens(input)).toBe(tokens));
});
