import type { Agent } from '@agent-chat/protocol';
import { useMemo, useState } from 'preact/hooks';
import { embedSnippet, mcpUrl, previewDocument } from '../models/embed-snippet.js';

/**
 * The embed snippet of an agent, its MCP URL for AI coding tools, and a live preview of its
 * widget with the chosen look.
 */
export function EmbedPanel({
  agent,
  baseUrl,
  onClose,
}: {
  agent: Agent;
  baseUrl: string;
  onClose(): void;
}) {
  const [title, setTitle] = useState(agent.name);
  const [primaryColor, setPrimaryColor] = useState('#2563eb');
  const [starters, setStarters] = useState('');
  const [copied, setCopied] = useState<string | undefined>(undefined);
  const settings = {
    baseUrl,
    agentId: agent.id,
    title,
    primaryColor,
    starters: starters.split('\n'),
  };
  const snippet = embedSnippet(settings);
  const mcp = mcpUrl(baseUrl, agent.id);
  const copy = (text: string, what: string) => {
    navigator.clipboard.writeText(text).then(
      () => setCopied('Copied.'),
      () => setCopied(`Copy failed: select the ${what} and copy it by hand.`),
    );
  };
  const preview = useMemo(
    () => previewDocument(settings),
    [baseUrl, agent.id, title, primaryColor, starters],
  );
  return (
    <section class="card" aria-labelledby="embed-title">
      <div class="section-head">
        <h2 id="embed-title">Embed {agent.name}</h2>
        <button type="button" class="secondary" onClick={onClose}>
          Close
        </button>
      </div>
      <div class="embed">
        <div>
          <label for="embed-widget-title">Title</label>
          <input
            id="embed-widget-title"
            value={title}
            onInput={(event) => setTitle(event.currentTarget.value)}
          />
          <label for="embed-color">Colour</label>
          <input
            id="embed-color"
            type="color"
            value={primaryColor}
            onInput={(event) => setPrimaryColor(event.currentTarget.value)}
          />
          <label for="embed-starters">Starter prompts (one per line)</label>
          <textarea
            id="embed-starters"
            rows={3}
            value={starters}
            onInput={(event) => setStarters(event.currentTarget.value)}
          />
          <label for="embed-snippet">Snippet</label>
          <textarea id="embed-snippet" class="code" rows={5} readOnly value={snippet} />
          <div class="actions">
            <button type="button" onClick={() => copy(snippet, 'snippet')}>
              Copy snippet
            </button>
            <span role="status">{copied ?? ''}</span>
          </div>
          <label for="embed-mcp-url">MCP URL (Claude Code, Cursor, VS Code)</label>
          <input id="embed-mcp-url" class="code" readOnly value={mcp} />
          <div class="actions">
            <button type="button" class="secondary" onClick={() => copy(mcp, 'MCP URL')}>
              Copy MCP URL
            </button>
          </div>
        </div>
        <iframe class="preview" title={`Widget preview of ${agent.name}`} srcdoc={preview} />
      </div>
    </section>
  );
}
