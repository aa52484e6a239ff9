import { judgeRule } from '../../../src/shell/option-engine.js';
import type { ProgramTable, RuleResult } from '../../../src/shell/spec.js';
import { commandWords as quotedWords } from '../words.js';

// Judges a command line with one program table through the option engine, as the analyzer
// will: 'ok' or the block code (`verdictOf`), or the whole result (`resultOf`).

/** The engine's result for `line` (quoted as in quotedWords) under `table`. */
export function resultOf(table: ProgramTable, line: string): RuleResult {
  const [program, ...args] = quotedWords(line);
  const rule = program === undefined ? undefined : table[program.value];
  if (program === undefined || rule === undefined) throw new Error(`no rule for ${line}`);
  return judgeRule(program.value, rule, args, { depth: 0 });
}

/** 'ok', or the code of the block. */
export function verdictOf(table: ProgramTable, line: string): string {
  const result = resultOf(table, line);
  return result.kind === 'block' ? result.code : result.kind;
}
