import { mkdirSync, mkdtempSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import type { HookHost } from '../../src/hooks/hosts.js';
import { answerHook } from '../../src/hooks/main.js';
import type { HookVerdict } from '../../src/hooks/policy.js';

// The oracle for the hook's core: inputs the real agent programs sent (recorded by
// `npm run test:hosts -- --record` behind a wrapper hook), each with the verdict planfirst must
// give. Every fixture goes through the whole hook process function, with the project settings,
// the session's retry state and the transcript the host had at that moment.

interface RealFixture {
  host: HookHost;
  cliVersion: string;
  event: string;
  scenario: string;
  /** `.planfirst/hook.json` as it was (an invalid one on purpose in the `invalid` scenario). */
  hookJson: string;
  expected: HookVerdict[];
  input: unknown;
  state: Record<string, string>;
  transcript: string | null;
}

/** Fixture names whose verdict is wrong today because of the core, with what is wrong. */
const knownWrong: Record<string, string> = {};

const root = new URL('./fixtures/real/', import.meta.url);
const STABLE_PROJECT = '/tmp/planfirst-hosts/project';

function fixtures(): { name: string; fixture: RealFixture }[] {
  const out: { name: string; fixture: RealFixture }[] = [];
  for (const host of readdirSync(root))
    for (const version of readdirSync(new URL(`${host}/`, root)))
      for (const file of readdirSync(new URL(`${host}/${version}/`, root)))
        out.push({
          name: `${host}/${version}/${file}`,
          fixture: JSON.parse(
            readFileSync(new URL(`${host}/${version}/${file}`, root), 'utf8'),
          ) as RealFixture,
        });
  return out;
}

async function replay(fixture: RealFixture) {
  const base = mkdtempSync(join(tmpdir(), 'planfirst-real-'));
  const project = join(base, 'project');
  const stateDir = join(base, 'state');
  mkdirSync(join(project, '.planfirst'), { recursive: true });
  mkdirSync(stateDir);
  writeFileSync(join(project, '.planfirst', 'hook.json'), fixture.hookJson);
  for (const [name, text] of Object.entries(fixture.state))
    writeFileSync(join(stateDir, name), text);
  let raw = JSON.stringify(fixture.input).replaceAll(STABLE_PROJECT, project);
  const input = JSON.parse(raw) as Record<string, unknown>;
  if (fixture.transcript !== null) {
    const transcript = join(base, 'transcript.jsonl');
    writeFileSync(transcript, fixture.transcript.replaceAll(STABLE_PROJECT, project));
    input.transcript_path = transcript;
    raw = JSON.stringify(input);
  }
  return answerHook(fixture.host, fixture.event, {
    readStdin: async () => raw,
    stdout: () => {},
    stderr: () => {},
    env: { PLANFIRST_HOOK_STATE_DIR: stateDir },
    cwd: project,
    now: () => new Date(0),
  });
}

const all = fixtures();

describe('recorded inputs of the real agent programs', () => {
  it('there are fixtures for every host the harness drives', () => {
    const hosts = new Set(all.map((f) => f.fixture.host));
    expect([...hosts].sort()).toEqual(expect.arrayContaining(['claude', 'codex']));
  });

  for (const { name, fixture } of all) {
    const known = knownWrong[name];
    const test = known === undefined ? it : it.fails;
    test(`${name}: ${fixture.expected.join(' or ')}${known ? ` (known wrong: ${known})` : ''}`, async () => {
      const answer = await replay(fixture);
      expect(fixture.expected).toContain(answer.judgement.verdict);
    });
  }
});
