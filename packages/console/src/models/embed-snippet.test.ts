import { describe, expect, it } from 'vitest';
import { embedAttributes, embedSnippet, mcpUrl, previewDocument } from './embed-snippet.js';

const settings = {
  baseUrl: 'https://site.example/chat/',
  agentId: 'demo',
  title: '  Help "desk" <b>  ',
  primaryColor: '#2563eb',
  starters: ['How do I embed it?', '  ', 'A | B'],
};

describe('embed snippet', () => {
  it('lists only the set attributes, trimmed, starters joined by | (a | inside one becomes /)', () => {
    expect(embedAttributes(settings)).toEqual([
      ['data-agent-id', 'demo'],
      ['data-title', 'Help "desk" <b>'],
      ['data-primary-color', '#2563eb'],
      ['data-starters', 'How do I embed it?|A / B'],
    ]);
    expect(embedAttributes({ ...settings, title: ' ', primaryColor: '', starters: [] })).toEqual([
      ['data-agent-id', 'demo'],
    ]);
  });

  it('escapes every value in the script tag, which loads widget.js from the mount', () => {
    expect(embedSnippet(settings)).toBe(
      '<script src="https://site.example/chat/widget.js" data-agent-id="demo" data-title="Help &quot;desk&quot; &lt;b&gt;" data-primary-color="#2563eb" data-starters="How do I embed it?|A / B" defer></script>',
    );
  });

  it('previews the widget inline, storing nothing, open', () => {
    const html = previewDocument({ ...settings, title: '' });
    expect(html).toContain('<main id="preview" aria-label="Widget preview"></main>');
    expect(html).toContain(
      '<script src="https://site.example/chat/widget.js" data-agent-id="demo" data-primary-color="#2563eb" data-starters="How do I embed it?|A / B" data-mount="#preview" data-storage="none" data-open=""></script>',
    );
  });
});

describe('mcpUrl', () => {
  it('is the BFF’s /mcp/<agent id>, below its mount', () => {
    expect(mcpUrl('https://docs.example/chat/', 'demo')).toBe('https://docs.example/chat/mcp/demo');
  });
});
