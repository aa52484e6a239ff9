/** How waiting for a host callback ended. */
export type WaitOutcome<T> =
  | { kind: 'answer'; value: T }
  | { kind: 'failed'; error: unknown }
  | { kind: 'timed_out' }
  | { kind: 'aborted' };

/**
 * Calls `start` and waits for its answer, at most `timeoutMs` and not past an abort of
 * `signal`. Nothing is called once the signal has fired. The timer and the abort listener are
 * removed however the wait ends, so one long-lived signal collects nothing per wait; a throw
 * (sync or async) is an outcome, never an exception.
 */
export async function waitForAnswer<T>(
  start: () => T | PromiseLike<T>,
  timeoutMs: number,
  signal: AbortSignal,
): Promise<WaitOutcome<T>> {
  if (signal.aborted) return { kind: 'aborted' };
  let timer: ReturnType<typeof setTimeout> | undefined;
  let onAbort: (() => void) | undefined;
  const ends = new Promise<WaitOutcome<T>>((resolve) => {
    timer = setTimeout(() => resolve({ kind: 'timed_out' }), timeoutMs);
    onAbort = () => resolve({ kind: 'aborted' });
    signal.addEventListener('abort', onAbort, { once: true });
  });
  let answered: Promise<WaitOutcome<T>>;
  try {
    answered = Promise.resolve(start()).then(
      (value): WaitOutcome<T> => ({ kind: 'answer', value }),
      (error: unknown): WaitOutcome<T> => ({ kind: 'failed', error }),
    );
  } catch (error) {
    answered = Promise.resolve({ kind: 'failed', error });
  }
  try {
    return await Promise.race([answered, ends]);
  } finally {
    clearTimeout(timer);
    if (onAbort !== undefined) signal.removeEventListener('abort', onAbort);
  }
}
