import { DBOS, Error as DbosErrors } from '@dbos-inc/dbos-sdk';
import { decideWithToken, type TokenRefusal } from '../decision-token/deliver.js';
import type { DecisionTokenKey } from '../decision-token/hmac.js';
import {
  type EngineDecisionResult,
  type EngineJournal,
  type EngineRunConfig,
  type EngineRunInput,
  type EngineRunResult,
  engineHost,
  judgeDecision,
  judgeUnparked,
  type PendingApproval,
  type RecordedDecision,
  readEngineRunInput,
  runOnEngine,
} from '../effects/index.js';
import type { SessionState } from '../session.js';

/** planfirst as DBOS workflows: one per session, one per recorded decision. */
export interface DbosBindingConfig extends EngineRunConfig {
  /** Prefix of workflow names and ids (default `planfirst`). */
  name?: string;
  /** Keys that verify signed decision tokens (`decideToken`); newest first for rotation. */
  tokenKey?: DecisionTokenKey | readonly DecisionTokenKey[];
}

/** The session as last published by its workflow, and the approval it is parked on. */
export interface DbosSessionStatus {
  session: SessionState | null;
  parked: { approvalId: string; deadline: number } | null;
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
  const host = engineHost(config);
  const prefix = config.name ?? 'planfirst';
  const keys = config.tokenKey;
  const sessionWorkflowId = (sessionId: string) => `${prefix}:${sessionId}`;
  const decisionWorkflowId = (sessionId: string, approvalId: string) =>
    `${prefix}:${sessionId}:decision:${approvalId}`;
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
          await DBOS.setEvent(approvalTopic(approvalId), pending);
          await DBOS.setEvent('parked', { approvalId, deadline });
          const sent = await DBOS.recv<RecordedDecision>(approvalTopic(approvalId), {
            deadlineEpochMS: deadline,
          });
          // The deadline passed: the timeout races any decision through the same workflow id,
          // and whichever was recorded first is the one.
          const decided =
            sent ??
            (await (
              await DBOS.startWorkflow(recordDecision, {
                workflowID: decisionWorkflowId(sessionId, approvalId),
              })(sessionId, approvalId, {
                decision: { action: 'timeout', approvalId },
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

  async function decide(sessionId: string, decision: unknown): Promise<EngineDecisionResult> {
    const now = Date.now();
    const approvalId = (decision as { approvalId?: unknown } | null)?.approvalId;
    const pending =
      typeof approvalId === 'string' && approvalId !== ''
        ? await DBOS.getEvent<PendingApproval>(
            sessionWorkflowId(sessionId),
            approvalTopic(approvalId),
            { timeoutSeconds: 0 },
          )
        : null;
    if (pending === null || typeof approvalId !== 'string')
      return judgeUnparked(
        sessionId,
        (await status(sessionId)).session ?? undefined,
        decision,
        now,
      );
    const judged = judgeDecision(pending, undefined, decision, {
      now,
      delivery: crypto.randomUUID(),
    });
    if (judged.record === undefined) return judged.result;
    const id = decisionWorkflowId(sessionId, approvalId);
    try {
      const handle = await DBOS.startWorkflow(recordDecision, {
        workflowID: id,
        workflowIDReusePolicy: 'reject',
      })(sessionId, approvalId, judged.record);
      await handle.getResult();
      return judged.result;
    } catch (error) {
      if (!DbosErrors.isWorkflowIDInUseError(error)) throw error;
    }
    // Another delivery (or the timer) was first: judged against the decision it recorded.
    const first = await DBOS.retrieveWorkflow<RecordedDecision>(id).getResult();
    return judgeDecision(pending, first, decision, { now, delivery: 'late' }).result;
  }

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
    sessionWorkflowId,
  };
}
