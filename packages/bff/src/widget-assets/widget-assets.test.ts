import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import http from 'node:http';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import express from 'express';
import { describe, expect, it } from 'vitest';
import { afterAll, beforeAll } from '../../../../testing/set-up-hooks.js';
import { listenOnLoopback } from '../testing/loopback-server.js';
import {
  createWidgetAssets,
  defaultWidgetDir,
  ENTRY_CACHE_CONTROL,
  HASHED_CACHE_CONTROL,
} from './widget-assets.js';

const OPTIONS = { upstreamUrl: 'http://127.0.0.1:1', agentApiToken: 'token-1234' };

async function startApp(widgetDir: string, mount = '/') {
  const app = express();
  app.use(mount, createWidgetAssets({ ...OPTIONS, widgetDir }));
  app.use((_req, res) => {
    res.status(418).json({ error: { code: 'NEXT', message: 'fell through' } });
  });
  return listenOnLoopback(http.createServer(app));
}

/** GET without the URL normalization `fetch` applies, so `..` reaches the server as sent. */
function rawGet(url: string): Promise<{ status: number; json(): Promise<unknown> }> {
  const { host, port } = new URL(url);
  const path = url.slice(`http://${host}`.length);
  return new Promise((resolve, reject) => {
    const request = http.get({ host: '127.0.0.1', port, path }, (response) => {
      const chunks: Buffer[] = [];
      response.on('data', (chunk: Buffer) => chunks.push(chunk));
      response.on('end', () => {
        const text = Buffer.concat(chunks).toString('utf8');
        resolve({ status: response.statusCode ?? 0, json: async () => JSON.parse(text) });
      });
    });
    request.on('error', reject);
  });
}

describe('createWidgetAssets', () => {
  const root = mkdtempSync(join(tmpdir(), 'agent-chat-widget-'));
  const built = join(root, 'dist');
  const empty = join(root, 'empty');
  let app: Awaited<ReturnType<typeof startApp>>;
  let unbuilt: Awaited<ReturnType<typeof startApp>>;

  beforeAll(async () => {
    mkdirSync(join(built, 'assets'), { recursive: true });
    mkdirSync(join(built, 'types'), { recursive: true });
    mkdirSync(empty);
    writeFileSync(join(built, 'widget.js'), '(function(){/* loader */})();');
    writeFileSync(join(built, 'assets', 'panel-CxfjXwG6.js'), 'export function mountPanel(){}');
    writeFileSync(join(built, 'assets', 'panel-CxfjXwG6.css'), '.panel{color:red}');
    writeFileSync(join(built, 'types', 'index.d.ts'), 'export {};');
    writeFileSync(join(built, '.env.js'), 'SECRET');
    writeFileSync(join(root, 'outside.js'), 'outside the widget dir');
    app = await startApp(built, '/chat');
    unbuilt = await startApp(empty);
  });

  afterAll(async () => {
    await app.close();
    await unbuilt.close();
    rmSync(root, { recursive: true, force: true });
  });

  it('serves widget.js revalidated with an ETag, cross-origin readable', async () => {
    const response = await fetch(`${app.url}/chat/widget.js`);
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toMatch(/^(text|application)\/javascript/);
    expect(response.headers.get('cache-control')).toBe(ENTRY_CACHE_CONTROL);
    expect(response.headers.get('access-control-allow-origin')).toBe('*');
    expect(response.headers.get('cross-origin-resource-policy')).toBe('cross-origin');
    expect(await response.text()).toBe('(function(){/* loader */})();');
    const etag = response.headers.get('etag');
    expect(etag).toBeTruthy();
    const revalidated = await fetch(`${app.url}/chat/widget.js`, {
      // fetch adds "cache-control: no-cache" to conditional requests unless one is given.
      headers: { 'if-none-match': etag ?? '', 'cache-control': 'max-age=0' },
    });
    expect(revalidated.status).toBe(304);
  });

  it('serves hashed chunks as immutable with the right content types', async () => {
    const script = await fetch(`${app.url}/chat/assets/panel-CxfjXwG6.js`);
    expect(script.status).toBe(200);
    expect(script.headers.get('cache-control')).toBe(HASHED_CACHE_CONTROL);
    expect(script.headers.get('content-type')).toMatch(/javascript/);
    expect(script.headers.get('access-control-allow-origin')).toBe('*');
    const style = await fetch(`${app.url}/chat/assets/panel-CxfjXwG6.css`);
    expect(style.headers.get('content-type')).toMatch(/^text\/css/);
    expect(style.headers.get('cache-control')).toBe(HASHED_CACHE_CONTROL);
  });

  it('answers 404 JSON for traversal attempts and dotfiles under its own paths', async () => {
    for (const path of [
      '/chat/assets/..%2F..%2Foutside.js',
      '/chat/assets/.env.js',
      '/chat/assets/../../outside.js',
    ]) {
      const response = await rawGet(`${app.url}${path}`);
      expect(response.status, path).toBe(404);
      const body = (await response.json()) as { error: { code: string; message: string } };
      expect(body.error.code).toBe('NOT_FOUND');
      expect(JSON.stringify(body)).not.toContain('outside the widget dir');
      expect(JSON.stringify(body)).not.toContain('SECRET');
    }
  });

  it('never serves a file outside its own paths: those go on, like missing assets', async () => {
    for (const path of [
      '/chat/.env.js',
      '/chat/%2E%2E%2Foutside.js',
      '/chat/../outside.js',
      '/chat/assets/panel-missing1.js',
    ]) {
      const response = await rawGet(`${app.url}${path}`);
      expect(response.status, path).toBe(418);
      expect(JSON.stringify(await response.json())).not.toContain('SECRET');
    }
  });

  it('lists no directories and lets other paths and methods fall through', async () => {
    for (const path of ['/chat/', '/chat/assets/', '/chat/types/index.d.ts', '/chat/healthz']) {
      const response = await fetch(`${app.url}${path}`);
      expect(response.status, path).toBe(418);
    }
    const post = await fetch(`${app.url}/chat/widget.js`, { method: 'POST' });
    expect(post.status).toBe(418);
  });

  it('explains how to build the widget when it has not been built', async () => {
    const response = await fetch(`${unbuilt.url}/widget.js`);
    expect(response.status).toBe(404);
    const body = (await response.json()) as { error: { message: string } };
    expect(body.error.message).toContain('npm run build -w @agent-chat/widget');
  });

  it('defaults to the widget package dist directory', () => {
    expect(defaultWidgetDir().replaceAll('\\', '/')).toMatch(/widget\/dist$/);
  });
});
