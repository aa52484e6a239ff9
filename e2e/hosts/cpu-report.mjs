// Preloaded (`node --import`) into the hook processes of the latency runs, the floor hook's and
// planfirst's alike: at exit, appends the process's CPU time (user + system, all threads) and
// its event argument to the log named in this module's URL (`?log=<path>`). CPU time is what a
// hook costs the machine; unlike wall-clock time, other jobs on the machine barely move it.
import { appendFileSync } from 'node:fs';

const log = new URL(import.meta.url).searchParams.get('log');
if (log !== null)
  process.on('exit', () => {
    const { user, system } = process.cpuUsage();
    const line = { event: process.argv[3] ?? '', cpu: (user + system) / 1000 };
    appendFileSync(log, `${JSON.stringify(line)}\n`);
  });
