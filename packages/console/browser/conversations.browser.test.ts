import { readFile } from 'node:fs/promises';
import type { ConversationDetail, ConversationListResponse } from '@agent-chat/protocol';
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { axeViolations, MOUNT, signInWithKeyboard } from './console-harness.js';
import { useConsoleTestBed } from './console-test-bed.js';
import { type VisitorAnswer as Answer, createVisitorCalls } from './visitor-calls.js';

const bed = useConsoleTestBed();

const adminCall = <T>(method: string, path: string) =>
  createVisitorCalls(bed.stack).adminCall<T>(method, path);
const ask = (query: string) => createVisitorCalls(bed.stack).ask(query);
const vote = (answer: Answer, value: 'good' | 'bad', comment?: string) =>
  createVisitorCalls(bed.stack).vote(answer, value, comment);

/** The conversations the service holds (ids), read with the admin token. */
async function conversationIds(): Promise<string[]> {
  const { body } = await adminCall<ConversationListResponse>('GET', '/api/conversations?limit=100');
  return body.conversations.map((conversation) => conversation.id);
}

async function signedIn(page: Page, fragment = '#conversations'): Promise<void> {
  page.setDefaultTimeout(10_000);
  await page.goto(`${bed.stack.consoleUrl}${fragment}`);
  await signInWithKeyboard(page);
  await page.getByRole('heading', { name: 'Conversations', level: 1 }).waitFor();
}

const items = (page: Page) => page.getByRole('list', { name: 'Conversations' }).getByRole('link');
const item = (page: Page, answer: Answer) => page.locator(`a[href="#conversations/${answer.id}"]`);

describe('Conversations page (Chromium)', () => {
  it('searches, filters, reads a transcript, replies once as a person, hands back, resolves and reopens, exports and erases', async () => {
    const helpful = await ask('How do I embed the widget on my site?');
    await vote(helpful, 'good');
    const gap = await ask('Do you sell purple elephants on Mars?');
    await vote(gap, 'bad', 'It did not know about elephants');

    const context = await bed.browser.newContext({ acceptDownloads: true });
    const page = await context.newPage();
    const errors: string[] = [];
    page.on('pageerror', (error) => errors.push(error.message));
    await signedIn(page);
    await expect.poll(() => items(page).count()).toBe(2);
    expect(await axeViolations(page)).toEqual([]);

    // Full-text search, then the feedback filter, then both cleared.
    await page.getByLabel('Search messages').fill('elephants');
    await page.getByLabel('Search messages').press('Enter');
    await expect.poll(() => items(page).count()).toBe(1);
    await item(page, gap).waitFor();
    await page.getByRole('button', { name: 'Clear filters' }).click();
    await expect.poll(() => items(page).count()).toBe(2);
    await page.getByLabel('Feedback').selectOption('bad');
    await page.getByRole('button', { name: 'Search', exact: true }).click();
    await expect.poll(() => items(page).count()).toBe(1);
    await page.getByLabel('Feedback').selectOption('');
    await page.getByLabel('Agent').selectOption({ label: 'agent-chat assistant' });
    const today = new Date().toISOString().slice(0, 10);
    await page.getByLabel('Active from (UTC)').fill(today);
    await page.getByLabel('Active until (UTC)').fill(today);
    await page.getByRole('button', { name: 'Search', exact: true }).click();
    await expect.poll(() => items(page).count()).toBe(2);
    await page.getByLabel('Active until (UTC)').fill('2001-01-01');
    await page.getByLabel('Active from (UTC)').fill('2000-01-01');
    await page.getByRole('button', { name: 'Search', exact: true }).click();
    await page.getByText('No conversations match.').waitFor();
    await page.getByRole('button', { name: 'Clear filters' }).click();
    await expect.poll(() => items(page).count()).toBe(2);

    // The content gap's transcript: nothing retrieved, thumbs down with the comment.
    await item(page, gap).click();
    const transcript = page.getByRole('region', { name: /Conversation/ });
    await transcript.getByText('Nothing retrieved').waitFor();
    await transcript.getByText('Thumbs down: not helpful').waitFor();
    await transcript.getByText('It did not know about elephants').waitFor();
    expect(page.url()).toContain(`#conversations/${gap.id}`);
    expect(await axeViolations(page)).toEqual([]);

    // The helpful one: its sources, and the thumbs up. Opened with the keyboard.
    await item(page, helpful).focus();
    await page.keyboard.press('Enter');
    await transcript.getByText('Thumbs up: helpful').waitFor();
    await transcript.getByText(/\d+ sources?/).click();
    await expect.poll(() => transcript.locator('.sources li').count()).toBeGreaterThan(0);

    // The demo agent does not offer a person, so its widget does not poll: the form says so.
    await transcript
      .getByText(
        '“agent-chat assistant” does not let visitors ask for a person, so its widget does not look for replies',
      )
      .waitFor();
    // Reply as a person, submitting twice in a row: one operator message, status handoff.
    await page.getByLabel('Reply as a person').fill('Hello, a person here: see the embed guide.');
    await page.getByRole('button', { name: 'Send reply' }).evaluate((button: HTMLButtonElement) => {
      button.click();
      button.click();
    });
    await transcript.getByText('Hello, a person here').waitFor();
    await transcript.getByText('Handoff', { exact: true }).waitFor();
    const replied = await adminCall<ConversationDetail>('GET', `/api/conversations/${helpful.id}`);
    expect(replied.body.messages.filter((message) => message.role === 'operator')).toHaveLength(1);
    expect(replied.body.status).toBe('handoff');
    expect(await page.getByLabel('Reply as a person').inputValue()).toBe('');
    // The visitor's widget polls the public route and gets the reply.
    const polled = await fetch(`${bed.stack.origin}${MOUNT}/api/agents/demo/messages`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({
        visitorId: helpful.visitorId,
        conversationId: helpful.conversationId,
      }),
    });
    const visitorView = (await polled.json()) as { messages: { role: string; text: string }[] };
    expect(visitorView.messages.at(-1)).toMatchObject({
      role: 'operator',
      text: 'Hello, a person here: see the embed guide.',
    });

    // The handoff filter finds it; handing back gives it to the AI again.
    await page.getByLabel('Status').selectOption('handoff');
    await page.getByRole('button', { name: 'Search', exact: true }).click();
    await expect.poll(() => items(page).count()).toBe(1);
    await page.getByRole('button', { name: 'Hand back to the AI' }).click();
    await transcript.getByText('AI answers', { exact: true }).waitFor();
    await expect
      .poll(
        async () =>
          (await adminCall<ConversationDetail>('GET', `/api/conversations/${helpful.id}`)).body
            .status,
      )
      .toBe('open');

    // Marked resolved: the status filter finds it; reopened, the AI answers it again.
    const statusOf = async () =>
      (await adminCall<ConversationDetail>('GET', `/api/conversations/${helpful.id}`)).body.status;
    await page.getByRole('button', { name: 'Mark resolved' }).click();
    await transcript.getByText('Resolved', { exact: true }).waitFor();
    await expect.poll(statusOf).toBe('resolved');
    expect(await page.getByRole('button', { name: 'Mark resolved' }).count()).toBe(0);
    await page.getByLabel('Status').selectOption('resolved');
    await page.getByRole('button', { name: 'Search', exact: true }).click();
    await expect.poll(() => items(page).count()).toBe(1);
    await item(page, helpful).waitFor();
    await page.getByRole('button', { name: 'Reopen' }).click();
    await transcript.getByText('AI answers', { exact: true }).waitFor();
    await expect.poll(statusOf).toBe('open');
    await page.getByRole('button', { name: 'Clear filters' }).click();
    await expect.poll(() => items(page).count()).toBe(2);

    // Export: downloads through the BFF, with what the service holds.
    const jsonl = page.waitForEvent('download');
    await page.getByRole('button', { name: 'Export JSONL' }).click();
    const jsonlFile = await jsonl;
    expect(jsonlFile.suggestedFilename()).toBe('conversations.jsonl');
    const lines = (await readFile(await jsonlFile.path(), 'utf8')).trim().split('\n');
    expect(lines.map((line) => (JSON.parse(line) as { id: string }).id).sort()).toEqual(
      [helpful.id, gap.id].sort(),
    );
    const csv = page.waitForEvent('download');
    await page.getByRole('button', { name: 'Export CSV' }).click();
    const csvText = await readFile(await (await csv).path(), 'utf8');
    expect(csvText).toContain('Hello, a person here');
    await page.getByRole('link', { name: /conversations\.csv \(\d/ }).waitFor();

    // A reply to a conversation erased meanwhile says why, where it was typed.
    const erased = await adminCall('DELETE', `/api/conversations/${helpful.id}`);
    expect(erased.status).toBe(200);
    await page.getByLabel('Reply as a person').fill('Anyone there?');
    await page.getByLabel('Reply as a person').press('Control+Enter');
    await expect
      .poll(() => transcript.getByRole('alert').textContent())
      .toContain('The reply was not sent');

    // Erase: Escape cancels; Cancel is focused; the confirmation erases.
    await item(page, gap).click();
    await transcript.getByText('Nothing retrieved').waitFor();
    await page.getByRole('button', { name: 'Delete conversation' }).click();
    const dialog = page.getByRole('dialog', { name: 'Delete this conversation?' });
    await dialog.waitFor();
    expect(await page.evaluate(() => document.activeElement?.textContent)).toBe('Cancel');
    expect(await axeViolations(page)).toEqual([]);
    await page.keyboard.press('Escape');
    await dialog.waitFor({ state: 'detached' });
    expect(await conversationIds()).toContain(gap.id);
    await page.getByRole('button', { name: 'Delete conversation' }).click();
    await dialog.getByRole('button', { name: 'Delete conversation' }).click();
    await dialog.waitFor({ state: 'detached' });
    await expect.poll(() => items(page).count()).toBe(0);
    expect(await conversationIds()).not.toContain(gap.id);
    expect((await adminCall('GET', `/api/conversations/${gap.id}`)).status).toBe(404);
    expect(page.url()).toMatch(/#conversations$/);
    expect(errors).toEqual([]);
    await context.close();
  });

  it('pages through 10,000 conversations by cursor, at 375 px in dark mode', async () => {
    // Seeded straight into the database: 10,000 conversations of two messages each.
    await bed.stack.service.database.exec(`
      DELETE FROM conversations;
      INSERT INTO conversations (organization_id, id, agent_id, visitor_id, updated_at)
        SELECT 'demo-org', 'bulk-' || lpad(n::text, 5, '0'), 'demo', 'visitor-' || n,
          now() - n * interval '1 minute'
        FROM generate_series(1, 10000) n;
      INSERT INTO messages (id, organization_id, conversation_id, role, text)
        SELECT 'bulk-m-' || n || '-' || r, 'demo-org', 'bulk-' || lpad(n::text, 5, '0'),
          CASE r WHEN 1 THEN 'user' ELSE 'assistant' END,
          CASE r WHEN 1 THEN 'Question number ' || n ELSE 'Answer number ' || n END
        FROM generate_series(1, 10000) n, generate_series(1, 2) r;
    `);
    const context = await bed.browser.newContext({
      viewport: { width: 375, height: 800 },
      colorScheme: 'dark',
    });
    const page = await context.newPage();
    await signedIn(page);
    await expect.poll(() => items(page).count()).toBe(20);
    await expect.poll(() => items(page).first().textContent()).toContain('Answer number 1');
    await page.getByRole('button', { name: 'Older' }).click();
    await page.getByText('Page 2', { exact: true }).waitFor();
    await expect.poll(() => items(page).first().textContent()).toContain('Answer number 21');
    await page.getByRole('button', { name: 'Newer' }).click();
    await page.getByText('Page 1', { exact: true }).waitFor();
    await page.getByLabel('Search messages').fill('"Question number 9876"');
    await page.getByLabel('Search messages').press('Enter');
    await expect.poll(() => items(page).count()).toBe(1);
    await items(page).first().click();
    await page
      .getByRole('region', { name: /Conversation/ })
      .getByText('Answer number 9876')
      .waitFor();
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(
      375,
    );
    expect(await axeViolations(page)).toEqual([]);
    await context.close();
  });
});
