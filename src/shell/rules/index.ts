import type { ProgramRule, ProgramTable } from '../spec.js';
import { archiveRules } from './archives.js';
import { awkPrograms } from './awk.js';
import { binaryDumpPrograms } from './binary-dumps.js';
import { blockedPrograms } from './blocked.js';
import { checksumPrograms } from './checksums.js';
import { comparePrograms } from './compare.js';
import { fileInfoPrograms } from './coreutils-files.js';
import { textPrograms } from './coreutils-text.js';
import { findRules } from './find.js';
import { gitRule } from './git.js';
import { grepPrograms } from './grep.js';
import { jqRule } from './jq.js';
import { searchRules } from './search.js';
import { sedPrograms } from './sed.js';
import { shellBuiltinPrograms } from './shell-builtins.js';
import { systemInfoPrograms } from './system-info.js';
import { treeRule } from './tree.js';
import { wrapperPrograms } from './wrappers.js';

// Every program the analyzer knows, merged from one table per family. A program appears in
// exactly one family; mergeTables() refuses duplicates so two files can never disagree.

/**
 * The family tables, in no particular order (a program is in one of them at most).
 * Exported so tests can check the families never overlap.
 */
export const programFamilies: Readonly<Record<string, ProgramTable>> = {
  text: textPrograms,
  checksums: checksumPrograms,
  binaryDumps: binaryDumpPrograms,
  fileInfo: fileInfoPrograms,
  tree: { tree: treeRule },
  systemInfo: systemInfoPrograms,
  shellBuiltins: shellBuiltinPrograms,
  grep: grepPrograms,
  compare: comparePrograms,
  jq: { jq: jqRule },
  wrappers: wrapperPrograms,
  blocked: blockedPrograms,
  find: findRules,
  search: searchRules,
  archives: archiveRules,
  git: { git: gitRule },
  sedAwk: { ...sedPrograms, ...awkPrograms },
};

/**
 * Merges family tables into one; throws when a program is in two families (a table bug that
 * must fail loudly when the module loads, never resolve silently by import order).
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

/**
 * The default program table of analyzeShellCommand (before the host's policy changes it).
 * It has no prototype; look programs up with findRule() (or Object.hasOwn).
 */
export const defaultPrograms: ProgramTable = mergeTables(programFamilies);

/**
 * The rule for a program name, or undefined when the table has none. Looks at own entries only,
 * so names like `constructor` are unknown programs rather than Object.prototype members.
 */
export function findRule(table: ProgramTable, program: string): ProgramRule | undefined {
  if (table === defaultPrograms) return defaultProgramMap.get(program);
  return Object.hasOwn(table, program) ? table[program] : undefined;
}

// The default table as a Map: a few hundred keys put a plain object in dictionary mode, and
// this lookup runs once per command.
const defaultProgramMap: ReadonlyMap<string, ProgramRule> = new Map(
  Object.entries(defaultPrograms),
);
