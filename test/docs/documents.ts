import { readdirSync, readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';

// The documentation a reader gets: the README and every guide under docs/. Tests that check
// what is documented (codes, exports, examples, links) read all of it, so text can move
// between the files without a test going blind.

export const root = fileURLToPath(new URL('../../', import.meta.url));

/** Repository-relative paths of README.md and docs/*.md, README first. */
export function documentPaths(): string[] {
  const guides = readdirSync(`${root}docs`)
    .filter((name) => name.endsWith('.md'))
    .sort()
    .map((name) => `docs/${name}`);
  return ['README.md', ...guides];
}

export function readDocument(path: string): string {
  return readFileSync(`${root}${path}`, 'utf8');
}

/** Every document, joined: for "is X documented anywhere". */
export function allDocumentation(): string {
  return documentPaths()
    .map((path) => readDocument(path))
    .join('\n');
}
