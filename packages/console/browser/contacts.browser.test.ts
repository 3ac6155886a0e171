import { readFile } from 'node:fs/promises';
import type { Agent } from '@agent-chat/protocol';
import { describe, expect, it } from 'vitest';
import { axeViolations, MOUNT, signInWithKeyboard } from './console-harness.js';
import { useConsoleTestBed } from './console-test-bed.js';
import { type VisitorAnswer as Answer, createVisitorCalls } from './visitor-calls.js';

const bed = useConsoleTestBed();

const adminCall = <T>(method: string, path: string) =>
  createVisitorCalls(bed.stack).adminCall<T>(method, path);
const ask = (query: string) => createVisitorCalls(bed.stack).ask(query);

/** A visitor leaves a contact through the BFF's widget route, as the widget sends it. */
async function leaveContact(answer: Answer, email: string, name: string): Promise<void> {
  const response = await fetch(`${bed.stack.origin}${MOUNT}/api/agents/demo/contact`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({
      visitorId: answer.visitorId,
      conversationId: answer.conversationId,
      email,
      name,
    }),
  });
  expect(response.status).toBe(200);
}

describe('Contact capture in the console (Chromium)', () => {
  it('turns contact capture on in the agent form, then lists, searches, downloads and erases contacts', async () => {
    const context = await bed.browser.newContext({ acceptDownloads: true });
    const page = await context.newPage();
    page.setDefaultTimeout(10_000);
    const errors: string[] = [];
    page.on('pageerror', (error) => errors.push(error.message));
    await page.goto(`${bed.stack.consoleUrl}#agents`);
    await signInWithKeyboard(page);
    await page.getByRole('heading', { name: 'Agents', level: 1 }).waitFor();

    // The agent form: on, asked before the first question too, the name required, a sentence.
    await page.getByRole('button', { name: /^Edit agent-chat assistant/ }).click();
    const consent = page.getByLabel(/Consent sentence/);
    expect(await consent.isDisabled()).toBe(true);
    await page.getByLabel('Ask visitors for an email so a person can reply later').check();
    await page.getByLabel('Before the first question').check();
    await page.getByLabel('Name field').selectOption('required');
    await consent.fill('  We only use it to reply.  ');
    expect(await axeViolations(page)).toEqual([]);
    await page.getByRole('button', { name: 'Save changes' }).click();
    await page.getByRole('heading', { name: /^Edit/ }).waitFor({ state: 'detached' });
    const { body: agent } = await adminCall<Agent>('GET', '/api/agents/demo');
    expect(agent.contactCapture).toEqual({
      enabled: true,
      triggers: ['handoff', 'no_answer', 'first_question'],
      fields: { name: 'required', phone: 'off' },
      consentText: 'We only use it to reply.',
    });

    const ada = await ask('How do I embed the widget on my site?');
    await leaveContact(ada, 'ada@example.com', 'Ada');
    const grace = await ask('Do you sell purple elephants on Mars?');
    await leaveContact(grace, 'grace@example.com', 'Grace');

    await page.getByRole('link', { name: 'Contacts' }).click();
    await page.getByRole('heading', { name: 'Contacts', level: 1 }).waitFor();
    const rows = page.getByRole('table').getByRole('rowheader');
    await expect
      .poll(() => rows.allTextContents())
      .toEqual(['grace@example.com', 'ada@example.com']);
    expect(await axeViolations(page)).toEqual([]);

    await page.getByLabel('Email, name or phone').fill('ADA');
    await page.getByLabel('Email, name or phone').press('Enter');
    await expect.poll(() => rows.allTextContents()).toEqual(['ada@example.com']);

    const download = page.waitForEvent('download');
    await page.getByRole('button', { name: 'Download CSV' }).click();
    const file = await download;
    expect(file.suggestedFilename()).toBe('contacts.csv');
    const lines = (await readFile(await file.path(), 'utf8')).trim().split('\r\n');
    expect(lines).toHaveLength(2);
    expect(lines[1]).toContain(',ada@example.com,Ada,,We only use it to reply.,');

    // Erasure: cancelled first, then confirmed; the conversation goes with the contact.
    await page.getByRole('button', { name: 'Erase ada@example.com' }).click();
    const dialog = page.getByRole('dialog', { name: 'Erase ada@example.com?' });
    await dialog.getByRole('button', { name: 'Cancel' }).click();
    await dialog.waitFor({ state: 'detached' });
    expect(await rows.allTextContents()).toEqual(['ada@example.com']);
    await page.getByRole('button', { name: 'Erase ada@example.com' }).click();
    await dialog.getByRole('button', { name: 'Erase contact and conversations' }).click();
    await page
      .getByRole('status')
      .filter({ hasText: 'ada@example.com was erased, with 1 conversation.' })
      .waitFor();
    await expect.poll(() => rows.count()).toBe(0);
    expect((await adminCall('GET', `/api/conversations/${ada.id}`)).status).toBe(404);
    expect((await adminCall('GET', `/api/conversations/${grace.id}`)).status).toBe(200);
    expect(errors).toEqual([]);
    await context.close();
  });
});
