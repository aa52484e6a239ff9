import type { ShellCode } from '../codes.js';

/**
 * Abandons parsing with a verdict. Thrown only inside the parser and turned back into a value by
 * parseShell(), so a rejection deep in a word never has to be threaded through every return.
 * Not an Error on purpose: capturing a stack trace would make every rejection several times
 * slower than the whole parse, and nothing ever sees this object outside parseShell().
 */
export class Rejection {
  readonly code: ShellCode;
  readonly reason: string;
  constructor(code: ShellCode, reason: string) {
    this.code = code;
    this.reason = reason;
  }
}

/** Stops the parse with `code` and a one-line `reason` written for the model. */
export function reject(code: ShellCode, reason: string): never {
  throw new Rejection(code, reason);
}

const needsRewrite = /[\n\t]/;

/** Source text quoted for a reason: one line, at most 40 characters. */
export function show(text: string): string {
  // One scan answers the common case of a text with nothing to rewrite.
  const oneLine = needsRewrite.test(text)
    ? text.replaceAll('\\\n', '').replaceAll('\n', '\\n').replaceAll('\t', '\\t')
    : text;
  return oneLine.length > 40 ? `${oneLine.slice(0, 37)}...` : oneLine;
}
