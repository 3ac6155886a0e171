import { createHmac } from 'node:crypto';
import { type BffRouter, createBff } from '@agent-chat/bff';
import {
  type ContactCaptureSettings,
  SIGNATURE_LENGTH,
  type SignedUser,
} from '@agent-chat/protocol';
import express from 'express';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { afterAll, beforeAll } from '../../../testing/set-up-hooks.js';
import {
  ADMIN_TOKEN,
  launchChromium,
  pageHtml,
  type Stack,
  startStack,
  WIDGET_DIST,
} from './browser-harness.js';

declare global {
  interface Window {
    /** Texts of the answers the widget finished (its `agent-chat:answer` events). */
    __identityAnswers: string[];
  }
}

/** The secret the host site and the BFFs share (`IDENTITY_SECRET`). */
const SECRET = 'identity-browser-test-secret-of-32-bytes-or-more';

/** What the host's server computes for a signed-in user. */
const hashOf = (userId: string): string =>
  createHmac('sha256', SECRET).update(userId).digest('hex');

/** Contact capture asking before the first question: a form any anonymous visitor gets. */
const FIRST_QUESTION_CAPTURE: ContactCaptureSettings = {
  enabled: true,
  triggers: ['first_question'],
  fields: { name: 'optional', phone: 'off' },
  consentText: null,
};

const READABLE_IDENTITY_FAILURE =
  'This chat could not confirm who is signed in. Reload the page, or sign out and in again.';

let stack: Stack;
let browser: Browser;
// A BFF for an agent that serves signed-in users only, at /required on the same origin.
let required: BffRouter | undefined;
const contexts: BrowserContext[] = [];

/** A host page embedding the widget; `data` adds `data-*` attributes (`user-id` …). */
const hostPage = (data: Record<string, string> = {}, endpoint = stack.origin): string =>
  pageHtml({ scriptSrc: '/widget.js', data: { 'agent-id': 'demo', endpoint, ...data } });

/** A fresh browser context (its own storage: another device) and page. */
async function newPage(): Promise<Page> {
  const context = await browser.newContext({ viewport: { width: 1100, height: 800 } });
  contexts.push(context);
  await context.addInitScript(() => {
    window.__identityAnswers = [];
    document.addEventListener('agent-chat:answer', (event) => {
      window.__identityAnswers.push((event as CustomEvent<{ text: string }>).detail.text);
    });
  });
  return context.newPage();
}

/** Opens the panel (waits for its message box). */
async function openChat(page: Page): Promise<void> {
  await page.getByRole('button', { name: 'Open chat' }).click();
  await page.getByRole('textbox', { name: 'Your message' }).waitFor();
}

/** Asks through the message box; resolves when the answer is complete. */
async function ask(page: Page, question: string): Promise<void> {
  const count = await page.evaluate(() => window.__identityAnswers.length);
  const input = page.getByRole('textbox', { name: 'Your message' });
  await input.fill(question);
  await input.press('Enter');
  await page.waitForFunction((before) => window.__identityAnswers.length > before, count);
}

/** Asks through the message box and waits for the answer's error line. */
async function askRefused(page: Page, question: string): Promise<string> {
  const input = page.getByRole('textbox', { name: 'Your message' });
  await input.fill(question);
  await input.press('Enter');
  const line = page.locator('agent-chat .message.assistant .notice.error').last();
  await line.waitFor();
  return (await line.textContent()) ?? '';
}

/** What the widget keeps in localStorage for the demo agent. */
const saved = (page: Page) =>
  page.evaluate(() => ({
    conversation: JSON.parse(localStorage.getItem('agent-chat:demo') ?? 'null') as {
      visitorId?: string;
      conversationId?: string;
      messages: { role: string; text: string }[];
    } | null,
    past: JSON.parse(localStorage.getItem('agent-chat:demo:past') ?? 'null') as string[] | null,
  }));

/** `AgentChat.identify(user)` in the page: `ok`, or the error's code and message. */
const identify = (page: Page, user: SignedUser) =>
  page.evaluate(async (signed) => {
    try {
      await (
        window as unknown as { AgentChat: { identify(user: unknown): Promise<void> } }
      ).AgentChat.identify(signed);
      return 'ok';
    } catch (error) {
      const { code, message } = error as { code: string; message: string };
      return `${code}: ${message}`;
    }
  }, user);

/** The id a BFF-signed id (`<id>_<signature>`) stands for. */
const unsigned = (signed: string): string => signed.slice(0, -SIGNATURE_LENGTH - 1);
/** The visitor a visitor token (`<visitor>_<issued>_<signature>`) stands for. */
const visitorOf = (token = ''): string => unsigned(token).replace(/_[^_]*$/, '');

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

beforeAll(async () => {
  browser = await launchChromium();
  const gate = express.Router();
  gate.use('/required', (req, res, next) => (required ? required(req, res, next) : next()));
  stack = await startStack([], { before: gate, bff: { identitySecret: SECRET } });
  required = createBff({
    agentApiToken: stack.service.apiKey,
    upstreamUrl: stack.service.url,
    allowedAgents: ['demo'],
    allowedOrigins: [stack.origin],
    widgetDir: WIDGET_DIST,
    logger: false,
    rateLimit: { perIp: 10_000, perVisitor: 10_000 },
    identitySecret: SECRET,
    identityRequired: true,
  });
});

afterAll(async () => {
  for (const context of contexts) await context.close();
  await browser?.close();
  await required?.shutdown(0);
  await stack?.close();
});

describe('signed-in users, in Chromium', () => {
  it('merges the anonymous conversation on identify, lists it on another device, and forgets it at logout', async () => {
    stack.page('/shop', hostPage());
    const laptop = await newPage();
    await laptop.goto(`${stack.origin}/shop`);
    await openChat(laptop);
    await ask(laptop, 'What is agent-chat?');
    const before = await saved(laptop);
    const anonymous = before.conversation?.visitorId ?? '';
    const conversationId = before.conversation?.conversationId ?? '';
    expect(anonymous).not.toBe('');
    expect(conversationId).not.toBe('');

    // The site's sign-in: the page calls identify() with what its server signed.
    expect(
      await identify(laptop, {
        userId: 'ada-42',
        userHash: hashOf('ada-42'),
        name: 'Ada Lovelace',
        email: 'ada@example.com',
        attributes: { plan: 'pro' },
      }),
    ).toBe('ok');
    const after = await saved(laptop);
    // The user's visitor, and the same conversation re-signed to it (merged).
    expect(after.conversation?.visitorId).not.toBe(anonymous);
    expect(unsigned(after.conversation?.conversationId ?? '')).toBe(unsigned(conversationId));
    expect(after.conversation?.conversationId).not.toBe(conversationId);
    expect(after.past?.map(unsigned)).toEqual([unsigned(conversationId)]);
    // The conversation goes on as the user's.
    await ask(laptop, 'How do I embed the widget?');
    expect((await saved(laptop)).conversation?.conversationId).toBe(
      after.conversation?.conversationId,
    );
    // The same user on a phone (another context, nothing stored): signed by the script tag.
    stack.page(
      '/account',
      hostPage({
        'user-id': 'ada-42',
        'user-hash': hashOf('ada-42'),
        'user-name': 'Ada Lovelace',
        'user-email': 'ada@example.com',
      }),
    );
    const phone = await newPage();
    await phone.goto(`${stack.origin}/account`);
    await openChat(phone);
    await phone.getByRole('button', { name: 'Conversations' }).click();
    const listed = phone.locator('agent-chat .past-question');
    await listed.first().waitFor();
    expect(await listed.allTextContents()).toEqual(['What is agent-chat?']);
    await listed.first().click();
    await expect
      .poll(() => phone.locator('agent-chat .message.user .bubble').allTextContents())
      .toEqual(['What is agent-chat?', 'How do I embed the widget?']);

    // The site's sign-out on the laptop: nothing of the user's is kept there.
    await laptop.evaluate(() =>
      (window as unknown as { AgentChat: { logout(): void } }).AgentChat.logout(),
    );
    expect(await saved(laptop)).toEqual({ conversation: null, past: null });
    await expect.poll(() => laptop.locator('agent-chat .message.user').count()).toBe(0);
    await ask(laptop, 'What is agent-chat?');
    const fresh = await saved(laptop);
    expect(visitorOf(fresh.conversation?.visitorId)).not.toBe(
      visitorOf(after.conversation?.visitorId),
    );
    expect(fresh.past).toHaveLength(1);
    expect(unsigned(fresh.past?.[0] ?? '')).not.toBe(unsigned(conversationId));
  });

  it('shows a readable error for a wrong hash or one made for another user, and never asks anonymously', async () => {
    const wrong = hashOf('grace-7').replace(/^./, (c) => (c === '0' ? '1' : '0'));
    stack.page('/wrong', hostPage({ 'user-id': 'grace-7', 'user-hash': wrong }));
    const page = await newPage();
    const queries: string[] = [];
    page.on('request', (request) => {
      if (request.url().endsWith('/query')) queries.push(request.url());
    });
    const errors: string[] = [];
    page.on('console', (message) => {
      if (message.type() === 'error') errors.push(message.text());
    });
    await page.goto(`${stack.origin}/wrong`);
    await openChat(page);
    expect(await askRefused(page, 'What is agent-chat?')).toBe(READABLE_IDENTITY_FAILURE);
    expect(queries).toEqual([]);
    // The site's developers learn what to fix.
    expect(errors.some((text) => text.includes('userHash is not HMAC-SHA256'))).toBe(true);

    // A valid hash, but of another user id: refused as well.
    expect(await identify(page, { userId: 'grace-7', userHash: hashOf('ada-42') })).toBe(
      `IDENTITY_INVALID: ${READABLE_IDENTITY_FAILURE}`,
    );
    expect(await askRefused(page, 'Still there?')).toBe(READABLE_IDENTITY_FAILURE);
    expect(queries).toEqual([]);
    expect((await saved(page)).conversation?.visitorId).toBeUndefined();

    // The right hash: the conversation starts, as the user.
    expect(await identify(page, { userId: 'grace-7', userHash: hashOf('grace-7') })).toBe('ok');
    await ask(page, 'What is agent-chat?');
    expect(queries).toHaveLength(1);
  });

  it('refuses anonymous visitors with a readable message where the agent requires signed-in users', async () => {
    stack.page('/members', hostPage({}, `${stack.origin}/required`));
    const page = await newPage();
    await page.goto(`${stack.origin}/members`);
    await openChat(page);
    expect(await askRefused(page, 'What is agent-chat?')).toBe(
      'This chat is for signed-in users only: sign in to the site, then try again.',
    );
    expect(await identify(page, { userId: 'lin-3', userHash: hashOf('lin-3') })).toBe('ok');
    await ask(page, 'What is agent-chat?');
  });

  it('skips the contact form for a signed-in user with an email', async () => {
    await admin('PATCH', '/api/agents/demo', { contactCapture: FIRST_QUESTION_CAPTURE });
    try {
      const form = (page: Page) =>
        page.getByRole('form', { name: 'Leave your email and a person will reply.' });
      // An anonymous visitor is asked before the first question…
      stack.page('/contact-anonymous', hostPage());
      const anonymous = await newPage();
      await anonymous.goto(`${stack.origin}/contact-anonymous`);
      await openChat(anonymous);
      await form(anonymous).waitFor();

      // …a signed-in user whose email the site gave is not, before or after an answer.
      stack.page(
        '/contact-signed',
        hostPage({
          'user-id': 'mo-9',
          'user-hash': hashOf('mo-9'),
          'user-email': 'mo@example.com',
        }),
      );
      const signed = await newPage();
      await signed.goto(`${stack.origin}/contact-signed`);
      await openChat(signed);
      await ask(signed, 'Do you ship to Mars?');
      expect(await form(signed).count()).toBe(0);
    } finally {
      await admin('PATCH', '/api/agents/demo', {
        contactCapture: { ...FIRST_QUESTION_CAPTURE, enabled: false },
      });
    }
  });
});
