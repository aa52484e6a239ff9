import type { ShellCode } from '../codes.js';

/**
 * Abandons parsing with a verdict. Thrown only inside the parser and turned back into a value by
 * parseShell(), so a rejection deep in a word never has to be threaded through every return.
 */
export class Rejection extends Error {
  readonly code: ShellCode;
  constructor(code: ShellCode, reason: string) {
    super(reason);
    this.code = code;
  }
}

/** Stops the parse with `code` and a one-line `reason` written for the model. */
export function reject(code: ShellCode, reason: string): never {
  throw new Rejection(code, reason);
}

/** Source text quoted for a reason: one line, at most 40 characters. */
export function show(text: string): string {
  const oneLine = text.replaceAll('\\\n', '').replaceAll('\n', '\\n').replaceAll('\t', '\\t');
  return oneLine.length > 40 ? `${oneLine.slice(0, 37)}...` : oneLine;
}
