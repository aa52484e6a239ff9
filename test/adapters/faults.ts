import fc from 'fast-check';

/**
 * The faults the adapter property tests inject, each at the n-th host tool execution (up to
 * `toolAt`) or the n-th planfirst event of the whole run: a tool that throws, a tool that
 * hangs until the run is aborted, an abort right after a tool, an abort from inside onEvent.
 */
export function faultArbitrary(toolAt: number) {
  return fc.oneof(
    fc.record({ kind: fc.constant('throw' as const), at: fc.nat(toolAt) }),
    fc.record({ kind: fc.constant('hang' as const), at: fc.nat(toolAt) }),
    fc.record({ kind: fc.constant('abort_after_tool' as const), at: fc.nat(toolAt) }),
    fc.record({ kind: fc.constant('abort_in_event' as const), at: fc.nat(5) }),
  );
}
export type Fault = ReturnType<typeof faultArbitrary> extends fc.Arbitrary<infer T> ? T : never;
