import type { Static } from '@sinclair/typebox';
import { lazyObject, once, typeBox } from '../lazy.js';

// JSON schemas (TypeBox) of `ask_user` and `plan_mode_status`, with descriptions written for the
// model. They are also the validators of the tools' inputs (see questions.ts).

export const maxQuestions = 5;
export const maxOptions = 10;

/** The real TypeBox schemas, built on first use. */
export const questionToolSchemas = once(() => {
  const { Type } = typeBox();
  const line = (description: string, maxLength: number) =>
    Type.String({ minLength: 1, maxLength, description });

  const askUserInput = Type.Object(
    {
      questions: Type.Array(
        Type.Object(
          {
            question: line('The question, complete and specific, ending with "?".', 1000),
            header: Type.Optional(line('A very short label for the question (a few words).', 40)),
            options: Type.Array(
              Type.Object(
                {
                  label: line('The choice as the user sees it (a few words).', 100),
                  description: Type.Optional(
                    Type.String({ maxLength: 500, description: 'What choosing it means.' }),
                  ),
                },
                { additionalProperties: false },
              ),
              {
                maxItems: maxOptions,
                description:
                  'The choices, each label distinct. May be empty only when allowText is true.',
              },
            ),
            multiple: Type.Optional(
              Type.Boolean({ description: 'The user may pick several options (default false).' }),
            ),
            allowText: Type.Optional(
              Type.Boolean({
                description: 'The user may also answer in their own words (default false).',
              }),
            ),
          },
          { additionalProperties: false },
        ),
        { minItems: 1, maxItems: maxQuestions, description: 'The questions, asked together.' },
      ),
    },
    { additionalProperties: false },
  );

  const planModeStatusInput = Type.Object({}, { additionalProperties: false });

  return { askUserInput, planModeStatusInput };
});

export const askUserInput = lazyObject(() => questionToolSchemas().askUserInput);
export const planModeStatusInput = lazyObject(() => questionToolSchemas().planModeStatusInput);

export type AskUserInput = Static<typeof askUserInput>;
export type PlanModeStatusInput = Static<typeof planModeStatusInput>;

export const askUserToolDescription =
  'Ask the user one or more questions when a choice only they can make blocks your work (which approach, which scope, which trade-off). Give each question a few distinct options; set multiple for several picks and allowText to let them answer in their own words. The run pauses until the user answers; their answer then comes to you as a message. Do not use it to ask for approval of a plan (use exit_plan_mode for that).';

export const planModeStatusToolDescription =
  'Read where planning stands: the mode and plan-mode episode, any plan or question waiting for the user, and the plan steps with their status. Use it to re-anchor yourself after the conversation was summarised. It changes nothing.';
