/**
 * The names closest to a mistyped one, for "did you mean" in an error: those within a few edits
 * (insertions, deletions, substitutions; at most a third of the word's length, at least one),
 * the closest first, at most `limit`. Case is ignored.
 */
export function nearestNames(word: string, names: readonly string[], limit = 3): string[] {
  const w = word.toUpperCase();
  const most = Math.max(1, Math.floor(w.length / 3));
  return names
    .map((name) => ({ name, d: editDistance(w, name.toUpperCase()) }))
    .filter((x) => x.d <= most)
    .sort((a, b) => a.d - b.d || a.name.localeCompare(b.name))
    .slice(0, limit)
    .map((x) => x.name);
}

/** Levenshtein distance: the fewest single-character insertions, deletions and substitutions. */
export function editDistance(a: string, b: string): number {
  let previous = Array.from({ length: b.length + 1 }, (_, j) => j);
  for (let i = 1; i <= a.length; i++) {
    const row = [i];
    for (let j = 1; j <= b.length; j++) row[j] = Math.min(previous[j] + 1, row[j - 1] + 1, previous[j - 1] + (a[i - 1] === b[j - 1] ? 0 : 1));
    previous = row;
  }
  return previous[b.length];
}
