// Everything the root entry exports plus the internals the adapters and stores share with it
// (schemas, message builders, record encoding). Built as `planfirst/internal`, so a subpath
// runs on the same code as the root; not part of the documented API and not covered by semver.
export * from './adapters/session-store.js';
export * from './auto-continue/index.js';
export * from './decision-token/index.js';
export * from './errors.js';
export * from './hooks/index.js';
export * from './incomplete-turn/index.js';
export * from './index.js';
export * from './messages.js';
export * from './options.js';
export * from './plan-mode/index.js';
export * from './run/index.js';
export * from './session.js';
export * from './shell/index.js';
export * from './stored-run/index.js';
export * from './stores/memory.js';
