import module from 'node:module';

// dist/cli.js: switches on Node's on-disk compile cache (Node 22.1 and later; a no-op before)
// and then loads the CLI, so every `planfirst check` after the first skips compiling the CLI
// and the shell analyzer. Scripts start one process per command.
(module as { enableCompileCache?: () => unknown }).enableCompileCache?.();
await import('./main.js');
