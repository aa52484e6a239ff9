import { ShellCodes } from '../codes.js';
import type { ParseResult } from '../types.js';
import { checkInputLimits, defaultParseLimits, type ParseLimits } from './limits.js';
import { Parser } from './parse.js';
import { Rejection } from './reject.js';

export {
  checkInputLimits,
  defaultParseLimits,
  maxScriptBytes,
  type ParseLimits,
} from './limits.js';

/**
 * Parses `text` as the strict bash subset the README documents, after the input limits (limits.ts). Never
 * throws: every construct outside the subset becomes `{ ok: false, code, reason }`.
 */
export function parseShell(text: string, limits: Partial<ParseLimits> = {}): ParseResult {
  const failed = checkInputLimits(text);
  if (failed !== undefined) return { ok: false, ...failed };
  const ownCommands = Object.hasOwn(limits, 'maxCommands');
  const ownNesting = Object.hasOwn(limits, 'maxNesting');
  // The caller's object itself when it has both limits; the parser only reads it.
  return parseChecked(
    text,
    ownCommands && ownNesting
      ? (limits as ParseLimits)
      : {
          maxCommands: ownCommands
            ? (limits.maxCommands as number)
            : defaultParseLimits.maxCommands,
          maxNesting: ownNesting ? (limits.maxNesting as number) : defaultParseLimits.maxNesting,
        },
  );
}

/**
 * parseShell for a caller whose limits object has both limits as own properties (the analyzer's
 * do): no property checks on every call.
 */
export function parseWithLimits(text: string, limits: ParseLimits): ParseResult {
  const failed = checkInputLimits(text);
  if (failed !== undefined) return { ok: false, ...failed };
  return parseChecked(text, limits);
}

/** Parses a text that passed checkInputLimits. */
function parseChecked(text: string, limits: ParseLimits): ParseResult {
  const parser = new Parser(text, limits);
  try {
    const ast = parser.parseScript();
    if (ast === undefined) {
      return {
        ok: false,
        code: ShellCodes.empty,
        reason: 'the command holds only comments; send the command to run',
      };
    }
    return { ok: true, ast, commands: parser.commands };
  } catch (error) {
    if (error instanceof Rejection) return { ok: false, code: error.code, reason: error.reason };
    throw error;
  }
}
