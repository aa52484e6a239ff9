// Layout features of assistant text that no cue list can see: fenced code and list items.

/** A fenced code block (``` or ~~~): the turn delivers content, not narration. */
export function hasCodeBlock(text: string): boolean {
  return text.includes('```') || text.includes('~~~');
}

const listItem = /^[ \t]{0,3}(?:[-*•+]|\d{1,3}[.)])[ \t]+\S/gm;

/** How many lines are bulleted or numbered list items ("1. …", "- …", "2) …"). */
export function countListItems(text: string): number {
  return text.match(listItem)?.length ?? 0;
}
