// The end-to-end scenarios: each runs real `openclaw agent --local` turns against the
// scripted model and checks what the host did (files on disk, what the model was sent, the
// plugin's stored state).
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { retryInstruction } from '../../dist/internal.js';

const none = { messages: [], tools: [] };
const toolMessages = (request = none) =>
  request.messages
    .filter((m) => m.role === 'tool')
    .map((m) => (typeof m.content === 'string' ? m.content : JSON.stringify(m.content)));
const systemText = (request = none) =>
  JSON.stringify(request.messages.filter((m) => m.role === 'system'));
const toolNames = (request = none) => (request.tools ?? []).map((t) => t.function.name);
// The host adds its own context blocks as user messages; look at every user message.
const userTexts = (request = none) =>
  request.messages
    .filter((m) => m.role === 'user')
    .map((m) => (typeof m.content === 'string' ? m.content : JSON.stringify(m.content)))
    .join('\n');

function storedStates(stateDir) {
  const dir = join(stateDir, 'plugins', 'planfirst', 'sessions');
  if (!existsSync(dir)) return [];
  return readdirSync(dir)
    .filter((f) => f.endsWith('.json'))
    .map((f) => JSON.parse(readFileSync(join(dir, f), 'utf8')));
}

const planTitle = 'Tidy the build output';

export const scenarios = [
  {
    name: '1+2 plan mode: `exec rm -rf build` is blocked with the gate message; `exec ls` runs',
    config: { startInPlanMode: true },
    turns: [
      {
        message: 'Clean up the build folder.',
        script: [
          { tool: 'exec', args: { command: 'rm -rf build' } },
          { tool: 'exec', args: { command: 'ls' } },
          { text: 'I looked around; here is what I found.' },
        ],
        check(t, { requests, workspace }) {
          t.ok(existsSync(join(workspace, 'build', 'keep.txt')), 'build/ still exists');
          t.ok(requests.length >= 3, `the model was called 3 times (got ${requests.length})`);
          const afterRm = toolMessages(requests[1]);
          t.ok(
            afterRm.some((m) => m.includes('not provably read-only')),
            'the next request carries the gate message as the tool result',
          );
          const afterLs = toolMessages(requests[2]);
          t.ok(
            afterLs.some((m) => m.includes('notes.txt')),
            '`exec ls` ran: its output is in the following request',
          );
          t.ok(
            systemText(requests[0]).includes('Plan mode is on'),
            'the plan-mode instructions are in the system prompt',
          );
          const tools = toolNames(requests[0]);
          t.ok(
            tools.includes('exit_plan_mode'),
            `exit_plan_mode is offered (tools: ${tools.join(', ')})`,
          );
          t.ok(
            !tools.includes('write') && !tools.includes('edit') && !tools.includes('apply_patch'),
            'write, edit and apply_patch are not offered while planning',
          );
        },
      },
    ],
  },
  {
    name: '3 a planning-only reply in normal mode draws exactly one revise with planfirst’s instruction',
    config: {},
    turns: [
      {
        message: 'Please update the README.',
        script: [
          { text: "I'll update the README and then run the tests." },
          { text: 'Updated the README; the tests pass.' },
        ],
        check(t, { requests }) {
          t.ok(requests.length === 2, `exactly two model calls (got ${requests.length})`);
          const instruction = retryInstruction('planning-only', 1, 3).text;
          const sent = userTexts(requests[1]);
          const carried =
            sent.includes(instruction) || sent.includes(JSON.stringify(instruction).slice(1, -1));
          t.ok(
            carried,
            `the revise carries planfirst’s retry 1 of 3 instruction${carried ? '' : ` (sent: ${sent.slice(-600)})`}`,
          );
        },
      },
    ],
  },
  {
    name: '4 approval on the CLI: exit_plan_mode fails closed (no approval route), the plan stays pending across a restart',
    config: { startInPlanMode: true },
    turns: [
      {
        message: 'Tidy the build output, but plan first.',
        script: [
          {
            tool: 'exit_plan_mode',
            args: {
              title: planTitle,
              steps: [{ text: 'Remove build/' }, { text: 'Run the tests' }],
            },
          },
          { text: 'The plan is waiting for your approval.' },
        ],
        check(t, { requests, stateDir }) {
          const result = toolMessages(requests[1]).join('\n');
          t.ok(
            result.includes('Plugin approval unavailable'),
            `the host refused the approval prompt (tool result: ${result.slice(0, 160)})`,
          );
          const states = storedStates(stateDir);
          const pm = states[0]?.planMode;
          t.ok(
            states.length === 1 &&
              pm?.approval === 'pending' &&
              typeof pm.approvalId === 'string' &&
              pm.plan?.title === planTitle,
            'the plan is stored as pending with an approval id',
          );
        },
      },
      {
        // A second process on the same state directory: what a gateway restart leaves.
        message: 'Go ahead and delete it.',
        script: [{ tool: 'exec', args: { command: 'rm -rf build' } }, { text: 'Still waiting.' }],
        check(t, { requests, workspace }) {
          t.ok(
            existsSync(join(workspace, 'build', 'keep.txt')),
            'build/ still exists after the restart',
          );
          t.ok(
            systemText(requests[0]).includes("waiting for the user's decision"),
            'the restarted run knows the plan is pending',
          );
          t.ok(
            toolMessages(requests[1]).some((m) => m.includes('not provably read-only')),
            'the gate still blocks',
          );
        },
      },
    ],
  },
  {
    // `openclaw agent --local` offers no sessions_spawn (a child is launched through a gateway),
    // so the spawn goes through the tool-search bridge: the gate judges it as the call it makes,
    // which shows the plugin found the host's session rows on the real host.
    name: '5 sessions_spawn while planning: the plugin reads the real host’s session rows, so its gate lets a one-shot spawn through and blocks an ACP one; the parent is not left waiting',
    config: { startInPlanMode: true },
    turns: [
      {
        message: 'Find out why the build is slow; ask a helper.',
        script: [
          {
            tool: 'tool_call',
            args: {
              id: 'sessions_spawn',
              args: { task: 'Read the build script.', runtime: 'acp' },
            },
          },
          { tool: 'tool_call', args: { id: 'sessions_spawn', args: { task: 'Read the build.' } } },
          { text: 'I asked a helper.' },
        ],
        check(t, { requests, stateDir }) {
          const acp = toolMessages(requests[1]).join('\n');
          t.ok(
            acp.includes('may only start a one-shot subagent run') &&
              acp.includes('only `runtime: "subagent"` runs under the gate'),
            `the ACP spawn is blocked by the gate (tool result: ${acp.slice(0, 300)})`,
          );
          const spawn = toolMessages(requests[2]).at(-1) ?? '';
          t.ok(
            !spawn.includes('Plan mode is active') &&
              spawn.includes('openclaw:core:sessions_spawn'),
            `the one-shot spawn passed the gate and reached the host's sessions_spawn (tool result: ${spawn.slice(0, 120)})`,
          );
          const parent = storedStates(stateDir).find((s) => s.planMode?.subagent === undefined);
          t.ok(
            parent?.planMode?.mode === 'plan' && parent.planMode.subagents === undefined,
            `the parent is still planning and waits for no spawn call (subagents: ${JSON.stringify(parent?.planMode?.subagents)})`,
          );
        },
      },
    ],
  },
];
