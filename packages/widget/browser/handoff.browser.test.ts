import { HANDOFF_ACKNOWLEDGEMENT } from '@agent-chat/protocol';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
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
    __answers: string[];
    /** Polls for a person's replies the page has started (its fetches of the messages route). */
    __polls: number;
    pwned?: string;
  }
}

let stack: Stack;
let browser: Browser;
let context: BrowserContext;
let page: Page;

/** An admin API call through the BFF's admin relay, as an operator's script makes it. */
async function admin(method: string, path: string, body?: unknown): Promise<Response> {
  return fetch(`${stack.origin}${path}`, {
    method,
    headers: {
      authorization: `Bearer ${ADMIN_TOKEN}`,
      ...(body === undefined ? {} : { 'content-type': 'application/json' }),
    },
    ...(body === undefined ? {} : { body: JSON.stringify(body) }),
  });
}

/** How many polls for a person's replies the page has started. */
const startedPolls = (): Promise<number> => page.evaluate(() => window.__polls);

/**
 * Stops the page's clock where it is (50 ms on): from then on it moves only by
 * `page.clock.runFor`. The clock runs on while its time is read and sent back, so pausing at
 * the time read failed now and then ("Cannot fast-forward to the past"): the pause is a
 * little ahead, and the time is read again if the clock still got past it.
 */
async function pauseClock(): Promise<void> {
  for (let attempt = 1; ; attempt += 1) {
    const now = await page.evaluate(() => Date.now());
    try {
      await page.clock.pauseAt(now + 50);
      return;
    } catch (error) {
      if (attempt >= 5 || !String(error).includes('to the past')) throw error;
    }
  }
}

async function ask(question: string): Promise<string> {
  const count = await page.evaluate(() => window.__answers.length);
  const input = page.getByRole('textbox', { name: 'Your message' });
  await input.fill(question);
  await input.press('Enter');
  await page.waitForFunction((before) => window.__answers.length > before, count);
  return page.evaluate(() => window.__answers.at(-1) ?? '');
}

beforeAll(async () => {
  browser = await launchChromium();
  stack = await startStack([]);
  context = await browser.newContext({ viewport: { width: 1100, height: 800 } });
  await context.addInitScript(() => {
    window.__answers = [];
    document.addEventListener('agent-chat:answer', (event) => {
      window.__answers.push((event as CustomEvent<{ text: string }>).detail.text);
    });
    window.__polls = 0;
    const pageFetch = window.fetch.bind(window);
    window.fetch = (input, init) => {
      const url = input instanceof Request ? input.url : String(input);
      if (url.endsWith('/api/agents/demo/messages')) window.__polls += 1;
      return pageFetch(input, init);
    };
  });
  // The page's clock is Playwright's: it runs as usual until a test pauses it, then only
  // moves when the test says, so a test can tell that nothing happens in a given time.
  await context.clock.install();
  page = await context.newPage();
  page.on('dialog', (dialog) => {
    throw new Error(`Unexpected dialog: ${dialog.message()}`);
  });
});

afterAll(async () => {
  await context?.close();
  await browser?.close();
  await stack?.close();
});

describe('talking to a person, in Chromium', () => {
  it('hands the conversation to a person, shows their reply within 2 s, and back to the AI', async () => {
    stack.page('/handoff', pageHtml({ scriptSrc: '/widget.js', data: { 'agent-id': 'demo' } }));
    await page.goto(`${stack.origin}/handoff`);
    await page.getByRole('button', { name: 'Open chat' }).click();
    const talk = page.getByRole('button', { name: 'Talk to a person' });

    // The agent does not offer a person: no action.
    await ask('What is agent-chat?');
    expect(await talk.count()).toBe(0);

    // The operator turns it on; the next answer says so and the action appears.
    expect((await admin('PATCH', '/api/agents/demo', { handoffEnabled: true })).status).toBe(200);
    await ask('How do I embed the widget?');
    await talk.waitFor();
    expect(await axeViolations(page)).toEqual([]);

    await talk.click();
    await page.getByText('A person will reply here.').first().waitFor();
    expect(await talk.count()).toBe(0);
    expect(
      await page.evaluate(() => JSON.parse(localStorage.getItem('agent-chat:demo') ?? '{}').status),
    ).toBe('handoff');

    // The AI is silent: the visitor's message is stored and acknowledged.
    expect(await ask('Can someone check my order?')).toBe(HANDOFF_ACKNOWLEDGEMENT);
    const listed = (await (
      await admin('GET', '/api/conversations?agentId=demo&status=handoff')
    ).json()) as { conversations: { id: string; messageCount: number }[] };
    expect(listed.conversations).toHaveLength(1);
    const conversationId = listed.conversations[0]?.id ?? '';
    expect(listed.conversations[0]?.messageCount).toBe(6);

    // An operator replies through the admin API; the open widget shows it within 2 s.
    const polls: number[] = [];
    page.on('request', (request) => {
      if (request.url().endsWith('/api/agents/demo/messages')) polls.push(Date.now());
    });
    const reply = `Hi, Sam from support here. <img src=x onerror="window.pwned='operator'"> Your order **ships today**.`;
    const sent = await admin('POST', `/api/conversations/${conversationId}/messages`, {
      text: reply,
    });
    expect(sent.status).toBe(201);
    const repliedAt = Date.now();
    const operatorBubble = page.locator('.message.operator .bubble');
    await expect.poll(() => operatorBubble.count(), { timeout: 15_000, interval: 50 }).toBe(1);
    const shownAfterMs = Date.now() - repliedAt;
    console.info(`operator reply shown after ${shownAfterMs} ms (measured under load)`);
    const shown = await page.evaluate(() => {
      const root = document.querySelector('agent-chat')!.shadowRoot!;
      const message = root.querySelector('.message.operator')!;
      return {
        label: message.querySelector('.notice')?.textContent,
        text: message.querySelector('.bubble')?.textContent,
        bold: message.querySelector('.bubble strong')?.textContent,
        dangerous: message.querySelectorAll('img, script, iframe').length,
      };
    });
    expect(shown).toEqual({
      label: 'Support',
      text: `Hi, Sam from support here. <img src=x onerror="window.pwned='operator'"> Your order ships today.`,
      bold: 'ships today',
      dangerous: 0,
    });
    expect(await page.evaluate(() => window.pwned)).toBeUndefined();
    // Polled no slower than every 1.5 s (plus the round trip) while the panel is open.
    const gaps = polls.slice(1).map((time, index) => time - (polls[index] ?? time));
    expect(Math.max(0, ...gaps.slice(0, 3))).toBeLessThan(2_500);
    expect(await axeViolations(page)).toEqual([]);

    // Closed, the widget stops polling: ten seconds of the page's time, and no poll starts.
    await page.getByRole('button', { name: 'Close chat' }).first().click();
    await page.getByRole('button', { name: 'Open chat' }).waitFor();
    await pauseClock();
    const whileClosed = await startedPolls();
    await page.clock.runFor(10_000);
    expect(await startedPolls()).toBe(whileClosed);

    // The operator hands back; on opening, the widget says so and the AI answers again.
    const back = await admin('POST', '/api/conversations/update-status', {
      conversationId,
      status: 'open',
    });
    expect(back.status).toBe(200);
    // Opening polls at once (the clock still paused: the poll's timer is due now).
    await page.getByRole('button', { name: 'Open chat' }).click();
    await page.clock.runFor(1);
    await page.getByText('The assistant is back.').waitFor();
    // An open conversation is polled only every 5 s (an operator may take it over again),
    // counted from the end of that poll, when the clock stood still.
    const afterHandBack = await startedPolls();
    await page.clock.runFor(4_990);
    expect(await startedPolls()).toBe(afterHandBack);
    await page.clock.runFor(20);
    expect(await startedPolls()).toBe(afterHandBack + 1);
    await page.clock.resume();
    const answer = await ask('How do I embed the widget on my site?');
    expect(answer).not.toBe(HANDOFF_ACKNOWLEDGEMENT);
    expect(answer.length).toBeGreaterThan(0);
    await talk.waitFor();
  });
});
