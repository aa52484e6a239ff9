import type { ValidationIssue } from '../errors-base.js';
import type { ProgramSpec } from './spec.js';

// A host's program spec, checked by hand so the shell entry needs no schema library. The zod
// schema in options-schema.ts describes the same shape for `options.shell`; a property test
// keeps the two in agreement.

const hazards = ['writes', 'executes', 'network', 'interactive', 'unsupported'];
const optionKeys = ['value', 'extraValues', 'hazard', 'reason', 'alias'];
const flags = ['permute', 'endOfOptions', 'abbreviations', 'numericOption', 'dashIsOperand'];
const specKeys = ['options', ...flags, 'globs', 'operands'];

type Issues = ValidationIssue[];
type Row = Record<string, unknown>;

function describe(value: unknown): string {
  if (value === null) return 'null';
  if (Array.isArray(value)) return 'an array';
  if (typeof value === 'string')
    return JSON.stringify(value.length > 40 ? `${value.slice(0, 40)}…` : value);
  if (typeof value === 'object' || typeof value === 'function') return `a ${typeof value}`;
  return String(value);
}

function isRow(value: unknown): value is Row {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

function at(path: string, key: string): string {
  return path === '' ? key : `${path}.${key}`;
}

/** An object with only `allowed` keys; reports unknown ones. */
function row(value: unknown, path: string, allowed: readonly string[], issues: Issues): Row | null {
  if (!isRow(value)) {
    issues.push({ path: path || '(root)', message: `expected an object, got ${describe(value)}` });
    return null;
  }
  for (const key of Object.keys(value))
    if (!allowed.includes(key)) issues.push({ path: at(path, key), message: 'unknown key' });
  return value;
}

function expect(
  ok: (value: unknown) => boolean,
  what: string,
): (value: unknown, path: string, issues: Issues) => void {
  return (value, path, issues) => {
    if (value !== undefined && !ok(value))
      issues.push({ path, message: `expected ${what}, got ${describe(value)}` });
  };
}

const oneOf = (values: readonly string[]) =>
  expect(
    (v) => typeof v === 'string' && values.includes(v),
    `one of ${values.map((v) => `'${v}'`).join(', ')}`,
  );
const count = expect((v) => Number.isInteger(v) && (v as number) >= 0, 'a non-negative integer');
const text = expect((v) => typeof v === 'string', 'a string');
const flag = expect((v) => typeof v === 'boolean', 'true or false');

/**
 * Checks a program rule given as data; returns the spec with its defaults (no options, globs
 * `never`) or every issue found, with dotted paths relative to the spec.
 */
export function checkProgramSpec(
  value: unknown,
): { ok: true; spec: ProgramSpec } | { ok: false; issues: ValidationIssue[] } {
  const issues: Issues = [];
  const spec = row(value, '', specKeys, issues);
  if (spec === null) return { ok: false, issues };
  if (spec.options !== undefined) {
    if (!isRow(spec.options))
      issues.push({
        path: 'options',
        message: `expected an object, got ${describe(spec.options)}`,
      });
    else
      for (const [name, option] of Object.entries(spec.options)) {
        const path = `options.${name}`;
        if (!/^-{1,2}[^-\s=]/.test(name))
          issues.push({ path, message: 'expected an option spelling like -x or --long' });
        const fields = row(option, path, optionKeys, issues);
        if (fields === null) continue;
        oneOf(['required', 'optional'])(fields.value, at(path, 'value'), issues);
        count(fields.extraValues, at(path, 'extraValues'), issues);
        oneOf(hazards)(fields.hazard, at(path, 'hazard'), issues);
        text(fields.reason, at(path, 'reason'), issues);
        text(fields.alias, at(path, 'alias'), issues);
      }
  }
  for (const name of flags) flag(spec[name], name, issues);
  oneOf(['anywhere', 'after-end-of-options', 'never'])(spec.globs, 'globs', issues);
  if (spec.operands !== undefined) {
    const operands = row(spec.operands, 'operands', ['min', 'max'], issues);
    if (operands !== null) {
      count(operands.min, 'operands.min', issues);
      count(operands.max, 'operands.max', issues);
    }
  }
  if (issues.length > 0) return { ok: false, issues };
  const { options = {}, globs = 'never', ...rest } = spec;
  return { ok: true, spec: { ...rest, options, globs } as ProgramSpec };
}
