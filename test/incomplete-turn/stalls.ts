import { turn } from './turns.js';

// One turn of each kind the resolver reacts to, for the resolver and budgeter tests.
export const narration = turn("I'll inspect the parser and run the tests.");
export const singleAction = turn("Next I'll patch the parser.", {
  toolCalls: [{ name: 'read_file', readOnly: true }],
});
export const thinkingOnly = turn('', { hasThinking: true });
export const emptyTurn = turn('');
export const planAck = turn('Got it, I will look around first.', {
  userPrompt: 'plan the router migration',
});
export const acting = turn('Patching now.', { toolCalls: [{ name: 'edit', readOnly: false }] });
export const readingTwice = turn('', {
  toolCalls: [
    { name: 'read_file', readOnly: true },
    { name: 'grep', readOnly: true },
  ],
});
export const question = turn('Should the page size be configurable, or fixed at 50?');
/** "Done" while steps of an approved plan are still open (claimed-done in execution). */
export const claimedDone = turn('All done: the parser is fixed.');
