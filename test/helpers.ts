import { createSession, type SessionState } from '../src/index.js';

/** A session already in plan mode, entered at t=0. */
export function planSession(): SessionState {
  return createSession({ planMode: { enabled: true } }, { now: 0 });
}

export const samplePlan = {
  title: 'Fix the parser crash',
  summary: 'parse() dereferences a missing token.',
  steps: [{ text: 'Add a failing test' }, { text: 'Guard the lookahead in parse()' }],
  verification: ['npm test'],
};

/** A JSON round trip through storage, as a host persisting the session would do. */
export function roundTrip<T>(value: T): unknown {
  return JSON.parse(JSON.stringify(value));
}
