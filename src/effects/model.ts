import type { ModelClient } from '../run/driver.js';
import { describeError } from '../run/execute.js';
import type { ModelRequest, StepInput } from '../run/types.js';

/**
 * Performs a `call_model` effect for every driver (runAgent, runStored, the engine bindings):
 * the model's reply, or its failure, as the next step input. A fresh approval id comes with
 * every reply (and a question id), so a plan submitted or a question asked in it can be parked
 * without another source of ids.
 * `aborted` is read after the call: a reply that arrives after an abort is not used.
 */
export async function performModelCall(
  model: ModelClient,
  request: ModelRequest,
  at: { signal: AbortSignal; aborted?: () => boolean; now: () => number; newId: () => string },
): Promise<StepInput> {
  const aborted = at.aborted ?? (() => at.signal.aborted);
  try {
    const message = await model(request, { signal: at.signal });
    if (aborted()) return { type: 'abort', now: at.now() };
    return {
      type: 'model_response',
      message,
      now: at.now(),
      approvalId: at.newId(),
      questionId: at.newId(),
    };
  } catch (error) {
    if (aborted()) return { type: 'abort', now: at.now() };
    return { type: 'model_error', error: describeError(error), now: at.now() };
  }
}
