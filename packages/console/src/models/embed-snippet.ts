/** What the embed snippet and the live preview are made of. */
export interface EmbedSettings {
  /** The BFF's mount URL, ending in `/` (where `widget.js` is served). */
  baseUrl: string;
  agentId: string;
  title: string;
  /** A CSS colour, e.g. `#2563eb`. */
  primaryColor: string;
  /** Starter prompts, one per entry. */
  starters: readonly string[];
}

function attribute(value: string): string {
  return value
    .replaceAll('&', '&amp;')
    .replaceAll('"', '&quot;')
    .replaceAll('<', '&lt;')
    .replaceAll('>', '&gt;');
}

/** The `data-*` attributes of the widget's script tag for these settings, in order. */
export function embedAttributes(settings: EmbedSettings): [string, string][] {
  const attributes: [string, string][] = [['data-agent-id', settings.agentId]];
  if (settings.title.trim() !== '') attributes.push(['data-title', settings.title.trim()]);
  if (settings.primaryColor.trim() !== '') {
    attributes.push(['data-primary-color', settings.primaryColor.trim()]);
  }
  const starters = settings.starters
    .map((line) => line.trim().replaceAll('|', '/'))
    .filter(Boolean);
  if (starters.length > 0) attributes.push(['data-starters', starters.join('|')]);
  return attributes;
}

/** The agent's MCP endpoint on this BFF, for AI coding tools (`POST /mcp/:agentId`). */
export function mcpUrl(baseUrl: string, agentId: string): string {
  return new URL(`mcp/${encodeURIComponent(agentId)}`, baseUrl).href;
}

/** The `<script>` tag a site pastes to embed this agent's widget. */
export function embedSnippet(settings: EmbedSettings): string {
  const attributes = embedAttributes(settings)
    .map(([name, value]) => ` ${name}="${attribute(value)}"`)
    .join('');
  return `<script src="${attribute(new URL('widget.js', settings.baseUrl).href)}"${attributes} defer></script>`;
}

/**
 * The document of the live preview frame: the widget rendered inline (`data-mount`), with
 * nothing stored (`data-storage="none"`), talking to this BFF. The frame is same-origin
 * with the console, so the console's CSP applies to it: the widget is a `'self'` script.
 */
export function previewDocument(settings: EmbedSettings): string {
  const attributes = [
    ...embedAttributes(settings),
    ['data-mount', '#preview'],
    ['data-storage', 'none'],
    ['data-open', ''],
  ]
    .map(([name, value]) => ` ${name}="${attribute(value ?? '')}"`)
    .join('');
  const src = attribute(new URL('widget.js', settings.baseUrl).href);
  return `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>Widget preview</title></head><body><main id="preview" aria-label="Widget preview"></main><script src="${src}"${attributes}></script></body></html>`;
}
