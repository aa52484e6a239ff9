// A hook that crashes after reading its input, to observe whether a host fails open or closed.
for await (const _ of process.stdin);
throw new Error('planfirst test: the hook crashed');
