import { decodeSseStream, readQueryStream, type StreamEvent } from '@agent-chat/protocol';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { NOTHING_FOUND_ANSWER, type RunningAgentService, startAgentService } from '../index.js';
import { createApiClient, createTestDatabase } from '../testing/index.js';

let service: RunningAgentService;
let call: ReturnType<typeof createApiClient>;
let apiKey: string;
let agentId: string;
let datastoreId: string;
let ids: string[];

const documents = [
  {
    name: 'embedding.md',
    text: '# Embedding\n\nTo embed the widget, add one script tag to the page:\n\n```html\n<script src="/widget.js" data-agent-id="a1"></script>\n```\n\n## Colours\n\nSet data-primary-color to change the accent colour.',
    metadata: { custom_id: 'guide-embed', source_url: 'https://docs.example/embed' },
  },
  {
    name: 'billing.txt',
    text: 'Invoices are sent monthly. Refunds are processed within five business days.',
    metadata: { custom_id: 'billing' },
  },
  {
    name: 'widget-faq.md',
    text: '# FAQ\n\nThe widget loads lazily. The widget bundle stays small.',
  },
];

function post(body: unknown, init: RequestInit = {}) {
  return fetch(`${service.url}/api/agents/${agentId}/query`, {
    method: 'POST',
    headers: { authorization: `Bearer ${apiKey}`, 'content-type': 'application/json' },
    body: JSON.stringify(body),
    ...init,
  });
}

beforeAll(async () => {
  service = await startAgentService({
    database: await createTestDatabase(),
    port: 0,
  });
  ({ apiKey } = await service.createOrganization('Acme'));
  call = createApiClient(service.url, apiKey);
  datastoreId = (await call('POST', '/api/datastores', { name: 'Docs' })).body.id;
  ids = (await call('POST', `/api/datastores/upsert/${datastoreId}`, { documents })).body.ids;
  agentId = (await call('POST', '/api/agents', { name: 'Helper', datastoreIds: [datastoreId] }))
    .body.id;
});

afterAll(async () => {
  await service.close();
});

describe('POST /api/agents/:id/query (JSON)', () => {
  it('answers from the most relevant document with sources, highest score first', async () => {
    const response = await call('POST', `/api/agents/${agentId}/query`, {
      query: 'How do I embed the widget?',
    });
    expect(response.status).toBe(200);
    const body = response.body;
    expect(body.answer).toContain('add one script tag');
    expect(body.answer).toContain('<script src="/widget.js"');
    expect(body.answer).not.toContain('Refunds');
    expect(body.conversationId).toMatch(/^[A-Za-z0-9_-]+$/);
    expect(body.visitorId).toMatch(/^[A-Za-z0-9_-]+$/);
    expect(body.messageId).toMatch(/^[A-Za-z0-9_-]+$/);
    expect(body.sources[0]).toMatchObject({
      datasource_id: ids[0],
      datasource_name: 'embedding.md',
      datasource_type: 'text',
      // The section quoted: Markdown headings get GitHub's slugs, as a site would.
      source_url: 'https://docs.example/embed#embedding',
      mime_type: 'text/markdown',
      custom_id: 'guide-embed',
    });
    const datasourceIds = body.sources.map(
      (source: { datasource_id: string }) => source.datasource_id,
    );
    expect(new Set(datasourceIds).size).toBe(datasourceIds.length);
    const scores = body.sources.map((source: { score: number }) => source.score);
    expect([...scores].sort((a, b) => b - a)).toEqual(scores);
    expect(datasourceIds).not.toContain(ids[1]);
  });

  it('says plainly when nothing relevant was found', async () => {
    const response = await call('POST', `/api/agents/${agentId}/query`, {
      query: 'What is the capital of Mongolia?',
    });
    expect(response.status).toBe(200);
    expect(response.body.answer).toBe(NOTHING_FOUND_ANSWER);
    expect(response.body.sources).toEqual([]);
  });

  it('honours filters.datasource_ids and filters.custom_ids', async () => {
    const byId = await call('POST', `/api/agents/${agentId}/query`, {
      query: 'widget',
      filters: { datasource_ids: [ids[2]] },
    });
    expect(byId.body.sources.map((s: { datasource_id: string }) => s.datasource_id)).toEqual([
      ids[2],
    ]);
    const byCustomId = await call('POST', `/api/agents/${agentId}/query`, {
      query: 'widget',
      filters: { custom_ids: ['guide-embed'] },
    });
    expect(byCustomId.body.sources.map((s: { custom_id?: string }) => s.custom_id)).toEqual([
      'guide-embed',
    ]);
    const excluded = await call('POST', `/api/agents/${agentId}/query`, {
      query: 'refunds',
      filters: { custom_ids: ['guide-embed'] },
    });
    expect(excluded.body.sources).toEqual([]);
  });

  it('requires a datasource to match both filters when both are given', async () => {
    const both = async (datasourceIds: string[], customIds: string[]) =>
      (
        await call('POST', `/api/agents/${agentId}/query`, {
          query: 'widget',
          filters: { datasource_ids: datasourceIds, custom_ids: customIds },
        })
      ).body.sources.map((source: { datasource_id: string }) => source.datasource_id);
    expect(await both([ids[0] as string, ids[2] as string], ['guide-embed'])).toEqual([ids[0]]);
    expect(await both([ids[2] as string], ['guide-embed'])).toEqual([]);
  });

  it('answers from a document that uses another form of the question’s word', async () => {
    const store = (await call('POST', '/api/datastores', { name: 'Word forms' })).body;
    const [id] = (
      await call('POST', `/api/datastores/upsert/${store.id}`, {
        documents: [{ name: 'rollout.md', text: 'We deploy the service with one command.' }],
      })
    ).body.ids;
    const agent = (await call('POST', '/api/agents', { name: 'Forms', datastoreIds: [store.id] }))
      .body;
    const response = await call('POST', `/api/agents/${agent.id}/query`, {
      query: 'Where are deployments described?',
    });
    expect(response.body.sources.map((s: { datasource_id: string }) => s.datasource_id)).toEqual([
      id,
    ]);
    expect(response.body.answer).toContain('We deploy the service with one command.');
  });

  it('never cites a source while saying nothing relevant was found', async () => {
    const store = (await call('POST', '/api/datastores', { name: 'Fillers' })).body;
    await call('POST', `/api/datastores/upsert/${store.id}`, {
      documents: [{ name: 'museum.md', text: 'You need a ticket to enter the museum.' }],
    });
    const agent = (await call('POST', '/api/agents', { name: 'Filler', datastoreIds: [store.id] }))
      .body;
    // Postgres matches "need"; nothing in the document is about penguins.
    const response = await call('POST', `/api/agents/${agent.id}/query`, {
      query: 'What do penguins need?',
    });
    expect(response.body.answer).toBe(NOTHING_FOUND_ANSWER);
    expect(response.body.sources).toEqual([]);
    const museum = await call('POST', `/api/agents/${agent.id}/query`, {
      query: 'What do I need for the museum?',
    });
    expect(museum.body.answer).toContain('You need a ticket');
    expect(museum.body.sources).toHaveLength(1);
  });

  it('declines a question about something the documents never name, citing nothing', async () => {
    for (const query of [
      'How do I embed the widget in a Drupal site?',
      'Can the widget colours follow the Google Material Design palette?',
    ]) {
      const response = await call('POST', `/api/agents/${agentId}/query`, { query });
      expect(response.body.answer).toBe(NOTHING_FOUND_ANSWER);
      expect(response.body.sources).toEqual([]);
    }
    const answerable = await call('POST', `/api/agents/${agentId}/query`, {
      query: 'How do I change the Colours of the widget?',
    });
    expect(answerable.body.answer).toContain('data-primary-color');
  });

  it('lists only the sources its answer cites, each numbered as cited', async () => {
    const response = await call('POST', `/api/agents/${agentId}/query`, {
      query: 'How do I embed the widget?',
    });
    const cited = [...response.body.answer.matchAll(/\[(\d+)\]/g)].map((match) => Number(match[1]));
    expect(new Set(cited).size).toBe(response.body.sources.length);
    expect(Math.max(...cited)).toBe(response.body.sources.length);
    expect(response.body.sources[0].source_url).toMatch(/^https:\/\/docs\.example\/embed/);
  });

  it('keeps the conversation and visitor ids it is given', async () => {
    const first = await call('POST', `/api/agents/${agentId}/query`, {
      query: 'refunds',
      visitorId: 'visitor-1',
    });
    expect(first.body.visitorId).toBe('visitor-1');
    const second = await call('POST', `/api/agents/${agentId}/query`, {
      query: 'invoices',
      conversationId: first.body.conversationId,
      visitorId: 'visitor-1',
    });
    expect(second.body.conversationId).toBe(first.body.conversationId);
    expect(second.body.visitorId).toBe('visitor-1');
  });

  it('rejects an invalid body with 400 naming the field and rule', async () => {
    const response = await call('POST', `/api/agents/${agentId}/query`, {
      query: 'hi',
      temperature: 3,
    });
    expect(response.status).toBe(400);
    expect(response.body.error.code).toBe('INVALID_REQUEST');
    expect(response.body.error.message).toMatch(/temperature must be between 0 and 1/);
    const missing = await call('POST', `/api/agents/${agentId}/query`, {});
    expect(missing.status).toBe(400);
    expect(missing.body.error.message).toMatch(/query/);
  });

  it('answers 404 for an unknown agent', async () => {
    const response = await call('POST', '/api/agents/nope/query', { query: 'hi' });
    expect(response.status).toBe(404);
    expect(response.body.error.code).toBe('NOT_FOUND');
  });
});

describe('POST /api/agents/:id/query (stream)', () => {
  it('streams answer fragments, endpoint_response, then [DONE]', async () => {
    const response = await post({ query: 'How do I embed the widget?', streaming: true });
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toMatch(/^text\/event-stream/);
    expect(response.headers.get('cache-control')).toBe('no-cache, no-transform');
    expect(response.headers.get('x-accel-buffering')).toBe('no');
    const events: StreamEvent[] = [];
    for await (const event of decodeSseStream(response.body as ReadableStream<Uint8Array>)) {
      events.push(event);
    }
    const answers = events.filter((event) => event.type === 'answer');
    expect(answers.length).toBeGreaterThan(5);
    expect(events.at(-1)).toEqual({ type: 'done' });
    const final = events.at(-2);
    expect(final?.type).toBe('endpoint_response');
    const parsed = JSON.parse((final as { json: string }).json);
    const answer = answers.map((event) => (event as { text: string }).text).join('');
    expect(parsed.answer).toBe(answer);
    expect(answer).toContain('<script src="/widget.js"');
    expect(parsed.sources[0].datasource_id).toBe(ids[0]);
    expect(parsed.conversationId).toBeTruthy();
    expect(parsed.visitorId).toBeTruthy();
    expect(parsed.messageId).toBeTruthy();
  });

  it('decodes with the protocol reader into the same result as JSON mode', async () => {
    const streamed = await readQueryStream(
      (await post({ query: 'refunds', streaming: true })).body as ReadableStream<Uint8Array>,
    );
    const json = await call('POST', `/api/agents/${agentId}/query`, { query: 'refunds' });
    expect(streamed.answer).toBe(json.body.answer);
    expect(streamed.sources.map((s) => s.datasource_id)).toEqual(
      json.body.sources.map((s: { datasource_id: string }) => s.datasource_id),
    );
  });
});
