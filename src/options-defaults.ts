import {
  type CueLists,
  defaultCues,
  promptCueCategories,
  textCueCategories,
} from './incomplete-turn/cues/index.js';
import type { ResolvedOptions } from './options.js';

// What resolveOptions({}) returns, written out so that a process which only needs the defaults
// (the coding-agent hook, once per tool call) builds no schema and loads no zod: that costs
// about 90 ms of CPU before Node's JIT warms up. test/options.test.ts proves the two equal.

/** Objects without a prototype, as resolveOptions() returns them. */
function records<T>(value: T): T {
  if (Array.isArray(value) || typeof value !== 'object' || value === null) return value;
  const out = Object.create(null) as Record<string, unknown>;
  for (const [key, child] of Object.entries(value)) out[key] = records(child);
  return out as T;
}

/** The resolved defaults, not yet frozen (options.ts freezes and registers them). */
export function resolvedDefaults(): ResolvedOptions {
  // The built-in lists themselves (frozen, never copied; 5,000 phrases), read through the
  // same getters as `defaultCues`: a turn judged without a cue never merges the languages.
  const cues = Object.freeze(
    Object.defineProperties(
      Object.create(null) as CueLists,
      Object.fromEntries(
        [...textCueCategories, ...promptCueCategories].map((category) => [
          category,
          { enumerable: true, get: () => defaultCues[category] },
        ]),
      ),
    ),
  );
  const defaults = records({
    planMode: {
      enabled: false,
      allowModelEnter: false,
      approvalTimeoutMs: 1_800_000,
      readOnlyTools: [
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
      ],
      readOnlySuffixes: ['.read', '.search', '.list', '.get', '.view'],
      interactiveTools: [
        'write_stdin',
        'write_bash',
        'write_powershell',
        'send_input',
        'send_keys',
        'stdin',
      ],
      shellTools: ['exec', 'bash', 'shell', 'run_shell_command'],
      shellHarmlessFields: ['description', 'timeout', 'timeout_ms', 'timeoutMs'],
      askUserOutsidePlanMode: false,
      questionTimeoutMs: 1_800_000,
      clarifyAfterRejections: 3,
    },
    shell: { programs: {}, removePrograms: [], policyClasses: [], hostShell: 'posix' },
    incompleteTurn: {
      enabled: true,
      retryLimits: {
        planningOnly: 3,
        singleActionNarration: 3,
        reasoningOnly: 2,
        empty: 1,
        planAckOnly: 2,
        claimedDone: 2,
      },
      ackFastPath: true,
      appliesTo: ['*'],
      narrationMaxLength: 700,
      cues: {},
    },
    autoContinue: { enabled: false, maxCycles: 3, stopOnMutation: true },
    run: { maxModelCalls: 50, maxBookkeepingTurns: 3, parallelToolCalls: false },
  } satisfies Omit<ResolvedOptions, 'incompleteTurn'> & {
    incompleteTurn: Omit<ResolvedOptions['incompleteTurn'], 'cues'> & { cues: object };
  });
  // Resolved options are deep-frozen; zod's output type just does not say readonly.
  const resolved = defaults as unknown as ResolvedOptions;
  resolved.incompleteTurn.cues = cues as unknown as ResolvedOptions['incompleteTurn']['cues'];
  return resolved;
}
