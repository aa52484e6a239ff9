import { ShellCodes } from '../codes.js';
import type { ShellRedirect } from '../types.js';
import type { Token } from './lexer.js';
import { reject, show } from './reject.js';
import { toShellWord } from './word-rules.js';

type RedirectToken = Extract<Token, { kind: 'redirect' }>;

const devNull = '/dev/null';
const standardFds = new Set([0, 1, 2]);

function unsupported(shown: string, why: string, fix = 'drop the redirect'): never {
  return reject(ShellCodes.redirectUnsupported, `\`${shown}\` ${why}; ${fix}`);
}

function writes(shown: string, why: string): never {
  return reject(
    ShellCodes.redirectWrite,
    `\`${shown}\` ${why}; drop the redirect to a file and read the output on stdout`,
  );
}

function checkFd(shown: string, fd: number): void {
  if (!standardFds.has(fd))
    unsupported(shown, `uses file descriptor ${fd}; only 0, 1 and 2 are allowed`);
}

/**
 * Judges one redirection: output only to /dev/null, fd duplication among 0–2,
 * input from a literal path, here-strings and quoted heredocs. Everything else rejects.
 */
export function judgeRedirect(token: RedirectToken, text: string): ShellRedirect {
  const raw = text.slice(token.start, token.end);
  const shown = show(raw);
  const { op, target } = token;
  const fd = token.fd ?? (op.startsWith('<') ? 0 : 1);
  switch (op) {
    case '>>':
    case '&>>':
      return writes(shown, 'appends to a file');
    case '>|':
      return writes(shown, 'overwrites a file even under noclobber');
    case '<>':
      return writes(shown, 'opens a file for reading and writing (and creates it)');
    case '<': {
      checkFd(shown, fd);
      if (fd !== 0) unsupported(shown, 'reads a file into an fd other than stdin');
      const word = toShellWord(target, text);
      if (word.glob) unsupported(shown, 'names its input with a glob', 'quote the file name');
      if (word.value.includes('dev/tcp/') || word.value.includes('dev/udp/')) {
        reject(
          ShellCodes.redirectNetwork,
          `\`${shown}\` opens a network connection (bash's /dev/tcp and /dev/udp); network access is not allowed in plan mode`,
        );
      }
      return { raw };
    }
    case '>':
    case '&>': {
      const word = toShellWord(target, text);
      if (word.value !== devNull) writes(shown, 'creates or truncates a file');
      checkFd(shown, fd);
      if (fd === 0) unsupported(shown, 'opens stdin for writing');
      return { raw };
    }
    case '<&':
    case '>&': {
      checkFd(shown, fd);
      const word = toShellWord(target, text);
      if (word.value === '-') unsupported(shown, 'closes a file descriptor');
      if (!/^[0-9]+$/.test(word.value)) {
        // bash treats `>&word` as `&>word`: output to a file.
        if (op === '>&') writes(shown, 'sends output to a file');
        unsupported(shown, 'duplicates something that is not a file descriptor');
      }
      checkFd(shown, Number(word.value));
      return { raw };
    }
    case '<<<':
      checkFd(shown, fd);
      if (fd !== 0) unsupported(shown, 'feeds a here-string to an fd other than stdin');
      toShellWord(target, text);
      return { raw };
    case '<<':
    case '<<-':
      // The lexer already rejected unquoted delimiters and consumed the body.
      checkFd(shown, fd);
      if (fd !== 0) unsupported(shown, 'feeds a heredoc to an fd other than stdin');
      return { raw };
  }
}
