import type { ProgramRule, ProgramTable } from '../spec.js';
import { gnuStandard, type OptionShorthand, options } from './options.js';

// Checksum programs read files (or, with --check, read sums and the files they name) and print
// digests. None has an option that writes or runs anything, so globs may stand anywhere.

/**
 * Builds the checksum programs' table.
 * Called once, on the first lookup of one of its programs, so loading the module builds nothing.
 */
export function buildChecksumPrograms(): ProgramTable {
  const common: Readonly<Record<string, OptionShorthand>> = {
    '-c --check': 'flag',
    '--tag': 'flag',
    '-z --zero': 'flag',
    '--ignore-missing': 'flag',
    '--quiet': 'flag',
    '--status': 'flag',
    '--strict': 'flag',
    '-w --warn': 'flag',
    ...gnuStandard,
  };

  const digest: ProgramRule = {
    kind: 'spec',
    spec: {
      options: options({ '-b --binary': 'flag', '-t --text': 'flag', ...common }),
      globs: 'anywhere',
    },
  };

  const b2sum: ProgramRule = {
    kind: 'spec',
    spec: {
      options: options({
        '-b --binary': 'flag',
        '-t --text': 'flag',
        '-l --length': 'required',
        ...common,
      }),
      globs: 'anywhere',
    },
  };

  const cksum: ProgramRule = {
    kind: 'spec',
    spec: {
      options: options({
        '-a --algorithm': 'required',
        '-l --length': 'required',
        '--untagged': 'flag',
        '--debug': 'flag',
        ...common,
      }),
      globs: 'anywhere',
    },
  };

  // Perl's shasum (macOS, Debian): the same modes, plus -a ALGORITHM and -0/-U input modes.
  const shasum: ProgramRule = {
    kind: 'spec',
    spec: {
      options: options({
        '-a --algorithm': 'required',
        '-b --binary': 'flag',
        '-t --text': 'flag',
        '-U --UNIVERSAL': 'flag',
        '-0 --01': 'flag',
        '-h': 'flag',
        '-v': 'flag',
        ...common,
      }),
      globs: 'anywhere',
    },
  };

  // BSD md5 (and sha1, sha256 … on macOS/FreeBSD): -s STRING digests a string, -c STRING
  // compares; -x runs the built-in self-test, -t a time trial; none writes.
  const bsdDigest: ProgramRule = {
    kind: 'spec',
    spec: {
      options: options({
        '-c': 'required',
        '-s': 'required',
        '-p': 'flag',
        '-q': 'flag',
        '-r': 'flag',
        '-t': 'flag',
        '-x': 'flag',
      }),
      abbreviations: false,
      globs: 'anywhere',
    },
  };

  // md5sum, sha1sum … sha512sum, b2sum, cksum, shasum and BSD md5.
  // They only read and print digests, so globs may stand anywhere.
  return {
    md5sum: digest,
    sha1sum: digest,
    sha224sum: digest,
    sha256sum: digest,
    sha384sum: digest,
    sha512sum: digest,
    b2sum,
    cksum,
    shasum,
    md5: bsdDigest,
  };
}
