import type { Palette } from '../color.js';
import { renderTranscript } from '../transcript.js';
import { type DemoRun, runDemo } from './run.js';

/**
 * The demo's whole output: what it shows, the transcript of the run, what changed in the
 * in-memory repository, and where to go next. The transcript comes from the run itself.
 */
export function demoTranscript(run: DemoRun, paint: Palette): string {
  const changed = run.changed.length === 0 ? 'nothing' : run.changed.join(', ');
  return [
    paint.bold('planfirst demo'),
    'An agent fixes a bug with plan mode on. While it plans, planfirst runs only read-only tool',
    'calls; a helper agent it starts plans too. It asks the user a question, proposes a plan,',
    'the user rejects it ("add a test") and approves the revision; only then do writes run. The',
    'model is scripted and the repository lives in memory: nothing on disk is touched.',
    '',
    ...renderTranscript(run.result, { startedIn: run.startedIn, paint }),
    `${paint.bold('changed')}    ${changed} ${paint.dim('(in memory; nothing on disk was touched)')}`,
    '',
    paint.bold('next'),
    `  npx planfirst check 'git log -5 | cat'   judge a shell command the way plan mode does`,
    '  README.md, "Quick start"                 add plan mode to your agent (AI SDK, OpenAI',
    '                                           Agents, pi-agent-core, OpenClaw, your own loop)',
    '  docs/run-loop.md                         the loop this demo ran: runAgent, step, events',
    '',
  ].join('\n');
}

export { type DemoRun, runDemo };
