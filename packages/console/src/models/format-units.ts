/** A byte (or character) count for people: `512 B`, `1.5 KB`, `12 MB`. */
export function formatSize(bytes: number): string {
  if (bytes < 1024) return `${bytes} B`;
  const units = ['KB', 'MB', 'GB'];
  let value = bytes / 1024;
  let unit = 0;
  while (value >= 1024 && unit < units.length - 1) {
    value /= 1024;
    unit += 1;
  }
  return `${value >= 10 ? Math.round(value) : value.toFixed(1)} ${units[unit]}`;
}

/** A timestamp (ISO 8601) in the reader's locale, or `never` when there is none. */
export function formatTime(iso: string | null | undefined): string {
  if (!iso) return 'never';
  const date = new Date(iso);
  return Number.isNaN(date.getTime())
    ? iso
    : date.toLocaleString(undefined, { dateStyle: 'medium', timeStyle: 'short' });
}

/** Milliseconds for people: `85 ms`, `1.25 s`; `–` when not (yet) measured. */
export function formatDuration(ms: number | undefined): string {
  if (ms === undefined) return '–';
  return ms < 1000 ? `${Math.round(ms)} ms` : `${(ms / 1000).toFixed(2)} s`;
}

/** A retrieval score (0..1) with three decimals. */
export function formatScore(score: number): string {
  return score.toFixed(3);
}
