import { PlanfirstError } from '../errors.js';
import { ensureResolved, type PlanfirstOptions, type ResolvedOptions } from '../options.js';
import { hasOwn } from '../own-data.js';
import { analyzeShellCommand, type ShellVerdict } from '../shell/index.js';
import { type GateCode, GateCodes } from './codes.js';
import { ownValue, plainDataProblem } from './plain-data.js';
import { judgePlanFileWrite } from './plan-file.js';
import { showName, showText } from './quote.js';
import { shellReadings } from './shell-call.js';
import { isNormalMode } from './state.js';
import { readOnlySuffixOf } from './suffix-rule.js';
import { isPlanToolName, PlanToolNames } from './tool-names.js';

/** A tool call as the gate sees it. `readOnly` is the host's own annotation (like MCP's readOnlyHint), never the model's. */
export interface ToolCallRequest {
  name: string;
  input: unknown;
  readOnly?: boolean;
  /**
   * The host's own declaration that this tool starts a subagent which inherits this session's
   * gate (see startSubagent): allowed while planning, because the subagent itself runs gated.
   */
  subagent?: boolean;
}

/** The gate's verdict. `message` is written for the model: it says how to proceed. */
export interface GateDecision {
  allowed: boolean;
  code: GateCode;
  message: string;
  /** For shell tools in plan mode: the analyzer's verdict (code, reason, decoded argv). */
  shell?: ShellVerdict;
  /** The input field a refusal is about, when it is about one (`env`, `edits[1].path`). */
  field?: string;
}

const allow = (code: GateCode, message: string): GateDecision => ({ allowed: true, code, message });
const block = (code: GateCode, message: string, field?: string): GateDecision =>
  field === undefined
    ? { allowed: false, code, message }
    : { allowed: false, code, message, field };

const howToProceed = `Investigate with read-only tools, then call ${PlanToolNames.exit} with your plan; once the user approves it, plan mode ends and you can make changes.`;
const howToWait =
  'The user approved the plan but asked you not to start yet: only read-only tools run until the user says to begin. Wait for the user.';

const planFileCodes = {
  outside: GateCodes.planFileOutside,
  unsafe_path: GateCodes.planFileUnsafePath,
  unknown_field: GateCodes.planFileUnknownField,
  invalid: GateCodes.planFileOutside,
} as const;

/**
 * The mutation gate. In normal mode it allows everything; in plan mode — or whenever the state
 * is not exactly, validly normal, or the user approved but said "don't run yet" — only calls it
 * can prove read-only pass. Only own properties of plain data are read: a field a
 * host would find through a prototype or a getter is a field the gate did not judge, so such
 * inputs are refused. Never throws: malformed calls and state are blocked with a code.
 */
export function checkToolCall(
  state: { planMode?: unknown } | null | undefined,
  call: ToolCallRequest,
  optionsInput?: PlanfirstOptions | ResolvedOptions,
): GateDecision {
  try {
    return judgeCall(state, call, optionsInput);
  } catch (error) {
    // Invalid options the host passed are the host's typed error to see.
    if (optionsInput !== undefined && error instanceof PlanfirstError) throw error;
    // Anything else (a schema a polluted Object.prototype breaks, a getter that throws): the
    // call was not judged, so it is refused.
    return block(
      GateCodes.invalidCall,
      `The tool call could not be judged (${error instanceof Error ? error.message.slice(0, 200) : 'unreadable input'}), so it is blocked. ${howToProceed}`,
    );
  }
}

function judgeCall(
  state: { planMode?: unknown } | null | undefined,
  call: ToolCallRequest,
  optionsInput?: PlanfirstOptions | ResolvedOptions,
): GateDecision {
  const callObject: unknown = call;
  const name =
    typeof callObject === 'object' && callObject !== null
      ? ownValue(callObject, 'name')
      : undefined;
  if (typeof name !== 'string' || name === '' || name.length > 256)
    return block(GateCodes.invalidCall, 'The tool call has no valid tool name.');
  const planModeState =
    typeof state === 'object' && state !== null ? ownValue(state, 'planMode') : undefined;
  const normal = isNormalMode(planModeState);
  // Approved with `then: 'stop'`: normal mode, but nothing mutating runs until the user says go.
  const held = normal && ownValue(planModeState as object, 'afterApproval') === 'stop';
  if (normal && !held) return allow(GateCodes.normalMode, 'Plan mode is off.');

  const options = ensureResolved(optionsInput);
  const { planMode } = options;
  if (isPlanToolName(name)) return allow(GateCodes.planTool, 'Plan tools are always allowed.');
  const tool = showName(name);
  const proceed = held ? howToWait : howToProceed;
  const active = held ? 'Execution has not started yet' : 'Plan mode is active';
  const input = ownValue(call, 'input');
  const problem = plainDataProblem(input);
  if (problem !== undefined)
    return block(
      GateCodes.invalidInput,
      `${active}, so ${tool} is blocked: its ${showName(problem.path)} ${problem.problem}; planning only judges plain JSON data. ${proceed}`,
      problem.path,
    );

  if (ownValue(call, 'subagent') === true)
    return allow(
      GateCodes.subagentTool,
      'A subagent tool: the subagent runs in plan mode under this session.',
    );
  if (planMode.shellTools.includes(name)) {
    const shell = shellReadings(input, planMode.shellHarmlessFields);
    if (!hasOwn(shell, 'ok')) {
      const code =
        shell.kind === 'unknown_field'
          ? GateCodes.shellUnknownField
          : shell.kind === 'selection_field'
            ? GateCodes.shellFieldRefused
            : GateCodes.shellInvalidInput;
      return block(code, `${active} and ${shell.message}.`, shell.field);
    }
    let verdict: ShellVerdict | undefined;
    for (const reading of shell.readings) {
      const v = analyzeShellCommand(reading, options.shell);
      verdict ??= v;
      if (!v.readOnly)
        return {
          ...block(
            held ? GateCodes.approvedNotStarted : GateCodes.shellNotReadOnly,
            `${active} and this command is not provably read-only (${v.code}): ${showText(v.reason)}. Run only read-only commands. ${proceed}`,
          ),
          shell: v,
        };
    }
    return {
      ...allow(GateCodes.shellReadOnly, 'A provably read-only command.'),
      shell: verdict as ShellVerdict,
    };
  }
  // Typing into a running process can drive whatever it runs (`!cmd` in the pager a
  // read-only `git log` opened): no read-only list, suffix or host annotation lets it through.
  if (planMode.interactiveTools.includes(name))
    return block(
      held ? GateCodes.approvedNotStarted : GateCodes.interactiveInput,
      `${active}, so ${tool} is blocked: it types into a running process, which can run anything. ${proceed}`,
    );
  if (ownValue(call, 'readOnly') === true)
    return allow(GateCodes.readOnlyHint, 'The host marks this tool read-only.');
  if (planMode.readOnlyTools.includes(name))
    return allow(GateCodes.readOnlyTool, 'A read-only tool.');
  if (readOnlySuffixOf(name, planMode.readOnlySuffixes) !== undefined)
    return allow(GateCodes.readOnlySuffix, 'A read-only namespaced tool.');

  const planFile = planMode.planFile;
  if (!held && planFile?.tools.includes(name)) {
    const refusal = judgePlanFileWrite(input, planFile);
    if (refusal === undefined)
      return allow(GateCodes.planFileWrite, 'Writing the plan file is allowed while planning.');
    const got = refusal.target === undefined ? '' : ` (got ${showName(refusal.target)})`;
    const where = refusal.field === undefined ? '' : ` in ${showName(refusal.field)}`;
    return block(
      planFileCodes[refusal.kind],
      `Plan mode is active: ${tool} may only write the plan file \`${planFile.path}\`: ${refusal.message}${where}${got}. ${proceed}`,
      refusal.field,
    );
  }
  return block(
    held ? GateCodes.approvedNotStarted : GateCodes.notReadOnly,
    `${active}, so ${tool} is blocked: it is not known to be read-only. ${proceed}`,
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
  // A subagent tool is allowed in plan mode only because its subagent is gated; outside plan
  // mode the subagent may change anything, so it is never read-only.
  const request: ToolCallRequest =
    typeof call === 'object' && call !== null && ownValue(call, 'subagent') === true
      ? {
          name: call.name,
          input: call.input,
          ...(call.readOnly === true ? { readOnly: true } : {}),
        }
      : call;
  return checkToolCall(planModeProbe, request, optionsInput).allowed;
}
