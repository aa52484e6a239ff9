import type { ProgramTable } from '../spec.js';
import { binaryDumpPrograms } from './binary-dumps.js';
import { blockedPrograms } from './blocked.js';
import { checksumPrograms } from './checksums.js';
import { comparePrograms } from './compare.js';
import { fileInfoPrograms } from './coreutils-files.js';
import { textPrograms } from './coreutils-text.js';
import { grepPrograms } from './grep.js';
import { jqRule } from './jq.js';
import { shellBuiltinPrograms } from './shell-builtins.js';
import { systemInfoPrograms } from './system-info.js';
import { treeRule } from './tree.js';
import { wrapperPrograms } from './wrappers.js';

// Every program the analyzer knows, merged from one table per family. A program appears in
// exactly one family; mergeTables() refuses duplicates so two files can never disagree.

/** The family tables, in no particular order (a program is in one of them at most). */
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
  // Families written elsewhere join here, e.g.:
  //   findSearch: findSearchPrograms,  // find rg fd        (./find-search.js)
  //   archives: archivePrograms,       // tar unzip gzip    (./archives.js)
  //   sedAwk: sedAwkPrograms,          // sed awk           (./sed-awk.js)
  //   git: gitPrograms,                // git               (./git.js)
};

/**
 * Merges family tables into one; throws when a program is in two families (a table bug that
 * must fail loudly when the module loads, never resolve silently by import order).
 */
export function mergeTables(families: Readonly<Record<string, ProgramTable>>): ProgramTable {
  const merged: Record<string, ProgramTable[string]> = {};
  const owner: Record<string, string> = {};
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

/** The default program table of analyzeShellCommand (before the host's policy changes it). */
export const defaultPrograms: ProgramTable = mergeTables(programFamilies);
