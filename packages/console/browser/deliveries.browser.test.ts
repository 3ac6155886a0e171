import { type SmtpTestServer, startSmtpTestServer } from '@agent-chat/agent-service/testing';
import { describe, expect, it } from 'vitest';
import { afterAll, beforeAll } from '../../../testing/set-up-hooks.js';
import { axeViolations, signInWithKeyboard } from './console-harness.js';
import { useConsoleTestBed } from './console-test-bed.js';
import { createVisitorCalls } from './visitor-calls.js';

let smtp: SmtpTestServer;
beforeAll(async () => {
  smtp = await startSmtpTestServer();
});
afterAll(async () => {
  await smtp?.close();
});

const bed = useConsoleTestBed(() => ({
  smtpUrl: smtp.url,
  notifyEmail: 'ops@example.com',
  // A receiver on loopback without ALLOW_PRIVATE_URLS: every event fails, for good.
  webhook: { url: 'http://127.0.0.1:9/hooks', secret: 'a-webhook-secret-of-32-characters' },
  // Every visitor of the demo agent left this contact.
  findContact: async (agentId, visitorId) =>
    agentId === 'demo'
      ? {
          id: 'contact-1',
          agentId,
          visitorId,
          conversationId: null,
          email: 'visitor@example.org',
          name: null,
          phone: null,
          consentText: null,
          createdAt: new Date().toISOString(),
          updatedAt: new Date().toISOString(),
        }
      : null,
  outbox: { pollMs: 50 },
}));

describe('mail and the delivery log in the console (Chromium)', () => {
  it("says an operator's reply was emailed, and lists deliveries with failing ones visible", async () => {
    const calls = createVisitorCalls(bed.stack);
    const answer = await calls.ask('How do I embed the widget on my site?');
    const context = await bed.browser.newContext();
    const page = await context.newPage();
    page.setDefaultTimeout(10_000);
    const errors: string[] = [];
    page.on('pageerror', (error) => errors.push(error.message));
    await page.goto(`${bed.stack.consoleUrl}#conversations/${answer.id}`);
    await signInWithKeyboard(page);

    await page.getByLabel('Reply as a person').fill('One script tag; see the embed panel.');
    await page.getByRole('button', { name: 'Send reply' }).click();
    await expect
      .poll(() => page.getByRole('status').filter({ hasText: 'Reply sent' }).textContent())
      .toBe('Reply sent, and emailed to visitor@example.org (the contact the visitor left).');
    await expect.poll(() => smtp.mails.length).toBe(1);
    expect(smtp.mails[0]?.envelope.to).toEqual(['visitor@example.org']);
    expect(smtp.mails[0]?.text).toContain('One script tag; see the embed panel.');

    await page.getByRole('link', { name: 'Deliveries' }).click();
    await page.getByRole('heading', { name: 'Deliveries', level: 1 }).waitFor();
    const rows = page.locator('table.deliveries tbody tr');
    await expect.poll(() => rows.filter({ hasText: 'Mail: reply to visitor' }).count()).toBe(1);
    await page.getByLabel('Status').selectOption('failed');
    await expect
      .poll(async () => (await rows.allTextContents()).every((text) => text.includes('Failed')))
      .toBe(true);
    expect(await rows.count()).toBeGreaterThan(0);
    expect(await rows.first().textContent()).toMatch(
      /Event: datasource\.synched.*loopback address/,
    );
    expect(await axeViolations(page)).toEqual([]);
    expect(errors).toEqual([]);
    await context.close();
  });
});
