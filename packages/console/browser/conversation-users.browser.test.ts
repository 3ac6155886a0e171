import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { axeViolations, signInWithKeyboard } from './console-harness.js';
import { useConsoleTestBed } from './console-test-bed.js';
import { createVisitorCalls, type VisitorAnswer } from './visitor-calls.js';

const bed = useConsoleTestBed();

const items = (page: Page) => page.getByRole('list', { name: 'Conversations' }).getByRole('link');
const item = (page: Page, answer: VisitorAnswer) =>
  page.locator(`a[href="#conversations/${answer.id}"]`);

async function search(page: Page): Promise<void> {
  await page.getByRole('button', { name: 'Search', exact: true }).click();
}

describe('Conversations page: channels and signed-in users (Chromium)', () => {
  it('shows each conversation’s channel and user, the user’s attributes in the transcript, and filters by channel, user and attribute', async () => {
    const calls = createVisitorCalls(bed.stack);
    const anonymous = await calls.ask('How do I embed the widget on my site?');
    const adaVisitor = await calls.identify({
      userId: 'user-42',
      name: 'Ada Lovelace',
      email: 'ada@example.com',
      attributes: { plan: 'pro', company: 'Acme Ltd' },
    });
    const ada = await calls.ask('How do I change the widget colour?', adaVisitor);
    const bobVisitor = await calls.identify({
      userId: 'user-7',
      name: 'Bob',
      attributes: { plan: 'free' },
    });
    const bob = await calls.ask('Can the widget open by itself?', bobVisitor);
    // A thread the Slack integration answered (its conversations carry the channel `slack`).
    const slack = await calls.ask('Does it work in Slack?');
    await bed.stack.service.database.query(
      `UPDATE conversations SET channel = 'slack' WHERE id = $1`,
      [slack.id],
    );

    const page = await bed.browser.newPage();
    page.setDefaultTimeout(10_000);
    const errors: string[] = [];
    page.on('pageerror', (error) => errors.push(error.message));
    await page.goto(`${bed.stack.consoleUrl}#conversations`);
    await signInWithKeyboard(page);
    await page.getByRole('heading', { name: 'Conversations', level: 1 }).waitFor();
    await expect.poll(() => items(page).count()).toBe(4);

    // The list says where each happened and who signed in.
    const row = (answer: VisitorAnswer) =>
      page.getByRole('listitem').filter({ has: item(page, answer) });
    await expect.poll(() => row(ada).textContent()).toContain('Signed in: Ada Lovelace');
    expect(await row(ada).textContent()).toContain('Widget');
    expect(await row(slack).textContent()).toContain('Slack');
    expect(await row(anonymous).textContent()).not.toContain('Signed in');
    expect(await axeViolations(page)).toEqual([]);

    // Channel, one filter of the bar.
    await page.getByLabel('Channel').selectOption('slack');
    await search(page);
    await expect.poll(() => items(page).count()).toBe(1);
    await item(page, slack).waitFor();
    await page.getByLabel('Channel').selectOption('widget');
    await search(page);
    await expect.poll(() => items(page).count()).toBe(3);

    // An attribute, with the channel still set: only Ada's.
    await page.getByLabel('User attribute').fill('plan:pro');
    await search(page);
    await expect.poll(() => items(page).count()).toBe(1);
    await item(page, ada).waitFor();

    // Her transcript shows who she is, as the host site vouched.
    await item(page, ada).click();
    const transcript = page.getByRole('region', { name: /Conversation/ });
    const user = transcript.getByRole('region', { name: 'Signed-in user' });
    await user.waitFor();
    const facts = await user
      .locator('dl > div')
      .evaluateAll((rows) =>
        rows.map((entry) => [
          entry.querySelector('dt')?.textContent,
          entry.querySelector('dd')?.textContent,
        ]),
      );
    expect(facts).toEqual([
      ['Name', 'Ada Lovelace'],
      ['Email', 'ada@example.com'],
      ['User id', 'user-42'],
      ['plan', 'pro'],
      ['company', 'Acme Ltd'],
    ]);
    await transcript.getByText(/· Widget ·/).waitFor();
    expect(await axeViolations(page)).toEqual([]);

    // A user filter: part of a name, email or id. `plan:free` finds Bob; a malformed
    // attribute is stopped by the form, not sent.
    await page.getByRole('button', { name: 'Clear filters' }).click();
    await expect.poll(() => items(page).count()).toBe(4);
    await page.getByRole('searchbox', { name: 'Signed-in user' }).fill('bob');
    await search(page);
    await expect.poll(() => items(page).count()).toBe(1);
    await item(page, bob).waitFor();
    await page.getByRole('searchbox', { name: 'Signed-in user' }).fill('*');
    await search(page);
    await expect.poll(() => items(page).count()).toBe(2);
    await page.getByRole('searchbox', { name: 'Signed-in user' }).fill('');
    await page.getByLabel('User attribute').fill('plan:free');
    await search(page);
    await expect.poll(() => items(page).count()).toBe(1);
    await item(page, bob).waitFor();
    await page.getByLabel('User attribute').fill('free');
    await search(page);
    expect(
      await page
        .getByLabel('User attribute')
        .evaluate((input: HTMLInputElement) => input.validity.patternMismatch),
    ).toBe(true);
    expect(await items(page).count()).toBe(1);
    expect(errors).toEqual([]);
    await page.close();
  });
});
