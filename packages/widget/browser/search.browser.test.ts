import { mkdirSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { type BffRouter, createBff } from '@agent-chat/bff';
import express, { type Request, type Response } from 'express';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { beforeEach, describe, expect, it } from 'vitest';
import { afterAll, beforeAll } from '../../../testing/set-up-hooks.js';
import {
  ADMIN_TOKEN,
  axeViolations,
  launchChromium,
  pageHtml,
  type Stack,
  startStack,
  WIDGET_DIST,
} from './browser-harness.js';

declare global {
  interface Window {
    /** Texts of the answers the widget finished (its `agent-chat:answer` events). */
    __chatAnswers: { text: string; sources: unknown[] }[];
    /** Content-Security-Policy violations the page reported. */
    __violations: string[];
    /** Set by the page's own search button handler (which the take-over must preempt). */
    __siteSearch?: boolean;
  }
}

const STRICT_CSP = "default-src 'self'";

/** A docs page with sections, served by the stack and ingested as the search's results. */
const TENTS_PATH = '/docs/tents';
const TENT_GUIDE = `# Acme tents

## Tent sizes

The Acme tents sleep two to six people: the Trail 2 for two, the Ridge 4 for four and the
Basecamp 6 for six people.

## Tent weight

The lightest Acme tent, the Trail 2, weighs 1.2 kg with its poles and pegs.

## Shipping abroad

We ship to 30 countries in Europe and North America; Acme tents arrive within a week.

## Returns

Return any Acme tent within 60 days of delivery, used or not, for a full refund.
`;

/** With WIDGET_SCREENSHOTS=1, saves the modal's look for the widget README (packages/widget/docs). */
async function screenshot(
  page: Page,
  name: string,
  clip: { x: number; y: number; width: number; height: number },
): Promise<void> {
  if (!process.env.WIDGET_SCREENSHOTS) return;
  const dir = fileURLToPath(new URL('../docs/', import.meta.url));
  mkdirSync(dir, { recursive: true });
  await page.screenshot({ path: `${dir}${name}.png`, clip });
}

let stack: Stack;
let browser: Browser;
let context: BrowserContext;
let page: Page;
/** A BFF allowing two searches a minute, at `/limited` (for the 429 message). */
let limited: BffRouter | undefined;

/** Search queries to hold back before relaying them (ms), and what the proxy saw. */
const proxy = {
  delays: new Map<string, number>(),
  received: [] as string[],
  /** Queries whose browser request went away before the answer (aborted). */
  aborted: [] as string[],
};

/**
 * Between the page and the real BFF: while `proxy.delays` is set, every search goes through
 * a real proxy that holds the delayed queries back and then relays them to the BFF.
 */
async function delayedSearch(req: Request, res: Response): Promise<void> {
  const chunks: Buffer[] = [];
  for await (const chunk of req) chunks.push(chunk as Buffer);
  const body = Buffer.concat(chunks).toString('utf8');
  const { query } = JSON.parse(body) as { query: string };
  proxy.received.push(query);
  let gone = false;
  res.on('close', () => {
    if (!res.writableEnded) {
      gone = true;
      proxy.aborted.push(query);
    }
  });
  await new Promise((resolve) => setTimeout(resolve, proxy.delays.get(query) ?? 0));
  const relayed = await fetch(`${stack.origin}${req.originalUrl}`, {
    method: 'POST',
    headers: {
      'content-type': req.headers['content-type'] ?? 'text/plain',
      origin: req.headers.origin ?? stack.origin,
      'x-search-proxied': '1',
    },
    body,
  });
  const text = await relayed.text();
  if (gone) return;
  res.status(relayed.status).type('application/json').send(text);
}

const before = express.Router();
before.use('/limited', (req, res, next) => (limited ? limited(req, res, next) : next()));
before.get('/site.js', (req, res, next) => {
  if (req.baseUrl !== '') return next();
  // The page's own search button (a stand-in for DocSearch's), under the strict CSP too.
  res
    .type('text/javascript')
    .send(
      "document.getElementById('site-search').addEventListener('click', () => { window.__siteSearch = true; });",
    );
});
before.post('/api/agents/demo/search', (req, res, next) => {
  if (req.baseUrl !== '' || req.headers['x-search-proxied'] || proxy.delays.size === 0) {
    return next();
  }
  delayedSearch(req, res).catch(next);
});

/** The host page: a field, the site's own search button, another button, the widget. */
const searchPage = (data: Record<string, string> = {}): string =>
  pageHtml({
    scriptSrc: '/widget.js',
    data: { 'agent-id': 'demo', 'search-button': '#site-search', ...data },
    body: `<label>Newsletter <input id="site-field" type="text"></label>
<button id="site-search" type="button">Search the site</button>
<button id="other" type="button">Other</button>
<script src="/site.js" defer></script>`,
  });

beforeAll(async () => {
  browser = await launchChromium();
  stack = await startStack([], {
    before,
    // Type-ahead from one IP all through the file: the search limits out of the way here.
    rateLimit: { perIp: 10_000, perVisitor: 10_000, searchPerIp: 10_000, searchPerVisitor: 10_000 },
  });
  limited = createBff({
    agentApiToken: stack.service.apiKey,
    upstreamUrl: stack.service.url,
    allowedAgents: ['demo'],
    allowedOrigins: [stack.origin],
    widgetDir: WIDGET_DIST,
    logger: false,
    rateLimit: { searchPerIp: 2 },
  });
  const created = await fetch(`${stack.origin}/api/datasources`, {
    method: 'POST',
    headers: { authorization: `Bearer ${ADMIN_TOKEN}`, 'content-type': 'application/json' },
    body: JSON.stringify({
      datastoreId: 'demo-docs',
      type: 'text',
      name: 'Acme tents',
      config: { text: TENT_GUIDE, source_url: `${stack.origin}${TENTS_PATH}` },
    }),
  });
  expect(created.status).toBe(201);
  const { id } = (await created.json()) as { id: string };
  // Ingestion is a job: wait until the page's sections are searchable.
  for (let waited = 0; ; waited += 200) {
    const found = await fetch(`${stack.origin}/api/datasources/${id}`, {
      headers: { authorization: `Bearer ${ADMIN_TOKEN}` },
    });
    if (((await found.json()) as { status: string }).status === 'synched') break;
    if (waited > 30_000) throw new Error('The tents guide was not ingested in 30 s.');
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
  stack.page(
    TENTS_PATH,
    pageHtml({
      scriptSrc: '/widget.js',
      data: { 'agent-id': 'demo' },
      body: '<h2 id="tent-sizes">Tent sizes</h2><h2 id="tent-weight">Tent weight</h2>',
    }),
  );
  stack.page('/search', searchPage());
  stack.page('/search-csp', searchPage(), { csp: STRICT_CSP });
});

beforeEach(async () => {
  proxy.delays.clear();
  proxy.received.length = 0;
  proxy.aborted.length = 0;
  await context?.close();
  context = await browser.newContext({ viewport: { width: 1100, height: 800 } });
  await context.addInitScript(() => {
    window.__chatAnswers = [];
    window.__violations = [];
    document.addEventListener('agent-chat:answer', (event) => {
      window.__chatAnswers.push((event as CustomEvent).detail);
    });
    document.addEventListener('securitypolicyviolation', (event) => {
      window.__violations.push(`${event.violatedDirective} ${event.blockedURI}`);
    });
  });
  page = await context.newPage();
});

afterAll(async () => {
  await context?.close();
  await browser?.close();
  await limited?.shutdown(0);
  await stack?.close();
});

const searchBox = () => page.getByRole('combobox', { name: 'Search or ask a question' });
const dialog = () => page.getByRole('dialog', { name: 'Search the documentation' });

/** The focused element of the page, as `#id` or a tag (inside the widget: `agent-chat>tag`). */
const focused = (): Promise<string> =>
  page.evaluate(() => {
    const active = document.activeElement;
    if (active?.localName === 'agent-chat') {
      return `agent-chat>${active.shadowRoot?.activeElement?.localName ?? ''}`;
    }
    return active?.id ? `#${active.id}` : (active?.localName ?? '');
  });

/** The options of the open listbox: their text, and which one is active. */
const options = (): Promise<{ text: string; selected: boolean }[]> =>
  page.evaluate(() =>
    [
      ...(document.querySelector('agent-chat')?.shadowRoot?.querySelectorAll('[role=option]') ??
        []),
    ].map((option) => ({
      text: option.textContent ?? '',
      selected: option.getAttribute('aria-selected') === 'true',
    })),
  );

/** The modal's message (offline, 429, no results), or ''. */
const message = (): Promise<string> =>
  page.evaluate(
    () =>
      document.querySelector('agent-chat')?.shadowRoot?.querySelector('.search-message')
        ?.textContent ?? '',
  );

/** Waits until the widget's loader has asked the BFF whether the agent can be searched. */
async function gotoSearchPage(path: string): Promise<void> {
  const features = page.waitForResponse((response) => response.url().endsWith('/features'));
  await page.goto(`${stack.origin}${path}`);
  await features;
}

/** Presses ↓ until the active option's text starts with `text`. */
async function arrowTo(text: string): Promise<void> {
  for (let step = 0; step < 12; step++) {
    const active = (await options()).find((option) => option.selected);
    if (active?.text.startsWith(text)) return;
    await page.keyboard.press('ArrowDown');
  }
  throw new Error(`No option starts with ${text}: ${JSON.stringify(await options())}`);
}

for (const variant of [
  { name: 'the demo page', path: '/search' },
  { name: 'a strict-CSP page', path: '/search-csp' },
]) {
  describe(`the search modal on ${variant.name}, in Chromium`, () => {
    it('opens with Ctrl+K, ⌘K and "/" (not while typing in a page field), Esc gives focus back', async () => {
      await gotoSearchPage(variant.path);
      // "/" typed in the page's own field is text, not a shortcut.
      await page.locator('#site-field').focus();
      await page.keyboard.type('a/b');
      expect(await page.locator('#site-field').inputValue()).toBe('a/b');
      expect(await dialog().count()).toBe(0);
      // Ctrl+K works from the field (a chord is never typed text).
      await page.keyboard.press('Control+k');
      await expect.poll(() => searchBox().isVisible()).toBe(true);
      expect(await focused()).toBe('agent-chat>input');
      expect(await page.locator('#site-field').inputValue()).toBe('a/b');
      await page.keyboard.press('Escape');
      await expect.poll(() => dialog().count()).toBe(0);
      expect(await focused()).toBe('#site-field');

      await page.locator('#other').focus();
      await page.keyboard.press('Meta+k');
      await expect.poll(() => searchBox().isVisible()).toBe(true);
      expect(await focused()).toBe('agent-chat>input');
      await page.keyboard.press('Escape');
      await expect.poll(() => dialog().count()).toBe(0);
      expect(await focused()).toBe('#other');

      await page.keyboard.press('/');
      await expect.poll(() => searchBox().isVisible()).toBe(true);
      // The "/" opened the modal; it was not typed into it.
      expect(await searchBox().inputValue()).toBe('');
      await page.getByRole('button', { name: 'Close search' }).click();
      await expect.poll(() => dialog().count()).toBe(0);
      expect(await page.evaluate(() => window.__violations)).toEqual([]);
    });

    it("takes over the site's search button: the modal opens, the site's handler never runs", async () => {
      await gotoSearchPage(variant.path);
      await page.locator('#site-search').click();
      await expect.poll(() => searchBox().isVisible()).toBe(true);
      expect(await page.evaluate(() => window.__siteSearch)).toBeUndefined();
      expect(await focused()).toBe('agent-chat>input');
      await page.keyboard.press('Escape');
      await expect.poll(() => dialog().count()).toBe(0);
      expect(await focused()).toBe('#site-search');
      // With the keyboard too (Enter on the focused button is a click).
      await page.keyboard.press('Enter');
      await expect.poll(() => searchBox().isVisible()).toBe(true);
      expect(await page.evaluate(() => window.__siteSearch)).toBeUndefined();
      expect(await page.evaluate(() => window.__violations)).toEqual([]);
    });

    it('shows results as the visitor types, and the keyboard alone reaches page#heading', async () => {
      await gotoSearchPage(variant.path);
      // The last answer slow, as under load: earlier prefixes' results are on show meanwhile.
      proxy.delays.set('tent wei', 600);
      const queries: string[] = [];
      page.on('request', (request) => {
        if (request.url().endsWith('/search')) queries.push(JSON.parse(request.postData()!).query);
      });
      await page.keyboard.press('/');
      await expect.poll(() => searchBox().isVisible()).toBe(true);
      // Typed at a person's pace: the results follow the keystrokes.
      await page.keyboard.type('tent wei', { delay: 180 });
      // Until the answer for "tent wei" is on show: its count announced under its "Ask AI"
      // (the model calls no earlier text's results ready). "Tent weight" alone is no sign:
      // "tent w" finds it too, without "weighs", and under load that answer can still be
      // the latest when typing ends.
      await expect
        .poll(() =>
          page.evaluate(() => {
            const root = document.querySelector('agent-chat')!.shadowRoot!;
            return `${root.querySelector('[role=option]')?.textContent} | ${root.querySelector('output')?.textContent}`;
          }),
        )
        .toMatch(/^Ask AI: tent wei \| \d+ results$/);
      expect((await options()).map((option) => option.text)).toContainEqual(
        expect.stringMatching(/^Tent weight/),
      );
      // Searches went out while typing (from two characters), the last for the whole query.
      expect(queries.length).toBeGreaterThan(2);
      expect(queries.every((query) => query.length >= 2)).toBe(true);
      expect(queries.at(-1)).toBe('tent wei');
      const first = (await options())[0];
      expect(first).toEqual({ text: 'Ask AI: tent wei', selected: true });
      // Grouped by page, matched words marked as <mark> text.
      const view = await page.evaluate(() => {
        const root = document.querySelector('agent-chat')!.shadowRoot!;
        return {
          groups: [...root.querySelectorAll('[role=group] .search-group-title')].map(
            (title) => title.textContent,
          ),
          marks: [...root.querySelectorAll('[role=option] mark')].map((mark) => mark.textContent),
          announced: root.querySelector('output')?.textContent,
          expanded: root.querySelector('[role=combobox]')?.getAttribute('aria-expanded'),
        };
      });
      expect(view.groups).toContain('Acme tents');
      // The last word as a prefix: "wei" found the section's "weighs".
      expect(view.marks.map((mark) => mark?.toLowerCase())).toContain('weighs');
      expect(view.announced).toMatch(/^\d+ results$/);
      expect(view.expanded).toBe('true');
      await arrowTo('Tent weight');
      // Ctrl+Enter: in a new tab, the modal stays.
      const tab = context.waitForEvent('page');
      await page.keyboard.press('Control+Enter');
      const opened = await tab;
      await opened.waitForURL(`${stack.origin}${TENTS_PATH}#tent-weight`);
      await opened.close();
      expect(await searchBox().isVisible()).toBe(true);
      const navigated = page.waitForURL(`${stack.origin}${TENTS_PATH}#tent-weight`);
      await page.keyboard.press('Enter');
      await navigated;
      expect(page.url()).toBe(`${stack.origin}${TENTS_PATH}#tent-weight`);
    });

    it('"Ask AI: ‹query›" hands the query to the chat panel, which streams a cited answer', async () => {
      await gotoSearchPage(variant.path);
      await page.keyboard.press('Control+k');
      await searchBox().fill('how much does the lightest tent weigh');
      await expect
        .poll(() => options())
        .toContainEqual({
          text: 'Ask AI: how much does the lightest tent weigh',
          selected: true,
        });
      await page.keyboard.press('Enter');
      await expect.poll(() => dialog().count()).toBe(0);
      await page.waitForFunction(() => window.__chatAnswers.length === 1);
      const asked = await page.evaluate(() =>
        [
          ...document.querySelector('agent-chat')!.shadowRoot!.querySelectorAll('.user .bubble'),
        ].map((bubble) => bubble.textContent),
      );
      expect(asked).toEqual(['how much does the lightest tent weigh']);
      const [answer] = await page.evaluate(() => window.__chatAnswers);
      expect(answer?.text).toContain('1.2 kg');
      expect(answer?.sources.length).toBeGreaterThan(0);
      expect(await focused()).toBe('agent-chat>textarea');
      expect(await page.evaluate(() => window.__violations)).toEqual([]);
    });

    it('Shift+Enter asks AI from any option', async () => {
      await gotoSearchPage(variant.path);
      await page.keyboard.press('/');
      await searchBox().fill('returns');
      await expect.poll(async () => (await options()).length).toBeGreaterThan(1);
      await page.keyboard.press('ArrowDown');
      expect((await options())[0]?.selected).toBe(false);
      await page.keyboard.press('Shift+Enter');
      await page.waitForFunction(() => window.__chatAnswers.length === 1);
      const asked = await page.evaluate(
        () =>
          document.querySelector('agent-chat')!.shadowRoot!.querySelector('.user .bubble')
            ?.textContent,
      );
      expect(asked).toBe('returns');
      expect(page.url()).toBe(`${stack.origin}${variant.path}`);
    });
  });
}

describe('the search modal, in Chromium', () => {
  it('keeps an arrow key pressed the moment results show: they reset the choice as they render, not after', async () => {
    await gotoSearchPage('/search');
    await page.keyboard.press('/');
    await expect.poll(() => searchBox().isVisible()).toBe(true);
    // ↓ is pressed from inside the page as soon as the results are in the DOM, before the
    // next frame: a reset deferred to after the paint would take the choice back to the first.
    const watched = page.evaluate(
      () =>
        new Promise<void>((resolve) => {
          const root = document.querySelector('agent-chat')!.shadowRoot!;
          const observer = new MutationObserver(() => {
            if (root.querySelectorAll('[role=option]').length < 2) return;
            observer.disconnect();
            root
              .querySelector('[role=combobox]')!
              .dispatchEvent(new KeyboardEvent('keydown', { key: 'ArrowDown', bubbles: true }));
            resolve();
          });
          observer.observe(root, { childList: true, subtree: true });
        }),
    );
    await searchBox().fill('returns');
    await watched;
    // Two frames and a task later, every deferred effect has run.
    await page.evaluate(
      () =>
        new Promise((resolve) =>
          requestAnimationFrame(() => requestAnimationFrame(() => setTimeout(resolve, 50))),
        ),
    );
    expect((await options()).map((option) => option.selected).indexOf(true)).toBe(1);
  });

  it('aborts a stale request: a slow answer for "con" never replaces the results for "conf"', async () => {
    await gotoSearchPage('/search');
    const expected = (await (
      await fetch(`${stack.origin}/api/agents/demo/search`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', origin: stack.origin },
        body: JSON.stringify({ query: 'conf' }),
      })
    ).json()) as { results: { heading: string; title: string }[] };
    expect(expected.results.length).toBeGreaterThan(0);
    // "con" is held back 1.5 s by a real proxy; "conf" goes through at once.
    proxy.delays.set('con', 1_500);
    proxy.delays.set('conf', 0);
    const failed: string[] = [];
    page.on('requestfailed', (request) => {
      if (request.url().endsWith('/search')) {
        failed.push(`${JSON.parse(request.postData()!).query} ${request.failure()?.errorText}`);
      }
    });
    await page.keyboard.press('/');
    await expect.poll(() => searchBox().isVisible()).toBe(true);
    // Filled whole, not typed key by key: on a loaded machine the debounce could fire between
    // two keys and send "co" too, which is not what this test is about.
    const sent = page.waitForRequest(
      (request) =>
        request.url().endsWith('/search') && JSON.parse(request.postData()!).query === 'con',
    );
    await searchBox().fill('con');
    await sent;
    await searchBox().fill('conf');
    const headings = () =>
      page.evaluate(() =>
        [
          ...document.querySelector('agent-chat')!.shadowRoot!.querySelectorAll('.search-heading'),
        ].map((heading) => heading.textContent),
      );
    const want = expected.results.map((result) => result.heading || result.title);
    await expect.poll(headings).toEqual(want);
    // The page gave up on "con" (its request failed as aborted, and the proxy saw it go away
    // while still holding it back): no answer for it can reach the page any more. No need to
    // wait out the 1.5 s it is held.
    await expect.poll(() => failed).toEqual(['con net::ERR_ABORTED']);
    await expect.poll(() => proxy.aborted).toEqual(['con']);
    expect(await headings()).toEqual(want);
    expect((await options())[0]?.text).toBe('Ask AI: conf');
    expect(proxy.received).toEqual(['con', 'conf']);
  });

  it('says so when offline, and searches again when back online', async () => {
    await gotoSearchPage('/search');
    await page.keyboard.press('/');
    // The modal's chunk loads on the first "/": offline before it arrives, there is no modal.
    await searchBox().waitFor();
    await context.setOffline(true);
    await searchBox().fill('tent');
    await expect.poll(message).toBe('You are offline. Check your connection and type again.');
    // Asking is still offered.
    expect((await options())[0]?.text).toBe('Ask AI: tent');
    await context.setOffline(false);
    await searchBox().fill('tent s');
    await expect.poll(message).toBe('');
    await expect.poll(async () => (await options()).length).toBeGreaterThan(1);
  });

  it('says when the BFF refuses more searches (429), with the wait it asked for', async () => {
    stack.page('/search-limited', searchPage({ endpoint: '/limited' }), { csp: STRICT_CSP });
    await gotoSearchPage('/search-limited');
    await page.keyboard.press('/');
    for (const query of ['te', 'ten']) {
      const answered = page.waitForResponse((response) => response.url().endsWith('/search'));
      await searchBox().fill(query);
      expect((await answered).status()).toBe(200);
    }
    const refused = page.waitForResponse((response) => response.url().endsWith('/search'));
    await searchBox().fill('tent');
    const response = await refused;
    expect(response.status()).toBe(429);
    const wait = Number(response.headers()['retry-after']);
    expect(wait).toBeGreaterThan(0);
    await expect.poll(message).toBe(`Too many searches. Wait ${wait} s and type again.`);
    expect(await axeViolations(page)).toEqual([]);
    expect(await page.evaluate(() => window.__violations)).toEqual([]);
  });

  it('keeps the last searches once a visitor commits to one, and clears them', async () => {
    await gotoSearchPage('/search');
    await page.keyboard.press('/');
    expect(await page.evaluate(() => localStorage.length)).toBe(0);
    await searchBox().fill('tent weight');
    await expect.poll(async () => (await options()).length).toBeGreaterThan(1);
    expect(await page.evaluate(() => localStorage.length)).toBe(0);
    await arrowTo('Tent weight');
    await page.keyboard.press('Enter');
    await page.waitForURL(`${stack.origin}${TENTS_PATH}#tent-weight`);
    await page.goto(`${stack.origin}/search`);
    await page.keyboard.press('Control+k');
    await expect.poll(options).toEqual([{ text: 'tent weight', selected: true }]);
    await page.getByRole('button', { name: 'Clear' }).click();
    await expect.poll(options).toEqual([]);
    expect(await page.evaluate(() => localStorage.getItem('agent-chat:demo:recent-searches'))).toBe(
      null,
    );
  });

  it('is off with data-search="false": the shortcut and the button are the page\'s again', async () => {
    stack.page('/search-off', searchPage({ search: 'false' }));
    await page.goto(`${stack.origin}/search-off`);
    await page.locator('#site-search').click();
    expect(await page.evaluate(() => window.__siteSearch)).toBe(true);
    await page.keyboard.press('Control+k');
    await page.keyboard.press('/');
    await page.waitForTimeout(300);
    expect(await dialog().count()).toBe(0);
  });

  it('is full screen under 600 px', async () => {
    await page.setViewportSize({ width: 375, height: 667 });
    await gotoSearchPage('/search-csp');
    await page.locator('#site-search').click();
    await searchBox().fill('tent');
    await expect.poll(async () => (await options()).length).toBeGreaterThan(1);
    const box = await dialog().boundingBox();
    expect(box).toEqual({ x: 0, y: 0, width: 375, height: 667 });
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBe(375);
    expect(await axeViolations(page)).toEqual([]);
  });

  for (const variant of [
    { name: 'light', data: { theme: 'light' }, dir: 'ltr' },
    { name: 'dark', data: { theme: 'dark' }, dir: 'ltr' },
    { name: 'rtl', data: { lang: 'ar' }, dir: 'rtl' },
  ]) {
    it(`is axe-clean with results in ${variant.name}`, async () => {
      stack.page(`/search-${variant.name}`, searchPage(variant.data), { csp: STRICT_CSP });
      await gotoSearchPage(`/search-${variant.name}`);
      await page.keyboard.press('/');
      const box = page.getByRole('combobox');
      await box.fill('tent weight');
      await expect.poll(async () => (await options()).length).toBeGreaterThan(2);
      await page.keyboard.press('ArrowDown');
      const direction = await page.evaluate(
        () =>
          getComputedStyle(
            document.querySelector('agent-chat')!.shadowRoot!.querySelector('.search')!,
          ).direction,
      );
      expect(direction).toBe(variant.dir);
      expect(await axeViolations(page)).toEqual([]);
      expect(await page.evaluate(() => window.__violations)).toEqual([]);
      if (variant.name === 'light') {
        await screenshot(page, 'search', { x: 210, y: 60, width: 680, height: 460 });
      }
    });
  }
});
