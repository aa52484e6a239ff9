import { describe, expect, it } from 'vitest';
import { buildToolAlternatives, readOnlyAlternative } from '../../src/cli/suggest.js';
import { analyzeShellCommand } from '../../src/shell/index.js';

describe('read-only alternatives to blocked build tools', () => {
  it.each(Object.entries(buildToolAlternatives))('%s → %s is itself read-only', (_, command) => {
    expect(analyzeShellCommand(command).readOnly).toBe(true);
  });

  it('are offered only for a build_tool verdict', () => {
    expect(readOnlyAlternative(analyzeShellCommand('cargo build --release'))).toBe(
      'cat Cargo.toml',
    );
    expect(readOnlyAlternative(analyzeShellCommand('ls | make'))).toBe('cat Makefile');
    expect(readOnlyAlternative(analyzeShellCommand('rm -rf target'))).toBeUndefined();
    expect(readOnlyAlternative(analyzeShellCommand('ls'))).toBeUndefined();
  });
});
