import type { Static, TSchema } from '@sinclair/typebox';
import type { ValidationIssue } from '../errors.js';
import { typeBoxValue } from '../lazy.js';
import { exitPlanModeInput } from './plan-tools.js';
import { quoteBounded } from './quote.js';
import type { Plan } from './state.js';

export type Checked<T> = { ok: true; value: T } | { ok: false; issues: ValidationIssue[] };

function pointerToPath(pointer: string): string {
  if (pointer === '') return '(root)';
  return pointer
    .slice(1)
    .split('/')
    .map((part) => part.replaceAll('~1', '/').replaceAll('~0', '~'))
    .map((part, i) => (/^\d+$/.test(part) ? `[${part}]` : i === 0 ? part : `.${part}`))
    .join('');
}

/** Validates untrusted tool input against a plan-tool schema; never throws. */
export function checkToolInput<T extends TSchema>(schema: T, input: unknown): Checked<Static<T>> {
  const Value = typeBoxValue();
  if (Value.Check(schema, input)) {
    const blank = blankStrings(input, '');
    if (blank.length === 0) return { ok: true, value: input };
    return { ok: false, issues: blank.map((path) => ({ path, message: 'must not be blank' })) };
  }
  const issues: ValidationIssue[] = [];
  for (const error of Value.Errors(schema, input)) {
    issues.push({ path: pointerToPath(error.path), message: error.message });
    if (issues.length >= 20) break;
  }
  return { ok: false, issues };
}

// minLength 1 lets "   " through; a blank title or step is as useless as an empty one.
function blankStrings(value: unknown, path: string): string[] {
  if (typeof value === 'string') return value.trim() === '' && value !== '' ? [path] : [];
  if (Array.isArray(value)) return value.flatMap((v, i) => blankStrings(v, `${path}[${i}]`));
  if (value !== null && typeof value === 'object') {
    return Object.entries(value).flatMap(([k, v]) =>
      k === 'summary' || k === 'explanation' ? [] : blankStrings(v, path ? `${path}.${k}` : k),
    );
  }
  return [];
}

// A path can hold a key the model chose; it must not break its line or open markup.
const lineBreaking = /[\p{Cc}\p{Cf}\p{Zl}\p{Zp}<>]/u;
const plainLine = (text: string) =>
  text.length <= 200 && !lineBreaking.test(text) ? text : quoteBounded(text);

/** One line per issue, for tool results the model reads. */
export function describeIssues(what: string, issues: readonly ValidationIssue[]): string {
  return `${what}:\n${issues.map((i) => `- ${plainLine(i.path)}: ${plainLine(i.message)}`).join('\n')}`;
}

/**
 * Turns the model's (or a host editor's) plan input into a stored Plan: validated, step ids
 * assigned by the library ("1", "2", …), statuses defaulted to pending.
 */
export function toPlan(input: unknown): Checked<Plan> {
  const checked = checkToolInput(exitPlanModeInput, input);
  if (!checked.ok) return checked;
  const { title, summary, steps, assumptions, risks, verification } = checked.value;
  const plan: Plan = {
    title,
    steps: steps.map((step, i) => ({
      id: String(i + 1),
      text: step.text,
      status: step.status ?? 'pending',
      ...(step.criteria !== undefined && step.criteria.length > 0
        ? { criteria: [...step.criteria] }
        : {}),
    })),
  };
  if (summary !== undefined && summary.trim() !== '') plan.summary = summary;
  if (assumptions !== undefined && assumptions.length > 0) plan.assumptions = [...assumptions];
  if (risks !== undefined && risks.length > 0) plan.risks = [...risks];
  if (verification !== undefined && verification.length > 0) plan.verification = [...verification];
  // A step with criteria is completed only by update_plan, with evidence for each of them.
  const unverified = plan.steps.findIndex((s) => s.status === 'completed' && s.criteria);
  if (unverified >= 0)
    return {
      ok: false,
      issues: [
        {
          path: `steps[${unverified}].status`,
          message:
            'a step with criteria cannot start completed; mark it completed with update_plan and evidence',
        },
      ],
    };
  const inProgress = plan.steps.filter((s) => s.status === 'in_progress').length;
  if (inProgress > 1)
    return {
      ok: false,
      issues: [{ path: 'steps', message: 'at most one step may be in_progress' }],
    };
  return { ok: true, value: plan };
}
