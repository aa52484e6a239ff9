import type { ProgramSpec, ProgramTable } from '../spec.js';
import { gnuStandard, options } from './options.js';

// Programs that describe files and paths: ls stat du df realpath readlink basename dirname pwd
// (GNU coreutils) and file. Only `file` has options that write or run programs.

/**
 * Builds the file information programs' table (ls stat du …).
 * Called once, on the first lookup of one of its programs, so loading the module builds nothing.
 */
export function buildFileInfoPrograms(): ProgramTable {
  const ls: ProgramSpec = {
    options: options({
      '-a --all': 'flag',
      '-A --almost-all': 'flag',
      '--author': 'flag',
      '-b --escape': 'flag',
      '--block-size': 'required',
      '-B --ignore-backups': 'flag',
      '-c': 'flag',
      '-C': 'flag',
      '--color': 'optional',
      '-d --directory': 'flag',
      '-D --dired': 'flag',
      '-f': 'flag',
      '-F': 'flag',
      '--classify': 'optional',
      '--file-type': 'flag',
      '--format': 'required',
      '--full-time': 'flag',
      '-g': 'flag',
      '--group-directories-first': 'flag',
      '-G --no-group': 'flag',
      '-h --human-readable': 'flag',
      '--si': 'flag',
      '-H --dereference-command-line': 'flag',
      '--dereference-command-line-symlink-to-dir': 'flag',
      '--hide': 'required',
      '--hyperlink': 'optional',
      '--indicator-style': 'required',
      '-i --inode': 'flag',
      '-I --ignore': 'required',
      '-k --kibibytes': 'flag',
      '-l': 'flag',
      '-L --dereference': 'flag',
      '-m': 'flag',
      '-n --numeric-uid-gid': 'flag',
      '-N --literal': 'flag',
      '-o': 'flag',
      '-p': 'flag',
      '-q --hide-control-chars': 'flag',
      '--show-control-chars': 'flag',
      '-Q --quote-name': 'flag',
      '--quoting-style': 'required',
      '-r --reverse': 'flag',
      '-R --recursive': 'flag',
      '-s --size': 'flag',
      '-S': 'flag',
      '--sort': 'required',
      '--time': 'required',
      '--time-style': 'required',
      '-t': 'flag',
      '-T --tabsize': 'required',
      '-u': 'flag',
      '-U': 'flag',
      '-v': 'flag',
      '-w --width': 'required',
      '-x': 'flag',
      '-X': 'flag',
      '-Z --context': 'flag',
      '--zero': 'flag',
      '-1': 'flag',
      ...gnuStandard,
    }),
    globs: 'anywhere',
  };

  const stat: ProgramSpec = {
    options: options({
      '-L --dereference': 'flag',
      '-f --file-system': 'flag',
      '--cached': 'required',
      '-c --format': 'required',
      '--printf': 'required',
      '-t --terse': 'flag',
      ...gnuStandard,
    }),
    globs: 'anywhere',
  };

  const du: ProgramSpec = {
    options: options({
      '-0 --null': 'flag',
      '-a --all': 'flag',
      '--apparent-size': 'flag',
      '-B --block-size': 'required',
      '-b --bytes': 'flag',
      '-c --total': 'flag',
      '-D --dereference-args': 'flag',
      '-d --max-depth': 'required',
      '--files0-from': 'required',
      '-H': 'flag',
      '-h --human-readable': 'flag',
      '--inodes': 'flag',
      '-k': 'flag',
      '-L --dereference': 'flag',
      '-l --count-links': 'flag',
      '-m': 'flag',
      '-P --no-dereference': 'flag',
      '-S --separate-dirs': 'flag',
      '--si': 'flag',
      '-s --summarize': 'flag',
      '-t --threshold': 'required',
      '--time': 'optional',
      '--time-style': 'required',
      '-X --exclude-from': 'required',
      '--exclude': 'required',
      '-x --one-file-system': 'flag',
      ...gnuStandard,
    }),
    globs: 'anywhere',
  };

  // `--sync` only flushes file-system buffers before reading usage; it changes no file.
  const df: ProgramSpec = {
    options: options({
      '-a --all': 'flag',
      '-B --block-size': 'required',
      '-h --human-readable': 'flag',
      '-H --si': 'flag',
      '-i --inodes': 'flag',
      '-k': 'flag',
      '-l --local': 'flag',
      '--no-sync': 'flag',
      '--output': 'optional',
      '-P --portability': 'flag',
      '--sync': 'flag',
      '--total': 'flag',
      '-t --type': 'required',
      '-T --print-type': 'flag',
      '-x --exclude-type': 'required',
      '-v': 'flag',
      ...gnuStandard,
    }),
    globs: 'anywhere',
  };

  const realpath: ProgramSpec = {
    options: options({
      '-e --canonicalize-existing': 'flag',
      '-m --canonicalize-missing': 'flag',
      '-L --logical': 'flag',
      '-P --physical': 'flag',
      '-q --quiet': 'flag',
      '--relative-to': 'required',
      '--relative-base': 'required',
      '-s --strip --no-symlinks': 'flag',
      '-z --zero': 'flag',
      ...gnuStandard,
    }),
    globs: 'anywhere',
  };

  const readlink: ProgramSpec = {
    options: options({
      '-f --canonicalize': 'flag',
      '-e --canonicalize-existing': 'flag',
      '-m --canonicalize-missing': 'flag',
      '-n --no-newline': 'flag',
      '-q --quiet': 'flag',
      '-s --silent': 'flag',
      '-v --verbose': 'flag',
      '-z --zero': 'flag',
      ...gnuStandard,
    }),
    globs: 'anywhere',
  };

  const basename: ProgramSpec = {
    options: options({
      '-a --multiple': 'flag',
      '-s --suffix': 'required',
      '-z --zero': 'flag',
      ...gnuStandard,
    }),
    globs: 'anywhere',
  };

  const dirname: ProgramSpec = {
    options: options({ '-z --zero': 'flag', ...gnuStandard }),
    globs: 'anywhere',
  };

  // bash's builtin pwd runs, not coreutils'; it takes -L and -P (the long forms are coreutils').
  const pwd: ProgramSpec = {
    options: options({ '-L --logical': 'flag', '-P --physical': 'flag', ...gnuStandard }),
    globs: 'anywhere',
  };

  const file: ProgramSpec = {
    options: options({
      '-m --magic-file': 'required',
      '-z --uncompress': {
        hazard: 'executes',
        reason: 'may run external decompressors on the files; drop it',
      },
      '-Z --uncompress-noreport': {
        hazard: 'executes',
        reason: 'may run external decompressors on the files; drop it',
      },
      '-b --brief': 'flag',
      '-c --checking-printout': 'flag',
      '-e --exclude': 'required',
      '--exclude-quiet': 'required',
      '-f --files-from': 'required',
      '-F --separator': 'required',
      '-i --mime': 'flag',
      '--apple': 'flag',
      '--extension': 'flag',
      '--mime-type': 'flag',
      '--mime-encoding': 'flag',
      '-k --keep-going': 'flag',
      '-l --list': 'flag',
      '-L --dereference': 'flag',
      '-h --no-dereference': 'flag',
      '-n --no-buffer': 'flag',
      '-N --no-pad': 'flag',
      '-0 --print0': 'flag',
      '-p --preserve-date': {
        hazard: 'writes',
        reason: 'resets the access time of each file (a write to its metadata); drop it',
      },
      '-P --parameter': 'required',
      '-r --raw': 'flag',
      '-s --special-files': 'flag',
      '-S --no-sandbox': {
        hazard: 'unsupported',
        reason: 'turns off the system-call sandbox of file; drop it',
      },
      '-C --compile': {
        hazard: 'writes',
        reason: 'compiles a magic file and writes the .mgc result; drop it',
      },
      '-d --debug': 'flag',
      '-v --version': 'flag',
      '--help': 'flag',
    }),
    globs: 'after-end-of-options',
  };

  // ls stat du df realpath readlink basename dirname pwd file: they describe files and paths.
  // Only `file` has options that write (-C, -p) or run programs (-z, -Z).
  return {
    ls: { kind: 'spec', spec: ls },
    stat: { kind: 'spec', spec: stat },
    du: { kind: 'spec', spec: du },
    df: { kind: 'spec', spec: df },
    realpath: { kind: 'spec', spec: realpath },
    readlink: { kind: 'spec', spec: readlink },
    basename: { kind: 'spec', spec: basename },
    dirname: { kind: 'spec', spec: dirname },
    pwd: { kind: 'spec', spec: pwd },
    file: { kind: 'spec', spec: file },
  };
}
