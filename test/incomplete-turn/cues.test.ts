import { describe, expect, it } from 'vitest';
import { compiledCues } from '../../src/incomplete-turn/compiled-cues.js';
import {
  classifyTurn,
  cuesByLanguage,
  defaultCues,
  mergeCues,
  promptCueCategories,
  resolveOptions,
  textCueCategories,
} from '../../src/internal.js';
import { turn } from './turns.js';

const everyCategory = [...textCueCategories, ...promptCueCategories];

describe('default cue lists', () => {
  // The categories every language must cover; progress openers are a
  // feature of languages with gerunds only.
  // biome-ignore format: a list of categories
  const required = [
    'promise', 'notPromise', 'completion', 'blocker', 'question', 'offer', 'nextStep',
    'planHeading', 'acknowledgement', 'ack', 'okay', 'contextualAck', 'chitChat', 'request',
  ] as const;
  it.each(Object.entries(cuesByLanguage))('%s covers every required category', (_, lists) => {
    for (const category of required) expect(lists[category].length, category).toBeGreaterThan(0);
  });
  it('merge all languages into defaultCues, without duplicates', () => {
    for (const category of everyCategory) {
      const list = defaultCues[category];
      expect(new Set(list).size).toBe(list.length);
      for (const lists of Object.values(cuesByLanguage))
        for (const phrase of lists[category]) expect(list).toContain(phrase);
    }
  });
  it('are frozen', () => {
    expect(Object.isFrozen(defaultCues)).toBe(true);
    expect(Object.isFrozen(defaultCues.promise)).toBe(true);
  });
  it('are plain text within the option limits', () => {
    for (const category of everyCategory)
      for (const phrase of defaultCues[category]) {
        expect(phrase.trim().length).toBeGreaterThan(0);
        expect(phrase.length).toBeLessThanOrEqual(200);
      }
  });
  it('are the option defaults', () => {
    expect(resolveOptions({}).incompleteTurn.cues).toEqual(defaultCues);
  });
});

describe('cue options', () => {
  const narration = turn('Je vais corriger le parseur.');
  it('a host can keep only the languages it wants', () => {
    const englishOnly = resolveOptions({ incompleteTurn: { cues: mergeCues(cuesByLanguage.en) } });
    expect(classifyTurn(narration, { planMode: false }).kind).toBe('planning-only');
    expect(classifyTurn(narration, { planMode: false, options: englishOnly }).kind).toBe(
      'answered',
    );
  });
  it('a host can add a language of its own', () => {
    const swedish = resolveOptions({
      incompleteTurn: { cues: { promise: [...defaultCues.promise, 'jag ska'] } },
    });
    const t = turn('Jag ska läsa konfigurationen först.');
    expect(classifyTurn(t, { planMode: false }).kind).toBe('answered');
    expect(classifyTurn(t, { planMode: false, options: swedish }).kind).toBe('planning-only');
  });
  it('rejects empty, oversized and non-string phrases with the path', () => {
    for (const bad of [[''], ['x'.repeat(201)], [42], 'I will'])
      expect(() => resolveOptions({ incompleteTurn: { cues: { completion: bad } } })).toThrow(
        /incompleteTurn\.cues\.completion/,
      );
  });
  it('rejects unknown categories', () => {
    expect(() => resolveOptions({ incompleteTurn: { cues: { promises: [] } } })).toThrow(
      /incompleteTurn\.cues/,
    );
  });
  it('compiles the matchers once per resolved options object', () => {
    const a = resolveOptions({});
    const b = resolveOptions({ incompleteTurn: { cues: { ack: ['kör'] } } });
    expect(compiledCues(a)).toBe(compiledCues(a));
    expect(compiledCues(b)).toBe(compiledCues(b));
    expect(compiledCues(b)).not.toBe(compiledCues(a));
    // Default lists are recognised, so each resolveOptions({}) shares one compilation.
    expect(compiledCues(resolveOptions({}))).toBe(compiledCues(a));
  });
});
