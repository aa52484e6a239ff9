// Text that came from a user or the model, embedded in a message planfirst injects, must not
// be able to end the line it stands on, open a new decision line or close the envelope. So it
// is written as one double-quoted string: quotes, backslashes, angle brackets and square
// brackets escaped, and every character that could break or hide a line — control, format,
// separator and non-ASCII space characters, lone surrogates, private use — written as \uXXXX.

const needsEscape = /[\p{Cc}\p{Cf}\p{Zl}\p{Zp}\p{Zs}\p{Co}\p{Cs}\p{Cn}"\\<>[\]]/u;

function escapeChar(ch: string): string {
  switch (ch) {
    case '"':
      return '\\"';
    case '\\':
      return '\\\\';
    case '\n':
      return '\\n';
    case '\t':
      return '\\t';
    case ' ':
      return ' ';
    default: {
      const code = ch.codePointAt(0) ?? 0;
      if (code > 0xffff) {
        const hi = Math.floor((code - 0x10000) / 0x400) + 0xd800;
        const lo = ((code - 0x10000) % 0x400) + 0xdc00;
        return `\\u${hi.toString(16).padStart(4, '0')}\\u${lo.toString(16).padStart(4, '0')}`;
      }
      return `\\u${code.toString(16).padStart(4, '0')}`;
    }
  }
}

/** `text` as a single-line, double-quoted string that decodes back with JSON.parse. */
export function quoteInline(text: string): string {
  let out = '"';
  for (const ch of text) out += needsEscape.test(ch) ? escapeChar(ch) : ch;
  return `${out}"`;
}

/** How much of one piece of model-supplied text a gate message repeats. */
export const MAX_QUOTED = 200;

/**
 * `text` quoted like quoteInline, cut to `max` characters first: a message repeats enough of a
 * tool name, path or reason to recognise it, never the whole of an arbitrarily long string.
 */
export function quoteBounded(text: string, max = MAX_QUOTED): string {
  let head = '';
  let count = 0;
  for (const ch of text) {
    if (count === max) break;
    head += ch;
    count += 1;
  }
  if (head.length === text.length) return quoteInline(text);
  return `${quoteInline(head)} (cut: ${text.length - head.length} more code units)`;
}

const plainName = /^[A-Za-z0-9_.,/:@+=-]{1,200}$/;

/**
 * A tool name, path or field for a message: in backticks as written when it is short and made
 * only of name characters (nothing that could end a line or forge markup), otherwise quoted and
 * bounded by quoteBounded.
 */
export function showName(text: string): string {
  return plainName.test(text) ? `\`${text}\`` : quoteBounded(text);
}

const unsafeInText = /[\p{Cc}\p{Cf}\p{Zl}\p{Zp}\p{Co}\p{Cs}\p{Cn}<>[\]]/u;

/**
 * A sentence that may contain model text (an analyzer reason naming a program): as written
 * when it is short and has nothing that could break the line or forge markup, otherwise quoted
 * and bounded by quoteBounded.
 */
export function showText(text: string, max = 400): string {
  return text.length <= max && !unsafeInText.test(text) ? text : quoteBounded(text, max);
}
