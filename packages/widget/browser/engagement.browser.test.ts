import { mkdirSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import type { StreamEvent } from '@agent-chat/protocol';
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
} from './browser-harness.js';

declare global {
  interface Window {
    /** Texts of the answers the widget finished (its `agent-chat:answer` events). */
    __answers: string[];
    /** Content-Security-Policy violations the page reported. */
    __violations: string[];
  }
}

/** With WIDGET_SCREENSHOTS=1, saves the widget's look for its README (packages/widget/docs). */
async function screenshot(
  page: Page,
  name: string,
  clip?: { x: number; y: number; width: number; height: number },
): Promise<void> {
  if (!process.env.WIDGET_SCREENSHOTS) return;
  const dir = fileURLToPath(new URL('../docs/', import.meta.url));
  mkdirSync(dir, { recursive: true });
  await page.screenshot({ path: `${dir}${name}.png`, ...(clip ? { clip } : {}) });
}

/**
 * What the scripted upstream (behind the real BFF at `/hostile`) answers every question with:
 * an answer whose final event suggests two follow-up questions, in the shape the real
 * service's answers have (the real service's own suggestions are tested below too).
 */
const followUpEvents: StreamEvent[] = [
  { type: 'answer', text: 'Our tents sleep two to six people.' },
  {
    type: 'endpoint_response',
    json: JSON.stringify({
      conversationId: 'conversation-1',
      visitorId: 'visitor-1',
      messageId: 'message-1',
      sources: [],
      followUps: ['Do you ship abroad?', 'Which tent is the lightest?'],
    }),
  },
  { type: 'done' },
];

const STRICT_CSP = "default-src 'self'";

/** A fact only each section of {@link TENT_GUIDE} states, by heading. */
const TENT_FACTS = {
  'Tent sizes': 'sleep two to six people',
  'Tent weight': 'weighs 1.2 kg',
  'Shipping abroad': 'ship to 30 countries',
  Returns: 'within 60 days',
} as const;

/** A Markdown guide with a few sections, for the real service to answer and suggest from. */
const TENT_GUIDE = `# Acme tents

## Tent sizes

The Acme tents ${TENT_FACTS['Tent sizes']}: the Trail 2 for two, the Ridge 4 for four and the
Basecamp 6 for six people.

## Tent weight

The lightest Acme tent, the Trail 2, ${TENT_FACTS['Tent weight']} with its poles and pegs.

## Shipping abroad

We ${TENT_FACTS['Shipping abroad']} in Europe and North America; Acme tents arrive within a week.

## Returns

Return any Acme tent ${TENT_FACTS.Returns} of delivery, used or not, for a full refund.
`;

let stack: Stack;
let browser: Browser;
let context: BrowserContext;
let page: Page;

/** The element focused inside the widget's shadow root, as `tag.class`. */
const focused = (): Promise<string> =>
  page.evaluate(() => {
    const active = document.querySelector('agent-chat')?.shadowRoot?.activeElement;
    if (!active) return document.activeElement?.localName ?? '';
    return `${active.localName}${active.classList.length ? `.${[...active.classList].join('.')}` : ''}`;
  });

/** Presses Tab (or Shift+Tab) until `target` has focus; fails after 12 presses. */
async function tabTo(target: string, key = 'Tab'): Promise<void> {
  for (let step = 0; step < 12 && (await focused()) !== target; step++) {
    await page.keyboard.press(key);
  }
  expect(await focused()).toBe(target);
}

/** Presses `key` until the focused control's name (label, else text) starts with `name`. */
async function tabToName(name: string, key = 'Tab'): Promise<void> {
  const current = (): Promise<string> =>
    page.evaluate(() => {
      const active = document.querySelector('agent-chat')?.shadowRoot?.activeElement;
      return active?.getAttribute('aria-label') ?? active?.textContent ?? '';
    });
  for (let step = 0; step < 12 && !(await current()).startsWith(name); step++) {
    await page.keyboard.press(key);
  }
  expect(await current()).toMatch(new RegExp(`^${name.replace(/[?.]/g, '\\$&')}`));
}

/** Asks a question through the message box and waits for its answer. */
async function ask(question: string, label = 'Your message'): Promise<void> {
  const count = await page.evaluate(() => window.__answers.length);
  const input = page.getByRole('textbox', { name: label });
  await input.fill(question);
  await input.press('Enter');
  await page.waitForFunction((before) => window.__answers.length > before, count);
}

const noSideScroll = (): Promise<boolean> =>
  page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth);

/**
 * The service's id of a conversation the widget holds: the BFF hands the widget the id
 * followed by `_` and its signature.
 */
const serviceId = (widgetId: string): string => widgetId.slice(0, widgetId.indexOf('_'));

/** Ids of the demo agent's conversations the service holds, as its admin API lists them. */
async function storedConversations(): Promise<string[]> {
  const response = await admin('GET', '/api/conversations?agentId=demo');
  expect(response.status).toBe(200);
  const listed = (await response.json()) as { conversations: { id: string }[] };
  return listed.conversations.map((conversation) => conversation.id);
}

/** An admin API call through the BFF's admin relay, as an operator's script makes it. */
function admin(method: string, path: string, body?: unknown): Promise<Response> {
  return fetch(`${stack.origin}${path}`, {
    method,
    headers: {
      authorization: `Bearer ${ADMIN_TOKEN}`,
      ...(body === undefined ? {} : { 'content-type': 'application/json' }),
    },
    ...(body === undefined ? {} : { body: JSON.stringify(body) }),
  });
}

beforeAll(async () => {
  browser = await launchChromium();
  stack = await startStack(followUpEvents);
});

beforeEach(async () => {
  await context?.close();
  context = await browser.newContext({ viewport: { width: 1100, height: 800 } });
  await context.addInitScript(() => {
    window.__answers = [];
    window.__violations = [];
    document.addEventListener('agent-chat:answer', (event) => {
      window.__answers.push((event as CustomEvent<{ text: string }>).detail.text);
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
  await stack?.close();
});

describe('the greeting, in Chromium', () => {
  it('shows beside the launcher without taking focus, announced, Esc dismisses it, nothing stored; under a strict CSP', async () => {
    stack.page(
      '/greet',
      pageHtml({
        scriptSrc: '/widget.js',
        data: {
          'agent-id': 'demo',
          greeting: 'Questions about tents? Ask me.',
          'greeting-delay': '0',
        },
      }),
      { csp: STRICT_CSP },
    );
    await page.goto(`${stack.origin}/greet`);
    const bubble = page.getByRole('button', { name: 'Questions about tents? Ask me.' });
    await expect.poll(() => bubble.isVisible()).toBe(true);
    expect(await focused()).toBe('body');
    expect(
      await page.evaluate(
        () =>
          document.querySelector('agent-chat')!.shadowRoot!.querySelector('[role=status]')!
            .textContent,
      ),
    ).toBe('Questions about tents? Ask me.');
    expect(await axeViolations(page)).toEqual([]);
    await screenshot(page, 'greeting', { x: 600, y: 690, width: 500, height: 110 });
    await page.keyboard.press('Escape');
    await expect.poll(() => bubble.isVisible()).toBe(false);
    expect(await page.evaluate(() => localStorage.length + sessionStorage.length)).toBe(0);
    expect(await page.evaluate(() => window.__violations)).toEqual([]);

    // The JS API greets again; the keyboard reaches it after the launcher and opens the chat.
    await page.evaluate(() =>
      (window as unknown as { AgentChat: { greet(text: string): void } }).AgentChat.greet(
        'Need a hand?',
      ),
    );
    await expect
      .poll(() => page.getByRole('button', { name: 'Need a hand?' }).isVisible())
      .toBe(true);
    await tabTo('button.greeting-text');
    await page.keyboard.press('Enter');
    await expect.poll(focused).toBe('textarea');
    expect(await page.getByRole('button', { name: 'Need a hand?' }).isVisible()).toBe(false);
  });

  for (const variant of [
    { name: 'dark', slug: 'dark', data: { theme: 'dark' }, close: 'Close message' },
    { name: 'Arabic (RTL)', slug: 'ar', data: { lang: 'ar' }, close: 'إغلاق الرسالة' },
  ]) {
    it(`is axe-clean and inside the screen at 375 px, ${variant.name}`, async () => {
      await page.setViewportSize({ width: 375, height: 667 });
      stack.page(
        `/greet-${variant.slug}`,
        pageHtml({
          scriptSrc: '/widget.js',
          data: {
            'agent-id': 'demo',
            greeting: 'Questions? Ask me.',
            'greeting-delay': '0',
            ...variant.data,
          },
        }),
        { csp: STRICT_CSP },
      );
      await page.goto(`${stack.origin}/greet-${variant.slug}`);
      const close = page.getByRole('button', { name: variant.close });
      await expect.poll(() => close.isVisible()).toBe(true);
      const box = (await page.locator('.greeting').boundingBox())!;
      expect(box.x).toBeGreaterThanOrEqual(0);
      expect(box.x + box.width).toBeLessThanOrEqual(375);
      expect(await noSideScroll()).toBe(true);
      expect(await axeViolations(page)).toEqual([]);
      await close.click();
      await expect.poll(() => close.isVisible()).toBe(false);
    });
  }
});

describe('follow-up questions, in Chromium', () => {
  for (const variant of [
    { name: 'light', slug: 'light', data: {}, open: 'Open chat', message: 'Your message' },
    {
      name: 'dark',
      slug: 'dark',
      data: { theme: 'dark' },
      open: 'Open chat',
      message: 'Your message',
    },
    {
      name: 'Arabic (RTL)',
      slug: 'ar',
      data: { lang: 'ar' },
      open: 'فتح الدردشة',
      message: 'رسالتك',
    },
  ]) {
    it(`show under the answer and ask with the keyboard, axe-clean at 375 px, ${variant.name}`, async () => {
      await page.setViewportSize({ width: 375, height: 667 });
      stack.page(
        `/follow-${variant.slug}`,
        pageHtml({
          scriptSrc: '/widget.js',
          data: { 'agent-id': 'demo', endpoint: '/hostile', ...variant.data },
        }),
        { csp: STRICT_CSP },
      );
      await page.goto(`${stack.origin}/follow-${variant.slug}`);
      await page.getByRole('button', { name: variant.open }).click();
      await ask('How big are your tents?', variant.message);
      const followUp = page.getByRole('button', { name: 'Do you ship abroad?' });
      await expect.poll(() => followUp.isVisible()).toBe(true);
      expect(await noSideScroll()).toBe(true);
      expect(await axeViolations(page)).toEqual([]);
      if (variant.name === 'light')
        await screenshot(page, 'follow-ups', { x: 0, y: 0, width: 375, height: 667 });
      await tabTo('button.starter', 'Shift+Tab');
      await page.keyboard.press('Enter');
      await page.waitForFunction(() => window.__answers.length === 2);
      const asked = await page.evaluate(() =>
        [
          ...document.querySelector('agent-chat')!.shadowRoot!.querySelectorAll('.user .bubble'),
        ].map((bubble) => bubble.textContent),
      );
      expect(asked).toEqual(['How big are your tents?', expect.stringMatching(/\?$/)]);
      expect(await page.evaluate(() => window.__violations)).toEqual([]);
    });
  }

  it("come from the real service's suggestions, drawn from the knowledge, and asking one answers it", async () => {
    const created = await admin('POST', '/api/datasources', {
      datastoreId: 'demo-docs',
      type: 'text',
      name: 'Acme tents',
      config: { text: TENT_GUIDE },
    });
    expect(created.status).toBe(201);
    const { id } = (await created.json()) as { id: string };
    await expect
      .poll(
        async () =>
          ((await (await admin('GET', `/api/datasources/${id}`)).json()) as { status: string })
            .status,
        {
          timeout: 20_000,
        },
      )
      .toBe('synched');

    stack.page(
      '/follow-real',
      pageHtml({ scriptSrc: '/widget.js', data: { 'agent-id': 'demo' } }),
      { csp: STRICT_CSP },
    );
    await page.goto(`${stack.origin}/follow-real`);
    await page.getByRole('button', { name: 'Open chat' }).click();
    await ask('How many people do the Acme tents sleep?');
    const followUps = page.locator('button.starter');
    await expect.poll(() => followUps.count()).toBeGreaterThan(0);
    const offered = await followUps.allTextContents();
    // Each names another section of the guide, not the one the answer quotes.
    for (const question of offered) {
      expect(question).toMatch(/^Tell me about (Tent weight|Shipping abroad|Returns)\b/);
    }
    const first = offered[0]!;
    const section = /Tent weight|Shipping abroad|Returns/.exec(
      first,
    )![0] as keyof typeof TENT_FACTS;
    await followUps.first().click();
    await page.waitForFunction(() => window.__answers.length === 2);
    const asked = await page.evaluate(() =>
      [...document.querySelector('agent-chat')!.shadowRoot!.querySelectorAll('.user .bubble')].map(
        (bubble) => bubble.textContent,
      ),
    );
    expect(asked).toEqual(['How many people do the Acme tents sleep?', first]);
    expect(await page.evaluate(() => window.__answers[1])).toContain(TENT_FACTS[section]);
    expect(await page.evaluate(() => window.__violations)).toEqual([]);
  });

  it('stay hidden with data-follow-ups="false"', async () => {
    stack.page(
      '/follow-off',
      pageHtml({
        scriptSrc: '/widget.js',
        data: { 'agent-id': 'demo', endpoint: '/hostile', 'follow-ups': 'false' },
      }),
    );
    await page.goto(`${stack.origin}/follow-off`);
    await page.getByRole('button', { name: 'Open chat' }).click();
    await ask('How big are your tents?');
    expect(await page.getByRole('button', { name: 'Do you ship abroad?' }).count()).toBe(0);
  });
});

describe('the wider view, in Chromium', () => {
  it('toggles with the keyboard to a 720 px, full-height panel, kept on reopening; none at 375 px', async () => {
    stack.page('/wide', pageHtml({ scriptSrc: '/widget.js', data: { 'agent-id': 'demo' } }), {
      csp: STRICT_CSP,
    });
    await page.goto(`${stack.origin}/wide`);
    await page.getByRole('button', { name: 'Open chat' }).click();
    await expect.poll(focused).toBe('textarea');
    await tabTo('button.icon-button.wide-toggle', 'Shift+Tab');
    const toggle = page.getByRole('button', { name: 'Wider view' });
    expect(await toggle.getAttribute('aria-pressed')).toBe('false');
    await page.keyboard.press('Enter');
    expect(await toggle.getAttribute('aria-pressed')).toBe('true');
    const panel = page.locator('.panel');
    await expect.poll(async () => (await panel.boundingBox())?.width).toBe(720);
    const box = (await panel.boundingBox())!;
    expect(box.y).toBe(16);
    expect(box.y + box.height).toBe(800 - 88);
    expect(await noSideScroll()).toBe(true);
    expect(await axeViolations(page)).toEqual([]);
    await page.keyboard.press('Escape');
    await page.getByRole('button', { name: 'Open chat' }).click();
    expect((await panel.boundingBox())?.width).toBe(720);

    await page.setViewportSize({ width: 375, height: 667 });
    expect(await toggle.isVisible()).toBe(false);
    await expect.poll(() => panel.boundingBox()).toEqual({ x: 0, y: 0, width: 375, height: 667 });
    expect(await noSideScroll()).toBe(true);
  });
});

describe('earlier conversations, in Chromium', () => {
  it("lists only the visitor's own, reopens (transcript from the real service) and deletes them with the keyboard, axe-clean light and dark", async () => {
    stack.page(
      '/history',
      pageHtml({ scriptSrc: '/widget.js', data: { 'agent-id': 'demo', theme: 'auto' } }),
      { csp: STRICT_CSP },
    );
    // Another visitor's conversation, in another browser profile.
    const otherContext = await browser.newContext();
    await otherContext.addInitScript(() => {
      window.__answers = [];
      document.addEventListener('agent-chat:answer', (event) => {
        window.__answers.push((event as CustomEvent<{ text: string }>).detail.text);
      });
    });
    const otherPage = await otherContext.newPage();
    await otherPage.goto(`${stack.origin}/history`);
    await otherPage.getByRole('button', { name: 'Open chat' }).click();
    const otherInput = otherPage.getByRole('textbox', { name: 'Your message' });
    await otherInput.fill('Is my question private?');
    await otherInput.press('Enter');
    await otherPage.waitForFunction(() => window.__answers.length === 1);
    const [foreignId = ''] = await otherPage.evaluate((): string[] =>
      JSON.parse(localStorage.getItem('agent-chat:demo:past') ?? '[]'),
    );
    await otherContext.close();
    expect(foreignId).toMatch(/^\w+_/);

    await page.goto(`${stack.origin}/history`);
    await page.getByRole('button', { name: 'Open chat' }).click();
    await ask('What are your opening hours?');
    await page.getByRole('button', { name: 'New conversation' }).click();
    await ask('Do you sell tents?');
    const ids: string[] = await page.evaluate(() =>
      JSON.parse(localStorage.getItem('agent-chat:demo:past') ?? '[]'),
    );
    expect(ids).toHaveLength(2);
    expect(ids).not.toContain(foreignId);
    // The other visitor's id slipped into this visitor's list (a shared computer, a forged
    // storage): the widget asks about it, the service lists only this visitor's own.
    await page.evaluate(
      (past) => localStorage.setItem('agent-chat:demo:past', JSON.stringify(past)),
      [...ids, foreignId],
    );
    const listed = page.waitForRequest((request) =>
      request.url().endsWith('/api/agents/demo/conversations'),
    );

    await tabToName('Conversations', 'Shift+Tab');
    const toggle = page.getByRole('button', { name: 'Conversations' });
    await page.keyboard.press('Enter');
    const older = page.locator('.past-open', { hasText: 'What are your opening hours?' });
    await expect.poll(() => older.isVisible()).toBe(true);
    await expect.poll(focused).toBe('h3');
    const saved = await page.evaluate(() => JSON.parse(localStorage.getItem('agent-chat:demo')!));
    expect((await listed).postDataJSON()).toMatchObject({
      visitorId: saved.visitorId,
      conversationIds: [...ids, foreignId],
    });
    const listedQuestions = () =>
      page.evaluate(() =>
        [...document.querySelector('agent-chat')!.shadowRoot!.querySelectorAll('.past-open')].map(
          (button) => button.textContent ?? '',
        ),
      );
    const questions = await listedQuestions();
    expect(questions).toHaveLength(2);
    expect(questions.join('\n')).toContain('Do you sell tents?');
    expect(questions.join('\n')).not.toContain('Is my question private?');
    expect(await axeViolations(page)).toEqual([]);
    await page.emulateMedia({ colorScheme: 'dark' });
    expect(await axeViolations(page)).toEqual([]);
    await page.emulateMedia({ colorScheme: 'light' });
    await page.mouse.move(0, 0);
    await screenshot(page, 'conversations', { x: 690, y: 60, width: 410, height: 380 });

    await tabToName('What are your opening hours?');
    await page.keyboard.press('Enter');
    await expect.poll(focused).toBe('textarea');
    const transcript = () =>
      page.evaluate(() =>
        [
          ...document
            .querySelector('agent-chat')!
            .shadowRoot!.querySelectorAll('.user .bubble, .assistant .bubble'),
        ].map((bubble) => bubble.closest('.user') !== null),
      );
    const userBubbles = () =>
      page.evaluate(() =>
        [
          ...document.querySelector('agent-chat')!.shadowRoot!.querySelectorAll('.user .bubble'),
        ].map((bubble) => bubble.textContent),
      );
    await expect.poll(userBubbles).toEqual(['What are your opening hours?']);
    // The service's answer comes back after the question (the welcome message before it).
    await expect.poll(async () => (await transcript()).slice(-2)).toEqual([true, false]);

    expect(await storedConversations()).toEqual(
      expect.arrayContaining([...ids, foreignId].map(serviceId)),
    );
    await toggle.click();
    const remove = page.getByRole('button', { name: 'Delete conversation: Do you sell tents?' });
    await expect.poll(() => remove.isVisible()).toBe(true);
    await tabToName('Delete conversation: Do you sell tents?');
    await page.keyboard.press('Enter');
    await expect.poll(() => remove.count()).toBe(0);
    await expect.poll(focused).toBe('h3');
    // Gone from the service, not only from the list; the other visitor's is untouched.
    const stored = await storedConversations();
    expect(stored).not.toContain(serviceId(ids[0]!));
    expect(stored).toEqual(expect.arrayContaining([ids[1]!, foreignId].map(serviceId)));
    expect(
      await page.evaluate(() => JSON.parse(localStorage.getItem('agent-chat:demo:past') ?? '[]')),
    ).not.toContain(ids[0]);
    expect(await page.evaluate(() => window.__violations)).toEqual([]);
  });

  it('is not offered with data-storage="none"', async () => {
    stack.page(
      '/history-none',
      pageHtml({ scriptSrc: '/widget.js', data: { 'agent-id': 'demo', storage: 'none' } }),
    );
    await page.goto(`${stack.origin}/history-none`);
    await page.getByRole('button', { name: 'Open chat' }).click();
    await expect.poll(focused).toBe('textarea');
    expect(await page.getByRole('button', { name: 'Conversations' }).count()).toBe(0);
  });
});
