import { describe, expect, it } from 'vitest';
import { runReadmeExample } from '../../docs/readme-examples.js';

describe('README: the pi-agent-core section', () => {
  it('the quick start runs on pi’s faux model and prints what its comments say', async () => {
    const { printed, expected } = await runReadmeExample('pi-agent-core-quickstart');
    expect(expected).toHaveLength(3);
    expect(printed).toEqual(expected);
  });

  it('the parking example resumes a parked plan from JSON', async () => {
    const { printed, expected } = await runReadmeExample('pi-agent-core-parking');
    expect(expected).toHaveLength(3);
    expect(printed).toEqual(expected);
  });
});
