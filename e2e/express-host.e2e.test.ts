import { spawn } from 'node:child_process';
import type { Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { type RunningAgentService, startAgentService } from '@agent-chat/agent-service';
import { createTestDatabase } from '@agent-chat/agent-service/testing';
import { readQueryStream } from '@agent-chat/protocol';
import type { Browser } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { createHostApp, type HostApp } from '../examples/express-host/host-app.js';
import { launchChromium } from '../packages/widget/browser/browser-harness.js';
import { afterAll, beforeAll } from '../testing/set-up-hooks.js';

let service: RunningAgentService;
let host: HostApp;
let server: Server;
let origin: string;
let browser: Browser;
let apiKey: string;

beforeAll(async () => {
  service = await startAgentService({ port: 0, database: await createTestDatabase() });
  ({ apiKey } = await service.seedDemo());
  host = createHostApp({
    upstreamUrl: service.url,
    agentApiToken: apiKey,
    allowedAgents: ['demo'],
    logger: false,
  });
  server = host.app.listen(0, '127.0.0.1');
  await new Promise((resolve) => server.once('listening', resolve));
  origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  browser = await launchChromium();
}, 120_000);

afterAll(async () => {
  await browser?.close();
  await host?.bff.shutdown(0);
  server?.closeAllConnections();
  await new Promise((resolve) => server?.close(resolve));
  await service?.close();
});

describe('examples/express-host', () => {
  it('keeps the site routes and serves agent-chat under /chat', async () => {
    expect(await (await fetch(`${origin}/api/status`)).json()).toEqual({ ok: true });
    expect((await fetch(`${origin}/pricing`)).status).toBe(200);
    const widget = await fetch(`${origin}/chat/widget.js`);
    expect(widget.status).toBe(200);
    expect(widget.headers.get('content-type')).toContain('javascript');

    const response = await fetch(`${origin}/chat/api/agents/demo/query`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json', Origin: origin },
      body: JSON.stringify({
        query: 'Which environment variables does the BFF read?',
        streaming: true,
      }),
    });
    expect(response.headers.get('content-type')).toContain('text/event-stream');
    const result = await readQueryStream(response.body!);
    expect(result.answer).toMatch(/UPSTREAM_URL|AGENT_API_TOKEN/);
    expect(result.sources.length).toBeGreaterThan(0);
  });

  it('chats from a page of the host site through the /chat mount', async () => {
    const page = await browser.newPage();
    const queries: string[] = [];
    page.on('request', (request) => {
      if (request.method() === 'POST') queries.push(request.url());
    });
    await page.goto(`${origin}/pricing`);
    await page.getByRole('button', { name: 'Open chat' }).click();
    const input = page.getByRole('textbox', { name: 'Your message' });
    await input.fill('How do I embed the widget?');
    await input.press('Enter');
    await expect
      .poll(() => page.locator('.message.assistant:not(.welcome) .bubble').last().textContent(), {
        timeout: 30_000,
      })
      .toContain('data-agent-id');
    expect(queries).toEqual([`${origin}/chat/api/agents/demo/query`]);
    await page.close();
  });
});

describe('examples/express-host with agent-chat mounted at /', () => {
  let rootHost: HostApp;
  let rootServer: Server;
  let rootOrigin: string;

  beforeAll(async () => {
    rootHost = createHostApp(
      { upstreamUrl: service.url, agentApiToken: 'not-used-here', logger: false },
      { mount: '/' },
    );
    rootServer = rootHost.app.listen(0, '127.0.0.1');
    await new Promise((resolve) => rootServer.once('listening', resolve));
    rootOrigin = `http://127.0.0.1:${(rootServer.address() as AddressInfo).port}`;
  });
  afterAll(async () => {
    await rootHost?.bff.shutdown(0);
    rootServer?.closeAllConnections();
    await new Promise((resolve) => rootServer?.close(resolve));
  });

  it('still serves the site’s own stylesheet, registered after agent-chat', async () => {
    const style = await fetch(`${rootOrigin}/site.css`);
    expect(style.status).toBe(200);
    expect(style.headers.get('content-type')).toContain('text/css');
    expect(await style.text()).toContain('font-family');
    const widget = await fetch(`${rootOrigin}/widget.js`);
    expect(widget.status).toBe(200);
    expect(widget.headers.get('content-type')).toContain('javascript');
    const page = await (await fetch(`${rootOrigin}/pricing`)).text();
    expect(page).toContain('<script src="/widget.js" data-agent-id="demo" defer>');
  });
});

describe('examples/express-host/server.ts', () => {
  it('prints the address it listens on, also with PORT=0', async () => {
    const child = spawn(
      process.execPath,
      ['--conditions=agent-chat-source', '--import', 'tsx', 'examples/express-host/server.ts'],
      {
        cwd: new URL('..', import.meta.url),
        env: { ...process.env, PORT: '0', UPSTREAM_URL: service.url, AGENT_API_TOKEN: apiKey },
        stdio: ['ignore', 'pipe', 'inherit'],
      },
    );
    const exited = new Promise((resolve) => child.once('exit', resolve));
    try {
      const url = await new Promise<string>((resolve, reject) => {
        let output = '';
        child.stdout.on('data', (chunk: Buffer) => {
          output += chunk.toString();
          const match = /Acme site on (http:\/\/\S+)/.exec(output);
          if (match?.[1]) resolve(match[1]);
        });
        child.once('exit', () => reject(new Error(`server.ts exited and printed: ${output}`)));
      });
      expect(url).not.toMatch(/:0\//);
      expect(await (await fetch(new URL('api/status', url))).json()).toEqual({ ok: true });
    } finally {
      child.kill('SIGTERM');
      await exited;
    }
  });
});
