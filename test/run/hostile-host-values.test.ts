import { describe, expect, it } from 'vitest';
import {
  createSession,
  memoryVersionedStore,
  type PlanfirstError,
  RunConfigError,
  runAgent,
  runStored,
  SessionError,
  step,
} from '../../src/index.js';
import { assistant, scriptedModel, toolCall } from '../../src/testing/index.js';
import { definitions } from './fixtures.js';

function revoked<T extends object>(target: T): T {
  const { proxy, revoke } = Proxy.revocable(target, {});
  revoke();
  return proxy;
}

/** An Error whose message getter throws. */
function poisonedError(): Error {
  const error = new Error('x');
  Object.defineProperty(error, 'message', {
    get() {
      throw new Error('no message for you');
    },
  });
  return error;
}

const tools = { definitions, execute: async () => 'ok' };
const model = () => scriptedModel([assistant('Done.')]);

describe('hostile host values end the run with a documented status or typed error', () => {
  it('runAgent(config, session, null) ends with invalid_input, session untouched', async () => {
    const session = createSession();
    for (const input of [null, undefined, 42, {}, { message: 42 }, revoked({ message: 'x' })]) {
      const r = await runAgent({ model: model(), tools }, session, input as never);
      expect(r).toMatchObject({ status: 'error', reason: 'invalid_input', messages: [] });
      expect(r.session).toBe(session);
    }
  });

  it('runAgent(config, null, input) rejects with SessionError', async () => {
    for (const session of [null, 'x', revoked({ messages: [] }), { messages: 1 }]) {
      await expect(
        runAgent({ model: model(), tools }, session as never, { message: 'hi' }),
      ).rejects.toBeInstanceOf(SessionError);
    }
  });

  it('a config that cannot be used rejects with RunConfigError (invalid_run_config)', async () => {
    const session = createSession();
    const getterThrows = {
      get model() {
        throw new Error('boom');
      },
      tools,
    };
    for (const config of [
      null,
      {},
      { model: model() },
      { model: model(), tools: { definitions } },
      { model: model(), tools: { definitions: 'x', execute: async () => 'ok' } },
      { model: model(), tools, onEvent: 'log' },
      { model: model(), tools, signal: {} },
      getterThrows,
      revoked({ model: model(), tools }),
    ]) {
      const error = await runAgent(config as never, session, { message: 'hi' }).catch((e) => e);
      expect(error).toBeInstanceOf(RunConfigError);
      expect((error as PlanfirstError).code).toBe('invalid_run_config');
    }
    await expect(
      runStored({ store: memoryVersionedStore(), model: model() } as never, 's', { message: 'x' }),
    ).rejects.toBeInstanceOf(RunConfigError);
    await expect(
      runStored({ store: memoryVersionedStore(), model: model(), tools }, 's', null as never),
    ).rejects.toBeInstanceOf(RunConfigError);
  });

  it('a model error whose message getter throws is a model_error; resume goes on', async () => {
    const r = await runAgent(
      {
        model: async () => {
          throw poisonedError();
        },
        tools,
      },
      createSession(),
      { message: 'hi' },
    );
    expect(r).toMatchObject({ status: 'error', reason: 'model_error' });
    const again = await runAgent({ model: model(), tools }, r.session, { resume: true });
    expect(again).toMatchObject({ status: 'completed', text: 'Done.' });
  });

  it('a revoked Proxy from the model, the executor or the approvals handler never escapes', async () => {
    const options = { planMode: { enabled: true } };
    const r1 = await runAgent(
      { model: async () => revoked(assistant('hi')), tools },
      createSession(),
      { message: 'hi' },
    );
    expect(r1).toMatchObject({ status: 'error', reason: 'model_error' });

    const r2 = await runAgent(
      {
        model: scriptedModel([assistant(toolCall('read_file', {}, 'r')), assistant('Done.')]),
        tools: {
          definitions,
          execute: async () => revoked({ content: 'x' }),
        },
      },
      createSession(),
      { message: 'hi' },
    );
    expect(r2.status).toBe('completed');
    expect(r2.session.messages.find((m) => m.role === 'tool')).toMatchObject({ isError: true });

    const r3 = await runAgent(
      {
        model: scriptedModel([
          assistant(toolCall('exit_plan_mode', { title: 'P', steps: [{ text: 's' }] })),
        ]),
        tools,
        options,
        approvals: async () => revoked({ action: 'approve', approvalId: 'x' }) as never,
      },
      createSession(options),
      { message: 'plan' },
    );
    expect(r3).toMatchObject({ status: 'awaiting_approval', reason: 'invalid_decision' });

    const r4 = await runAgent(
      {
        model: scriptedModel([assistant(toolCall('read_file', {}, 'r')), assistant('Done.')]),
        tools: {
          definitions,
          execute: async () => {
            throw poisonedError();
          },
        },
      },
      createSession(),
      { message: 'hi' },
    );
    expect(r4.status).toBe('completed');
  });

  it('a throwing onEvent, clock or id source does not cut the run short', async () => {
    const r = await runAgent(
      {
        model: model(),
        tools,
        onEvent: () => {
          throw new Error('UI down');
        },
        now: () => {
          throw new Error('no clock');
        },
        newId: () => {
          throw new Error('no ids');
        },
      },
      createSession(),
      { message: 'hi' },
    );
    expect(r).toMatchObject({ status: 'completed', text: 'Done.' });
  });

  it('step never throws on a session or input it cannot read', () => {
    const session = createSession();
    for (const [s, input] of [
      [revoked(session), { type: 'user_message', content: 'x', now: 1 }],
      [session, revoked({ type: 'user_message', content: 'x', now: 1 })],
      [null, { type: 'resume', now: 1 }],
      [
        { ...session, run: null },
        { type: 'resume', now: 1 },
      ],
    ] as const) {
      const r = step(s as never, input as never);
      expect(r.effect.type).toBe('finish');
      expect(r.effect.type === 'finish' && r.effect.outcome.status).toBe('error');
      expect(r.effect.type === 'finish' && r.effect.outcome.reason).toBe('unreadable_input');
      expect(r.session).toBe(s);
    }
  });
});
