// The DBOS process of the engine tests. `service PORT CRASHDIR DBURL`: registers planfirst's
// workflows (plus a copy with a short approval timeout), launches DBOS (which recovers what a
// killed process left) and answers the test over HTTP. `decide DBURL NAME SESSION JSON`: a
// decider process of its own (own executor id, so it recovers nothing), prints the outcome.
import { createServer } from 'node:http';
import { DBOS } from '@dbos-inc/dbos-sdk';
import { planfirstDbos } from '../../src/engines/dbos.js';
import { engineConformanceTimeoutMs, engineConformanceTokenKey } from '../../src/testing/index.js';
import { pgPool } from '../stores/services/env.js';
import { engineModel, ledgerTools } from './fixture.js';

const [mode = 'service', ...args] = process.argv.slice(2);
const crashDir = mode === 'service' ? args[1] : undefined;
const dbUrl = mode === 'service' ? args[2] : args[0];
const pool = pgPool(4);
const base = {
  model: engineModel(crashDir),
  tools: ledgerTools(pool, 'dbos', crashDir),
  tokenKey: engineConformanceTokenKey,
};
const bindings = {
  planfirst: planfirstDbos({ ...base, options: { planMode: { enabled: true } } }),
  planfirstShort: planfirstDbos({
    ...base,
    name: 'planfirstShort',
    options: {
      planMode: {
        enabled: true,
        approvalTimeoutMs: engineConformanceTimeoutMs,
        questionTimeoutMs: engineConformanceTimeoutMs,
      },
    },
  }),
};
DBOS.setConfig({
  name: 'planfirst-engine-test',
  systemDatabaseUrl: dbUrl ?? '',
  applicationVersion: 'engine-test',
  executorID: mode === 'service' ? 'local' : `decider-${process.pid}`,
  logLevel: 'warn',
  runAdminServer: false,
});
await DBOS.launch();

type Name = keyof typeof bindings;
if (mode === 'decide') {
  const [name, sessionId, json] = args.slice(1) as [Name, string, string];
  const result = await bindings[name].decide(sessionId, JSON.parse(json));
  process.stdout.write(`${JSON.stringify(result)}\n`);
  await DBOS.shutdown();
  await pool.end();
  process.exit(0);
}

const server = createServer((req, res) => {
  let body = '';
  req.on('data', (chunk) => {
    body += chunk;
  });
  req.on('end', async () => {
    try {
      const {
        name = 'planfirst',
        op,
        sessionId,
        input,
        runId,
        decision,
        answer,
        token,
      } = JSON.parse(body) as {
        name?: string;
        op: string;
        sessionId: string;
        input: unknown;
        runId: string;
        decision: unknown;
        answer: unknown;
        token: unknown;
      };
      const b = bindings[name as Name];
      const out =
        op === 'start'
          ? await b.start(sessionId, input, runId)
          : op === 'result'
            ? await b.result(sessionId, runId)
            : op === 'status'
              ? await b.status(sessionId)
              : op === 'decideToken'
                ? await b.decideToken(token)
                : op === 'answer'
                  ? await b.answer(sessionId, answer)
                  : op === 'answerToken'
                    ? await b.answerToken(token)
                    : await b.decide(sessionId, decision);
      res.end(JSON.stringify(out ?? null));
    } catch (error) {
      res.statusCode = 500;
      res.end(JSON.stringify({ error: String(error) }));
    }
  });
});
server.listen(Number(args[0]), '127.0.0.1', () => process.stdout.write('ready\n'));
