import type { Contact, ContactCaptureSettings, ContactListResponse } from '@agent-chat/protocol';
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
    __contactAnswers: string[];
    /** Content-Security-Policy violations the page reported. */
    __violations: string[];
  }
}

/** The demo agent's contact capture in most tests: offered after an answer from nothing. */
const NO_ANSWER_CAPTURE: ContactCaptureSettings = {
  enabled: true,
  triggers: ['no_answer'],
  fields: { name: 'required', phone: 'optional' },
  consentText: null,
};

/** A question the demo's documentation has nothing about: the service finds no answer. */
const UNANSWERABLE = 'Do you ship to Mars?';

let stack: Stack;
let browser: Browser;
let context: BrowserContext;
let page: Page;

const contactPage = (data: Record<string, string> = {}): string =>
  pageHtml({
    scriptSrc: '/widget.js',
    data: { 'agent-id': 'demo', endpoint: stack.origin, ...data },
  });

/** Asks a question through the message box and waits for its answer. */
async function ask(question: string, label = 'Your message'): Promise<void> {
  const count = await page.evaluate(() => window.__contactAnswers.length);
  const input = page.getByRole('textbox', { name: label });
  await input.fill(question);
  await input.press('Enter');
  await page.waitForFunction((before) => window.__contactAnswers.length > before, count);
}

/** The element focused inside the widget's shadow root, as `tag#id` or `tag.class`. */
const focused = (): Promise<string> =>
  page.evaluate(() => {
    const active = document.querySelector('agent-chat')?.shadowRoot?.activeElement;
    if (!active) return '';
    return `${active.localName}${active.id ? `#${active.id.replace(/^agent-chat-\d+-/, '')}` : ''}`;
  });

/** An admin call through the real BFF's admin relay, as the console makes it. */
async function admin(method: string, path: string, body?: unknown): Promise<Response> {
  const response = await fetch(`${stack.origin}${path}`, {
    method,
    headers: {
      authorization: `Bearer ${ADMIN_TOKEN}`,
      ...(body === undefined ? {} : { 'content-type': 'application/json' }),
    },
    ...(body === undefined ? {} : { body: JSON.stringify(body) }),
  });
  expect(response.status, `${method} ${path}`).toBe(200);
  return response;
}

/** The contacts the agent service holds (`GET /api/contacts`, through the BFF). */
async function received(): Promise<Contact[]> {
  const list = (await (await admin('GET', '/api/contacts')).json()) as ContactListResponse;
  return list.contacts;
}

/** Sets the demo agent's contact capture, as the console's agent form does. */
async function setCapture(settings: ContactCaptureSettings): Promise<void> {
  await admin('PATCH', '/api/agents/demo', { contactCapture: settings });
}

/** Whether an id the BFF signed for the browser (`<id>_…_<signature>`) is the service's `id`. */
const signs = (signed: string, id: string | null | undefined): boolean =>
  typeof id === 'string' && id.length > 0 && signed.startsWith(`${id}_`);

beforeAll(async () => {
  browser = await launchChromium();
  stack = await startStack([]);
});

beforeEach(async () => {
  await context?.close();
  context = await browser.newContext({ viewport: { width: 1100, height: 800 } });
  await context.addInitScript(() => {
    window.__contactAnswers = [];
    window.__violations = [];
    document.addEventListener('agent-chat:answer', (event) => {
      window.__contactAnswers.push((event as CustomEvent<{ text: string }>).detail.text);
    });
    document.addEventListener('securitypolicyviolation', (event) => {
      window.__violations.push(`${event.violatedDirective} ${event.blockedURI}`);
    });
  });
  page = await context.newPage();
  // Each test starts with no contact (erasing one erases its visitor's conversations too).
  for (const contact of await received()) await admin('DELETE', `/api/contacts/${contact.id}`);
  await setCapture(NO_ANSWER_CAPTURE);
});

afterAll(async () => {
  await context?.close();
  await browser?.close();
  await stack?.close();
});

describe('the contact form, in Chromium', () => {
  it('is offered after a no-answer reply and sent with the keyboard alone, under a strict CSP', async () => {
    stack.page('/contact', contactPage(), { csp: "default-src 'self'" });
    const chunks: string[] = [];
    page.on('request', (request) => {
      if (request.url().includes('/assets/')) chunks.push(new URL(request.url()).pathname);
    });
    await page.goto(`${stack.origin}/contact`);
    await page.getByRole('button', { name: 'Open chat' }).click();
    await expect.poll(focused).toBe('textarea#input');
    // The form's chunk loads only once the form is offered.
    expect(chunks.some((path) => path.includes('/contact-'))).toBe(false);

    await ask(UNANSWERABLE);
    const form = page.getByRole('form', { name: 'Leave your email and a person will reply.' });
    await expect.poll(() => form.isVisible()).toBe(true);
    expect(chunks.filter((path) => path.includes('/contact-'))).toHaveLength(1);
    // In the transcript, right after the answer that offered it.
    const offeredAfter = await form.evaluate(
      (element) => element.previousElementSibling?.className ?? '',
    );
    expect(offeredAfter).toContain('assistant');

    // Keyboard only: back from the message box into the form, to its first field.
    await expect.poll(focused).toBe('textarea#input');
    for (let step = 0; step < 8 && (await focused()) !== 'input#contact-email'; step++) {
      await page.keyboard.press('Shift+Tab');
    }
    expect(await focused()).toBe('input#contact-email');
    await page.keyboard.type('ada@example');
    await page.keyboard.press('Enter');
    // Refused before sending: each error on its field, focus on the first one to fix.
    await expect.poll(focused).toBe('input#contact-email');
    const email = page.getByRole('textbox', { name: 'Email' });
    const name = page.getByRole('textbox', { name: 'Name' });
    expect(await email.getAttribute('aria-invalid')).toBe('true');
    expect(await name.getAttribute('aria-invalid')).toBe('true');
    expect(await email.evaluate(describedBy)).toBe(
      'Enter an email address, like name@example.com.',
    );
    expect(await name.evaluate(describedBy)).toBe('Enter your name.');
    expect(await received()).toEqual([]);

    await page.keyboard.type('.com');
    await page.keyboard.press('Tab');
    await page.keyboard.type('Ada Lovelace');
    await page.keyboard.press('Tab');
    expect(await focused()).toBe('input#contact-phone');
    await page.keyboard.type('+44 20 7946 0000');
    await page.keyboard.press('Tab');
    await page.keyboard.press('Enter');

    const confirmation = page.getByText("We'll reply to you at ada@example.com.");
    await expect.poll(() => confirmation.isVisible()).toBe(true);
    expect(await form.count()).toBe(0);
    await expect.poll(focused).toBe('textarea#input');
    // With the visitor and conversation ids the BFF signed for this page.
    const saved = await page.evaluate(() => JSON.parse(localStorage.getItem('agent-chat:demo')!));
    const [contact, ...others] = await received();
    expect(others).toEqual([]);
    expect(contact).toMatchObject({
      agentId: 'demo',
      email: 'ada@example.com',
      name: 'Ada Lovelace',
      phone: '+44 20 7946 0000',
    });
    expect(signs(saved.visitorId, contact?.visitorId)).toBe(true);
    expect(signs(saved.conversationId, contact?.conversationId)).toBe(true);
    expect(await page.evaluate(() => window.__violations)).toEqual([]);

    // Never offered twice, and the visitor's details never reach the page's storage.
    await ask('And to Venus?');
    expect(await page.getByRole('form').count()).toBe(0);
    const storage = await page.evaluate(() => JSON.stringify({ ...localStorage }));
    expect(storage).toContain('agent-chat:demo');
    for (const detail of ['ada@example.com', 'Lovelace', '7946']) {
      expect(storage).not.toContain(detail);
    }
    await page.reload();
    await page.getByRole('button', { name: 'Open chat' }).click();
    await expect.poll(() => page.locator('.message.user').count()).toBe(2);
    expect(await page.getByRole('form').count()).toBe(0);
  });

  it('shows a server refusal on its field and a network failure on the form, keeping the values', async () => {
    stack.page('/contact-errors', contactPage());
    await page.goto(`${stack.origin}/contact-errors`);
    await page.getByRole('button', { name: 'Open chat' }).click();
    await ask(UNANSWERABLE);
    const email = page.getByRole('textbox', { name: 'Email' });
    const name = page.getByRole('textbox', { name: 'Name' });
    await email.fill('ada@example.com');
    // A control character the form lets through: the server's 400 names the field.
    await name.fill('Ada\u0007');
    await page.getByRole('button', { name: 'Send details' }).click();
    await expect.poll(() => name.getAttribute('aria-invalid')).toBe('true');
    expect(await name.evaluate(describedBy)).toBe('name must not contain control characters');
    await expect.poll(focused).toBe('input#contact-name');

    await name.fill('Ada');
    await context.setOffline(true);
    await page.getByRole('button', { name: 'Send details' }).click();
    const alert = page.getByRole('alert');
    await expect.poll(() => alert.textContent()).toMatch(/offline|could not be reached/);
    expect(await email.inputValue()).toBe('ada@example.com');
    expect(await name.inputValue()).toBe('Ada');
    await context.setOffline(false);
    await page.getByRole('button', { name: 'Send details' }).click();
    await expect
      .poll(() => page.getByText("We'll reply to you at ada@example.com.").isVisible())
      .toBe(true);
    expect(await received()).toHaveLength(1);
  });

  it('is offered before the first question when the agent asks, and sent with it', async () => {
    await setCapture({
      enabled: true,
      triggers: ['first_question'],
      fields: { name: 'off', phone: 'off' },
      consentText: 'Acme keeps your email for 30 days to answer you.',
    });
    stack.page('/contact-first', contactPage({ endpoint: stack.origin }));
    await page.goto(`${stack.origin}/contact-first`);
    await page.getByRole('button', { name: 'Open chat' }).click();
    const form = page.getByRole('form', { name: 'Leave your email and a person will reply.' });
    await expect.poll(() => form.isVisible()).toBe(true);
    expect(await page.getByText('Acme keeps your email for 30 days to answer you.').count()).toBe(
      1,
    );
    expect(await page.getByRole('textbox', { name: 'Name' }).count()).toBe(0);
    await page.getByRole('textbox', { name: 'Email' }).fill('grace@example.com');
    await page.getByRole('button', { name: 'Send details' }).click();
    // No visitor id yet: the details go once the first question has been answered.
    await expect.poll(() => page.getByRole('status').textContent()).toContain('Ask your question');
    expect(await page.evaluate(() => localStorage.length)).toBe(0);
    await ask('How do I embed the widget?');
    await expect
      .poll(() => page.getByText("We'll reply to you at grace@example.com.").isVisible())
      .toBe(true);
    const saved = await page.evaluate(() => JSON.parse(localStorage.getItem('agent-chat:demo')!));
    const [contact, ...others] = await received();
    expect(others).toEqual([]);
    expect(contact).toMatchObject({
      email: 'grace@example.com',
      consentText: 'Acme keeps your email for 30 days to answer you.',
    });
    expect(signs(saved.visitorId, contact?.visitorId)).toBe(true);
    expect(signs(saved.conversationId, contact?.conversationId)).toBe(true);
  });

  for (const look of [
    { name: 'light', data: {} },
    { name: 'dark', data: { theme: 'dark' } },
    { name: 'right-to-left (Arabic), 375 px wide', data: { lang: 'ar' }, width: 375 },
  ]) {
    it(`is axe clean in ${look.name}, with its errors shown`, async () => {
      if (look.width) await page.setViewportSize({ width: look.width, height: 667 });
      const path = `/contact-look-${look.name.replace(/\W+/g, '-')}`;
      stack.page(path, contactPage(look.data));
      await page.goto(`${stack.origin}${path}`);
      await page.locator('.launcher').click();
      const arabic = look.data.lang === 'ar';
      await ask(UNANSWERABLE, arabic ? 'رسالتك' : 'Your message');
      const send = page.getByRole('button', { name: arabic ? 'إرسال البيانات' : 'Send details' });
      await expect.poll(() => send.isVisible()).toBe(true);
      expect(await axeViolations(page)).toEqual([]);
      await send.click();
      await expect.poll(() => page.locator('[aria-invalid=true]').count()).toBe(2);
      expect(await axeViolations(page)).toEqual([]);
      const layout = await page.evaluate(() => {
        const root = document.querySelector('agent-chat')!.shadowRoot!;
        const form = root.querySelector('form.contact')!;
        const log = root.querySelector('.log')!;
        return {
          direction: getComputedStyle(form).direction,
          overflows: log.scrollWidth > log.clientWidth,
          formRight: form.getBoundingClientRect().right,
          width: window.innerWidth,
        };
      });
      expect(layout.direction).toBe(arabic ? 'rtl' : 'ltr');
      expect(layout.overflows).toBe(false);
      expect(layout.formRight).toBeLessThanOrEqual(layout.width);
    });
  }
});

function describedBy(input: Element): string {
  const root = input.getRootNode() as ShadowRoot;
  const ids = input.getAttribute('aria-describedby')?.split(' ') ?? [];
  return ids.map((id) => root.getElementById(id)?.textContent ?? '').join(' ');
}
