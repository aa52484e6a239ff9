import type { Message } from '../messages.js';
import type { ResolvedOptions } from '../options.js';
import type { SessionState } from '../session.js';
import { RunReasons } from './codes.js';
import type { RunEvent } from './events.js';
import { buildModelRequest } from './request.js';
import type { RunState } from './state-schema.js';
import type { Effect, RunOutcome, StepResult, ToolDefinition } from './types.js';

/** What every part of `step` needs: resolved options, the host's tools, the time, the events. */
export interface StepScope {
  options: ResolvedOptions;
  tools: readonly ToolDefinition[];
  model: string | undefined;
  now: number;
  events: RunEvent[];
}

export function withRun(session: SessionState, changes: Partial<RunState>): SessionState {
  return { ...session, run: { ...session.run, ...changes } };
}

export function appendMessages(session: SessionState, ...messages: Message[]): SessionState {
  return { ...session, messages: [...session.messages, ...messages] };
}

export function result(session: SessionState, effect: Effect, scope: StepScope): StepResult {
  return { session, effect, events: scope.events };
}

/**
 * Ends the run: the session goes idle (or stays parked on an approval, or ready to retry a
 * failed model call), and the outcome is reported once.
 */
export function finish(session: SessionState, outcome: RunOutcome, scope: StepScope): StepResult {
  // A run parked on an approval or a question stays parked when it is aborted, so the decision
  // or answer (or a resume) can still pick it up; a failed model call stays due so resume can retry it.
  const parkedOn =
    outcome.status === 'awaiting_approval'
      ? 'approval'
      : outcome.status === 'awaiting_answer'
        ? 'question'
        : outcome.status === 'aborted' &&
            (session.run.phase === 'approval' || session.run.phase === 'question')
          ? session.run.phase
          : undefined;
  const phase = parkedOn ?? (outcome.status === 'error' ? session.run.phase : 'idle');
  const { turn: _turn, ...rest } = session.run;
  const run = phase === session.run.phase ? session.run : { ...rest, phase };
  scope.events.push({
    type: 'run_finished',
    status: outcome.status,
    ...(outcome.reason === undefined ? {} : { reason: outcome.reason }),
  });
  return result({ ...session, run }, { type: 'finish', outcome }, scope);
}

/**
 * Asks for the next model call, unless the run's hard cap (`run.maxModelCalls`) is reached.
 * The ACK instruction applies to one call only, so it is cleared here.
 */
export function callModel(session: SessionState, scope: StepScope): StepResult {
  if (session.run.modelCalls >= scope.options.run.maxModelCalls)
    return finish(
      session,
      {
        status: 'budget_exhausted',
        reason: RunReasons.maxModelCalls,
        text: `The run stopped after ${session.run.modelCalls} model calls, the most this host allows in one run.`,
      },
      scope,
    );
  const request = buildModelRequest(session, scope.options, scope.tools);
  const calls = session.run.modelCalls + 1;
  const { error: _error, ...rest } = session.run;
  const next = {
    ...session,
    run: { ...rest, phase: 'model' as const, modelCalls: calls, nextSystem: [] },
  };
  scope.events.push({ type: 'model_called', call: calls });
  return result(next, { type: 'call_model', request }, scope);
}
