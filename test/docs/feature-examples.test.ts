import { describe, expect, it } from 'vitest';
import { runReadmeExample } from './readme-examples.js';

describe('feature examples in docs/', () => {
  it('the subagents example runs and prints what its comments say', async () => {
    const { printed, expected } = await runReadmeExample('subagents');
    expect(expected).toEqual(['plan', 'completed undefined']);
    expect(printed).toEqual(expected);
  });

  it('the verified-steps example runs and prints what its comments say', async () => {
    const { printed, expected } = await runReadmeExample('verified-steps');
    expect(expected).toEqual(['criteria_unverified', 'npm test passes']);
    expect(printed).toEqual(expected);
  });
});
