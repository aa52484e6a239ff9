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
const cacheQuestion = {
  questions: [
    {
      question: 'Which store should back the cache?',
      options: [{ label: 'Redis' }, { label: 'In-process LRU' }],
    },
  ],
};

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
  {
    // OpenClaw 2026.9.6 ships a core tool named ask_user (its own gateway question prompt), so
    // the plugin registers the core's ask_user as plan_ask_user; the host's own ask_user is not
    // offered while planning and the gate blocks it, naming plan_ask_user. `openclaw agent`
    // dispatches no plugin command (the text goes to the model), so `/plan` is sent where a
    // chat client sends it, the gateway's chat.send.
    name: '6 questions on the real host: the plugin’s plan_ask_user parks a question (the host owns the name ask_user); `/plan answer` reaches the plugin through the gateway, not the agent CLI',
    config: { startInPlanMode: true },
    gateway: true,
    turns: [
      {
        message: 'Add a cache in front of the pricing API; plan first.',
        script: [
          { tool: 'ask_user', args: cacheQuestion },
          { tool: 'tool_call', args: { id: 'ask_user', args: cacheQuestion } },
          { tool: 'plan_ask_user', args: cacheQuestion },
          { text: 'Waiting for your answer.' },
        ],
        check(t, { requests, stderr, stateDir }) {
          const tools = toolNames(requests[0]);
          t.ok(
            tools.includes('exit_plan_mode') &&
              tools.includes('plan_ask_user') &&
              !tools.includes('ask_user'),
            `exit_plan_mode and plan_ask_user are offered, the host's ask_user is not (tools: ${tools.join(', ')})`,
          );
          t.ok(
            !stderr.includes('plugin tool name conflict (planfirst)'),
            'the host reports no name conflict for the plugin’s tools',
          );
          const direct = toolMessages(requests[1]).join('\n');
          t.ok(
            direct.includes('Tool ask_user not found') || direct.includes('plan_ask_user'),
            `a direct call to the host's ask_user does not run (tool result: ${direct.slice(0, 160)})`,
          );
          const bridged = toolMessages(requests[2]).at(-1) ?? '';
          t.ok(
            bridged.includes('call plan_ask_user'),
            `through the tool-search bridge the host's ask_user is blocked, naming plan_ask_user (tool result: ${bridged.slice(0, 200)})`,
          );
          const asked = toolMessages(requests[3]).at(-1) ?? '';
          t.ok(
            asked.includes('Your questions were sent to the user'),
            `plan_ask_user parked the question (tool result: ${asked.slice(0, 200)})`,
          );
          const states = storedStates(stateDir);
          const current = states[0]?.questions?.current;
          t.ok(
            states.length === 1 &&
              states[0].planMode?.mode === 'plan' &&
              current?.status === 'pending' &&
              current.questions[0]?.text === cacheQuestion.questions[0].question,
            `still planning, the question waits (questions: ${JSON.stringify(states[0]?.questions)})`,
          );
        },
      },
      {
        // A second process, as after a restart: the agent CLI hands `/plan` to the model.
        message: '/plan answer 2',
        script: [{ text: 'Noted.' }],
        check(t, { requests, stateDir }) {
          t.ok(requests.length >= 1, `the model was called (got ${requests.length})`);
          t.ok(
            userTexts(requests[0]).includes('/plan answer 2'),
            'the command reached the model as the user’s text: `openclaw agent` dispatches no plugin command',
          );
          const states = storedStates(stateDir);
          t.ok(
            states.length === 1 && states[0].questions?.current?.status === 'pending',
            'the question still waits',
          );
        },
      },
      {
        // A real gateway on the same state: chat.send routes `/plan` to the plugin's handler.
        commands: ['/plan status', '/plan answer 2'],
        script: [{ text: 'Going with the in-process LRU.' }],
        check(t, { replies, requests, stateDir }) {
          const [status, answer] = replies;
          t.ok(
            status?.includes('The agent asks'),
            `/plan status: the question waits (reply: ${status?.slice(0, 160)})`,
          );
          // The answer lets the agent go on: the first reply in the history may be the model's.
          t.ok(
            answer?.startsWith('Answer sent; the agent goes on.') ||
              answer === 'Going with the in-process LRU.',
            `/plan answer: the plugin's handler applied the answer and the agent went on (reply: ${answer?.slice(0, 120)})`,
          );
          t.ok(
            requests.some((r) => {
              const text = JSON.stringify(r.messages);
              return text.includes('planfirst-answer') && text.includes('In-process LRU');
            }),
            `the resumed run handed the model the quoted answer (${requests.length} calls)`,
          );
          const states = storedStates(stateDir);
          const current = states[0]?.questions?.current;
          t.ok(
            states.length === 1 &&
              current?.status === 'answered' &&
              JSON.stringify(current.answers?.[0]?.selected) === JSON.stringify(['In-process LRU']),
            `the answer is recorded (questions: ${JSON.stringify(states[0]?.questions)})`,
          );
        },
      },
    ],
  },
];
