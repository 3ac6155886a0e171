import { once } from 'node:events';
import { type IncomingMessage, request } from 'node:http';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '../store/index.js';
import {
  type ConversationFixture,
  startConversationFixture,
} from '../testing/conversation-fixture.js';
import { createTestDatabase, nextServerRequest } from '../testing/index.js';
import { expectError } from '../testing/two-organizations.js';

let fixture: ConversationFixture;
/** Pages of conversations the export has read (counted at the database). */
let pagesRead = 0;

function counting(database: Database): Database {
  return {
    ...database,
    query(sql, params) {
      if (sql.includes('ORDER BY c.updated_at DESC, c.id DESC LIMIT')) pagesRead += 1;
      return database.query(sql, params);
    },
    transaction: (work) => database.transaction(work),
    exec: (sql) => database.exec(sql),
    close: () => database.close(),
  };
}

/** A GET of the export on its own connection, resolved with the response stream. */
function open(query: string): Promise<IncomingMessage> {
  return new Promise((resolve, reject) => {
    request(exportUrl(query), {
      agent: false,
      headers: { authorization: `Bearer ${fixture.apiKey}` },
    })
      .on('response', resolve)
      .on('error', reject)
      .end();
  });
}

const exportUrl = (query: string) => `${fixture.service.url}/api/conversations/export?${query}`;
const get = (query: string, init: RequestInit = {}) =>
  fetch(exportUrl(query), { headers: { authorization: `Bearer ${fixture.apiKey}` }, ...init });

beforeAll(async () => {
  fixture = await startConversationFixture({ database: counting(await createTestDatabase()) });
});

afterAll(async () => {
  await fixture.service.close();
});

describe('GET /api/conversations/export', () => {
  it('streams JSONL: one conversation with its messages per line, with the list filters', async () => {
    const refunds = await fixture.call('POST', `/api/agents/${fixture.agentId}/query`, {
      query: 'How are refunds processed?',
      visitorId: 'exporter',
    });
    await fixture.call('POST', `/api/agents/${fixture.agentId}/query`, {
      query: 'embed the widget',
      visitorId: 'exporter-2',
    });
    const response = await get('format=jsonl&q=refunds');
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toBe('application/x-ndjson; charset=utf-8');
    expect(response.headers.get('content-disposition')).toMatch(
      /attachment; filename="conversations-.*\.jsonl"/,
    );
    const lines = (await response.text()).split('\n');
    expect(lines.at(-1)).toBe('');
    const conversations = lines.slice(0, -1).map((line) => JSON.parse(line));
    expect(conversations.map((c) => c.id)).toEqual([refunds.body.conversationId]);
    expect(conversations[0].messages.map((m: { role: string }) => m.role)).toEqual([
      'user',
      'assistant',
    ]);
    const all = (await (await get('')).text()).trim().split('\n');
    expect(all).toHaveLength(2);
  });

  it('writes CSV with one row per message, escaped and guarded against formulas', async () => {
    const answer = await fixture.call('POST', `/api/agents/${fixture.agentId}/query`, {
      query: '=HYPERLINK("http://evil.example","refunds, please")\nsecond line',
      visitorId: 'csv-visitor',
    });
    await fixture.call('POST', `/api/conversations/${answer.body.conversationId}/messages`, {
      text: '@operator: -5 "quoted"',
    });
    const response = await get(`format=csv&status=handoff`);
    expect(response.headers.get('content-type')).toBe('text/csv; charset=utf-8');
    const text = await response.text();
    const [header, ...rows] = text.split('\r\n');
    expect(header).toBe(
      'conversationId,agentId,visitorId,status,messageId,createdAt,role,text,eval,comment,answerer,latencyMs,found,sources',
    );
    expect(rows.at(-1)).toBe('');
    expect(text).toContain(
      `,user,"'=HYPERLINK(""http://evil.example"",""refunds, please"")\nsecond line",,,,,,\r\n`,
    );
    expect(text).toContain(`,operator,"'@operator: -5 ""quoted""",,,,,,\r\n`);
    expect(text).toMatch(/,assistant,[^\r]*,custom,\d+,(true|false),/);
    expect(
      text.split('\r\n').filter((line) => line.startsWith(answer.body.conversationId)),
    ).toHaveLength(3);
  });

  it('rejects bad parameters with 400 before streaming', async () => {
    const response = await get('format=xml');
    expect(response.status).toBe(400);
    expect(await response.json()).toMatchObject({ error: { code: 'INVALID_REQUEST' } });
    const unauthorized = await fetch(exportUrl('format=csv'));
    expect(unauthorized.status).toBe(401);
    expectError(
      await fixture.call('GET', '/api/conversations/export?from=soon'),
      400,
      'INVALID_REQUEST',
      /from/,
    );
  });

  it('reads only as fast as the client reads, and stops when the client leaves', async () => {
    const { organizationId } = fixture;
    await fixture.service.database.query(
      `INSERT INTO conversations (organization_id, id, agent_id, visitor_id, updated_at)
       SELECT $1, 'big-' || n, $2, 'big-visitor', now() - interval '1 day' - n * interval '1 second'
       FROM generate_series(1, 2000) AS n`,
      [organizationId, fixture.agentId],
    );
    await fixture.service.database.query(
      `INSERT INTO messages (id, organization_id, conversation_id, role, text)
       SELECT 'big-m-' || n, $1, 'big-' || n, 'user', repeat('lorem ipsum ', 500)
       FROM generate_series(1, 2000) AS n`,
      [organizationId],
    );
    // 2,000 conversations of ~6 KB: ~12 MB in 20 pages, far more than socket buffers hold.
    const total = (
      await fixture.service.database.query<{ count: number }>(
        'SELECT count(*)::int AS count FROM conversations WHERE organization_id = $1',
        [organizationId],
      )
    )[0]?.count as number;
    pagesRead = 0;
    // node:http without keep-alive: the inserts above blocked the event loop past the
    // server's keep-alive timeout, so a pooled socket could be reset under the request.
    const atService = nextServerRequest((request) =>
      Boolean(request.url?.startsWith('/api/conversations/export')),
    );
    const paused = await open('format=jsonl');
    const { response } = await atService;
    await once(paused, 'data');
    paused.pause();
    // The route waits for a drain once the client's and the sockets' buffers are full.
    await expect
      .poll(() => response.listenerCount('drain'), { message: 'the export waits' })
      .toBe(1);
    const whilePaused = pagesRead;
    expect(whilePaused).toBeLessThan(Math.ceil(total / 100) - 5);
    paused.destroy();
    // The route sees the client leave: its response closes and it stops waiting.
    await expect
      .poll(() => response.closed && response.listenerCount('drain') === 0, {
        message: 'the export stops',
      })
      .toBe(true);
    expect(pagesRead).toBeLessThanOrEqual(whilePaused + 1);
    console.log(
      `export: paused client → ${whilePaused} of ${Math.ceil(total / 100)} pages read; after it left: ${pagesRead}`,
    );

    pagesRead = 0;
    const complete = await open('format=jsonl');
    let lines = 0;
    for await (const chunk of complete) {
      for (const byte of chunk as Buffer) if (byte === 10) lines += 1;
    }
    expect(lines).toBe(total);
    expect(pagesRead).toBe(Math.ceil(total / 100));
  });
});
