import type { SearchHighlight } from '@agent-chat/protocol';

/**
 * An excerpt with its matched ranges marked: text nodes and `<mark>` elements only, never
 * HTML (the excerpt is the service's text; a `<` in it stays a `<`). Ranges out of order,
 * overlapping or outside the text are skipped.
 */
export function HighlightedText({
  text,
  highlights,
}: {
  text: string;
  highlights: readonly SearchHighlight[];
}) {
  const parts: (string | preact.JSX.Element)[] = [];
  let at = 0;
  for (const [start, end] of highlights) {
    if (start < at || end <= start || end > text.length) continue;
    if (start > at) parts.push(text.slice(at, start));
    parts.push(<mark key={start}>{text.slice(start, end)}</mark>);
    at = end;
  }
  if (at < text.length) parts.push(text.slice(at));
  return <>{parts}</>;
}
