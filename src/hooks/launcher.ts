import module from 'node:module';

// dist/hook.js, what the installed hooks run: switches on Node's on-disk compile cache (Node
// 22.8 and later; a no-op before) and then loads the hook, so every call after the first
// skips compiling the bundle. Hosts start one process per tool call.
(module as { enableCompileCache?: () => unknown }).enableCompileCache?.();
const { nodeHookIo, runHookCommand } = await import('./main.js');
process.exitCode = await runHookCommand(process.argv.slice(2), nodeHookIo());
