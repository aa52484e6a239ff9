/**
 * Whether the resolver applies to a model, per `incompleteTurn.appliesTo` patterns (`*`
 * wildcards, case-insensitive). A pattern with a `/` is matched against the whole
 * `provider/model` id; one without is matched against the model part too, so `gpt-5*` covers
 * `openai/gpt-5.4` and `gpt-5o-mini`. An unknown model is covered only by a bare `*`.
 */
export function resolverAppliesTo(model: string | undefined, patterns: readonly string[]): boolean {
  if (patterns.includes('*')) return true;
  if (model === undefined || model === '') return false;
  const id = model.toLowerCase();
  const slash = id.indexOf('/');
  const bare = slash < 0 ? id : id.slice(slash + 1);
  return patterns.some((raw) => {
    const pattern = raw.toLowerCase();
    return pattern.includes('/')
      ? wildcard(pattern, id)
      : wildcard(pattern, bare) || wildcard(pattern, id);
  });
}

// Iterative `*` matching with one backtrack point: linear in practice, no regex built from
// host text.
function wildcard(pattern: string, text: string): boolean {
  let p = 0;
  let t = 0;
  let star = -1;
  let mark = 0;
  while (t < text.length) {
    if (p < pattern.length && pattern[p] !== '*' && pattern[p] === text[t]) {
      p++;
      t++;
    } else if (p < pattern.length && pattern[p] === '*') {
      star = p++;
      mark = t;
    } else if (star >= 0) {
      p = star + 1;
      t = ++mark;
    } else return false;
  }
  while (p < pattern.length && pattern[p] === '*') p++;
  return p === pattern.length;
}
