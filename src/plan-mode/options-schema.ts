import type { z } from 'zod';
import { lazy } from '../lazy.js';
import { bool, intInRange, nameList, nonEmptyString, positiveInt } from '../schema-helpers.js';

export const planFileOptionsSchema = lazy((z) =>
  z.strictObject({
    path: nonEmptyString('a non-empty path').describe(
      'The one file the agent may write while planning (compared after path normalisation).',
    ),
    tools: nameList()
      .default(['write', 'edit', 'write_file', 'edit_file', 'create_file'])
      .describe('Write tools that may target the plan file.'),
    pathKeys: nameList()
      .default(['path', 'file_path', 'filePath', 'file'])
      .describe(
        'Extra input keys that carry a target path of those tools (common ones such as target_file, paths and edits[].path are always judged).',
      ),
    contentKeys: nameList()
      .default([
        'content',
        'contents',
        'text',
        'file_text',
        'code_edit',
        'old_string',
        'new_string',
        'old_str',
        'new_str',
        'oldText',
        'newText',
        'old_text',
        'new_text',
        'replace_all',
        'expected_replacements',
        'instruction',
        'instructions',
        'description',
      ])
      .describe(
        'Input keys of those tools that hold only content or settings, never a target; any other key refuses the write.',
      ),
  }),
);

export const planModeOptionsSchema = lazy((z) =>
  z.strictObject({
    enabled: bool()
      .default(false)
      .describe('Start new sessions in plan mode. Plan mode never starts by itself otherwise.'),
    allowModelEnter: bool()
      .default(false)
      .describe('Offer the model the enter_plan_mode tool so it can switch to planning itself.'),
    // setTimeout fires at once for delays past 2^31 - 1 ms (about 24.8 days).
    approvalTimeoutMs: intInRange(1, 2_147_483_647)
      .default(30 * 60_000)
      .describe('How long an approvals handler may take before the request times out (ms).'),
    readOnlyTools: nameList()
      .default([
        'read',
        'read_file',
        'view',
        'ls',
        'list',
        'list_files',
        'list_directory',
        'glob',
        'grep',
        'search',
      ])
      .describe('Tool names that are read-only and allowed while planning.'),
    readOnlySuffixes: nameList()
      .default(['.read', '.search', '.list', '.get', '.view'])
      .describe('Suffixes of namespaced tools (`server.tool`) that are read-only.'),
    interactiveTools: nameList()
      .default([
        'write_stdin',
        'write_bash',
        'write_powershell',
        'send_input',
        'send_keys',
        'stdin',
      ])
      .describe(
        'Tools that type into a running process (a pager a read-only command opened runs `!cmd`): refused while planning even when another list, a suffix or the host marks them read-only. A host that knows the process was started read-only and non-interactive leaves the name out and lists it in readOnlyTools.',
      ),
    shellTools: nameList()
      .default(['exec', 'bash', 'shell', 'run_shell_command'])
      .describe(
        'Tools that run a shell command; allowed while planning only when provably read-only.',
      ),
    shellHarmlessFields: nameList()
      .default(['description', 'timeout', 'timeout_ms', 'timeoutMs'])
      .describe(
        'Fields of shell tool inputs that the host declares harmless (the command, env, args and working directory are always judged; any other field is refused).',
      ),
    planFile: planFileOptionsSchema
      .optional()
      .describe('A plan file the agent may write while planning (`{ path, tools?, pathKeys? }`).'),
    askUserOutsidePlanMode: bool()
      .default(false)
      .describe(
        'Offer the ask_user tool outside plan mode too (in plan mode it is always offered).',
      ),
    questionTimeoutMs: intInRange(1, 2_147_483_647)
      .default(30 * 60_000)
      .describe(
        'How long a question from ask_user may wait for the answer before it times out (ms).',
      ),
    clarifyAfterRejections: positiveInt()
      .default(3)
      .describe(
        'From this many rejections on, the rejection message suggests asking the user to clarify the goal.',
      ),
  }),
);

export type PlanModeOptions = z.output<typeof planModeOptionsSchema>;
