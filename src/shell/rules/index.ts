import type { ProgramRule, ProgramTable } from '../spec.js';
import { buildArchiveRules } from './archives.js';
import { buildAwkPrograms } from './awk.js';
import { buildBinaryDumpPrograms } from './binary-dumps.js';
import { blockedCategories, buildBlockedPrograms } from './blocked.js';
import { buildChecksumPrograms } from './checksums.js';
import { buildComparePrograms } from './compare.js';
import { buildFileInfoPrograms } from './coreutils-files.js';
import { buildTextPrograms } from './coreutils-text.js';
import { buildEverydayPrograms } from './everyday.js';
import { findRules } from './find.js';
import { gitRule } from './git.js';
import { buildGrepPrograms } from './grep.js';
import { buildJqRule } from './jq.js';
import { buildSearchRules } from './search.js';
import { buildSedPrograms } from './sed.js';
import { buildShellBuiltinPrograms } from './shell-builtins.js';
import { buildSystemInfoPrograms } from './system-info.js';
import { buildTreeRule } from './tree.js';
import { buildWrapperPrograms } from './wrappers.js';

// Every program the analyzer knows, in one family per file. Loading this module builds no rule:
// each family lists its program names, and its table is built on the first lookup of one of
// them (once). A program appears in exactly one family, which is checked on the names alone
// before the first lookup answers, so two files can never disagree.

interface Family {
  /** The programs the family's table has, exactly (checked when it is built). */
  programs: readonly string[];
  /** Builds the family's table; called at most once. */
  build: () => ProgramTable;
}

/** A family's programs, written as one space-separated list. */
function names(list: string): readonly string[] {
  return list.split(' ');
}

const families: Readonly<Record<string, Family>> = {
  text: {
    programs: names(
      'cat head tail wc nl cut paste tr rev tac fold column seq sort uniq ' + 'base64 expr',
    ),
    build: buildTextPrograms,
  },
  checksums: {
    programs: names(
      'md5sum sha1sum sha224sum sha256sum sha384sum sha512sum b2sum cksum ' + 'shasum md5',
    ),
    build: buildChecksumPrograms,
  },
  binaryDumps: { programs: names('od hexdump strings xxd'), build: buildBinaryDumpPrograms },
  fileInfo: {
    programs: names('ls stat du df realpath readlink basename dirname pwd file'),
    build: buildFileInfoPrograms,
  },
  tree: { programs: names('tree'), build: () => ({ tree: buildTreeRule() }) },
  systemInfo: {
    programs: names(
      'id whoami uname uptime nproc hostname date ps printenv which getconf ' +
        'locale free pgrep lsb_release sw_vers',
    ),
    build: buildSystemInfoPrograms,
  },
  shellBuiltins: {
    programs: names('echo printf true false test [ cd type'),
    build: buildShellBuiltinPrograms,
  },
  grep: { programs: names('grep egrep fgrep zgrep zegrep zfgrep'), build: buildGrepPrograms },
  compare: { programs: names('diff cmp comm'), build: buildComparePrograms },
  jq: { programs: names('jq'), build: () => ({ jq: buildJqRule() }) },
  wrappers: {
    programs: names('timeout nice command xargs env time bash sh dash zsh'),
    build: buildWrapperPrograms,
  },
  blocked: {
    programs: blockedCategories.flatMap((category) => category.programs),
    build: buildBlockedPrograms,
  },
  find: { programs: names('find'), build: () => findRules },
  search: { programs: names('rg fd fdfind'), build: buildSearchRules },
  archives: { programs: names('tar unzip zipinfo gzip gunzip zcat'), build: buildArchiveRules },
  git: { programs: names('git'), build: () => ({ git: gitRule }) },
  everyday: {
    programs: names(
      'join numfmt sleep diff3 sdiff bzcat xzcat zstdcat who last pstree readelf nm objdump ' +
        'ss lsof',
    ),
    build: buildEverydayPrograms,
  },
  sedAwk: {
    programs: names('sed awk gawk mawk nawk'),
    build: () => ({ ...buildSedPrograms(), ...buildAwkPrograms() }),
  },
};

// No prototype: `constructor` or `__proto__` typed as a program name must find nothing.
const builtFamilies: Record<string, ProgramTable> = Object.create(null);

// Every built rule, filled in a family at a time: after a program's first lookup, looking it up
// again is this Map's get (a few hundred keys would put a plain object in dictionary mode).
const builtRules = new Map<string, ProgramRule>();

/** The family's table, built on first use; throws when it differs from its program list. */
function familyTable(family: string): ProgramTable {
  const built = builtFamilies[family];
  if (built !== undefined) return built;
  const { programs, build } = families[family] as Family;
  const table = build();
  const keys = Object.keys(table);
  if (
    keys.length !== programs.length ||
    !programs.every((program) => Object.hasOwn(table, program))
  )
    throw new Error(`family ${family} lists ${programs.join(' ')} but builds ${keys.join(' ')}`);
  for (const program of programs) builtRules.set(program, table[program] as ProgramRule);
  builtFamilies[family] = table;
  return table;
}

/**
 * The family tables, in no particular order (a program is in one of them at most). Each is
 * built when first read. Exported so tests and docs can list the families.
 */
export const programFamilies: Readonly<Record<string, ProgramTable>> = Object.create(null);
for (const family of Object.keys(families))
  Object.defineProperty(programFamilies, family, {
    enumerable: true,
    get: () => familyTable(family),
  });

let owners: ReadonlyMap<string, string> | undefined;

/** Each default program's family, by name (merged on the first lookup). */
function familyOf(): ReadonlyMap<string, string> {
  owners ??= mergeNames(families);
  return owners;
}

/**
 * Merges family tables into one; throws when a program is in two families (a table bug that
 * must fail loudly, never resolve silently by import order).
 */
export function mergeTables(families: Readonly<Record<string, ProgramTable>>): ProgramTable {
  // No prototype: `constructor` or `__proto__` typed as a program name must find nothing.
  const merged: Record<string, ProgramRule> = Object.create(null);
  const owner: Record<string, string> = Object.create(null);
  for (const [family, table] of Object.entries(families)) {
    for (const [program, rule] of Object.entries(table)) {
      if (Object.hasOwn(merged, program)) {
        throw new Error(`program ${program} is in both ${owner[program]} and ${family}`);
      }
      merged[program] = rule;
      owner[program] = family;
    }
  }
  return merged;
}

/** Program name → family, from the families' name lists; throws on a program in two. */
function mergeNames(all: Readonly<Record<string, Family>>): ReadonlyMap<string, string> {
  const owner = new Map<string, string>();
  for (const [family, { programs }] of Object.entries(all)) {
    for (const program of programs) {
      const other = owner.get(program);
      if (other !== undefined)
        throw new Error(`program ${program} is in both ${other} and ${family}`);
      owner.set(program, family);
    }
  }
  return owner;
}

// The real object behind defaultPrograms: one getter per program, defined when the table is
// first touched (findRule never touches it), not when the module loads.
const defaultTarget: Record<string, ProgramRule> = Object.create(null);
let defaultTargetReady = false;

function defaultEntries(): Record<string, ProgramRule> {
  if (!defaultTargetReady) {
    defaultTargetReady = true;
    for (const program of familyOf().keys())
      Object.defineProperty(defaultTarget, program, {
        enumerable: true,
        get: () => defaultRule(program),
      });
  }
  return defaultTarget;
}

/**
 * The default program table of analyzeShellCommand (before the host's policy changes it).
 * It has no prototype; look programs up with findRule() (or Object.hasOwn). Its entries are
 * getters that build the program's family on first read.
 */
export const defaultPrograms: ProgramTable = new Proxy(defaultTarget, {
  get: (_, key) => Reflect.get(defaultEntries(), key),
  has: (_, key) => Reflect.has(defaultEntries(), key),
  ownKeys: () => Reflect.ownKeys(defaultEntries()),
  getOwnPropertyDescriptor: (_, key) => Reflect.getOwnPropertyDescriptor(defaultEntries(), key),
});

/** The default rule for a program, building its family on the first lookup. */
function defaultRule(program: string): ProgramRule | undefined {
  const rule = builtRules.get(program);
  if (rule !== undefined) return rule;
  const family = familyOf().get(program);
  if (family === undefined) return undefined;
  familyTable(family);
  return builtRules.get(program);
}

/**
 * The rule for a program name, or undefined when the table has none. Looks at own entries only,
 * so names like `constructor` are unknown programs rather than Object.prototype members.
 */
export function findRule(table: ProgramTable, program: string): ProgramRule | undefined {
  if (table === defaultPrograms) return builtRules.get(program) ?? defaultRule(program);
  return Object.hasOwn(table, program) ? table[program] : undefined;
}

/**
 * Whether analyzeShellCommand has a built-in rule for `program` (before any host policy). A
 * policy's `programs` entry for such a program replaces that rule.
 */
export function hasBuiltInRule(program: string): boolean {
  return findRule(defaultPrograms, program) !== undefined;
}
