// The Restate service process of the engine tests: planfirst's two virtual objects (plus a
// copy with a short approval timeout) on an HTTP/2 endpoint. Args: port, crash directory.
import * as restate from '@restatedev/restate-sdk';
import { planfirstRestate } from '../../src/engines/restate.js';
import { engineConformanceTimeoutMs, engineConformanceTokenKey } from '../../src/testing/index.js';
import { pgPool } from '../stores/services/env.js';
import { engineModel, ledgerTools } from './fixture.js';

const [port = '9080', crashDir] = process.argv.slice(2);
const pool = pgPool(4);
const base = {
  model: engineModel(crashDir),
  tools: ledgerTools(pool, 'restate', crashDir),
  tokenKey: engineConformanceTokenKey,
};
const long = planfirstRestate({ ...base, options: { planMode: { enabled: true } } });
const short = planfirstRestate({
  ...base,
  name: 'planfirstShort',
  options: {
    planMode: {
      enabled: true,
      approvalTimeoutMs: engineConformanceTimeoutMs,
      questionTimeoutMs: engineConformanceTimeoutMs,
    },
  },
});
await restate.serve({ services: [...long.services, ...short.services], port: Number(port) });
process.stdout.write('ready\n');
