import { type ShellCode, ShellCodes } from '../codes.js';

/**
 * Caps on a parsed script. `maxNesting` counts subshells and groups inside each
 * other; values above 64 are treated as 64 so hostile input can never exhaust the JS stack.
 */
export interface ParseLimits {
  maxCommands: number;
  maxNesting: number;
}

/** The limits parseShell() applies when the caller gives none. */
export const defaultParseLimits: ParseLimits = { maxCommands: 32, maxNesting: 2 };

/** Largest script judged, in UTF-8 bytes. */
export const maxScriptBytes = 8 * 1024;

// Everything that renders as nothing or as a space but is not one to bash, plus code points
// with no agreed meaning (private use, unassigned, lone surrogates). A single character class:
// the regex is only ever run on one code point, so it cannot backtrack.
const invisible =
  /[\p{White_Space}\p{Cf}\p{Zs}\p{Zl}\p{Zp}\p{Co}\p{Cn}\p{Cs}\p{Default_Ignorable_Code_Point}\u2800]/u;

function hex(codePoint: number): string {
  return `U+${codePoint.toString(16).toUpperCase().padStart(4, '0')}`;
}

function controlReason(unit: number, offset: number): string {
  if (unit === 0) {
    return `the command contains a NUL byte at offset ${offset}; execve cuts arguments there, so what runs is not what was checked — remove it`;
  }
  if (unit === 0x0d) {
    return `the command contains a carriage return at offset ${offset}; use plain LF line endings`;
  }
  return `the command contains control character ${hex(unit)} at offset ${offset}; remove it (only tab and newline are allowed)`;
}

const printableAscii = /^[\t\n\x20-\x7e]*$/;

/**
 * Judges the raw text before any parsing: control and invisible characters, size, emptiness.
 * Linear in the input and O(1) for anything longer than the byte limit.
 */
export function checkInputLimits(text: string): { code: ShellCode; reason: string } | undefined {
  // UTF-8 never takes fewer bytes than UTF-16 code units, so this bound is exact enough to
  // answer huge inputs without looking at them.
  if (text.length > maxScriptBytes) {
    return {
      code: ShellCodes.tooLong,
      reason: `the command is longer than ${maxScriptBytes} bytes; split it into smaller commands`,
    };
  }
  // Nearly every command is printable ASCII: the regex answers that in native code, and the
  // blank check stops at the first character that is not a space, tab or newline.
  if (printableAscii.test(text)) {
    for (let i = 0; i < text.length; i++) {
      const unit = text.charCodeAt(i);
      if (unit !== 0x20 && unit !== 0x09 && unit !== 0x0a) return undefined;
    }
    return { code: ShellCodes.empty, reason: 'the command is empty; send the command to run' };
  }
  let bytes = 0;
  let blank = true;
  for (let i = 0; i < text.length; i++) {
    const unit = text.charCodeAt(i);
    if (unit < 0x80) {
      bytes += 1;
      if ((unit < 0x20 && unit !== 0x09 && unit !== 0x0a) || unit === 0x7f) {
        return { code: ShellCodes.controlCharacter, reason: controlReason(unit, i) };
      }
      if (unit !== 0x20 && unit !== 0x09 && unit !== 0x0a) blank = false;
      continue;
    }
    if (unit <= 0x9f) return { code: ShellCodes.controlCharacter, reason: controlReason(unit, i) };
    const codePoint = text.codePointAt(i) ?? unit;
    const width = codePoint > 0xffff ? 2 : 1;
    if (invisible.test(text.slice(i, i + width))) {
      return {
        code: ShellCodes.invisibleCharacter,
        reason: `the command contains the invisible or non-ASCII space character ${hex(codePoint)} at offset ${i}; bash does not treat it as a separator — retype it as a plain space or remove it`,
      };
    }
    bytes += codePoint < 0x800 ? 2 : codePoint < 0x10000 ? 3 : 4;
    blank = false;
    i += width - 1;
  }
  if (bytes > maxScriptBytes) {
    return {
      code: ShellCodes.tooLong,
      reason: `the command is ${bytes} bytes, over the ${maxScriptBytes}-byte limit; split it into smaller commands`,
    };
  }
  if (blank) {
    return { code: ShellCodes.empty, reason: 'the command is empty; send the command to run' };
  }
  return undefined;
}
