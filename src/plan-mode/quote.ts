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
