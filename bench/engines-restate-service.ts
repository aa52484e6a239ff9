// The Restate service of bench/engines.ts (runs on Node 22): planfirst/restate over the bench
// conversation. Args: port.
import * as restate from '@restatedev/restate-sdk';
import { planfirstRestate } from '../src/engines/restate.js';
import { benchModel, benchTools } from './engines-fixture.js';

const [port = '9080'] = process.argv.slice(2);
const bench = planfirstRestate({ name: 'bench', model: benchModel, tools: benchTools });
await restate.serve({ services: bench.services, port: Number(port) });
process.stdout.write('ready\n');
