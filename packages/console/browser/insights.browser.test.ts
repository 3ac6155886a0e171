import type { Page } from 'playwright-core';
import { beforeAll, describe, expect, it } from 'vitest';
import { axeViolations, signInWithKeyboard } from './console-harness.js';
import { useConsoleTestBed } from './console-test-bed.js';
import { createVisitorCalls, type VisitorAnswer } from './visitor-calls.js';

const bed = useConsoleTestBed();
let gap: VisitorAnswer;
let disliked: VisitorAnswer;

beforeAll(async () => {
  const calls = createVisitorCalls(bed.stack);
  // Today: three questions; one found nothing, one was voted down, one up.
  gap = await calls.ask('Do you sell purple elephants on Mars?');
  disliked = await calls.ask('How do I deploy the service?');
  await calls.vote(disliked, 'bad', 'Too short about Docker');
  await calls.vote(await calls.ask('How do I embed the widget on my site?'), 'good');
  // Earlier days: 5 questions 3 days ago and 2 a week ago (seeded in the database).
  await bed.stack.service.database.exec(`
    INSERT INTO conversations (organization_id, id, agent_id, visitor_id)
      VALUES ('demo-org', 'history', 'demo', 'visitor-history');
    INSERT INTO messages (id, organization_id, conversation_id, role, text, created_at)
      SELECT 'history-' || n, 'demo-org', 'history', 'user', 'Old question ' || n,
        date_trunc('day', now()) - CASE WHEN n <= 5 THEN 3 ELSE 7 END * interval '1 day'
          + n * interval '1 minute'
      FROM generate_series(1, 7) n;
  `);
});

async function signedIn(page: Page): Promise<void> {
  page.setDefaultTimeout(10_000);
  await page.goto(`${bed.stack.consoleUrl}#insights`);
  await signInWithKeyboard(page);
  await page.getByRole('heading', { name: 'Insights', level: 1 }).waitFor();
}

const day = (daysAgo: number) =>
  new Date(Date.now() - daysAgo * 86_400_000).toISOString().slice(0, 10);

describe('Insights page (Chromium)', () => {
  it('charts questions per day with a text alternative, shows vote rates and links the content gaps to their conversations', async () => {
    const context = await bed.browser.newContext();
    const page = await context.newPage();
    const errors: string[] = [];
    page.on('pageerror', (error) => errors.push(error.message));
    await signedIn(page);

    const chart = page.getByRole('img', { name: /^Questions per day:/ });
    await chart.waitFor();
    expect(await chart.getAttribute('aria-label')).toMatch(/10 questions over 30 days/);
    expect(await page.locator('svg .chart-bar').count()).toBe(30);
    const heights = await page
      .locator('svg .chart-bar')
      .evaluateAll((bars) => bars.map((bar) => Number(bar.getAttribute('height'))));
    // Today (last bar) 3, 3 days ago 5 (the tallest), a week ago 2; the rest empty.
    expect(heights.filter((height) => height > 0)).toHaveLength(3);
    expect(Math.max(...heights)).toBe(heights[26]);
    expect(heights[29]).toBeGreaterThan(heights[22] ?? 0);
    expect(await page.locator('svg text').allTextContents()).toContain('0');
    // The same numbers as a table.
    await page.getByText('Questions per day as a table').click();
    await expect
      .poll(() => page.getByRole('row', { name: new RegExp(`^${day(3)} 5$`) }).count())
      .toBe(1);
    await page.getByRole('row', { name: new RegExp(`^${day(0)} 3$`) }).waitFor();

    // Vote rates: one up, one down.
    const stat = (name: string) => page.locator('.stats .card').filter({ hasText: name });
    expect(await stat('Thumbs up').textContent()).toContain('50%');
    expect(await stat('Thumbs down').textContent()).toContain('1 of 2 votes');
    expect(await stat('Nothing retrieved').textContent()).toContain('1 of 3 answers');
    expect(await axeViolations(page)).toEqual([]);

    // The content gaps: newest first, each with why, and a link to its conversation.
    const gaps = page.getByRole('region', { name: 'Questions the agent could not answer' });
    const items = gaps.getByRole('listitem');
    await expect.poll(() => items.count()).toBe(2);
    expect(await items.nth(0).textContent()).toContain('How do I deploy the service?');
    expect(await items.nth(0).textContent()).toContain('Too short about Docker');
    expect(await items.nth(0).textContent()).toContain('Thumbs down');
    expect(await items.nth(1).textContent()).toContain('purple elephants');
    expect(await items.nth(1).textContent()).toContain('Nothing retrieved');
    // Keyboard: Tab to the link, Enter opens the transcript on the Conversations page.
    const link = gaps.getByRole('link', { name: /purple elephants/ });
    await link.focus();
    await page.keyboard.press('Enter');
    await page.getByRole('heading', { name: 'Conversations', level: 1 }).waitFor();
    expect(page.url()).toContain(`#conversations/${gap.id}`);
    await page
      .getByRole('region', { name: /Conversation/ })
      .getByText('Nothing retrieved')
      .waitFor();

    // Back to Insights: a range over 366 days is refused, and says so where it happened.
    await page.getByRole('link', { name: 'Insights' }).click();
    await page.getByRole('img', { name: /^Questions per day:/ }).waitFor();
    await page.getByLabel('From (UTC)').fill('2020-01-01');
    await page.getByRole('button', { name: 'Show' }).click();
    await expect
      .poll(() => page.getByRole('alert').textContent())
      .toContain('The insights could not be loaded: from and to must be at most 366 days apart');
    // The demo agent over the last 7 days: 3 today and 5 three days ago.
    await page.getByLabel('From (UTC)').fill(day(6));
    await page.getByLabel('Agent', { exact: true }).selectOption({ label: 'agent-chat assistant' });
    await page.getByRole('button', { name: 'Show' }).click();
    await expect
      .poll(() => page.getByRole('img', { name: /^Questions per day:/ }).getAttribute('aria-label'))
      .toMatch(/8 questions over 7 days/);
    expect(await page.getByRole('alert').count()).toBe(0);
    expect(errors).toEqual([]);
    await context.close();
  });

  it('fits 375 px in dark mode with no axe violations', async () => {
    const context = await bed.browser.newContext({
      viewport: { width: 375, height: 800 },
      colorScheme: 'dark',
    });
    const page = await context.newPage();
    await signedIn(page);
    await page.getByRole('img', { name: /^Questions per day:/ }).waitFor();
    await page.getByRole('region', { name: 'Questions the agent could not answer' }).waitFor();
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(
      375,
    );
    expect(await axeViolations(page)).toEqual([]);
    await context.close();
  });
});
