import type { HookHost } from './hosts.js';

// Every tool each host reports to its pre-tool hook, as data: what planfirst's plan mode does
// with it. A tool missing from its host's table is unknown and, in plan mode, denied unless
// `.planfirst/hook.json` lists it in `readOnlyTools`. Names are the ones each host's hook
// input carries (`tool_name`, `toolName`, `tool_call.name`), taken from the hosts' sources.

/**
 * `read`: reads, searches, lists, asks the user — passes. `shell`: the command is judged by the
 * analyzer. `write`: passes only when it writes the plan file. `input`: types into a running
 * process — denied. `exit-plan`: leaving plan mode, never approved by a hook.
 */
export type ToolClass = 'read' | 'shell' | 'write' | 'input' | 'exit-plan';

export interface ToolRow {
  readonly class: ToolClass;
  /** write: the input fields that carry content, not a target path. */
  readonly content?: readonly string[];
  /** write: the input field that holds a patch text whose headers name the files. */
  readonly patch?: string;
}

const read: ToolRow = { class: 'read' };
const shell: ToolRow = { class: 'shell' };
const input: ToolRow = { class: 'input' };
const exitPlan: ToolRow = { class: 'exit-plan' };
const write = (content: readonly string[], patch?: string): ToolRow =>
  patch === undefined ? { class: 'write', content } : { class: 'write', content, patch };

// Cline's tools carry bookkeeping parameters next to the real ones.
const clineExtras = ['requires_approval', 'task_progress'];

export const hostToolTables: { readonly [H in HookHost]: Readonly<Record<string, ToolRow>> } = {
  claude: {
    Read: read,
    Grep: read,
    Glob: read,
    LS: read,
    WebFetch: read,
    WebSearch: read,
    TodoWrite: read,
    // Subagents' own tool calls reach this hook too, so starting one writes nothing.
    Task: read,
    Agent: read,
    BashOutput: read,
    AskUserQuestion: read,
    EnterPlanMode: read,
    ListMcpResourcesTool: read,
    ReadMcpResourceTool: read,
    Bash: shell,
    Write: write(['content']),
    Edit: write(['old_string', 'new_string', 'replace_all']),
    MultiEdit: write(['edits', 'old_string', 'new_string', 'replace_all']),
    NotebookEdit: write(['new_source', 'cell_id', 'cell_type', 'edit_mode']),
    ExitPlanMode: exitPlan,
  },
  codex: {
    Bash: shell,
    // Codex sends the patch text as `tool_input.command`.
    apply_patch: write([], 'command'),
    write_stdin: input,
    read_file: read,
    list_dir: read,
    grep_files: read,
    view_image: read,
    update_plan: read,
    web_search: read,
    request_user_input: read,
  },
  gemini: {
    read_file: read,
    read_many_files: read,
    glob: read,
    grep_search: read,
    search_file_content: read,
    list_directory: read,
    google_web_search: read,
    web_fetch: read,
    write_todos: read,
    ask_user: read,
    activate_skill: read,
    get_internal_docs: read,
    enter_plan_mode: read,
    list_mcp_resources: read,
    read_mcp_resource: read,
    run_shell_command: shell,
    write_file: write(['content']),
    replace: write([
      'old_string',
      'new_string',
      'instruction',
      'allow_multiple',
      'expected_replacements',
    ]),
    exit_plan_mode: exitPlan,
  },
  copilot: {
    view: read,
    glob: read,
    grep: read,
    web_fetch: read,
    read_bash: read,
    list_bash: read,
    read_powershell: read,
    list_powershell: read,
    report_intent: read,
    update_todo: read,
    think: read,
    fetch_copilot_cli_documentation: read,
    bash: shell,
    shell: shell,
    powershell: shell,
    create: write(['file_text']),
    edit: write(['old_str', 'new_str']),
    str_replace_editor: write(['command', 'file_text', 'old_str', 'new_str', 'insert_line']),
    write_bash: input,
    write_powershell: input,
  },
  cursor: {
    // beforeReadFile and preToolUse's own names.
    Read: read,
    Grep: read,
    Glob: read,
    LS: read,
    Shell: shell,
    Write: write(['contents', 'content']),
    Edit: write(['old_string', 'new_string']),
    StrReplace: write(['old_string', 'new_string']),
  },
  cline: {
    // The VS Code extension.
    read_file: read,
    list_files: read,
    search_files: read,
    list_code_definition_names: read,
    access_mcp_resource: read,
    ask_followup_question: read,
    plan_mode_respond: read,
    attempt_completion: read,
    web_fetch: read,
    execute_command: shell,
    write_to_file: write(['content', ...clineExtras]),
    replace_in_file: write(['diff', ...clineExtras]),
    // Cline CLI 3.x and its SDK.
    read_files: read,
    search_codebase: read,
    fetch_web_content: read,
    ask_question: read,
    skills: read,
    submit_and_exit: read,
    run_commands: shell,
    editor: write(['old_text', 'new_text', 'insert_line']),
    apply_patch: write([], 'input'),
  },
};

/** The row of a host's tool, or undefined for a tool the table does not know. */
export function toolRow(host: HookHost, name: string): ToolRow | undefined {
  const table = hostToolTables[host];
  return Object.hasOwn(table, name) ? table[name] : undefined;
}

/**
 * Whether `.planfirst/hook.json`'s `readOnlyTools` declares a tool read-only: an exact name or
 * a prefix ending in `*` (`mcp__docs__*`).
 */
export function declaredReadOnly(name: string, patterns: readonly string[] | undefined): boolean {
  if (patterns === undefined) return false;
  for (const p of patterns)
    if (p.endsWith('*') ? name.startsWith(p.slice(0, -1)) : name === p) return true;
  return false;
}
