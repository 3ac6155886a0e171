/** Formatting helpers shared by the table and the budget checks. */

/** `1.234 ms`, with precision that suits the magnitude. */
export function ms(value: number): string {
  if (!Number.isFinite(value)) return 'n/a';
  if (value < 10) return `${value.toFixed(2)} ms`;
  if (value < 100) return `${value.toFixed(1)} ms`;
  return `${Math.round(value)} ms`;
}

/** `12.3 KB` (1 KB = 1024 bytes). */
export function kb(bytes: number): string {
  if (!Number.isFinite(bytes)) return 'n/a';
  return `${(bytes / 1024).toFixed(1)} KB`;
}

/** `12.3 MB` (1 MB = 1024² bytes). */
export function mb(bytes: number): string {
  if (!Number.isFinite(bytes)) return 'n/a';
  return `${(bytes / 1024 / 1024).toFixed(1)} MB`;
}

/** `0.93×`. */
export function ratio(value: number): string {
  return Number.isFinite(value) ? `${value.toFixed(2)}×` : 'n/a';
}

/** `12,345/s`. */
export function perSecond(value: number): string {
  return Number.isFinite(value) ? `${Math.round(value).toLocaleString('en-US')}/s` : 'n/a';
}

/** `12,345`. */
export function count(value: number): string {
  return Number.isFinite(value) ? Math.round(value).toLocaleString('en-US') : 'n/a';
}

/** Rounds to 3 decimals for the JSON file (NaN becomes null there by JSON rules). */
export function round3(value: number): number {
  return Math.round(value * 1000) / 1000;
}
