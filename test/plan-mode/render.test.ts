import { describe, expect, it } from 'vitest';
import { renderPlan } from '../../src/index.js';

const plan = {
  title: 'Ship the fix',
  summary: 'Two small changes.',
  steps: [
    { id: '1', text: 'Write the test', status: 'completed' as const },
    { id: '2', text: 'Fix parse()', status: 'in_progress' as const },
    { id: '3', text: 'Old idea', status: 'cancelled' as const },
    { id: '4', text: 'Release', status: 'pending' as const },
  ],
  assumptions: ['Node 20'],
  risks: ['Breaks callers'],
  verification: ['npm test'],
};

describe('renderPlan', () => {
  it('renders a markdown card', () => {
    expect(renderPlan(plan, { format: 'markdown' })).toBe(
      [
        '### Ship the fix',
        '',
        'Two small changes.',
        '',
        '1. [x] Write the test',
        '2. [~] Fix parse()',
        '3. [-] ~~Old idea~~',
        '4. [ ] Release',
        '',
        '**Assumptions**',
        '- Node 20',
        '',
        '**Risks**',
        '- Breaks callers',
        '',
        '**Verification**',
        '- npm test',
      ].join('\n'),
    );
  });

  it('renders plain text without markdown', () => {
    const text = renderPlan({ title: 'T', steps: plan.steps }, { format: 'text' });
    expect(text).toBe(
      [
        'T',
        '=',
        '',
        '1. (x) Write the test',
        '2. (>) Fix parse()',
        '3. (-) Old idea',
        '4. ( ) Release',
      ].join('\n'),
    );
  });
});
