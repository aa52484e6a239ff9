import { Value } from '@sinclair/typebox/value';
import { describe, expect, it } from 'vitest';
import { planModeTools } from '../../src/index.js';

describe('planModeTools', () => {
  it('defines the five plan tools with descriptions for the model', () => {
    expect(Object.keys(planModeTools).sort()).toEqual([
      'ask_user',
      'enter_plan_mode',
      'exit_plan_mode',
      'plan_mode_status',
      'update_plan',
    ]);
    for (const tool of Object.values(planModeTools)) {
      expect(tool.description.length).toBeGreaterThan(60);
      expect(tool.parameters.type).toBe('object');
    }
  });

  it('describes every exit_plan_mode field', () => {
    const props = planModeTools.exit_plan_mode.parameters.properties;
    for (const key of ['title', 'summary', 'steps', 'assumptions', 'risks', 'verification'])
      expect(props[key as keyof typeof props].description, key).toBeTruthy();
    expect(planModeTools.exit_plan_mode.parameters.required).toEqual(['title', 'steps']);
  });

  it('are plain JSON schemas that survive serialisation', () => {
    const json = JSON.parse(JSON.stringify(planModeTools.exit_plan_mode.parameters));
    expect(json).toMatchObject({
      type: 'object',
      additionalProperties: false,
      required: ['title', 'steps'],
      properties: { steps: { type: 'array', minItems: 1, items: { required: ['text'] } } },
    });
    const schema = planModeTools.exit_plan_mode.parameters;
    expect(Value.Check(schema, { title: 't', steps: [{ text: 'a' }] })).toBe(true);
    expect(Value.Check(schema, { title: 't', steps: [] })).toBe(false);
  });
});
