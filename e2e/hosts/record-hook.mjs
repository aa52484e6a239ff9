// The recording wrapper the harness installs in place of `node dist/hook.js`: it keeps the real
// input a host sends (and the hook's state files and the transcript it points to), then runs
// the real hook with that input and passes its answer back unchanged.
// Usage: node record-hook.mjs <record dir> <dist/hook.js> <host> <event>
import { spawn } from 'node:child_process';
import { mkdirSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';

const [recordDir, hookScript, ...args] = process.argv.slice(2);
const chunks = [];
for await (const chunk of process.stdin) chunks.push(chunk);
const raw = Buffer.concat(chunks).toString('utf8');

let input;
try {
  input = JSON.parse(raw);
} catch {
  input = undefined;
}
const state = {};
const stateDir = process.env.PLANFIRST_HOOK_STATE_DIR;
if (stateDir)
  try {
    for (const name of readdirSync(stateDir))
      if (name.endsWith('.json')) state[name] = readFileSync(join(stateDir, name), 'utf8');
  } catch {}
const transcriptPath = input?.transcript_path ?? input?.transcriptPath;
let transcript;
if (typeof transcriptPath === 'string')
  try {
    transcript = readFileSync(transcriptPath, 'utf8');
  } catch {}

const child = spawn(process.execPath, [hookScript, ...args], {
  stdio: ['pipe', 'pipe', 'pipe'],
});
let stdout = '';
let stderr = '';
child.stdout.on('data', (d) => {
  stdout += d;
});
child.stderr.on('data', (d) => {
  stderr += d;
});
child.stdin.end(raw);
const exitCode = await new Promise((resolve) => child.on('close', (code) => resolve(code ?? 1)));

mkdirSync(recordDir, { recursive: true });
const name = `${Date.now()}-${process.pid}.json`;
writeFileSync(
  join(recordDir, name),
  JSON.stringify(
    { argv: args, raw, input, state, transcript, answer: { stdout, stderr, exitCode } },
    null,
    2,
  ),
);
process.stdout.write(stdout);
process.stderr.write(stderr);
process.exitCode = exitCode;
