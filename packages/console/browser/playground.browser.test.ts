import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { ADMIN_TOKEN, axeViolations, MOUNT, signInWithKeyboard } from './console-harness.js';
import { useConsoleTestBed } from './console-test-bed.js';

const bed = useConsoleTestBed();

async function openPlayground(page: Page): Promise<void> {
  page.setDefaultTimeout(15_000);
  await page.goto(`${bed.stack.consoleUrl}#playground`);
  await signInWithKeyboard(page);
  await page.getByRole('heading', { name: 'Playground', level: 1 }).waitFor();
}

/** The facts list (`<dl>`) of the answer, as { term: description }. */
async function facts(page: Page): Promise<Record<string, string>> {
  return page.evaluate(() => {
    const result: Record<string, string> = {};
    for (const term of document.querySelectorAll('.facts dt')) {
      result[term.textContent ?? ''] = term.nextElementSibling?.textContent ?? '';
    }
    return result;
  });
}

describe('Playground page (Chromium)', () => {
  it('asks the demo agent with the keyboard: answer, sources with scores, timings and the service record', async () => {
    const context = await bed.browser.newContext();
    const page = await context.newPage();
    const errors: string[] = [];
    page.on('pageerror', (error) => errors.push(error.message));
    await openPlayground(page);
    await expect.poll(() => page.getByLabel('Agent', { exact: true }).inputValue()).toBe('demo');
    expect(await axeViolations(page)).toEqual([]);

    await page.getByLabel('Question').fill('How do I embed the widget?');
    // Two Ctrl+Enter in a row ask once. Dispatched in one task, so the second arrives
    // while the first is asking however fast the answer comes (two separate key presses
    // raced it: a quick answer made the second a new, legitimate question).
    await page.getByLabel('Question').evaluate((question) => {
      for (let press = 0; press < 2; press += 1) {
        question.dispatchEvent(
          new KeyboardEvent('keydown', { key: 'Enter', ctrlKey: true, bubbles: true }),
        );
      }
    });
    const answer = page.locator('.answer');
    await page.getByRole('list').filter({ hasText: 'score' }).waitFor();
    const text = (await answer.textContent()) ?? '';
    expect(text.length).toBeGreaterThan(20);
    expect(text).toMatch(/script|widget/i);
    // The answer is text, never markup.
    expect(await answer.evaluate((element) => element.children.length)).toBe(0);

    const sources = page.locator('.sources li');
    expect(await sources.count()).toBeGreaterThan(0);
    const first = (await sources.first().textContent()) ?? '';
    expect(first).toMatch(/score \d\.\d{3}/);
    expect(first).toContain('embedding');

    await expect.poll(async () => (await facts(page)).Answerer).toBe('extractive');
    const shown = await facts(page);
    for (const name of [
      'Time to first byte',
      'First answer text',
      'Whole answer',
      'Service latency',
    ]) {
      expect(shown[name], name).toMatch(/^\d+(\.\d+)? (ms|s)$/);
    }
    expect(shown['Retrieval found']).toBe('yes');
    expect(shown['Top retrieval scores']).toMatch(/^\d\.\d{3}/);
    expect(await axeViolations(page)).toEqual([]);

    // One question was asked (one conversation recorded), not two.
    const listed = await fetch(`${bed.stack.origin}${MOUNT}/api/conversations?agentId=demo`, {
      headers: { authorization: `Bearer ${ADMIN_TOKEN}` },
    });
    const { conversations } = (await listed.json()) as {
      conversations: { lastMessage: { text: string } | null; messageCount: number }[];
    };
    expect(conversations).toHaveLength(1);
    expect(conversations[0]?.messageCount).toBe(2);
    expect(errors).toEqual([]);
    await context.close();
  });

  it('says where it failed when the agent cannot answer, and fits 375 px in dark mode', async () => {
    const context = await bed.browser.newContext({
      viewport: { width: 375, height: 800 },
      colorScheme: 'dark',
    });
    const page = await context.newPage();
    await openPlayground(page);
    await expect.poll(() => page.getByLabel('Agent', { exact: true }).inputValue()).toBe('demo');
    // The agent is deleted meanwhile: the question gets the API's 404, shown under the form.
    const created = await fetch(`${bed.stack.origin}${MOUNT}/api/agents`, {
      method: 'POST',
      headers: { authorization: `Bearer ${ADMIN_TOKEN}`, 'content-type': 'application/json' },
      body: JSON.stringify({ name: 'Ephemeral' }),
    });
    const { id } = (await created.json()) as { id: string };
    await page.reload();
    await page.getByRole('option', { name: /Ephemeral/ }).waitFor({ state: 'attached' });
    await page.getByLabel('Agent', { exact: true }).selectOption(id);
    await fetch(`${bed.stack.origin}${MOUNT}/api/agents/${id}`, {
      method: 'DELETE',
      headers: { authorization: `Bearer ${ADMIN_TOKEN}` },
    });
    await page.getByLabel('Question').fill('Anyone there?');
    await page.getByRole('button', { name: 'Ask' }).click();
    await expect
      .poll(() => page.getByRole('alert').textContent())
      .toMatch(/The agent did not answer: .*not found/i);
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(
      375,
    );
    expect(await axeViolations(page)).toEqual([]);
    await context.close();
  });
});
