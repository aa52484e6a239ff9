import type { ProgramRule, ProgramTable } from '../spec.js';
import { gnuStandard, type OptionShorthand, options } from './options.js';

// Checksum programs read files (or, with --check, read sums and the files they name) and print
// digests. None has an option that writes or runs anything, so globs may stand anywhere.

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

/** md5sum, sha1sum … sha512sum, b2sum and cksum. */
export const checksumPrograms: ProgramTable = {
  md5sum: digest,
  sha1sum: digest,
  sha224sum: digest,
  sha256sum: digest,
  sha384sum: digest,
  sha512sum: digest,
  b2sum,
  cksum,
};
