// How the harness runs each real agent program non-interactively against the fake model, with
// every permission of the host wide open so that planfirst's hook is the only gate.
import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';

/**
 * Each host: `prepare` writes the host's own user config into the scratch HOME (never the
 * project: the project holds only what `planfirst hook install` wrote), `command` is the argv of
 * one non-interactive run, `env` its environment. `trust` says how the run trusts the project's
 * hooks: 'trusted' is the documented scripted setup, 'persisted' the interactive one (the
 * approvals stored in the user's config; the harness adds them as the doctor says), 'untrusted'
 * leaves trust out.
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
};
