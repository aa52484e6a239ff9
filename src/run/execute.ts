import type { ToolCallBlock } from '../messages.js';
import type { ToolResult } from './types.js';

/** What a tool execution returns: text for the model, or `{ content, isError }`. */
export type ToolOutput = string | { content: string; isError?: boolean };

/**
 * Runs one call the gate allowed, for every driver. The result is undefined when the call did
 * not complete: the signal had fired before it started, or it threw after the signal fired.
 * Anything else — a value returned after an abort included — is a result in hand, and kept.
 */
export async function runToolCall(
  call: ToolCallBlock,
  signal: AbortSignal,
  execute: () => Promise<ToolOutput>,
): Promise<ToolResult | undefined> {
  if (signal.aborted) return undefined;
  try {
    return toolResult(call.id, await execute());
  } catch (error) {
    if (signal.aborted) return undefined;
    return {
      toolCallId: call.id,
      content: `The tool failed: ${describeError(error)}`,
      isError: true,
    };
  }
}

// The executor is the host's code: its output is read once, defensively (a Proxy, a getter
// that throws), and anything unreadable is an error result rather than an exception.
function toolResult(toolCallId: string, output: unknown): ToolResult {
  if (typeof output === 'string') return { toolCallId, content: output, isError: false };
  try {
    const { content, isError } = output as { content?: unknown; isError?: unknown };
    return { toolCallId, content: String(content), isError: isError === true };
  } catch (error) {
    return {
      toolCallId,
      content: `The tool result could not be read: ${describeError(error)}`,
      isError: true,
    };
  }
}

/**
 * A one-line description of anything thrown. Never throws itself: a thrown value may be a
 * revoked Proxy or an Error whose `message` getter throws.
 */
export function describeError(error: unknown): string {
  try {
    if (error instanceof Error) {
      const message: unknown = error.message;
      if (typeof message === 'string' && message !== '') return message;
      const name: unknown = error.name;
      return typeof name === 'string' && name !== '' ? name : 'unknown error';
    }
    return typeof error === 'string' ? error : 'unknown error';
  } catch {
    return 'unknown error (it could not be read)';
  }
}

/**
 * A signal that fires when any of `signals` fires, and `dispose` to remove its listeners:
 * one long-lived signal (the host's) must not collect a listener per model call, tool or
 * approval, and AbortSignal.any gives no way to remove the ones it adds.
 */
export function linkSignals(...signals: AbortSignal[]): { signal: AbortSignal; dispose(): void } {
  const fired = signals.find((s) => s.aborted);
  if (fired !== undefined) return { signal: fired, dispose: () => undefined };
  const controller = new AbortController();
  const listeners = signals.map((s) => {
    const listener = () => controller.abort(s.reason);
    s.addEventListener('abort', listener, { once: true });
    return listener;
  });
  return {
    signal: controller.signal,
    dispose: () => {
      for (const [i, s] of signals.entries())
        s.removeEventListener('abort', listeners[i] as () => void);
    },
  };
}
