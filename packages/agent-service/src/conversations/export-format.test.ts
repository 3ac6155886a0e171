import { readFile } from 'node:fs/promises';
import type { ConversationDetail } from '@agent-chat/protocol';
import { describe, expect, it } from 'vitest';
import { exportHeader, exportRecord } from './export-format.js';

const conversation: ConversationDetail = {
  id: 'conversation-1',
  agentId: 'agent-1',
  visitorId: 'visitor-1',
  status: 'resolved',
  createdAt: '2026-01-01T00:00:00.000Z',
  updatedAt: '2026-01-01T00:01:00.000Z',
  messageCount: 1,
  feedback: { good: 0, bad: 1 },
  lastMessage: null,
  channel: 'widget',
  user: null,
  messages: [
    {
      id: 'message-1',
      role: 'assistant',
      text: 'Otters hold hands',
      createdAt: '2026-01-01T00:00:30.000Z',
      sources: [
        {
          chunk_id: 'chunk-1',
          datasource_id: 'source-1',
          datasource_name: 'otters.md',
          datasource_type: 'text',
          source_url: 'https://example.com/otters',
          mime_type: 'text/markdown',
          score: 0.9,
        },
        {
          chunk_id: 'chunk-2',
          datasource_id: 'source-2',
          datasource_name: 'notes.md',
          datasource_type: 'text',
          source_url: null,
          mime_type: 'text/markdown',
          score: 0.5,
        },
      ],
      metadata: { answerer: 'extractive', latencyMs: 42, topScores: [0.9], found: true },
      eval: 'bad',
      comment: 'too short',
    },
  ],
};

const cells = (line: string) => line.replace(/\r\n$/, '').split(',');

describe('CSV export', () => {
  it('puts every value under its own column', () => {
    const header = cells(exportHeader('csv'));
    const row = cells(exportRecord('csv', conversation));
    expect(Object.fromEntries(header.map((name, index) => [name, row[index]]))).toEqual({
      conversationId: 'conversation-1',
      agentId: 'agent-1',
      visitorId: 'visitor-1',
      status: 'resolved',
      messageId: 'message-1',
      createdAt: '2026-01-01T00:00:30.000Z',
      role: 'assistant',
      text: 'Otters hold hands',
      eval: 'bad',
      comment: 'too short',
      answerer: 'extractive',
      latencyMs: '42',
      found: 'true',
      sources: 'https://example.com/otters notes.md',
    });
  });

  it('gives a conversation without messages one full row with empty message cells', () => {
    const row = cells(exportRecord('csv', { ...conversation, messages: [] }));
    expect(row).toHaveLength(cells(exportHeader('csv')).length);
    expect(row.slice(0, 4)).toEqual(['conversation-1', 'agent-1', 'visitor-1', 'resolved']);
    expect(row.slice(4).every((cell) => cell === '')).toBe(true);
  });

  it('is described in the README with the same columns', async () => {
    const readme = await readFile(new URL('../../README.md', import.meta.url), 'utf8');
    const listed = /one row per message\s+\(`([^`]+)`\)/.exec(readme)?.[1]?.split(/,\s+/);
    expect(listed).toEqual(cells(exportHeader('csv')));
  });
});
