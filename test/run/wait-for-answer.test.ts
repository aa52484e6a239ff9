import { getEventListeners } from 'node:events';
import { describe, expect, it } from 'vitest';
import { waitForAnswer } from '../../src/run/wait-for-answer.js';

describe('waitForAnswer: one race of a host callback against a timeout and an abort', () => {
  const never = () => new Promise<never>(() => undefined);

  it('the answer, sync or async', async () => {
    const signal = new AbortController().signal;
    expect(await waitForAnswer(() => 1, 1000, signal)).toEqual({ kind: 'answer', value: 1 });
    expect(await waitForAnswer(async () => 2, 1000, signal)).toEqual({ kind: 'answer', value: 2 });
  });

  it('a throw, sync or async, is an outcome', async () => {
    const signal = new AbortController().signal;
    const boom = new Error('boom');
    const sync = () => {
      throw boom;
    };
    expect(await waitForAnswer(sync, 1000, signal)).toEqual({ kind: 'failed', error: boom });
    expect(await waitForAnswer(() => Promise.reject(boom), 1000, signal)).toEqual({
      kind: 'failed',
      error: boom,
    });
  });

  it('times out, and an abort during the wait ends it', async () => {
    const controller = new AbortController();
    expect(await waitForAnswer(never, 5, controller.signal)).toEqual({ kind: 'timed_out' });
    const waiting = waitForAnswer(never, 60_000, controller.signal);
    controller.abort();
    expect(await waiting).toEqual({ kind: 'aborted' });
  });

  it('calls nothing once the signal has fired', async () => {
    const controller = new AbortController();
    controller.abort();
    let called = 0;
    const outcome = await waitForAnswer(() => called++, 1000, controller.signal);
    expect([outcome, called]).toEqual([{ kind: 'aborted' }, 0]);
  });

  it('leaves no listener on the signal, however the wait ends', async () => {
    const signal = new AbortController().signal;
    for (let i = 0; i < 20; i++) {
      await waitForAnswer(() => i, 1000, signal);
      await waitForAnswer(never, 1, signal);
    }
    expect(getEventListeners(signal, 'abort')).toHaveLength(0);
  });
});
