import type { Palette } from '../color.js';
import { renderTranscript } from '../transcript.js';
import { type DemoRun, runDemo } from './run.js';

/**
 * The demo's whole output: a heading, the transcript of the run, and what changed in the
 * in-memory repository. Everything below the heading comes from the run itself.
 */
export function demoTranscript(run: DemoRun, paint: Palette): string {
  const changed = run.changed.length === 0 ? 'nothing' : run.changed.join(', ');
  return [
    paint.bold('planfirst demo'),
    paint.dim(
      'runAgent with a scripted model, in-memory tools and an approvals handler that approves',
    ),
    '',
    ...renderTranscript(run.result, { startedIn: run.startedIn, paint }),
    `${paint.bold('changed')}    ${changed} ${paint.dim('(in memory; nothing on disk was touched)')}`,
    '',
  ].join('\n');
}

export { type DemoRun, runDemo };
