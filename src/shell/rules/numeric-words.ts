// zsh evaluates some builtin arguments as arithmetic (printf's numeric conversions and `*`
// widths, `test -t FD`, the integer specials COLUMNS and LINES), and arithmetic expands array
// subscripts: `printf %d 'path[$(touch x)]'` runs touch under zsh. bash, dash and busybox sh
// read the same words with strtol. A word in such a context is accepted only when it is a plain
// number literal, which every one of them reads as that number and nothing else.

const decimal = /^[+-]?(?:[0-9]+(?:\.[0-9]*)?|\.[0-9]+)(?:[eE][+-]?[0-9]+)?$/;
const hexadecimal = /^[+-]?0[xX][0-9a-fA-F]+$/;

/** A number literal that zsh's arithmetic reads as itself (no names, subscripts or operators). */
export function isPlainNumber(text: string): boolean {
  return text.length <= 64 && (decimal.test(text) || hexadecimal.test(text));
}

/** What one printf conversion consumes: how many `*` values, and whether its value is a number. */
interface Conversion {
  stars: number;
  numeric: boolean;
}

const numericLetters = new Set('diouxXeEfFgGaA'.split(''));
const stringLetters = new Set(['s', 'b', 'q', 'c']);

/**
 * The argument slots a printf format reads, in order, as numeric (true) or string (false); undefined
 * when the format uses something we do not model (positional `%N$`, an unknown conversion).
 */
export function printfSlots(format: string): boolean[] | undefined {
  const slots: boolean[] = [];
  let i = 0;
  while (i < format.length) {
    const char = format[i];
    i++;
    if (char !== '%') continue;
    if (format[i] === '%') {
      i++;
      continue;
    }
    const conversion = readConversion(format, i);
    if (conversion === undefined) return undefined;
    for (let k = 0; k < conversion.value.stars; k++) slots.push(true);
    slots.push(conversion.value.numeric);
    i = conversion.end;
  }
  return slots;
}

function readConversion(
  format: string,
  start: number,
): { value: Conversion; end: number } | undefined {
  let i = start;
  // Flags.
  while (i < format.length && "-+ #0'I".includes(format[i] as string)) i++;
  let stars = 0;
  // Width, then precision: digits or `*` (a `*` consumes one argument, read as a number).
  for (const part of ['width', 'precision']) {
    if (part === 'precision') {
      if (format[i] !== '.') break;
      i++;
    }
    if (format[i] === '*') {
      stars++;
      i++;
      continue;
    }
    const digitsStart = i;
    while (i < format.length && /[0-9]/.test(format[i] as string)) i++;
    // `%1$s`: positional arguments (zsh) pick any argument in any order.
    if (format[i] === '$' && i > digitsStart) return undefined;
  }
  // Length modifiers bash accepts and ignores.
  while (i < format.length && 'hlLqjzt'.includes(format[i] as string)) i++;
  const letter = format[i];
  if (letter === undefined) return undefined;
  if (letter === '(') {
    // bash's %(strftime)T reads its argument as a number of seconds.
    const close = format.indexOf(')T', i);
    if (close < 0) return undefined;
    return { value: { stars, numeric: true }, end: close + 2 };
  }
  if (numericLetters.has(letter)) return { value: { stars, numeric: true }, end: i + 1 };
  if (stringLetters.has(letter)) return { value: { stars, numeric: false }, end: i + 1 };
  return undefined;
}
