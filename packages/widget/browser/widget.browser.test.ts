import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { afterAll, beforeAll } from '../../../testing/set-up-hooks.js';
import {
  INSECURE_HOST,
  launchChromium,
  pageHtml,
  type Stack,
  startStack,
} from './browser-harness.js';

/** Text a compromised model might answer with; none of it may run. */
const hostileAnswer = [
  'Here you go: <img src=x onerror="window.pwned = \'img\'">',
  ' and <script>window.pwned = "script"</script> then',
  " [click me](javascript:window.pwned='link') or",
  ' <a href="javascript:window.pwned=\'anchor\'">this</a>',
  " ![pixel](javascript:window.pwned='image') <svg onload=\"window.pwned='svg'\"></svg>",
  ' <iframe src="javascript:window.pwned=\'iframe\'"></iframe> done.',
  // Markdown an LLM uses, streamed in awkward pieces; the image must never be fetched.
  '\n\n| a | b |\n|:-',
  '-|--:|\n| 1 | 2 |\n\n- top\n  - nested\n    - [x] deep ',
  'task\n\n![tracker](http://127.0.0.1:9/pixel.png?c=secret)',
];

const hostileCss = `
html { font-size: 40px !important; }
* { font-family: "Comic Sans MS", cursive !important; font-size: 31px !important; color: #ff00ff !important;
    line-height: 4 !important; letter-spacing: 9px !important; direction: rtl !important;
    text-transform: uppercase !important; word-spacing: 20px !important; font-style: italic !important;
    box-sizing: content-box !important; text-align: right !important; }
button, textarea, div, p, section, h2 { all: unset !important; padding: 40px !important; margin: 40px !important;
    border: 9px solid lime !important; background: yellow !important; }
agent-chat { display: none !important; position: static !important; zoom: 3 !important; }
`;

interface Recorder {
  answers: { text: string; sources: unknown[]; conversationId?: string }[];
  violations: string[];
  lengths: number[];
}

declare global {
  interface Window {
    __recorder: Recorder;
    pwned?: string;
  }
}

let stack: Stack;
let browser: Browser;
let context: BrowserContext;
let page: Page;

beforeAll(async () => {
  browser = await launchChromium();
  stack = await startStack([
    ...hostileAnswer.map((text) => ({ type: 'answer' as const, text })),
    {
      type: 'endpoint_response',
      json: JSON.stringify({
        conversationId: 'hostile-conversation',
        visitorId: 'hostile-visitor',
        sources: [
          {
            chunk_id: 'x',
            datasource_id: 'x',
            datasource_name: '<img src=x onerror="window.pwned=\'source\'">',
            datasource_type: 'web_page',
            source_url: "javascript:window.pwned='source-link'",
            mime_type: 'text/html',
            score: 1,
          },
        ],
      }),
    },
    { type: 'done' },
  ]);
});

afterAll(async () => {
  await browser?.close();
  await stack?.close();
});

beforeEach(async () => {
  context = await browser.newContext({ viewport: { width: 1100, height: 800 } });
  await context.addInitScript(() => {
    const recorder: Recorder = { answers: [], violations: [], lengths: [] };
    window.__recorder = recorder;
    document.addEventListener('securitypolicyviolation', (event) => {
      recorder.violations.push(`${event.violatedDirective} ${event.blockedURI}`);
    });
    document.addEventListener('agent-chat:answer', (event) => {
      recorder.answers.push((event as CustomEvent).detail);
    });
    // Samples the growing answer once per frame while a message is in flight.
    document.addEventListener('agent-chat:message', () => {
      const sample = (): void => {
        const host = document.querySelector('agent-chat');
        const bubbles = host?.shadowRoot?.querySelectorAll('.message.assistant:not(.welcome)');
        const last = bubbles?.[bubbles.length - 1];
        recorder.lengths.push(last?.textContent?.length ?? 0);
        if (recorder.answers.length === 0) requestAnimationFrame(sample);
      };
      requestAnimationFrame(sample);
    });
  });
  page = await context.newPage();
  page.on('dialog', (dialog) => {
    throw new Error(`Unexpected dialog: ${dialog.message()}`);
  });
});

afterEach(async () => {
  await context?.close();
});

async function ask(question: string, answers = 1): Promise<void> {
  const input = page.getByRole('textbox', { name: 'Your message' });
  await input.fill(question);
  await input.press('Enter');
  await page.waitForFunction((count) => window.__recorder.answers.length >= count, answers);
}

/** How the widget's styles reached its shadow root, and a few computed results of them. */
function readWidgetStyles() {
  return page.evaluate(() => {
    const root = document.querySelector('agent-chat')!.shadowRoot!;
    return {
      styleElements: root.querySelectorAll('style').length,
      sheets: root.adoptedStyleSheets.length,
      launcherPosition: getComputedStyle(root.querySelector('.launcher')!).position,
      launcherText: getComputedStyle(root.querySelector('.launcher')!).color,
      panelWidth: getComputedStyle(root.querySelector('.panel')!).width,
    };
  });
}

const widgetPage = (data: Record<string, string> = {}, head = ''): string =>
  pageHtml({ scriptSrc: '/widget.js', data: { 'agent-id': 'demo', ...data }, head });

describe('the widget in Chromium', () => {
  it('opens the bubble and streams an answer with sources', async () => {
    stack.page('/basic', widgetPage({ title: 'Acme assistant', 'primary-color': '#0f766e' }));
    const queries: string[] = [];
    const contentTypes: string[] = [];
    const requested: string[] = [];
    page.on('request', (request) => {
      requested.push(request.url());
      if (request.url().endsWith('/api/agents/demo/query')) queries.push(request.postData() ?? '');
    });
    page.on('response', (response) => {
      if (response.url().endsWith('/api/agents/demo/query')) {
        contentTypes.push(response.headers()['content-type'] ?? '');
      }
    });
    await page.goto(`${stack.origin}/basic`);
    const launcher = page.getByRole('button', { name: 'Open chat' });
    await launcher.click();
    const dialog = page.getByRole('dialog', { name: 'Acme assistant' });
    await expect.poll(() => dialog.isVisible()).toBe(true);
    await expect
      .poll(() =>
        page.evaluate(
          () => document.querySelector('agent-chat')?.shadowRoot?.activeElement?.localName,
        ),
      )
      .toBe('textarea');
    expect(await page.getByRole('button', { name: 'Close chat' }).count()).toBe(2);

    await ask('How do I embed the widget on my page?');
    const recorder = await page.evaluate(() => window.__recorder);
    const [answer] = recorder.answers;
    expect(answer?.text.length).toBeGreaterThan(20);
    expect(answer?.sources.length).toBeGreaterThan(0);
    expect(contentTypes[0]).toContain('text/event-stream');
    expect(JSON.parse(queries[0]!)).toEqual({
      query: 'How do I embed the widget on my page?',
      streaming: true,
    });
    // Rendered progressively: several distinct partial lengths before the end.
    const partial = new Set(recorder.lengths.filter((length) => length > 0));
    expect(partial.size).toBeGreaterThan(2);

    const rendered = await page.locator('.message.assistant:not(.welcome) .bubble').textContent();
    expect(rendered?.length).toBeGreaterThan(20);
    expect(answer?.text).toContain(rendered?.split(/\s+/)[0] ?? '');
    const sources = page.locator('.sources li');
    expect(await sources.count()).toBeGreaterThan(0);
    expect(await sources.first().textContent()).toMatch(/\.md|\w/);
    expect(await page.locator('[role=log]').getAttribute('aria-busy')).toBe('false');
    // No fonts, CDNs or other third parties: everything comes from the widget's origin.
    expect(requested.filter((url) => !url.startsWith(`${stack.origin}/`))).toEqual([]);
    // English is in the panel chunk: no locale chunk is loaded.
    expect(requested.filter((url) => url.includes('/assets/locale-'))).toEqual([]);

    await page.keyboard.press('Escape');
    await expect.poll(() => dialog.isVisible()).toBe(false);
    expect(
      await page.evaluate(
        () => document.querySelector('agent-chat')?.shadowRoot?.activeElement?.className,
      ),
    ).toBe('launcher');
  });

  it('works from the keyboard alone, with a visible focus everywhere', async () => {
    stack.page('/keyboard', widgetPage({ starters: 'Pricing?' }));
    await page.goto(`${stack.origin}/keyboard`);
    const focused = () =>
      page.evaluate(() => {
        const active = document.querySelector('agent-chat')?.shadowRoot?.activeElement;
        if (!active) return null;
        const style = getComputedStyle(active);
        const label = (active as HTMLTextAreaElement).labels?.[0]?.textContent;
        return {
          name: active.getAttribute('aria-label') ?? label ?? active.textContent,
          outline: `${style.outlineStyle} ${style.outlineWidth}`,
        };
      });
    await page.keyboard.press('Tab');
    expect(await focused()).toEqual({ name: 'Open chat', outline: 'solid 3px' });
    await page.keyboard.press('Enter');
    await expect.poll(() => page.getByRole('dialog').isVisible()).toBe(true);
    await expect.poll(focused).toEqual({ name: 'Your message', outline: 'solid 2px' });
    // Backwards through every control of the panel: each one shows a focus ring.
    const seen: ({ name: string | null; outline: string } | null)[] = [];
    for (let index = 0; index < 7; index++) {
      await page.keyboard.press('Shift+Tab');
      seen.push(await focused());
    }
    expect(seen).toEqual([
      { name: 'Pricing?', outline: 'solid 2px' },
      { name: 'Chat', outline: 'solid 2px' }, // the transcript, scrollable
      { name: 'Close chat', outline: 'solid 2px' },
      { name: 'Wider view', outline: 'solid 2px' },
      { name: 'New conversation', outline: 'solid 2px' },
      { name: 'Conversations', outline: 'solid 2px' },
      { name: 'Close chat', outline: 'solid 3px' }, // the launcher
    ]);
    await page.keyboard.press('Escape');
    await expect.poll(() => page.getByRole('dialog').isVisible()).toBe(false);
    expect(await focused()).toEqual({ name: 'Open chat', outline: 'solid 3px' });
  });

  it('restores the conversation after a reload and continues it', async () => {
    stack.page('/reload', widgetPage());
    await page.goto(`${stack.origin}/reload`);
    expect(await page.evaluate(() => localStorage.length)).toBe(0);
    await page.getByRole('button', { name: 'Open chat' }).click();
    await ask('What is agent-chat?');
    const first = (await page.evaluate(() => window.__recorder.answers[0]))!;
    const saved = await page.evaluate(() =>
      JSON.parse(localStorage.getItem('agent-chat:demo') ?? '{}'),
    );
    expect(saved.conversationId).toBe(first.conversationId);
    expect(saved.messages).toHaveLength(2);

    await page.reload();
    await page.getByRole('button', { name: 'Open chat' }).click();
    await expect
      .poll(() => page.locator('.message.user .bubble').textContent())
      .toBe('What is agent-chat?');
    expect(await page.locator('.message.assistant:not(.welcome)').count()).toBe(1);

    const bodies: string[] = [];
    page.on('request', (request) => {
      if (request.url().endsWith('/query')) bodies.push(request.postData() ?? '');
    });
    await ask('How do I deploy it?');
    expect(JSON.parse(bodies[0]!)).toMatchObject({ conversationId: first.conversationId });
    expect(await page.locator('.message.user').count()).toBe(2);
  });

  it('is not changed by a hostile host stylesheet', async () => {
    stack.stylesheet('/hostile.css', hostileCss);
    const data = { storage: 'none', starters: 'Pricing?|Opening hours?', open: 'true' };
    stack.page('/plain', widgetPage(data));
    stack.page('/hostile', widgetPage(data, '<link rel="stylesheet" href="/hostile.css">'));

    const measure = async (path: string) => {
      await page.goto(`${stack.origin}${path}`);
      await expect.poll(() => page.getByRole('dialog').isVisible()).toBe(true);
      await page.evaluate(() => {
        const active = document.querySelector('agent-chat')?.shadowRoot?.activeElement;
        (active as HTMLElement | null)?.blur();
      });
      const styles = await page.evaluate(() => {
        const root = document.querySelector('agent-chat')!.shadowRoot!;
        const properties = [
          'font-family',
          'font-size',
          'font-style',
          'color',
          'line-height',
          'letter-spacing',
          'word-spacing',
          'direction',
          'text-transform',
          'text-align',
          'padding',
          'margin',
          'border-top-width',
          'background-color',
          'display',
          'position',
          'box-sizing',
        ];
        return [
          '.launcher',
          '.panel',
          '.header h2',
          '.welcome .bubble',
          '.starter',
          'textarea',
          '.action',
        ].map((selector) => {
          const element = root.querySelector(selector)!;
          const computed = getComputedStyle(element);
          const box = element.getBoundingClientRect();
          return {
            selector,
            box: [box.x, box.y, box.width, box.height].map(Math.round),
            ...Object.fromEntries(
              properties.map((name) => [name, computed.getPropertyValue(name)]),
            ),
          };
        });
      });
      const panel = await page.locator('.panel').boundingBox();
      const image = await page.screenshot({
        clip: {
          x: panel!.x + 16,
          y: panel!.y + 16,
          width: panel!.width - 32,
          height: panel!.height - 32,
        },
      });
      return { styles, image };
    };

    const plain = await measure('/plain');
    const hostile = await measure('/hostile');
    // The stylesheet did apply to the host page…
    expect(
      await page.evaluate(() => getComputedStyle(document.querySelector('h1')!).letterSpacing),
    ).toBe('9px');
    // …and changed nothing inside the widget.
    expect(hostile.styles).toEqual(plain.styles);
    expect(plain.styles[0]).toMatchObject({
      'font-size': '14px',
      'letter-spacing': 'normal',
      direction: 'ltr',
    });
    expect(hostile.image.equals(plain.image)).toBe(true);
  });

  it('does not change the host page', async () => {
    stack.page('/without', pageHtml({ scriptSrc: '/missing-on-purpose.js' }));
    stack.page('/with', widgetPage({ open: 'true' }));
    const snapshot = async (path: string) => {
      await page.goto(`${stack.origin}${path}`);
      await page.waitForLoadState('load');
      return page.evaluate(() => {
        const box = (element: Element) => {
          const rect = element.getBoundingClientRect();
          return [rect.x, rect.y, rect.width, rect.height];
        };
        const body = getComputedStyle(document.body);
        return {
          boxes: ['main', 'h1', 'p'].map((selector) => box(document.querySelector(selector)!)),
          scroll: [document.documentElement.scrollWidth, document.documentElement.scrollHeight],
          body: [body.fontFamily, body.fontSize, body.color, body.margin, body.overflow],
          headChildren: document.head.children.length,
          styleSheets: document.styleSheets.length,
          adopted: document.adoptedStyleSheets.length,
        };
      });
    };
    const without = await snapshot('/without');
    const withoutGlobals = await page.evaluate(() => Object.keys(window));
    const withWidget = await snapshot('/with');
    await expect.poll(() => page.getByRole('dialog').isVisible()).toBe(true);
    expect(withWidget).toEqual(without);
    const globals = await page.evaluate(
      (before) => Object.keys(window).filter((key) => !before.includes(key)),
      withoutGlobals,
    );
    expect(globals).toEqual(['AgentChat']);
  });

  it("works on a page whose CSP is default-src 'self' (no unsafe-inline)", async () => {
    // A named colour makes the loader compute it through the CSSOM, which CSP allows.
    stack.page('/csp', widgetPage({ 'primary-color': 'yellow' }), { csp: "default-src 'self'" });
    const response = await page.goto(`${stack.origin}/csp`);
    expect(response?.headers()['content-security-policy']).toBe("default-src 'self'");
    await page.getByRole('button', { name: 'Open chat' }).click();
    await ask('How do I configure the BFF?');
    const recorder = await page.evaluate(() => window.__recorder);
    expect(recorder.violations).toEqual([]);
    // The panel's and the Markdown chunk's own (its styles moved out of first paint).
    expect(await readWidgetStyles()).toEqual({
      styleElements: 0,
      sheets: 3,
      launcherPosition: 'fixed',
      launcherText: 'rgb(0, 0, 0)',
      panelWidth: '380px',
    });
    expect(await page.locator('.sources li').count()).toBeGreaterThan(0);
  });

  it('executes nothing from an answer containing HTML, scripts and javascript: links', async () => {
    stack.page('/xss', widgetPage({ endpoint: '/hostile' }));
    const requested: string[] = [];
    page.on('request', (request) => requested.push(request.url()));
    await page.goto(`${stack.origin}/xss`);
    await page.getByRole('button', { name: 'Open chat' }).click();
    await ask('Show me something nasty');
    const shadowFacts = await page.evaluate(() => {
      const root = document.querySelector('agent-chat')!.shadowRoot!;
      const answer = root.querySelector('.message.assistant:not(.welcome)')!;
      return {
        text: answer.querySelector('.bubble')!.textContent,
        dangerous: answer.querySelectorAll(
          'img, script, iframe, svg:not([aria-hidden]), object, embed',
        ).length,
        hrefs: [...answer.querySelectorAll('a')].map((link) => link.getAttribute('href')),
        rightCells: [...answer.querySelectorAll('table .align-right')].map(
          (cell) => cell.textContent,
        ),
        task: answer.querySelector<HTMLInputElement>('ul ul ul li.task input[type=checkbox]')
          ?.disabled,
        handlers: [...answer.querySelectorAll('*')].flatMap((element) =>
          element.getAttributeNames().filter((name) => name.startsWith('on')),
        ),
        sourceText: root.querySelector('.sources li')?.textContent,
      };
    });
    expect(shadowFacts.text).toContain('<script>window.pwned = "script"</script>');
    expect(shadowFacts.text).toContain('<img src=x onerror=');
    expect(shadowFacts.dangerous).toBe(0);
    expect(shadowFacts.hrefs).toEqual(['http://127.0.0.1:9/pixel.png?c=secret']);
    expect(shadowFacts.rightCells).toEqual(['b', '2']);
    expect(shadowFacts.task).toBe(true);
    expect(shadowFacts.handlers).toEqual([]);
    expect(shadowFacts.sourceText).toBe('<img src=x onerror="window.pwned=\'source\'">');

    await page.getByText('click me').click();
    await page.getByText('pixel').click();
    await page.locator('.sources li').click();
    expect(page.url()).toBe(`${stack.origin}/xss`);
    expect(await page.evaluate(() => window.pwned)).toBeUndefined();
    expect(requested.filter((url) => /\/x$|pixel\.png/.test(url))).toEqual([]);
  });

  it('loads from another origin, on a page with a <base href>, and talks to its BFF', async () => {
    stack.page(
      '/embed/page.html',
      pageHtml({
        scriptSrc: `${stack.origin}/widget.js`,
        data: { 'agent-id': 'demo' },
        head: `<base href="${stack.otherOrigin}/somewhere/else/">`,
      }),
      { other: true },
    );
    const assets: string[] = [];
    page.on('request', (request) => assets.push(request.url()));
    await page.goto(`${stack.otherOrigin}/embed/page.html`);
    await page.getByRole('button', { name: 'Open chat' }).click();
    await ask('What is agent-chat?');
    const panelChunk = assets.find((url) => /\/assets\/panel-[\w-]+\.js$/.test(url));
    expect(panelChunk?.startsWith(`${stack.origin}/assets/`)).toBe(true);
    expect(assets).toContain(`${stack.origin}/api/agents/demo/query`);
  });

  it('follows the system colour scheme with data-theme=auto and honours reduced motion', async () => {
    stack.page('/auto', widgetPage({ theme: 'auto', 'primary-color': '#ffeb3b' }));
    const look = async () => {
      await page.goto(`${stack.origin}/auto`);
      await page.getByRole('button', { name: 'Open chat' }).click();
      await expect.poll(() => page.getByRole('dialog').isVisible()).toBe(true);
      return page.evaluate(() => {
        const root = document.querySelector('agent-chat')!.shadowRoot!;
        const launcher = getComputedStyle(root.querySelector('.launcher')!);
        return {
          panel: getComputedStyle(root.querySelector('.panel')!).backgroundColor,
          launcherText: launcher.color,
          transition: launcher.transitionDuration,
        };
      });
    };
    await page.emulateMedia({ colorScheme: 'light', reducedMotion: 'no-preference' });
    expect(await look()).toEqual({
      panel: 'rgb(255, 255, 255)',
      launcherText: 'rgb(0, 0, 0)',
      transition: '0.15s',
    });
    await page.emulateMedia({ colorScheme: 'dark', reducedMotion: 'reduce' });
    expect(await look()).toEqual({
      panel: 'rgb(28, 30, 34)',
      launcherText: 'rgb(0, 0, 0)',
      transition: '0s',
    });
  });

  it('stacks above the page’s own positioned content, at the data-z-index given', async () => {
    stack.stylesheet(
      '/layers.css',
      '.cover{position:fixed;right:0;bottom:0;width:320px;height:320px;z-index:1000;background:#ddd}',
    );
    const layered = (data: Record<string, string>) =>
      pageHtml({
        scriptSrc: '/widget.js',
        data: { 'agent-id': 'demo', ...data },
        head: '<link rel="stylesheet" href="/layers.css">',
        body: '<div class="cover"></div>',
      });
    stack.page('/layers', layered({}));
    stack.page('/layers-low', layered({ 'z-index': '10' }));
    const topmost = async (path: string) => {
      await page.goto(`${stack.origin}${path}`);
      const box = (await page.getByRole('button', { name: 'Open chat' }).boundingBox())!;
      return page.evaluate(
        ([x, y]) => document.elementFromPoint(x!, y!)?.localName,
        [box.x + box.width / 2, box.y + box.height / 2],
      );
    };
    expect(await topmost('/layers')).toBe('agent-chat');
    expect(await topmost('/layers-low')).toBe('div');
  });

  it('picks readable text for any CSS colour given as data-primary-color', async () => {
    const launcherText = async (color: string) => {
      stack.page('/colour', widgetPage({ 'primary-color': color }));
      await page.goto(`${stack.origin}/colour`);
      const launcher = page.getByRole('button', { name: 'Open chat' });
      return launcher.evaluate((element) => {
        const style = getComputedStyle(element);
        return [style.backgroundColor, style.color];
      });
    };
    expect(await launcherText('yellow')).toEqual(['rgb(255, 255, 0)', 'rgb(0, 0, 0)']);
    expect(await launcherText('hsl(210 100% 25%)')).toEqual([
      'rgb(0, 64, 128)',
      'rgb(255, 255, 255)',
    ]);
    expect((await launcherText('oklch(0.95 0.1 100)'))[1]).toBe('rgb(0, 0, 0)');
  });

  it('uses <style nonce> where constructable stylesheets are missing, under a nonce-only CSP', async () => {
    await page.addInitScript(() => {
      delete (CSSStyleSheet.prototype as Partial<CSSStyleSheet>).replaceSync;
    });
    stack.page('/nonce', widgetPage({ nonce: 'n0nce-123' }), {
      csp: "default-src 'self'; style-src 'nonce-n0nce-123'",
    });
    await page.goto(`${stack.origin}/nonce`);
    await page.getByRole('button', { name: 'Open chat' }).click();
    await expect.poll(() => page.getByRole('dialog').isVisible()).toBe(true);
    // Polled: the Markdown chunk, preloaded when the panel opens, adds its own style element a
    // little after the panel's two; a loaded machine showed the open panel with two.
    await expect.poll(readWidgetStyles).toEqual({
      styleElements: 3,
      sheets: 0,
      launcherPosition: 'fixed',
      launcherText: 'rgb(255, 255, 255)',
      panelWidth: '380px',
    });
    expect(await page.evaluate(() => window.__recorder.violations)).toEqual([]);
  });

  it('renders inline inside data-mount, filling its container, without a launcher', async () => {
    stack.stylesheet('/inline.css', '#help{width:420px;height:520px;margin:24px}');
    stack.page(
      '/inline',
      pageHtml({
        scriptSrc: '/widget.js',
        data: { 'agent-id': 'demo', mount: '#help', title: 'Help' },
        head: '<link rel="stylesheet" href="/inline.css">',
        body: '<div id="help"></div>',
      }),
    );
    await page.goto(`${stack.origin}/inline`);
    const region = page.getByRole('region', { name: 'Help' });
    await expect.poll(() => region.isVisible()).toBe(true);
    const slot = (await page.locator('#help').boundingBox())!;
    expect(await page.locator('.panel').boundingBox()).toEqual(slot);
    expect(await page.locator('.launcher').count()).toBe(0);
    expect(await page.getByRole('dialog').count()).toBe(0);
    await ask('What is agent-chat?');
    expect(await page.locator('.message.assistant:not(.welcome) .bubble').textContent()).not.toBe(
      '',
    );
  });

  it('copies an answer on a plain-http page, which has no Clipboard API', async () => {
    const insecure = stack.origin.replace('127.0.0.1', INSECURE_HOST);
    stack.page('/copy', widgetPage({ open: 'true', endpoint: stack.origin }));
    await context.addInitScript(() => {
      if (location.pathname !== '/copy' || localStorage.length > 0) return;
      localStorage.setItem(
        'agent-chat:demo',
        JSON.stringify({
          updatedAt: Date.now(),
          messages: [
            { id: 'q', role: 'user', text: 'Where?' },
            { id: 'a', role: 'assistant', text: 'In **Paris**.', state: 'done', sources: [] },
          ],
        }),
      );
    });
    await page.goto(`${insecure}/copy`);
    expect(await page.evaluate(() => [window.isSecureContext, 'clipboard' in navigator])).toEqual([
      false,
      false,
    ]);
    const copy = page.locator('.message.assistant .tools button');
    expect(await copy.textContent()).toBe('Copy answer');
    await copy.click();
    await expect.poll(() => copy.textContent()).toBe('Copied');
    expect(
      await page.evaluate(
        () => document.querySelector('agent-chat')?.shadowRoot?.activeElement?.textContent,
      ),
    ).toBe('Copied');

    await context.grantPermissions(['clipboard-read'], { origin: stack.origin });
    const reader = await context.newPage();
    await reader.goto(`${stack.origin}/copy`);
    expect(await reader.evaluate(() => navigator.clipboard.readText())).toBe('In **Paris**.');
  });

  it('keeps two tabs of the same site in sync', async () => {
    stack.page('/tabs', widgetPage({ open: 'true' }));
    await page.goto(`${stack.origin}/tabs`);
    const other = await context.newPage();
    await other.goto(`${stack.origin}/tabs`);
    await expect.poll(() => other.getByRole('dialog').isVisible()).toBe(true);
    await ask('What is agent-chat?');
    const answer = await page.locator('.message.assistant:not(.welcome) .bubble').textContent();
    await expect
      .poll(() => other.locator('.message.user .bubble').textContent())
      .toBe('What is agent-chat?');
    await expect
      .poll(() => other.locator('.message.assistant:not(.welcome) .bubble').textContent())
      .toBe(answer);
    await page.getByRole('button', { name: 'New conversation' }).click();
    await expect.poll(() => other.locator('.message.user').count()).toBe(0);
  });

  it('fills a small screen, follows the visual viewport, clears safe areas, 16px input', async () => {
    const devtools = await context.newCDPSession(page);
    await devtools.send('Emulation.setSafeAreaInsetsOverride', {
      insets: { top: 44, bottom: 34, left: 0, right: 0 },
    });
    stack.page('/mobile', widgetPage({ lang: 'ar' }));
    const chunks: string[] = [];
    page.on('request', (request) => {
      if (request.url().includes('/assets/')) chunks.push(new URL(request.url()).pathname);
    });
    await page.goto(`${stack.origin}/mobile`);
    const launcher = page.getByRole('button', { name: 'فتح الدردشة' });
    // A large screen: launcher and panel keep 20 px (88 px) above the bottom inset.
    const launcherBox = (await launcher.boundingBox())!;
    expect(launcherBox.y + launcherBox.height).toBe(800 - 34 - 20);
    await launcher.click();
    await expect.poll(() => page.getByRole('dialog', { name: 'الدردشة' }).isVisible()).toBe(true);
    // The panel speaks Arabic: its locale chunk came with the panel chunk, alone of its kind.
    expect(await page.getByRole('textbox', { name: 'رسالتك' }).getAttribute('placeholder')).toBe(
      'اطرح سؤالًا…',
    );
    expect(chunks.filter((path) => path.includes('/locale-'))).toEqual([
      expect.stringMatching(/^\/assets\/locale-ar-[\w-]+\.js$/),
    ]);
    const floating = (await page.locator('.panel').boundingBox())!;
    expect(floating.y + floating.height).toBe(800 - 34 - 88);

    await page.setViewportSize({ width: 375, height: 667 });
    // The panel follows the visual viewport's resize event, which comes after the resize.
    await expect
      .poll(() => page.locator('.panel').boundingBox())
      .toEqual({ x: 0, y: 0, width: 375, height: 667 });
    const header = (await page.locator('.header').boundingBox())!;
    const composer = (await page.locator('.composer').boundingBox())!;
    expect(header.y).toBe(44);
    expect(composer.y + composer.height).toBe(667 - 34);
    const facts = await page.evaluate(() => {
      const root = document.querySelector('agent-chat')!.shadowRoot!;
      return {
        fontSize: getComputedStyle(root.querySelector('textarea')!).fontSize,
        direction: getComputedStyle(root.querySelector('.panel')!).direction,
      };
    });
    expect(facts).toEqual({ fontSize: '16px', direction: 'rtl' });

    // Zooming in shrinks the visual viewport, as an on-screen keyboard does: the panel follows.
    await devtools.send('Emulation.setPageScaleFactor', { pageScaleFactor: 2 });
    const panelAndViewport = () =>
      page.evaluate(() => {
        const panel = document.querySelector('agent-chat')!.shadowRoot!.querySelector('.panel')!;
        return [getComputedStyle(panel).height, `${window.visualViewport!.height}px`];
      });
    await expect.poll(async () => new Set(await panelAndViewport()).size).toBe(1);
    expect((await panelAndViewport())[0]).not.toBe('667px');
  });
});
