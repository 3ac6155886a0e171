/** `"30_000"` → 30000; anything but digits (and `_`) → NaN, which the schema refuses. */
export function wholeNumberFromEnv(text: string): number {
  return /^\d[\d_]*$/.test(text) ? Number(text.replaceAll('_', '')) : Number.NaN;
}

/** `"0.25"`, `"-1"` → the number; anything else → NaN, which the schema refuses. */
export function numberFromEnv(text: string): number {
  return /^[-+]?(\d+\.?\d*|\.\d+)$/.test(text) ? Number(text) : Number.NaN;
}

/** `true`/`false` (any case) → the boolean; anything else stays text, which the schema refuses. */
export function booleanFromEnv(text: string): boolean | string {
  return /^(true|false)$/i.test(text) ? text.toLowerCase() === 'true' : text;
}

/** `"a, b ,"` → `['a', 'b']`; a list with `*` in it → `'*'`. */
export function listFromEnv(text: string): string[] | '*' {
  const entries = text
    .split(',')
    .map((entry) => entry.trim())
    .filter((entry) => entry !== '');
  return entries.includes('*') ? '*' : entries;
}
