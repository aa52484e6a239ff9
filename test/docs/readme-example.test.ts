import { describe, expect, it } from 'vitest';
import { runReadmeExample } from './readme-examples.js';

describe('README examples', () => {
  it('the plan-mode example runs and prints what its comments say', async () => {
    const { printed, expected } = await runReadmeExample('plan-mode');
    expect(expected.length).toBeGreaterThan(3);
    expect(printed).toEqual(expected);
  });

  it('the run-loop example runs and prints what its comments say', async () => {
    const { printed, expected } = await runReadmeExample('run-agent');
    expect(expected).toHaveLength(2);
    expect(printed).toEqual(expected);
  });

  it('the step-loop example runs and prints what its comments say', async () => {
    const { printed, expected } = await runReadmeExample('step-loop');
    expect(expected).toEqual(['Bump a', 'completed read_file write_file']);
    expect(printed).toEqual(expected);
  });
});
