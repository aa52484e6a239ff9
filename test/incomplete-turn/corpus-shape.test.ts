import { describe, expect, it } from 'vitest';
import {
  ackColumns,
  corpusAcks,
  corpusTurns,
  fnv1a,
  halfOf,
  languages,
  rawAckFiles,
  rawTurnFiles,
  turnColumns,
  turnFlags,
  turnLabels,
} from './corpus/corpus.js';

// The labelled corpus is only a measurement if its shape holds: enough rows, every language,
// valid labels, no row twice, and a split that never moves a row.

const turns = corpusTurns();
const acks = corpusAcks();
const langs = new Set<string>([...languages, 'mixed']);

describe('turn corpus shape', () => {
  it('every file has the documented header and every row its eleven cells', () => {
    for (const { file, header, rows } of rawTurnFiles()) {
      expect(header, file).toEqual(turnColumns);
      for (const row of rows) expect(row.length, `${file}: ${row[0]}`).toBe(turnColumns.length);
    }
  });
  it('has at least 800 turns, 40 per supported language', () => {
    expect(turns.length).toBeGreaterThanOrEqual(800);
    for (const lang of languages) {
      expect(turns.filter((t) => t.lang === lang).length, lang).toBeGreaterThanOrEqual(40);
    }
  });
  it('uses only valid labels, languages, modes, stop reasons and flags', () => {
    const stops = new Set(['stop', 'tool_use', 'length', 'error', 'aborted']);
    for (const { file, rows } of rawTurnFiles()) {
      for (const [id, lang, expected, mode, , , tools, stop, flags] of rows) {
        const where = `${file}: ${id}`;
        expect(langs.has(lang ?? ''), where).toBe(true);
        expect((turnLabels as readonly string[]).includes(expected ?? ''), where).toBe(true);
        expect(['normal', 'plan'].includes(mode ?? ''), where).toBe(true);
        expect(stops.has(stop ?? ''), where).toBe(true);
        expect(
          tools === '-' || /^[A-Za-z_]+:(ro|rw)(,[A-Za-z_]+:(ro|rw))*$/.test(tools ?? ''),
          where,
        ).toBe(true);
        for (const f of flags === '-' ? [] : (flags ?? '').split(',')) {
          expect((turnFlags as readonly string[]).includes(f), `${where}: ${f}`).toBe(true);
        }
      }
    }
  });
  it('covers every class, in both modes where the class exists', () => {
    for (const label of turnLabels) {
      expect(turns.filter((t) => t.expected === label).length, label).toBeGreaterThanOrEqual(10);
    }
    // plan-ack-only exists only in plan mode; planning-only and single-action only outside it.
    expect(turns.filter((t) => t.expected === 'plan-ack-only' && !t.planMode)).toEqual([]);
    expect(
      turns.filter(
        (t) =>
          t.planMode &&
          (t.expected === 'planning-only' || t.expected === 'single-action-narration'),
      ),
    ).toEqual([]);
  });
  it('has unique ids and no input twice', () => {
    expect(new Set(turns.map((t) => t.id)).size).toBe(turns.length);
    expect(new Set(turns.map((t) => t.key)).size).toBe(turns.length);
  });
});

describe('ACK corpus shape', () => {
  it('every file has the documented header and every row its seven cells', () => {
    for (const { file, header, rows } of rawAckFiles()) {
      expect(header, file).toEqual(ackColumns);
      for (const row of rows) expect(row.length, `${file}: ${row[0]}`).toBe(ackColumns.length);
    }
  });
  it('has at least 400 prompts, 20 per supported language, both labels in each', () => {
    expect(acks.length).toBeGreaterThanOrEqual(400);
    for (const lang of languages) {
      const rows = acks.filter((a) => a.lang === lang);
      expect(rows.length, lang).toBeGreaterThanOrEqual(20);
      expect(
        rows.some((a) => a.expected === 'ack') && rows.some((a) => a.expected === 'not-ack'),
        lang,
      ).toBe(true);
    }
  });
  it('uses only valid labels, languages and modes; plan mode is never an ACK', () => {
    for (const a of acks) {
      expect(langs.has(a.lang), a.id).toBe(true);
      expect(['ack', 'not-ack'].includes(a.expected), a.id).toBe(true);
      if (a.planMode) expect(a.expected, a.id).toBe('not-ack');
    }
  });
  it('has unique ids and no input twice', () => {
    expect(new Set(acks.map((a) => a.id)).size).toBe(acks.length);
    expect(new Set(acks.map((a) => a.key)).size).toBe(acks.length);
  });
});

describe('tuning/evaluation split', () => {
  it('is FNV-1a of the input: fixed values never change', () => {
    expect(fnv1a('')).toBe(0x811c9dc5);
    expect(fnv1a('a')).toBe(0xe40c292c);
    expect(fnv1a('foobar')).toBe(0xbf9cf968);
  });
  it('assigns each row to exactly one half, by its input only', () => {
    for (const row of [...turns, ...acks]) expect(row.half).toBe(halfOf(row.key));
  });
  it('keeps both halves substantial for turns and ACKs, in every language', () => {
    for (const rows of [turns, acks] as const) {
      const tuning = rows.filter((r) => r.half === 'tuning').length;
      expect(tuning / rows.length).toBeGreaterThan(0.4);
      expect(tuning / rows.length).toBeLessThan(0.6);
    }
    for (const lang of languages) {
      expect(
        turns.filter((t) => t.lang === lang && t.half === 'evaluation').length,
        lang,
      ).toBeGreaterThanOrEqual(15);
      expect(
        acks.filter((a) => a.lang === lang && a.half === 'evaluation').length,
        lang,
      ).toBeGreaterThanOrEqual(8);
    }
  });
});
