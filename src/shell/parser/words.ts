import { ShellCodes } from '../codes.js';
import { reject, show } from './reject.js';
import { isMetachar, type Source } from './source.js';

/** A word after quote removal, before any judgement of what bash would expand in it. */
export interface DecodedWord {
  /** What the program receives. */
  value: string;
  /** quoted[i]: value[i] came from quotes or a backslash escape, so bash treats it literally. */
  quoted: boolean[];
  /** Some character was quoted or escaped (line continuations do not count). */
  anyQuoted: boolean;
  /** Source span; `text.slice(start, end)` is the raw word. */
  start: number;
  end: number;
}

// `\` inside double quotes escapes only these; before anything else it stays a backslash.
const doubleQuoteEscapes = new Set(['$', '`', '"', '\\']);

/**
 * Reads one word at `src.pos` with bash's quoting rules and stops at the first unquoted
 * metacharacter. Rejects every expansion (`$`, backticks) instead of decoding it.
 */
export function readWord(src: Source): DecodedWord {
  const { text } = src;
  const start = src.pos;
  let value = '';
  const quoted: boolean[] = [];
  let anyQuoted = false;
  const push = (char: string, isQuoted: boolean) => {
    value += char;
    quoted.push(isQuoted);
    if (isQuoted) anyQuoted = true;
  };
  let i = start;
  while (i < text.length) {
    const char = text[i] as string;
    if (isMetachar(char)) break;
    if (char === '\\') {
      const next = text[i + 1];
      if (next === undefined) {
        reject(
          ShellCodes.syntax,
          'the command ends with a lone backslash, which escapes nothing; remove it',
        );
      }
      if (next !== '\n') push(next, true);
      i += 2;
    } else if (char === "'") {
      const close = text.indexOf("'", i + 1);
      if (close < 0) {
        reject(
          ShellCodes.syntax,
          `unterminated single quote in ${show(text.slice(start))}; close it with '`,
        );
      }
      value += text.slice(i + 1, close);
      for (let k = i + 1; k < close; k++) quoted.push(true);
      anyQuoted = true;
      i = close + 1;
    } else if (char === '"') {
      i = readDoubleQuoted(text, i, push);
      anyQuoted = true;
    } else if (char === '$') {
      rejectDollar(text, i);
    } else if (char === '`') {
      rejectBacktick(text, i);
    } else {
      // A run of plain characters is copied in one slice; this loop is the parser's hot path.
      let end = i + 1;
      while (end < text.length && isPlain(text[end] as string)) end++;
      value += text.slice(i, end);
      for (let k = i; k < end; k++) quoted.push(false);
      i = end;
    }
  }
  src.pos = i;
  return { value, quoted, anyQuoted, start, end: i };
}

/** Neither a metacharacter nor the start of a quote, escape or expansion. */
function isPlain(char: string): boolean {
  return (
    char !== '\\' &&
    char !== "'" &&
    char !== '"' &&
    char !== '$' &&
    char !== '`' &&
    !isMetachar(char)
  );
}

/** Decodes `"…"` starting at the opening quote; returns the index after the closing quote. */
function readDoubleQuoted(
  text: string,
  open: number,
  push: (char: string, isQuoted: boolean) => void,
): number {
  let i = open + 1;
  for (;;) {
    const char = text[i];
    if (char === undefined) {
      reject(
        ShellCodes.syntax,
        `unterminated double quote in ${show(text.slice(open))}; close it with "`,
      );
    }
    if (char === '"') return i + 1;
    if (char === '$') rejectDollar(text, i);
    if (char === '`') rejectBacktick(text, i);
    if (char === '\\') {
      const next = text[i + 1];
      if (next === '\n') {
        i += 2;
        continue;
      }
      if (next !== undefined && doubleQuoteEscapes.has(next)) {
        push(next, true);
        i += 2;
        continue;
      }
    }
    push(char, true);
    i++;
  }
}

function rejectBacktick(text: string, at: number): never {
  reject(
    ShellCodes.commandSubstitution,
    `backticks run a command substitution (${show(text.slice(at))}); run that command separately, or put a literal backtick in single quotes`,
  );
}

const specialParameters = new Set(['?', '#', '@', '*', '$', '!', '-', '_', '0']);

function rejectDollar(text: string, at: number): never {
  const next = text[at + 1];
  const snippet = show(text.slice(at));
  if (next === '(') {
    if (text[at + 2] === '(') {
      reject(
        ShellCodes.arithmetic,
        `\`$((…))\` is arithmetic expansion (${snippet}); compute the value yourself and write it literally`,
      );
    }
    reject(
      ShellCodes.commandSubstitution,
      `\`$(…)\` runs a command substitution (${snippet}); run that command on its own first`,
    );
  }
  if (next === '[') {
    reject(
      ShellCodes.arithmetic,
      `\`$[…]\` is legacy arithmetic expansion (${snippet}); write the value literally`,
    );
  }
  if (next === "'") {
    reject(
      ShellCodes.expansion,
      `\`$'…'\` (ANSI-C quoting) decodes escapes the analyzer cannot see (${snippet}); write the characters literally inside single quotes`,
    );
  }
  if (next === '"') {
    reject(
      ShellCodes.expansion,
      `\`$"…"\` is a locale-translated string (${snippet}); use plain double quotes`,
    );
  }
  const name = /^[A-Za-z_][A-Za-z0-9_]*/.exec(
    text.slice(at + (next === '{' ? 2 : 1), at + 66),
  )?.[0];
  if (next === '{') {
    reject(
      ShellCodes.expansion,
      `\`\${…}\` is a parameter expansion (${snippet}); use printenv ${name ?? 'NAME'} to read a variable, or put a literal \`$\` in single quotes`,
    );
  }
  if (name !== undefined) {
    reject(
      ShellCodes.expansion,
      `\`$${name}\` expands a shell variable the analyzer cannot see; use printenv ${name} instead of $${name}, or put a literal \`$\` in single quotes`,
    );
  }
  if (next !== undefined && (specialParameters.has(next) || (next >= '1' && next <= '9'))) {
    reject(
      ShellCodes.expansion,
      `\`$${next}\` is a special shell parameter; the analyzer cannot know its value — write the value literally`,
    );
  }
  reject(
    ShellCodes.expansion,
    `an unquoted \`$\` starts an expansion in bash (${snippet}); put a literal \`$\` in single quotes`,
  );
}
