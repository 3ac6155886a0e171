import type { Browser, Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { afterAll, beforeAll } from '../../../testing/set-up-hooks.js';
import { launchChromium, pageHtml, type Stack, startStack } from './browser-harness.js';

/** A long answer (many block groups) citing its sources, streamed in small pieces. */
const paragraphs = Array.from({ length: 90 }, (_, index) =>
  index % 10 === 0
    ? `## Step ${index / 10 + 1} [1]`
    : `Paragraph ${index} says <b>bold</b> things [${(index % 3) + 1}], see \`[1]\`.`,
);
const answer = paragraphs.join('\n\n');
const fragments = answer.match(/[\s\S]{1,40}/g) ?? [];

let stack: Stack;
let browser: Browser;
let page: Page;

beforeAll(async () => {
  browser = await launchChromium();
  stack = await startStack([
    ...fragments.map((text) => ({ type: 'answer' as const, text })),
    {
      type: 'endpoint_response',
      json: JSON.stringify({
        conversationId: 'cited-conversation',
        visitorId: 'cited-visitor',
        sources: [
          {
            chunk_id: 'a',
            datasource_id: 'a',
            datasource_name: 'Install guide',
            datasource_type: 'web_page',
            source_url: 'https://docs.example/guide#install',
            mime_type: 'text/html',
            score: 1,
          },
          {
            chunk_id: 'b',
            datasource_id: 'b',
            datasource_name: 'Hostile',
            datasource_type: 'web_page',
            source_url: "javascript:window.pwned='citation'",
            mime_type: 'text/html',
            score: 0.9,
          },
          {
            chunk_id: 'c',
            datasource_id: 'c',
            datasource_name: 'Manual',
            datasource_type: 'file',
            source_url: 'https://files.example/manual.pdf',
            mime_type: 'application/pdf',
            page_number: 7,
            score: 0.8,
          },
        ],
      }),
    },
    { type: 'done' },
  ]);
  stack.page(
    '/cited',
    pageHtml({ scriptSrc: '/widget.js', data: { 'agent-id': 'demo', endpoint: '/hostile' } }),
  );
});

afterAll(async () => {
  await browser?.close();
  await stack?.close();
});

describe('a long cited answer in Chromium', () => {
  it('links citations to their sources, stays at the bottom, and shows every group when scrolled', async () => {
    const context = await browser.newContext({ viewport: { width: 1100, height: 800 } });
    page = await context.newPage();
    await page.goto(`${stack.origin}/cited`);
    await page.getByRole('button', { name: 'Open chat' }).click();
    const input = page.getByRole('textbox', { name: 'Your message' });
    await input.fill('How do I install it?');
    await input.press('Enter');
    const log = page.locator('.log');
    await expect.poll(() => page.locator('a.citation').count()).toBeGreaterThan(0);

    const facts = await page.evaluate(() => {
      const root = document.querySelector('agent-chat')!.shadowRoot!;
      const bubble = root.querySelector('.message.assistant:not(.welcome) .bubble')!;
      const links = [...bubble.querySelectorAll('a')];
      return {
        citations: links.map((link) => ({
          text: link.textContent,
          href: link.getAttribute('href'),
          title: link.getAttribute('title'),
          label: link.getAttribute('aria-label'),
          className: link.className,
        })),
        raw: bubble.querySelectorAll('b, img, script').length,
        groups: bubble.querySelectorAll('.markdown > .blocks').length,
        text: bubble.textContent ?? '',
      };
    });
    const kinds = new Set(facts.citations.map((link) => JSON.stringify(link)));
    expect([...kinds].map((kind) => JSON.parse(kind))).toEqual([
      {
        text: '[1]',
        href: 'https://docs.example/guide#install',
        title: 'Install guide',
        label: 'Source 1: Install guide',
        className: 'citation',
      },
      {
        text: '[3]',
        href: 'https://files.example/manual.pdf#page=7',
        title: 'Manual',
        label: 'Source 3: Manual',
        className: 'citation',
      },
    ]);
    // 9 headings and 27 paragraphs cite [1], 27 cite [3]; [2] (a javascript: URL) stays text.
    expect(facts.citations).toHaveLength(9 + 27 + 27);
    expect(facts.text).toContain('says <b>bold</b> things [2], see [1].');
    expect(facts.raw).toBe(0);
    expect(facts.groups).toBeGreaterThan(2);
    expect(await page.getByRole('link', { name: 'Source 1: Install guide' }).count()).toBe(36);

    // Off-screen groups skip rendering, yet the transcript ends at the bottom and every
    // group shows when scrolled to.
    const distanceToBottom = () =>
      log.evaluate((element) => element.scrollHeight - element.scrollTop - element.clientHeight);
    await expect.poll(distanceToBottom).toBeLessThan(2);
    const lastParagraph = page.locator('.blocks > p').last();
    expect(await lastParagraph.textContent()).toContain('Paragraph 89');
    await expect.poll(() => lastParagraph.isVisible()).toBe(true);
    await log.evaluate((element) => {
      element.scrollTop = 0;
    });
    const firstHeading = page.locator('.blocks > h4').first();
    expect(await firstHeading.textContent()).toBe('Step 1 [1]');
    await expect
      .poll(async () => (await firstHeading.boundingBox())?.height ?? 0)
      .toBeGreaterThan(10);
    expect(await page.evaluate(() => window.pwned)).toBeUndefined();
    await context.close();
  });
});

declare global {
  interface Window {
    pwned?: string;
  }
}
