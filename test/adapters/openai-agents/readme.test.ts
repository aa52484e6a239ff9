import { describe, expect, it } from 'vitest';
import { runReadmeExample } from '../../docs/readme-examples.js';

describe('README: OpenAI Agents SDK section', () => {
  it('the quick start runs on the scripted model and prints what its comments say', async () => {
    const { printed, expected } = await runReadmeExample('openai-agents-quickstart');
    expect(expected.length).toBeGreaterThanOrEqual(4);
    expect(printed).toEqual(expected);
  });
});
