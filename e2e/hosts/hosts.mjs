// How the harness runs each real agent program non-interactively against the fake model, with
// every permission of the host wide open so that planfirst's hook is the only gate.
import { execFileSync } from 'node:child_process';
import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';

/**
 * Each host: `prepare` writes the host's own user config into the scratch HOME (never the
 * project: the project holds only what `planfirst hook install` wrote), `command` is the argv of
 * one non-interactive run, `env` its environment. `trust` says how the run trusts the project's
 * hooks: 'trusted' is the documented scripted setup, 'persisted' the interactive one (the
 * approvals stored in the user's config; the harness adds them as the doctor says), 'untrusted'
 * leaves trust out (or, where a host then refuses to run at all, switches the hooks off in the
 * user's settings), 'untrusted-folder' (Gemini CLI) leaves the folder untrusted.
 */
export const hosts = {
  claude: {
    stopEvent: 'Stop',
    toolEvents: ['PreToolUse', 'PermissionRequest'],
    prepare({ home, trust }) {
      // The untrusted setup: a user setting that switches every hook off.
      if (trust === 'untrusted') {
        mkdirSync(join(home, '.claude'), { recursive: true });
        writeFileSync(join(home, '.claude', 'settings.json'), '{"disableAllHooks": true}\n');
      }
    },
    command: (bin, prompt) => [
      bin,
      '-p',
      prompt,
      '--permission-mode',
      'bypassPermissions',
      '--output-format',
      'json',
    ],
    env: ({ home, modelUrl }) => ({
      HOME: home,
      ANTHROPIC_BASE_URL: modelUrl,
      ANTHROPIC_API_KEY: 'sk-ant-planfirst-fake',
      // bypassPermissions as root needs it; the scratch project is the sandbox.
      IS_SANDBOX: '1',
      DISABLE_AUTOUPDATER: '1',
      DISABLE_TELEMETRY: '1',
      CLAUDE_CODE_DISABLE_NONESSENTIAL_TRAFFIC: '1',
    }),
  },
  codex: {
    stopEvent: 'Stop',
    toolEvents: ['PreToolUse', 'PermissionRequest'],
    prepare({ home, project, modelUrl, trust }) {
      const codexHome = join(home, '.codex');
      mkdirSync(codexHome, { recursive: true });
      const lines = [
        'model = "gpt-5.5"',
        'model_provider = "fake"',
        '',
        '[model_providers.fake]',
        'name = "fake"',
        `base_url = "${modelUrl}/v1"`,
        'wire_api = "responses"',
        'env_key = "PLANFIRST_FAKE_KEY"',
        '',
      ];
      // Project-local hooks load only in a trusted project.
      if (trust !== 'untrusted')
        lines.push(`[projects."${project}"]`, 'trust_level = "trusted"', '');
      writeFileSync(join(codexHome, 'config.toml'), lines.join('\n'));
    },
    command: (bin, prompt, { trust }) => [
      bin,
      'exec',
      '--dangerously-bypass-approvals-and-sandbox',
      '--skip-git-repo-check',
      // Scripted runs have no `/hooks` review: hook trust is given per invocation.
      ...(trust === 'trusted' ? ['--dangerously-bypass-hook-trust'] : []),
      prompt,
    ],
    env: ({ home }) => ({
      HOME: home,
      CODEX_HOME: join(home, '.codex'),
      PLANFIRST_FAKE_KEY: 'sk-planfirst-fake',
    }),
  },
  gemini: {
    stopEvent: 'AfterAgent',
    toolEvents: ['BeforeTool'],
    prepare({ home, trust }) {
      const dir = join(home, '.gemini');
      mkdirSync(dir, { recursive: true });
      const settings = {
        security: { auth: { selectedType: 'gemini-api-key' } },
        general: { disableAutoUpdate: true, disableUpdateNag: true },
        privacy: { usageStatisticsEnabled: false },
        telemetry: { enabled: false },
        // The untrusted setup: a user setting that switches every hook off (the folder itself
        // is trusted, or `gemini -p` would not start at all).
        ...(trust === 'untrusted' ? { hooksConfig: { enabled: false } } : {}),
      };
      writeFileSync(join(dir, 'settings.json'), `${JSON.stringify(settings, null, 2)}\n`);
    },
    command: (bin, prompt) => [
      bin,
      '-p',
      prompt,
      '--approval-mode',
      'yolo',
      '-m',
      'gemini-2.5-pro',
    ],
    env: ({ home, modelUrl, trust }) => ({
      HOME: home,
      GEMINI_API_KEY: 'planfirst-fake-key',
      GOOGLE_GEMINI_BASE_URL: modelUrl,
      // 'untrusted-folder' and 'persisted' leave the variable out: the trusted-folders file decides.
      ...(trust === 'trusted' || trust === 'untrusted'
        ? { GEMINI_CLI_TRUST_WORKSPACE: 'true' }
        : {}),
    }),
  },
  copilot: {
    toolEvents: ['preToolUse'],
    prepare({ home }) {
      mkdirSync(join(home, '.copilot'), { recursive: true });
    },
    command: (bin, prompt, { trust }) => [
      bin,
      '-p',
      prompt,
      '--allow-all-tools',
      '--allow-all-paths',
      '--no-auto-update',
      '--no-custom-instructions',
      // Scripted runs trust the folder per invocation.
      ...(trust === 'trusted' ? ['--trust-folder'] : []),
    ],
    env: ({ home, modelUrl }) => ({
      HOME: home,
      COPILOT_HOME: join(home, '.copilot'),
      // Its own provider (BYOK): no GitHub account, no network but the fake model.
      COPILOT_OFFLINE: 'true',
      COPILOT_PROVIDER_BASE_URL: modelUrl,
      COPILOT_PROVIDER_TYPE: 'anthropic',
      COPILOT_PROVIDER_API_KEY: 'sk-ant-planfirst-fake',
      COPILOT_MODEL: 'claude-sonnet-4.5',
      COPILOT_AUTO_UPDATE: 'false',
    }),
  },
  cline: {
    toolEvents: ['tool_call', 'PreToolUse'],
    // Cline CLI 3 needs Node 22 or later.
    node: '22',
    // No setting or trust step that switches its hooks off is known.
    untrusted: false,
    // A denied tool call ends its task: the harness gives each write a run of its own.
    stopsAfterDeny: true,
    prepare({ bin, home, modelUrl, env }) {
      // Its OpenAI-compatible provider is the only one that takes a base URL.
      execFileSync(
        bin,
        [
          'auth',
          '-p',
          'openai',
          '-k',
          'sk-planfirst-fake',
          '-m',
          'gpt-4.1',
          '-b',
          `${modelUrl}/v1`,
        ],
        { env: { ...env, HOME: home }, stdio: 'ignore' },
      );
    },
    command: (bin, prompt) => [bin, prompt],
    env: ({ home }) => ({ HOME: home }),
  },
};
