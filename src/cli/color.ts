/** What decides whether output is coloured: the stream, the environment and the flags. */
export interface ColorContext {
  /** `process.stdout.isTTY`: undefined or false when output goes to a file or a pipe. */
  isTTY: boolean | undefined;
  env: Readonly<Record<string, string | undefined>>;
  /** `--no-color` on the command line. */
  noColorFlag?: boolean;
}

/**
 * Whether to write ANSI colours. Off with `--no-color`; else `FORCE_COLOR` decides when set
 * (`0`/`false` off, anything else on, as in Node); else off when `NO_COLOR` is set and not
 * empty (no-color.org) or `TERM=dumb`; else on only for a terminal.
 */
export function shouldColor({ isTTY, env, noColorFlag = false }: ColorContext): boolean {
  if (noColorFlag) return false;
  const force = env.FORCE_COLOR;
  if (force !== undefined) return force !== '0' && force !== 'false';
  if (env.NO_COLOR !== undefined && env.NO_COLOR !== '') return false;
  if (env.TERM === 'dumb') return false;
  return isTTY === true;
}

type Paint = (text: string) => string;

/** The styles the CLI uses; each is the identity when colour is off. */
export interface Palette {
  bold: Paint;
  dim: Paint;
  red: Paint;
  green: Paint;
  yellow: Paint;
  blue: Paint;
  magenta: Paint;
  cyan: Paint;
}

const codes: Record<keyof Palette, [number, number]> = {
  bold: [1, 22],
  dim: [2, 22],
  red: [31, 39],
  green: [32, 39],
  yellow: [33, 39],
  blue: [34, 39],
  magenta: [35, 39],
  cyan: [36, 39],
};

/**
 * ANSI styles when `enabled`, plain text otherwise. Text is never inspected, so an empty
 * string stays empty.
 */
export function palette(enabled: boolean): Palette {
  const make = ([open, close]: [number, number]): Paint =>
    enabled
      ? (text) => (text === '' ? text : `\u001b[${open}m${text}\u001b[${close}m`)
      : (text) => text;
  return {
    bold: make(codes.bold),
    dim: make(codes.dim),
    red: make(codes.red),
    green: make(codes.green),
    yellow: make(codes.yellow),
    blue: make(codes.blue),
    magenta: make(codes.magenta),
    cyan: make(codes.cyan),
  };
}
