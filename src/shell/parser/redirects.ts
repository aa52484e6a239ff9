import { ShellCodes } from '../codes.js';
import type { ShellRedirect } from '../types.js';
import type { Token } from './lexer.js';
import { reject, show } from './reject.js';
import { isDigits } from './source.js';
import { toShellWord } from './word-rules.js';

type RedirectToken = Extract<Token, { kind: 'redirect' }>;

const devNull = '/dev/null';

// `raw` is the redirection's source text; it is shortened for the reason (show) only when the
// redirection is refused, never on the accepted path.

function unsupported(raw: string, why: string, fix = 'drop the redirect'): never {
  return reject(ShellCodes.redirectUnsupported, `\`${show(raw)}\` ${why}; ${fix}`);
}

function writes(raw: string, why: string): never {
  return reject(
    ShellCodes.redirectWrite,
    `\`${show(raw)}\` ${why}; drop the redirect to a file and read the output on stdout`,
  );
}

function checkFd(raw: string, fd: number): void {
  if (fd !== 0 && fd !== 1 && fd !== 2)
    unsupported(raw, `uses file descriptor ${fd}; only 0, 1 and 2 are allowed`);
}

/**
 * Judges one redirection: output only to /dev/null, fd duplication among 0–2,
 * input from a literal path, here-strings and quoted heredocs. Everything else rejects.
 */
export function judgeRedirect(token: RedirectToken, text: string): ShellRedirect {
  const raw = text.slice(token.start, token.end);
  const { op, target } = token;
  const fd = token.fd ?? (op.startsWith('<') ? 0 : 1);
  switch (op) {
    case '>>':
    case '&>>':
      return writes(raw, 'appends to a file');
    case '>|':
      return writes(raw, 'overwrites a file even under noclobber');
    case '<>':
      return writes(raw, 'opens a file for reading and writing (and creates it)');
    case '<': {
      checkFd(raw, fd);
      if (fd !== 0) unsupported(raw, 'reads a file into an fd other than stdin');
      const word = toShellWord(target, text);
      if (word.glob) unsupported(raw, 'names its input with a glob', 'quote the file name');
      if (word.value.includes('dev/tcp/') || word.value.includes('dev/udp/')) {
        reject(
          ShellCodes.redirectNetwork,
          `\`${show(raw)}\` opens a network connection (bash's /dev/tcp and /dev/udp); network access is not allowed in plan mode`,
        );
      }
      return { raw };
    }
    case '>':
    case '&>': {
      const word = toShellWord(target, text);
      if (word.value !== devNull) writes(raw, 'creates or truncates a file');
      checkFd(raw, fd);
      if (fd === 0) unsupported(raw, 'opens stdin for writing');
      return { raw };
    }
    case '<&':
    case '>&': {
      checkFd(raw, fd);
      const word = toShellWord(target, text);
      if (word.value === '-') unsupported(raw, 'closes a file descriptor');
      if (!isDigits(word.value)) {
        // bash treats `>&word` as `&>word`: output to a file.
        if (op === '>&') writes(raw, 'sends output to a file');
        unsupported(raw, 'duplicates something that is not a file descriptor');
      }
      checkFd(raw, Number(word.value));
      return { raw };
    }
    case '<<<':
      checkFd(raw, fd);
      if (fd !== 0) unsupported(raw, 'feeds a here-string to an fd other than stdin');
      toShellWord(target, text);
      return { raw };
    case '<<':
    case '<<-':
      // The lexer already rejected unquoted delimiters and consumed the body.
      checkFd(raw, fd);
      if (fd !== 0) unsupported(raw, 'feeds a heredoc to an fd other than stdin');
      return { raw };
  }
}
