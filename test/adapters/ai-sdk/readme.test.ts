import { describe, expect, it } from 'vitest';
import { runReadmeExample } from '../../docs/readme-examples.js';

describe('planfirst/ai-sdk README', () => {
  it('the quick start runs the real generateText loop and prints what its comments say', async () => {
    const { printed, expected } = await runReadmeExample('ai-sdk-quickstart');
    expect(expected).toHaveLength(3);
    expect(printed).toEqual(expected);
  });
});
