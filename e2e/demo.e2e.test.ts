import { execFile } from 'node:child_process';
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import {
  type SmtpTestServer,
  startSmtpTestServer,
  startWebhookReceiver,
  type WebhookReceiver,
} from '@agent-chat/agent-service/testing';
import { type QueryResponse, WIDGET_CONVERSATION_PATHS } from '@agent-chat/protocol';
import type { Browser } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { launchChromium } from '../packages/widget/browser/browser-harness.js';
import { afterAll, beforeAll } from '../testing/set-up-hooks.js';
import { type DemoStack, REPO_ROOT, startDemo } from './demo-stack.js';

const adminToken = 'e2e-admin-token-0123456789';
const dataDir = mkdtempSync(join(tmpdir(), 'agent-chat-e2e-'));
/** Where examples/script-tag/README.md tells readers to find `npm start`. */
const README_DEMO_ORIGIN = 'http://127.0.0.1:3000';
const WEBHOOK_SECRET = 'the-demo-e2e-webhook-secret-0123456789';
const CONSOLE_URL = 'https://chat.example.test/admin/';

let stack: DemoStack;
let browser: Browser;
/** Serves examples/script-tag/index.html, pointed at this run's demo, on another origin. */
let staticSite: Server;
let staticOrigin: string;
let env: Record<string, string>;
/** The mail server and event receiver the demo's embedded service is pointed at. */
let smtp: SmtpTestServer;
let receiver: WebhookReceiver;
/** The datasource the admin test deletes; a restart must not bring it back. */
let deletedDatasourceId: string | undefined;

async function startStaticSite(): Promise<void> {
  staticSite = createServer((req, res) => {
    if (req.url !== '/' && req.url !== '/index.html') {
      res.writeHead(404).end();
      return;
    }
    const html = readFileSync(join(REPO_ROOT, 'examples/script-tag/index.html'), 'utf8');
    res.writeHead(200, { 'Content-Type': 'text/html; charset=utf-8' });
    res.end(html.replaceAll(README_DEMO_ORIGIN, stack.url));
  });
  await new Promise<void>((resolve) => staticSite.listen(0, '127.0.0.1', resolve));
  staticOrigin = `http://127.0.0.1:${(staticSite.address() as AddressInfo).port}`;
}

async function query(body: Record<string, unknown>): Promise<QueryResponse> {
  const response = await fetch(`${stack.url}/api/agents/demo/query`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json' },
    body: JSON.stringify(body),
  });
  expect(response.status, await response.clone().text()).toBe(200);
  return (await response.json()) as QueryResponse;
}

function admin(
  method: string,
  path: string,
  body?: unknown,
  token = adminToken,
): Promise<Response> {
  return fetch(`${stack.url}${path}`, {
    method,
    headers: { Authorization: `Bearer ${token}`, 'Content-Type': 'application/json' },
    body: JSON.stringify(body ?? {}),
  });
}

beforeAll(async () => {
  await startStaticSite();
  [smtp, receiver] = await Promise.all([
    startSmtpTestServer(),
    startWebhookReceiver(WEBHOOK_SECRET),
  ]);
  env = {
    PORT: '0',
    AGENT_SERVICE_PORT: '0',
    DATA_DIR: dataDir,
    ADMIN_TOKEN: adminToken,
    ALLOWED_ORIGINS: staticOrigin,
    // Passed to the embedded service as `agent-chat-service serve` reads them.
    SMTP_URL: smtp.url,
    NOTIFY_EMAIL: 'ops@demo.example',
    PUBLIC_CONSOLE_URL: CONSOLE_URL,
    WEBHOOK_URL: receiver.url,
    WEBHOOK_SECRET,
    ALLOW_PRIVATE_URLS: 'true',
  };
  [stack, browser] = await Promise.all([startDemo(env), launchChromium()]);
}, 180_000);

afterAll(async () => {
  await browser?.close();
  await stack?.stop();
  await smtp?.close();
  await receiver?.close();
  staticSite?.closeAllConnections();
  await new Promise((resolve) => staticSite?.close(resolve));
  rmSync(dataDir, { recursive: true, force: true });
});

describe('npm start, end to end', () => {
  it('answers a question on the demo page with a streamed answer and sources, and restores it after a reload', async () => {
    const context = await browser.newContext({ viewport: { width: 1100, height: 760 } });
    const page = await context.newPage();
    const problems: string[] = [];
    page.on('pageerror', (error) => problems.push(error.message));
    page.on('console', (message) => {
      if (message.type() === 'error') problems.push(message.text());
    });
    const streamTypes: string[] = [];
    page.on('response', (response) => {
      if (response.url().endsWith('/api/agents/demo/query')) {
        streamTypes.push(response.headers()['content-type'] ?? '');
      }
    });
    // Records the assistant text length once per frame while the answer arrives.
    await context.addInitScript(() => {
      const lengths: number[] = [];
      (window as unknown as { __lengths: number[] }).__lengths = lengths;
      const sample = () => {
        const bubbles = document
          .querySelector('agent-chat')
          ?.shadowRoot?.querySelectorAll('.message.assistant:not(.welcome)');
        lengths.push(bubbles?.[bubbles.length - 1]?.textContent?.length ?? 0);
        requestAnimationFrame(sample);
      };
      requestAnimationFrame(sample);
    });

    await page.goto(`${stack.url}/`);
    await page.getByRole('button', { name: 'Open chat' }).click();
    const input = page.getByRole('textbox', { name: 'Your message' });
    await input.fill('How do I deploy behind nginx?');
    await input.press('Enter');

    const answer = page.locator('.message.assistant:not(.welcome) .bubble').last();
    await expect.poll(() => answer.textContent(), { timeout: 30_000 }).toContain('proxy_buffering');
    await expect
      .poll(() => page.locator('[role=log]').getAttribute('aria-busy'), { timeout: 10_000 })
      .toBe('false');
    expect(streamTypes[0]).toContain('text/event-stream');
    const lengths = await page.evaluate(
      () => (window as unknown as { __lengths: number[] }).__lengths,
    );
    expect(new Set(lengths.filter((length) => length > 0)).size).toBeGreaterThan(2);
    const sources = page.locator('.sources li');
    expect(await sources.count()).toBeGreaterThan(0);
    expect(await sources.allTextContents()).toContainEqual(expect.stringContaining('deployment'));

    if (process.env.UPDATE_SCREENSHOT === '1') {
      await input.blur();
      mkdirSync(join(REPO_ROOT, 'docs'), { recursive: true });
      writeFileSync(join(REPO_ROOT, 'docs/screenshot.png'), await page.screenshot());
    }

    await page.reload();
    await page.getByRole('button', { name: 'Open chat' }).click();
    await expect
      .poll(() => page.locator('.message.user .bubble').textContent())
      .toBe('How do I deploy behind nginx?');
    expect(await answer.textContent()).toContain('proxy_buffering');
    expect(problems).toEqual([]);
    await context.close();
  });

  it('applies admin edits through the BFF and shows them in the public query', async () => {
    const before = await query({ query: 'nginx proxy_buffering deployment' });
    const deployment = before.sources.find((source) => /deployment/i.test(source.datasource_name));
    expect(deployment, JSON.stringify(before.sources)).toBeDefined();

    expect(
      (await admin('PATCH', '/api/agents/demo', { name: 'Renamed' }, 'wrong-token')).status,
    ).toBe(401);
    const renamed = await admin('PATCH', '/api/agents/demo', { name: 'Docs assistant' });
    expect(renamed.status).toBe(200);
    const agent = (await renamed.json()) as { id: string; name: string; datastoreIds?: string[] };
    expect(agent).toMatchObject({ id: 'demo', name: 'Docs assistant' });
    expect(agent.datastoreIds?.length).toBeGreaterThan(0);

    const deleted = await admin('DELETE', `/api/datasources/${deployment!.datasource_id}`);
    expect(deleted.status).toBe(200);
    deletedDatasourceId = deployment!.datasource_id;
    expect(await deleted.json()).toMatchObject({ id: deployment!.datasource_id });

    const after = await query({ query: 'nginx proxy_buffering deployment' });
    expect(after.sources.map((source) => source.datasource_id)).not.toContain(
      deployment!.datasource_id,
    );

    // Unlinking the agent's datastores leaves it nothing to answer from, visibly.
    const unlinked = await admin('PATCH', '/api/agents/demo', { datastoreIds: [] });
    expect(unlinked.status).toBe(200);
    expect((await query({ query: 'How do I embed the widget?' })).sources).toEqual([]);
    const relinked = await admin('PATCH', '/api/agents/demo', { datastoreIds: agent.datastoreIds });
    expect(relinked.status).toBe(200);
    expect((await query({ query: 'How do I embed the widget?' })).sources.length).toBeGreaterThan(
      0,
    );
  });

  it('ingests documents through the BFF admin upsert route and the agent-chat-service CLI', async () => {
    const datastoreId = /demo datastore (\S+)/.exec(stack.output())?.[1];
    expect(datastoreId, stack.output()).toBeDefined();

    const upserted = await admin('POST', `/api/datastores/upsert/${datastoreId}`, {
      documents: [
        { name: 'returns.md', text: 'Zorblax gadgets can be returned within 30 days of purchase.' },
      ],
    });
    expect(upserted.status).toBe(200);
    expect(upserted.headers.get('deprecation')).toBeTruthy();
    const zorblax = await query({ query: 'Can I return a zorblax gadget?' });
    expect(zorblax.answer).toContain('30 days');
    expect(zorblax.sources.map((source) => source.datasource_name)).toContain('returns.md');

    const serviceUrl = /agent service\s+(http:\/\/\S+)/.exec(stack.output())?.[1];
    const docs = mkdtempSync(join(tmpdir(), 'agent-chat-docs-'));
    writeFileSync(
      join(docs, 'warranty.md'),
      '# Warranty\n\nEvery quibbleflux carries a five year warranty.\n',
    );
    writeFileSync(join(docs, 'hours.txt'), 'The quibbleflux help desk opens at 9am.\n');
    // Asynchronous, not spawnSync: while the event loop is blocked, fetch cannot see the BFF
    // close its idle keep-alive socket, and the next query reused it ("other side closed").
    const cli = await new Promise<{ status: number; stdout: string; stderr: string }>((resolve) => {
      execFile(
        process.execPath,
        [
          '--conditions=agent-chat-source',
          '--import',
          'tsx',
          'packages/agent-service/src/cli.ts',
          'ingest',
          datastoreId!,
          join(docs, 'warranty.md'),
          join(docs, 'hours.txt'),
          '--url',
          serviceUrl!,
        ],
        {
          cwd: REPO_ROOT,
          encoding: 'utf8',
          env: {
            ...process.env,
            AGENT_API_TOKEN: readFileSync(join(dataDir, 'demo-api-key'), 'utf8').trim(),
          },
        },
        (error, stdout, stderr) =>
          resolve({
            status: error ? (typeof error.code === 'number' ? error.code : 1) : 0,
            stdout,
            stderr,
          }),
      );
    });
    expect(cli.status, cli.stderr + cli.stdout).toBe(0);
    rmSync(docs, { recursive: true, force: true });
    const warranty = await query({ query: 'How long is the quibbleflux warranty?' });
    expect(warranty.answer).toContain('five year');
    expect(warranty.sources.map((source) => source.datasource_name)).toContain('warranty.md');
  });

  it('serves the script-tag example page from another origin allowed by ALLOWED_ORIGINS', async () => {
    const page = await browser.newPage();
    const problems: string[] = [];
    page.on('pageerror', (error) => problems.push(error.message));
    const queries: string[] = [];
    page.on('request', (request) => {
      if (request.method() === 'POST') queries.push(request.url());
    });
    await page.goto(`${staticOrigin}/`);
    await page.getByRole('button', { name: 'Open chat' }).click();
    await expect.poll(() => page.getByRole('heading', { name: 'Ask our docs' }).count()).toBe(1);
    const input = page.getByRole('textbox', { name: 'Your message' });
    expect(await input.getAttribute('placeholder')).toBe('Type your question…');
    await page.getByRole('button', { name: 'How do I embed the widget?' }).click();
    await expect
      .poll(() => page.locator('.message.assistant:not(.welcome) .bubble').last().textContent(), {
        timeout: 30_000,
      })
      .toContain('data-agent-id');
    expect(queries).toEqual([`${stack.url}/api/agents/demo/query`]);
    expect(problems).toEqual([]);
    await page.close();

    const refused = await fetch(`${stack.url}/api/agents/demo/query`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json', Origin: 'https://elsewhere.example' },
      body: JSON.stringify({ query: 'hi' }),
    });
    expect(refused.status).toBe(403);
  });

  it("points a second npm start at the first one's agent service with UPSTREAM_URL", async () => {
    const serviceUrl = /agent service\s+(http:\/\/\S+)/.exec(stack.output())?.[1];
    expect(serviceUrl, stack.output()).toBeDefined();
    const otherDataDir = mkdtempSync(join(tmpdir(), 'agent-chat-e2e-upstream-'));
    const otherAdminToken = 'e2e-second-admin-token-0123';
    const second = await startDemo({
      PORT: '0',
      DATA_DIR: otherDataDir,
      UPSTREAM_URL: serviceUrl!,
      AGENT_API_TOKEN: readFileSync(join(dataDir, 'demo-api-key'), 'utf8').trim(),
      ADMIN_TOKEN: otherAdminToken,
    });
    try {
      expect(second.output()).not.toContain('(embedded');
      expect(second.output()).toContain(`admin token    ${otherAdminToken}`);
      // The documents the first demo was given are answered through the second one.
      const response = await fetch(`${second.url}/api/agents/demo/query`, {
        method: 'POST',
        headers: { 'Content-Type': 'application/json' },
        body: JSON.stringify({ query: 'Can I return a zorblax gadget?' }),
      });
      expect(response.status).toBe(200);
      expect(((await response.json()) as QueryResponse).answer).toContain('30 days');
      const agent = await fetch(`${second.url}/api/agents/demo`, {
        method: 'PATCH',
        headers: { Authorization: `Bearer ${otherAdminToken}`, 'Content-Type': 'application/json' },
        body: '{}',
      });
      expect(await agent.json()).toMatchObject({ name: 'Docs assistant' });
    } finally {
      await second.stop();
      rmSync(otherDataDir, { recursive: true, force: true });
    }
    expect(second.output()).toContain('stopped.');
  }, 180_000);

  it("mails the operator and signs the event of a handoff with the service's variables", async () => {
    expect((await admin('PATCH', '/api/agents/demo', { handoffEnabled: true })).status).toBe(200);
    const answer = await query({ query: 'Can a person help me embed the widget?' });
    const handoff = await fetch(`${stack.url}${WIDGET_CONVERSATION_PATHS.handoff('demo')}`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify({ conversationId: answer.conversationId, visitorId: answer.visitorId }),
    });
    expect(handoff.status, await handoff.clone().text()).toBe(200);

    await expect.poll(() => smtp.mails.length, { timeout: 20_000 }).toBe(1);
    const [mail] = smtp.mails;
    expect(mail?.envelope.to).toEqual(['ops@demo.example']);
    expect(mail?.headers.get('subject')).toMatch(/^A visitor asks for a person/);
    expect(mail?.text).toContain('Question: Can a person help me embed the widget?');
    expect(mail?.text).toContain(`Open the conversation: ${CONSOLE_URL}#conversations/`);
    // Besides the datasources the seeding synched: every event signed as the README says.
    const handoffs = () =>
      receiver.received.filter((hook) => hook.event.type === 'handoff.requested');
    await expect.poll(() => handoffs().length, { timeout: 20_000 }).toBe(1);
    expect(handoffs()[0]?.event.data).toMatchObject({
      consoleUrl: expect.stringMatching(/^https:\/\/chat\.example\.test\/admin\/#conversations\//),
    });
    expect(receiver.received.map((hook) => [hook.verified, hook.status])).toEqual(
      receiver.received.map(() => [true, 200]),
    );
  });

  it('stops cleanly on Ctrl-C and keeps its data across a restart', async () => {
    const first = await query({ query: 'What is agent-chat?' });
    await stack.stop();
    expect(stack.output()).toContain('SIGINT: stopping');
    expect(stack.output()).toContain('stopped.');
    await expect(fetch(`${stack.url}/healthz`)).rejects.toThrow();

    stack = await startDemo(env);
    // The visitor's signed ids stay valid: the demo keeps its VISITOR_SECRET in DATA_DIR.
    const again = await query({
      query: 'And the widget?',
      conversationId: first.conversationId,
      visitorId: first.visitorId,
    });
    expect(again.conversationId).toBe(first.conversationId);
    const agent = await admin('PATCH', '/api/agents/demo', {});
    expect(await agent.json()).toMatchObject({ name: 'Docs assistant' });
    // The restart does not seed again: what the admin deleted stays deleted.
    expect(deletedDatasourceId).toBeDefined();
    const nginx = await query({ query: 'nginx proxy_buffering deployment' });
    expect(nginx.sources.map((source) => source.datasource_id)).not.toContain(deletedDatasourceId);
    expect(nginx.sources.map((source) => source.datasource_name)).not.toContain('04-deployment.md');
  }, 300_000); // a second full `npm start` on a loaded 2-core machine
});
