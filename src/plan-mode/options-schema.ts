import { z } from 'zod';

const toolNames = z.array(z.string().min(1));

export const planFileOptionsSchema = z.object({
  path: z
    .string()
    .min(1)
    .describe('The one file the agent may write while planning (the plan file).'),
  tools: toolNames
    .default(['write', 'edit', 'write_file', 'edit_file', 'create_file'])
    .describe('Write tools that may target the plan file.'),
  pathKeys: toolNames
    .default(['path', 'file_path', 'filePath', 'file'])
    .describe('Input keys that carry the target path of those tools.'),
});

export const planModeOptionsSchema = z.object({
  enabled: z
    .boolean()
    .default(false)
    .describe('Start new sessions in plan mode. Plan mode never starts by itself otherwise.'),
  allowModelEnter: z
    .boolean()
    .default(false)
    .describe('Offer the model the enter_plan_mode tool so it can switch to planning itself.'),
  approvalTimeoutMs: z
    .number()
    .int()
    .positive()
    .default(30 * 60_000)
    .describe('How long an approvals handler may take before the request times out (ms).'),
  readOnlyTools: toolNames
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
  readOnlySuffixes: toolNames
    .default(['.read', '.search', '.list', '.get', '.view'])
    .describe('Suffixes of namespaced tools (server.tool) that are read-only.'),
  shellTools: toolNames
    .default(['exec', 'bash', 'shell', 'run_shell_command'])
    .describe(
      'Tools that run a shell command; allowed while planning only when provably read-only.',
    ),
  planFile: planFileOptionsSchema
    .optional()
    .describe('A plan file the agent may write while planning.'),
  clarifyAfterRejections: z
    .number()
    .int()
    .min(1)
    .default(3)
    .describe(
      'From this many rejections on, the rejection message suggests asking the user to clarify the goal.',
    ),
});

export type PlanModeOptions = z.output<typeof planModeOptionsSchema>;
