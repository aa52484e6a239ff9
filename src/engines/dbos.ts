import { DBOS, Error as DbosErrors } from '@dbos-inc/dbos-sdk';
import { answerWithToken } from '../decision-token/answer.js';
import { decideWithToken, type TokenRefusal } from '../decision-token/deliver.js';
import {
  type EngineBindingConfig,
  type EngineDecisionResult,
  type EngineJournal,
  type EngineParked,
  type EngineRunInput,
  type EngineRunResult,
  type EngineWaitKind,
  engineBinding,
  judgeDecision,
  judgeUnparked,
  type PendingApproval,
  type RecordedDecision,
  readEngineRunInput,
  runOnEngine,
  timeoutOf,
} from '../effects/index.js';
import type { SessionState } from '../session.js';

/** planfirst as DBOS workflows: one per session, one per recorded decision. */
export type DbosBindingConfig = EngineBindingConfig;

/** The session as last published by its workflow, and the approval it is parked on. */
export interface DbosSessionStatus {
  session: SessionState | null;
  /** The approval (or, with `questionId`, the ask_user questions) the run is parked on. */
  parked: EngineParked | null;
}

interface Queued {
  runId: string;
  input: EngineRunInput;
}

const inputTopic = 'planfirst.input';
// A session workflow waits for its next message this long per recv (then waits again).
const idleSeconds = 86_400;

/**
 * The planfirst run loop as DBOS workflows: one per session (`<name>:<sessionId>`), one per
 * decided approval (`<name>:<sessionId>:decision:<approvalId>`, started by the first decision
 * that applies or by the timeout). Call it once per process, before `DBOS.launch()`.
 * See docs/engines.md.
 */
export function planfirstDbos(config: DbosBindingConfig) {
  const { host, prefix, keys } = engineBinding(config);
  const sessionWorkflowId = (sessionId: string) => `${prefix}:${sessionId}`;
  const decisionWorkflowId = (sessionId: string, id: string, kind: EngineWaitKind = 'approval') =>
    `${prefix}:${sessionId}:${kind === 'question' ? 'answer' : 'decision'}:${id}`;
  const approvalTopic = (approvalId: string) => `approval:${approvalId}`;

  const recordDecision = DBOS.registerWorkflow(
    async (sessionId: string, approvalId: string, recorded: RecordedDecision) => {
      await DBOS.send(sessionWorkflowId(sessionId), recorded, approvalTopic(approvalId));
      return recorded;
    },
    { name: `${prefix}.recordDecision` },
  );

  const sessionWorkflow = DBOS.registerWorkflow(
    async (sessionId: string): Promise<void> => {
      let session: SessionState | undefined;
      const journal: EngineJournal = {
        executionId: crypto.randomUUID(),
        action: (name, fn) => DBOS.runStep(fn, { name }),
        publish: (s) => DBOS.setEvent('session', s),
        awaitDecision: async (pending) => {
          const { approvalId, deadline } = pending;
          const kind = pending.kind ?? 'approval';
          await DBOS.setEvent(approvalTopic(approvalId), pending);
          await DBOS.setEvent(
            'parked',
            kind === 'question' ? { questionId: approvalId, deadline } : { approvalId, deadline },
          );
          const sent = await DBOS.recv<RecordedDecision>(approvalTopic(approvalId), {
            deadlineEpochMS: deadline,
          });
          // The deadline passed: the timeout races any decision through the same workflow id,
          // and whichever was recorded first is the one.
          const decided =
            sent ??
            (await (
              await DBOS.startWorkflow(recordDecision, {
                workflowID: decisionWorkflowId(sessionId, approvalId, kind),
              })(sessionId, approvalId, {
                decision: timeoutOf(pending),
                at: deadline,
                delivery: 'timer',
              })
            ).getResult());
          await DBOS.setEvent('parked', null);
          return decided;
        },
      };
      for (;;) {
        const next = await DBOS.recv<Queued>(inputTopic, { timeoutSeconds: idleSeconds });
        if (next === null) continue;
        const out = await runOnEngine(journal, host, sessionId, session, next.input);
        session = out.session;
        await DBOS.setEvent(`run:${next.runId}`, {
          result: out.result,
          recovered: out.recovered,
        } satisfies EngineRunResult);
      }
    },
    { name: `${prefix}.session` },
  );

  async function status(sessionId: string): Promise<DbosSessionStatus> {
    const id = sessionWorkflowId(sessionId);
    return {
      session: await DBOS.getEvent<SessionState>(id, 'session', { timeoutSeconds: 0 }),
      parked: await DBOS.getEvent<DbosSessionStatus['parked']>(id, 'parked', {
        timeoutSeconds: 0,
      }),
    };
  }

  async function deliver(
    sessionId: string,
    decision: unknown,
    kind: EngineWaitKind,
  ): Promise<EngineDecisionResult> {
    const now = Date.now();
    const field = kind === 'question' ? 'questionId' : 'approvalId';
    const id = (decision as Record<string, unknown> | null)?.[field];
    const read =
      typeof id === 'string' && id !== ''
        ? await DBOS.getEvent<PendingApproval>(sessionWorkflowId(sessionId), approvalTopic(id), {
            timeoutSeconds: 0,
          })
        : null;
    const pending = read !== null && (read.kind ?? 'approval') === kind ? read : null;
    if (pending === null || typeof id !== 'string') {
      const session = (await status(sessionId)).session ?? undefined;
      return judgeUnparked(sessionId, session, decision, now, kind);
    }
    const judged = judgeDecision(pending, undefined, decision, {
      now,
      delivery: crypto.randomUUID(),
    });
    if (judged.record === undefined) return judged.result;
    const workflowId = decisionWorkflowId(sessionId, id, kind);
    try {
      const handle = await DBOS.startWorkflow(recordDecision, {
        workflowID: workflowId,
        workflowIDReusePolicy: 'reject',
      })(sessionId, id, judged.record);
      await handle.getResult();
      return judged.result;
    } catch (error) {
      if (!DbosErrors.isWorkflowIDInUseError(error)) throw error;
    }
    // Another delivery (or the timer) was first: judged against what it recorded.
    const first = await DBOS.retrieveWorkflow<RecordedDecision>(workflowId).getResult();
    return judgeDecision(pending, first, decision, { now, delivery: 'late' }).result;
  }

  const decide = (sessionId: string, decision: unknown) => deliver(sessionId, decision, 'approval');

  return {
    /** Queues a run input on the session's workflow (started if it is not running). The same
     *  `runId` again is the same run: queued once. */
    async start(sessionId: string, input: unknown, runId: string): Promise<void> {
      const read = readEngineRunInput(input);
      const id = sessionWorkflowId(sessionId);
      await DBOS.startWorkflow(sessionWorkflow, { workflowID: id })(sessionId);
      await DBOS.send(id, { runId, input: read } satisfies Queued, inputTopic, `${id}:${runId}`);
    },
    /** The result of run `runId`, when it has finished (waits up to `timeoutSeconds`). */
    result(sessionId: string, runId: string, timeoutSeconds = 0): Promise<EngineRunResult | null> {
      return DBOS.getEvent<EngineRunResult>(sessionWorkflowId(sessionId), `run:${runId}`, {
        timeoutSeconds,
      });
    },
    status,
    decide,
    /** A signed decision token, verified with `tokenKey`, delivered as `decide` does. */
    async decideToken(
      token: unknown,
      at: { feedback?: string } = {},
    ): Promise<EngineDecisionResult | TokenRefusal> {
      if (keys === undefined) throw new Error('no tokenKey is configured for decision tokens');
      return decideWithToken(token, { key: keys, now: Date.now(), ...at }, decide);
    },
    /** The user's answer to the ask_user questions the run is parked on, delivered like a
     *  decision: `accepted` once; `duplicate`, or `ignored` with the reason, otherwise. */
    answer: (sessionId: string, answer: unknown) => deliver(sessionId, answer, 'question'),
    /** A signed answer token, verified with `tokenKey`, delivered as `answer` does. `text`
     *  adds the user's own words per question id. */
    async answerToken(
      token: unknown,
      at: { text?: Readonly<Record<string, string>> } = {},
    ): Promise<EngineDecisionResult | TokenRefusal> {
      if (keys === undefined) throw new Error('no tokenKey is configured for answer tokens');
      return answerWithToken(token, { key: keys, now: Date.now(), ...at }, (sessionId, answer) =>
        deliver(sessionId, answer, 'question'),
      );
    },
    sessionWorkflowId,
  };
}
