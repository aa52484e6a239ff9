import { ensureResolved, type PlanfirstOptions, type ResolvedOptions } from '../options.js';
import { analyzeArgv, analyzeShellCommand } from '../shell/analyze.js';
import type { ShellVerdict } from '../shell/types.js';
import { type GateCode, GateCodes } from './codes.js';
import { normalizePath, writeTarget } from './plan-file.js';
import { readShellInput } from './shell-call.js';
import { isNormalMode } from './state.js';
import { isPlanToolName, PlanToolNames } from './tool-names.js';

/** A tool call as the gate sees it. `readOnly` is the host's own annotation (like MCP's readOnlyHint), never the model's. */
export interface ToolCallRequest {
  name: string;
  input: unknown;
  readOnly?: boolean;
}

/** The gate's verdict. `message` is written for the model: it says how to proceed. */
export interface GateDecision {
  allowed: boolean;
  code: GateCode;
  message: string;
  /** For shell tools in plan mode: the analyzer's verdict (code, reason, decoded argv). */
  shell?: ShellVerdict;
}

const allow = (code: GateCode, message: string): GateDecision => ({ allowed: true, code, message });
const block = (code: GateCode, message: string): GateDecision => ({
  allowed: false,
  code,
  message,
});

const howToProceed = `Investigate with read-only tools, then call ${PlanToolNames.exit} with your plan; once the user approves it, plan mode ends and you can make changes.`;

/**
 * The mutation gate. In normal mode it allows everything; in plan mode — or whenever the state
 * is not exactly, validly normal — only calls it can prove read-only pass. Never
 * throws: malformed calls and state are blocked with a code.
 */
export function checkToolCall(
  state: { planMode?: unknown } | null | undefined,
  call: ToolCallRequest,
  optionsInput?: PlanfirstOptions | ResolvedOptions,
): GateDecision {
  const name: unknown = (call as { name?: unknown } | null | undefined)?.name;
  if (typeof name !== 'string' || name === '' || name.length > 256)
    return block(GateCodes.invalidCall, 'The tool call has no valid tool name.');
  if (isNormalMode(state?.planMode)) return allow(GateCodes.normalMode, 'Plan mode is off.');

  const options = ensureResolved(optionsInput);
  const { planMode } = options;
  if (isPlanToolName(name)) return allow(GateCodes.planTool, 'Plan tools are always allowed.');
  const input = call.input;

  if (planMode.shellTools.includes(name)) {
    const shell = readShellInput(input);
    if ('error' in shell)
      return block(GateCodes.shellInvalidInput, `Plan mode is active and ${shell.error}.`);
    const verdict =
      shell.kind === 'script'
        ? analyzeShellCommand(shell.script, options.shell)
        : analyzeArgv(shell.argv, options.shell);
    if (verdict.readOnly)
      return { ...allow(GateCodes.shellReadOnly, 'A provably read-only command.'), shell: verdict };
    return {
      ...block(
        GateCodes.shellNotReadOnly,
        `Plan mode is active and this command is not provably read-only (${verdict.code}): ${verdict.reason}. Run only read-only commands while planning. ${howToProceed}`,
      ),
      shell: verdict,
    };
  }
  if (call.readOnly === true)
    return allow(GateCodes.readOnlyHint, 'The host marks this tool read-only.');
  if (planMode.readOnlyTools.includes(name))
    return allow(GateCodes.readOnlyTool, 'A read-only tool.');
  if (planMode.readOnlySuffixes.some((s) => name.length > s.length && name.endsWith(s)))
    return allow(GateCodes.readOnlySuffix, 'A read-only namespaced tool.');

  const planFile = planMode.planFile;
  if (planFile?.tools.includes(name)) {
    const target = writeTarget(input, planFile.pathKeys);
    const wanted = normalizePath(planFile.path);
    if ('path' in target && wanted !== undefined && normalizePath(target.path) === wanted)
      return allow(GateCodes.planFileWrite, 'Writing the plan file is allowed while planning.');
    const got = 'path' in target ? `\`${target.path}\`` : target.error;
    return block(
      GateCodes.planFileOutside,
      `Plan mode is active: \`${name}\` may only write the plan file \`${planFile.path}\` (got ${got}). ${howToProceed}`,
    );
  }
  return block(
    GateCodes.notReadOnly,
    `Plan mode is active, so \`${name}\` is blocked: it is not known to be read-only. ${howToProceed}`,
  );
}

const planModeProbe = { planMode: { mode: 'plan', approval: 'none', rejectionCount: 0 } };

/**
 * The gate's read-only verdict for a call whatever the current mode: would plan mode allow it?
 * The incomplete-turn resolver and the mutation flag need this in normal mode too.
 */
export function isReadOnlyCall(
  call: ToolCallRequest,
  optionsInput?: PlanfirstOptions | ResolvedOptions,
): boolean {
  return checkToolCall(planModeProbe, call, optionsInput).allowed;
}
