import type { Static, TSchema } from '@sinclair/typebox';
import { lazyObject, once, typeBox } from '../lazy.js';
import {
  askUserToolDescription,
  planModeStatusToolDescription,
  questionToolSchemas,
} from './question-tools.js';
import { planStepStatuses } from './state.js';
import { PlanToolNames } from './tool-names.js';

// JSON schemas (TypeBox) of the plan tools, with descriptions written for the model. They are
// also the validators of the tools' inputs (see plan-input.ts), so the two cannot drift.

// Built on first use: TypeBox loads then, not when planfirst is imported.
const schemas = once(() => {
  const { Type } = typeBox();

  const stepStatus = Type.Union(
    planStepStatuses.map((s) => Type.Literal(s)),
    { description: 'pending, in_progress (at most one step at a time), completed or cancelled.' },
  );

  const line = (description: string, maxLength: number) =>
    Type.String({ minLength: 1, maxLength, description });

  const criteria = Type.Optional(
    Type.Array(line('One check that shows the step is done, e.g. "npm test passes".', 500), {
      maxItems: 10,
      description:
        'Acceptance criteria: the step can be marked completed only with evidence for each one.',
    }),
  );

  const evidence = Type.Optional(
    Type.Array(
      Type.Object(
        {
          criterion: line('The criterion, as written in the plan, or its number (1, 2, …).', 500),
          evidence: line(
            'What showed it met: the command and its result, the test, the file and line.',
            2000,
          ),
        },
        { additionalProperties: false },
      ),
      {
        maxItems: 10,
        description: 'With status completed: evidence for every acceptance criterion of the step.',
      },
    ),
  );

  const notes = (description: string) =>
    Type.Optional(Type.Array(line('One item.', 1000), { maxItems: 20, description }));

  const enterPlanModeInput = Type.Object(
    {
      reason: Type.Optional(
        line('Why planning first is the right call for this task, in one sentence.', 500),
      ),
    },
    { additionalProperties: false },
  );

  const exitPlanModeInput = Type.Object(
    {
      title: line('A short title for the plan.', 200),
      summary: Type.Optional(
        Type.String({ maxLength: 4000, description: 'What the plan achieves and why, briefly.' }),
      ),
      steps: Type.Array(
        Type.Object(
          {
            text: line(
              'One concrete action, e.g. "Add a null check to parseConfig in src/config.ts".',
              1000,
            ),
            status: Type.Optional(stepStatus),
            criteria,
          },
          { additionalProperties: false },
        ),
        {
          minItems: 1,
          maxItems: 50,
          description: 'The steps in the order you will carry them out.',
        },
      ),
      assumptions: notes('What you assume to be true; the user can correct it.'),
      risks: notes('What could go wrong or needs care.'),
      verification: notes('How you will check the result (tests, commands, manual checks).'),
    },
    { additionalProperties: false },
  );

  const updatePlanInput = Type.Object(
    {
      updates: Type.Optional(
        Type.Array(
          Type.Object(
            {
              id: line('The id of an existing step, as shown in the approved plan.', 20),
              status: stepStatus,
              evidence,
            },
            { additionalProperties: false },
          ),
          { maxItems: 50, description: 'Status changes of existing steps.' },
        ),
      ),
      add: Type.Optional(
        Type.Array(
          Type.Object(
            {
              text: line('A new step, e.g. a revised step replacing a cancelled one.', 1000),
              status: Type.Optional(stepStatus),
              after: Type.Optional(line('Insert after this step id (default: at the end).', 20)),
              criteria,
            },
            { additionalProperties: false },
          ),
          { maxItems: 20, description: 'New steps.' },
        ),
      ),
      explanation: Type.Optional(
        Type.String({ maxLength: 2000, description: 'Why the plan changed, if it did.' }),
      ),
    },
    { additionalProperties: false },
  );

  return { enterPlanModeInput, exitPlanModeInput, updatePlanInput };
});

export const enterPlanModeInput = lazyObject(() => schemas().enterPlanModeInput);
export const exitPlanModeInput = lazyObject(() => schemas().exitPlanModeInput);
export const updatePlanInput = lazyObject(() => schemas().updatePlanInput);

export type EnterPlanModeInput = Static<typeof enterPlanModeInput>;
export type ExitPlanModeInput = Static<typeof exitPlanModeInput>;
export type UpdatePlanInput = Static<typeof updatePlanInput>;

/** A tool definition in the shape most SDKs take: name, description, JSON-schema parameters. */
export interface PlanToolDefinition<T extends TSchema = TSchema> {
  name: string;
  description: string;
  parameters: T;
}

/**
 * The plan tools a host registers with its model: `enter_plan_mode` (only when the options let
 * the model enter), `exit_plan_mode` (submit the plan for approval) and `update_plan`.
 */
export const planModeTools = {
  [PlanToolNames.enter]: {
    name: PlanToolNames.enter,
    description:
      'Switch to plan mode before a change that is large, risky or ambiguous. In plan mode you can only read and investigate; you then propose a plan with exit_plan_mode and wait for the user to approve it.',
    get parameters() {
      return schemas().enterPlanModeInput;
    },
  },
  [PlanToolNames.exit]: {
    name: PlanToolNames.exit,
    description:
      'Submit your plan for the user to approve. Call it once you have investigated enough to be specific: a title, concrete ordered steps, and optionally a summary, assumptions, risks and how you will verify the result. The user approves, edits or rejects it; until then you stay in plan mode and cannot change anything.',
    get parameters() {
      return schemas().exitPlanModeInput;
    },
  },
  [PlanToolNames.update]: {
    name: PlanToolNames.update,
    description:
      'Keep the approved plan current while you execute it: mark steps in_progress (one at a time), completed or cancelled, and add revised steps when one proves impossible. A step with acceptance criteria is completed only with `evidence` for each criterion (what showed it met). This is bookkeeping only; it does not do any work.',
    get parameters() {
      return schemas().updatePlanInput;
    },
  },
  [PlanToolNames.askUser]: {
    name: PlanToolNames.askUser,
    description: askUserToolDescription,
    get parameters() {
      return questionToolSchemas().askUserInput;
    },
  },
  [PlanToolNames.status]: {
    name: PlanToolNames.status,
    description: planModeStatusToolDescription,
    get parameters() {
      return questionToolSchemas().planModeStatusInput;
    },
  },
} as const satisfies Record<string, PlanToolDefinition>;
