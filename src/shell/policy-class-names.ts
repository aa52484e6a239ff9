// The opt-in policy class names, alone so the options schema can list them without loading
// the program rules. policy-classes.ts maps each name to what it trusts and allows.

/** Every policy class name a host may enable under `shell.policyClasses`. */
export const shellPolicyClassNames = ['network-read'] as const;

export type ShellPolicyClass = (typeof shellPolicyClassNames)[number];

export function isShellPolicyClass(name: unknown): name is ShellPolicyClass {
  return typeof name === 'string' && (shellPolicyClassNames as readonly string[]).includes(name);
}
