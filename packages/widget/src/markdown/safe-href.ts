/**
 * The URL to put in an `href`, or undefined when it must not be linked: only absolute
 * `http:`/`https:` (and `mailto:` when allowed) URLs pass. `javascript:`, `data:`, relative
 * and malformed URLs are rejected.
 */
export function safeHref(url: string, allowMailto = true): string | undefined {
  let parsed: URL;
  try {
    parsed = new URL(url.trim());
  } catch {
    return undefined;
  }
  const allowed =
    parsed.protocol === 'https:' ||
    parsed.protocol === 'http:' ||
    (allowMailto && parsed.protocol === 'mailto:');
  return allowed ? parsed.href : undefined;
}
