import {
  type ReceivedMail,
  type SmtpTestServer,
  startSmtpTestServer,
  startWebhookReceiver,
  type WebhookReceiver,
} from '@agent-chat/agent-service/testing';
import type { ContactListResponse } from '@agent-chat/protocol';
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { afterAll, beforeAll } from '../../../testing/set-up-hooks.js';
import { ADMIN_TOKEN, MOUNT, signInWithKeyboard } from './console-harness.js';
import { useConsoleTestBed } from './console-test-bed.js';

declare global {
  interface Window {
    __answers: string[];
  }
}

const SECRET = 'an-e2e-webhook-secret-of-32-chars';
const OPERATOR = 'ops@acme.example';
const VISITOR = 'sam@visitor.example';
const QUESTION = 'How do I embed the widget on my shop?';
const REPLY = 'Hi Sam, Ana from Acme: paste the one script tag before </body>, that is all.';

let smtp: SmtpTestServer;
let receiver: WebhookReceiver;
beforeAll(async () => {
  [smtp, receiver] = await Promise.all([startSmtpTestServer(), startWebhookReceiver(SECRET)]);
});
afterAll(async () => {
  await smtp?.close();
  await receiver?.close();
});

// The service as `agent-chat-service serve` runs it with SMTP_URL, NOTIFY_EMAIL,
// PUBLIC_CONSOLE_URL, WEBHOOK_URL and WEBHOOK_SECRET set (and ALLOW_PRIVATE_URLS for a
// receiver on loopback); a short poll and a short first backoff, so a delivery retried
// under load (its first attempt timed out) lands within the test's polls, not 30 s later.
const bed = useConsoleTestBed((consoleUrl) => ({
  smtpUrl: smtp.url,
  notifyEmail: OPERATOR,
  publicConsoleUrl: consoleUrl,
  webhook: { url: receiver.url, secret: SECRET },
  allowPrivateUrls: true,
  outbox: { pollMs: 50, baseDelayMs: 250 },
}));

/** A site's page with the real widget of the demo agent, loaded from the same BFF. */
const VISITOR_PAGE = `<!doctype html>
<html lang="en">
<head><meta charset="utf-8"><title>Acme Shop — help</title></head>
<body>
<main><h1>Acme Shop</h1><p>Questions? Ask us below.</p></main>
<script src="${MOUNT}/widget.js" data-agent-id="demo" data-endpoint="${MOUNT}" defer></script>
</body>
</html>`;

/** The mail to `to` whose subject starts with `subject`, once the SMTP server has it. */
async function mailTo(to: string, subject: string): Promise<ReceivedMail> {
  const find = () =>
    smtp.mails.find(
      (mail) => mail.envelope.to.includes(to) && mail.headers.get('subject')?.startsWith(subject),
    );
  await expect.poll(() => find() !== undefined, { timeout: 20_000 }).toBe(true);
  return find() as ReceivedMail;
}

/** The element focused inside the widget's shadow root, as `tag#id`. */
const focused = (page: Page): Promise<string> =>
  page.evaluate(() => {
    const active = document.querySelector('agent-chat')?.shadowRoot?.activeElement;
    if (!active) return '';
    return `${active.localName}${active.id ? `#${active.id.replace(/^agent-chat-\d+-/, '')}` : ''}`;
  });

describe('a visitor leaves an email for a person, and gets the reply by mail (Chromium, end to end)', () => {
  it('mails the operator with a console link, mails the reply, signs both webhooks, and erases it all', async () => {
    const admin = async (method: string, path: string, body?: unknown) => {
      const response = await fetch(`${bed.stack.origin}${MOUNT}${path}`, {
        method,
        headers: {
          authorization: `Bearer ${ADMIN_TOKEN}`,
          ...(body === undefined ? {} : { 'content-type': 'application/json' }),
        },
        ...(body === undefined ? {} : { body: JSON.stringify(body) }),
      });
      return { status: response.status, body: (await response.json()) as unknown };
    };
    // The agent offers a person, and the form when a person is asked for.
    const patched = await admin('PATCH', '/api/agents/demo', {
      handoffEnabled: true,
      contactCapture: {
        enabled: true,
        triggers: ['handoff'],
        fields: { name: 'off', phone: 'off' },
        consentText: 'Acme keeps your email to answer you, then erases it.',
      },
    });
    expect(patched.status).toBe(200);
    bed.stack.page('/help', VISITOR_PAGE);

    const visitorContext = await bed.browser.newContext();
    const operatorContext = await bed.browser.newContext();
    await visitorContext.addInitScript(() => {
      window.__answers = [];
      document.addEventListener('agent-chat:answer', (event) => {
        window.__answers.push((event as CustomEvent<{ text: string }>).detail.text);
      });
    });
    const visitor = await visitorContext.newPage();
    const operator = await operatorContext.newPage();
    const errors: string[] = [];
    for (const page of [visitor, operator]) {
      page.setDefaultTimeout(30_000);
      page.on('pageerror', (error) => errors.push(error.message));
    }

    // 1. The visitor asks, asks for a person (no operator has the console open), and
    // leaves an email in the inline form with the keyboard alone.
    await visitor.goto(`${bed.stack.origin}/help`);
    await visitor.getByRole('button', { name: 'Open chat' }).click();
    const input = visitor.getByRole('textbox', { name: 'Your message' });
    await input.fill(QUESTION);
    await input.press('Enter');
    await visitor.waitForFunction(() => window.__answers.length > 0, undefined, {
      timeout: 30_000,
    });
    const talk = visitor.getByRole('button', { name: 'Talk to a person' });
    await talk.focus();
    await visitor.keyboard.press('Enter');
    const form = visitor.getByRole('form', { name: 'Leave your email and a person will reply.' });
    await form.waitFor();
    expect(await visitor.getByText('Acme keeps your email to answer you').count()).toBe(1);
    // The form takes the focus, on its email field, when the visitor asked for a person.
    await expect.poll(() => focused(visitor)).toBe('input#contact-email');
    await visitor.keyboard.type(VISITOR);
    await visitor.keyboard.press('Enter');
    await visitor.getByText(`We'll reply to you at ${VISITOR}.`).waitFor();

    const listed = await admin('GET', '/api/contacts');
    const [contact] = (listed.body as ContactListResponse).contacts;
    expect(contact).toMatchObject({ agentId: 'demo', email: VISITOR });
    const conversationId = contact?.conversationId as string;
    expect(conversationId).toBeTruthy();
    const link = `${bed.stack.consoleUrl}#conversations/${encodeURIComponent(conversationId)}`;

    // 2. The operator gets the mails, with the question and a link into the console.
    const handoffMail = await mailTo(OPERATOR, 'A visitor asks for a person (');
    expect(handoffMail.text).toContain(`Question: ${QUESTION}`);
    expect(handoffMail.text).toContain(`Open the conversation: ${link}`);
    const contactMail = await mailTo(OPERATOR, `New contact: ${VISITOR} (`);
    expect(contactMail.headers.get('reply-to')).toContain(VISITOR);
    expect(contactMail.text).toContain(`Email: ${VISITOR}`);
    expect(contactMail.text).toContain(`Question: ${QUESTION}`);
    expect(contactMail.text).toContain(`Open the conversation: ${link}`);

    // … follows the mail's link, signs in and replies as a person.
    const mailedLink = /Open the conversation: (\S+)/.exec(handoffMail.text)?.[1] as string;
    await operator.goto(mailedLink);
    await signInWithKeyboard(operator);
    const transcript = operator.getByRole('region', { name: /Conversation/ });
    await transcript.getByText(QUESTION).waitFor();
    await operator.getByLabel('Reply as a person').fill(REPLY);
    await operator.getByRole('button', { name: 'Send reply' }).click();
    await expect
      .poll(() => operator.getByRole('status').filter({ hasText: 'Reply sent' }).textContent())
      .toBe(`Reply sent, and emailed to ${VISITOR} (the contact the visitor left).`);

    // 3. The visitor gets the reply by mail (and in the open widget).
    const replyMail = await mailTo(VISITOR, 'A reply to your question (');
    expect(replyMail.text).toContain(REPLY);
    expect(replyMail.text).toContain(`You asked:\n> ${QUESTION}`);
    expect(replyMail.headers.get('reply-to')).toContain(OPERATOR);
    await visitor.getByText(REPLY).waitFor();

    // 4. The receiver verified both events' signatures (HMAC-SHA256 of `<timestamp>.<body>`).
    const event = (type: string) => receiver.received.filter((hook) => hook.event.type === type);
    await expect.poll(() => event('contact.captured').length, { timeout: 20_000 }).toBe(1);
    await expect.poll(() => event('handoff.requested').length, { timeout: 20_000 }).toBe(1);
    for (const hook of [...event('handoff.requested'), ...event('contact.captured')]) {
      expect(hook.verified).toBe(true);
      expect(hook.status).toBe(200);
    }
    expect(event('handoff.requested')[0]?.event.data).toMatchObject({
      question: QUESTION,
      consoleUrl: link,
      conversation: { id: conversationId },
    });
    expect(event('contact.captured')[0]?.event.data).toMatchObject({
      contact: { id: contact?.id, email: VISITOR, conversationId },
      consoleUrl: link,
    });

    // 5. Erasing the contact in the console removes it and the conversation.
    await operator.getByRole('link', { name: 'Contacts' }).click();
    await operator.getByRole('heading', { name: 'Contacts', level: 1 }).waitFor();
    await operator.getByRole('button', { name: `Erase ${VISITOR}` }).click();
    const dialog = operator.getByRole('dialog', { name: `Erase ${VISITOR}?` });
    await dialog.getByRole('button', { name: 'Erase contact and conversations' }).click();
    const rows = operator.getByRole('table').getByRole('rowheader');
    await expect.poll(() => rows.count()).toBe(0);
    const after = await admin('GET', '/api/contacts');
    expect((after.body as ContactListResponse).contacts).toEqual([]);
    expect((await admin('GET', `/api/conversations/${conversationId}`)).status).toBe(404);

    expect(errors).toEqual([]);
    await visitorContext.close();
    await operatorContext.close();
  });
});
