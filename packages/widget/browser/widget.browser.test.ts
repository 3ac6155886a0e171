import { mkdirSync, writeFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import {
  buildWidget,
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
  buildWidget();
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

const widgetPage = (data: Record<string, string> = {}, head = ''): string =>
  pageHtml({ scriptSrc: '/widget.js', data: { 'agent-id': 'demo', ...data }, head });

describe('the widget in Chromium', () => {
  it('opens the bubble and streams an answer with sources', async () => {
    stack.page('/basic', widgetPage({ title: 'Acme assistant', 'primary-color': '#0f766e' }));
    const queries: string[] = [];
    const contentTypes: string[] = [];
    page.on('request', (request) => {
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

    await page.keyboard.press('Escape');
    await expect.poll(() => dialog.isVisible()).toBe(false);
    expect(
      await page.evaluate(
        () => document.querySelector('agent-chat')?.shadowRoot?.activeElement?.className,
      ),
    ).toBe('launcher');

    if (process.env.UPDATE_SCREENSHOT === '1') {
      await launcher.click();
      await expect.poll(() => dialog.isVisible()).toBe(true);
      await page.evaluate(() => {
        const active = document.querySelector('agent-chat')?.shadowRoot?.activeElement;
        (active as HTMLElement | null)?.blur();
      });
      const target = fileURLToPath(new URL('../../../docs/screenshot.png', import.meta.url));
      mkdirSync(fileURLToPath(new URL('../../../docs/', import.meta.url)), { recursive: true });
      writeFileSync(target, await page.screenshot());
    }
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
    stack.page('/csp', widgetPage(), { csp: "default-src 'self'" });
    const response = await page.goto(`${stack.origin}/csp`);
    expect(response?.headers()['content-security-policy']).toBe("default-src 'self'");
    await page.getByRole('button', { name: 'Open chat' }).click();
    await ask('How do I configure the BFF?');
    const recorder = await page.evaluate(() => window.__recorder);
    expect(recorder.violations).toEqual([]);
    const styled = await page.evaluate(() => {
      const root = document.querySelector('agent-chat')!.shadowRoot!;
      return {
        styleElements: root.querySelectorAll('style').length,
        sheets: root.adoptedStyleSheets.length,
        launcherPosition: getComputedStyle(root.querySelector('.launcher')!).position,
        panelWidth: getComputedStyle(root.querySelector('.panel')!).width,
      };
    });
    expect(styled).toEqual({
      styleElements: 0,
      sheets: 2,
      launcherPosition: 'fixed',
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
        handlers: [...answer.querySelectorAll('*')].flatMap((element) =>
          element.getAttributeNames().filter((name) => name.startsWith('on')),
        ),
        sourceText: root.querySelector('.sources li')?.textContent,
      };
    });
    expect(shadowFacts.text).toContain('<script>window.pwned = "script"</script>');
    expect(shadowFacts.text).toContain('<img src=x onerror=');
    expect(shadowFacts.dangerous).toBe(0);
    expect(shadowFacts.hrefs).toEqual([]);
    expect(shadowFacts.handlers).toEqual([]);
    expect(shadowFacts.sourceText).toBe('<img src=x onerror="window.pwned=\'source\'">');

    await page.getByText('click me').click();
    await page.getByText('pixel').click();
    await page.locator('.sources li').click();
    expect(page.url()).toBe(`${stack.origin}/xss`);
    expect(await page.evaluate(() => window.pwned)).toBeUndefined();
    expect(requested.filter((url) => /\/x$/.test(url))).toEqual([]);
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

  it('fills a small screen and keeps the input at 16px', async () => {
    await page.setViewportSize({ width: 375, height: 667 });
    stack.page('/mobile', widgetPage({ lang: 'ar' }));
    await page.goto(`${stack.origin}/mobile`);
    await page.getByRole('button', { name: 'فتح الدردشة' }).click();
    await expect.poll(() => page.getByRole('dialog').isVisible()).toBe(true);
    const box = await page.locator('.panel').boundingBox();
    expect(box).toEqual({ x: 0, y: 0, width: 375, height: 667 });
    const facts = await page.evaluate(() => {
      const root = document.querySelector('agent-chat')!.shadowRoot!;
      return {
        fontSize: getComputedStyle(root.querySelector('textarea')!).fontSize,
        direction: getComputedStyle(root.querySelector('.panel')!).direction,
      };
    });
    expect(facts).toEqual({ fontSize: '16px', direction: 'rtl' });
  });
});
