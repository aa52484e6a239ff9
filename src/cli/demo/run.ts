import { createSession, type PlanfirstOptions, type RunResult, runAgent } from '../../index.js';
import { scriptedModel } from '../../testing/index.js';
import { type DemoFiles, demoFiles, demoTools } from './repo.js';
import { demoRequest, demoScript } from './script.js';

/** Everything the demo transcript is built from. */
export interface DemoRun {
  request: string;
  result: RunResult;
  /** Paths whose content the run changed in the in-memory repository. */
  changed: string[];
  files: DemoFiles;
  /** The session's mode when the run started. */
  startedIn: 'normal' | 'plan';
}

/** Plan mode on from the start, as a host would enable it for a "plan first" session. */
export const demoOptions: PlanfirstOptions = { planMode: { enabled: true } };

/** What the demo's user says when rejecting the first plan. */
export const demoFeedback = 'Also add a test for a title that is only punctuation.';

/**
 * Runs the demo session through the real driver (`runAgent`): a scripted model, the in-memory
 * tools and an approvals handler that rejects the first plan with feedback and approves the
 * revised one.
 */
export async function runDemo(): Promise<DemoRun> {
  const files = demoFiles();
  const before = new Map(files);
  const session = createSession(demoOptions);
  let rejected = 0;
  const result = await runAgent(
    {
      model: scriptedModel(demoScript()),
      tools: demoTools(files),
      options: demoOptions,
      // The user picks the first option of the agent's question.
      questions: async ({ questions }) => ({
        answers: questions.map((q) => ({ id: q.id, selected: [q.options[0]?.label ?? ''] })),
      }),
      approvals: async ({ approvalId }) =>
        rejected++ === 0
          ? { action: 'reject', approvalId, feedback: demoFeedback }
          : { action: 'approve', approvalId },
    },
    session,
    { message: demoRequest },
  );
  const changed = [...files.keys()].filter((path) => files.get(path) !== before.get(path));
  return { request: demoRequest, result, changed, files, startedIn: session.planMode.mode };
}
