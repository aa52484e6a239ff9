import type { AssistantMessage, ModelClient, ModelRequest } from '../../src/index.js';
import { assistant, toolCall } from '../../src/testing/index.js';

export const askInput = {
  questions: [
    {
      question: 'Which database should the cache use?',
      header: 'Database',
      options: [{ label: 'Postgres', description: 'Already deployed' }, { label: 'Redis' }],
    },
    {
      question: 'Which environments?',
      options: [{ label: 'staging' }, { label: 'production' }],
      multiple: true,
      allowText: true,
    },
  ],
};

export const goodAnswers = [
  { id: 'q1', selected: ['Postgres'] },
  { id: 'q2', selected: ['staging', 'production'], text: 'staging first' },
];

/**
 * A model that answers from the conversation alone: a task → ask_user; the answer → a plan;
 * approval → one write; a tool result → "Done.". The same session gets the same reply on any
 * worker.
 */
export function askingModel(): ModelClient & { calls: number; requests: ModelRequest[] } {
  const model = async (request: ModelRequest): Promise<AssistantMessage> => {
    model.calls++;
    model.requests.push(request);
    const n = request.messages.length;
    const last = request.messages.at(-1);
    if (last?.role === 'tool') return assistant('Done.');
    if (last?.role === 'user' && last.kind === 'question_answer') {
      if (last.content.includes('status="timed_out"')) return assistant('I will wait for you.');
      return assistant(
        toolCall(
          'exit_plan_mode',
          { title: 'Add the cache', steps: [{ text: 'Write the cache module' }] },
          `p${n}`,
        ),
      );
    }
    if (last?.role === 'user' && last.kind === 'plan_approved')
      return assistant(toolCall('write_file', { path: 'cache.ts' }, `w${n}`));
    if (last?.role === 'user' && last.source !== 'planfirst')
      return assistant('A question first.', toolCall('ask_user', askInput, `a${n}`));
    return assistant('Done.');
  };
  model.calls = 0;
  model.requests = [] as ModelRequest[];
  return model;
}
