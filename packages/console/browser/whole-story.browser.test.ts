import { buildPdf } from '@agent-chat/agent-service/testing';
import { HANDOFF_ACKNOWLEDGEMENT } from '@agent-chat/protocol';
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { ADMIN_TOKEN, MOUNT, signInWithKeyboard } from './console-harness.js';
import { useConsoleTestBed } from './console-test-bed.js';

declare global {
  interface Window {
    __answers: string[];
  }
}

const bed = useConsoleTestBed();

/** A site's page with the real widget of the demo agent, loaded from the same BFF. */
const VISITOR_PAGE = `<!doctype html>
<html lang="en">
<head><meta charset="utf-8"><title>Acme Lanterns — help</title></head>
<body>
<main><h1>Acme Lanterns</h1><p>Questions? Ask us below.</p></main>
<script src="${MOUNT}/widget.js" data-agent-id="demo" data-endpoint="${MOUNT}" defer></script>
</body>
</html>`;

/** The text on page 2 of the uploaded PDF, found nowhere else in the demo's knowledge. */
const PAGE_TWO_FACT = 'The Zephyrine storm lantern carries a warranty of seventeen years.';

/** Sends `question` in the visitor's widget and returns the finished answer's text. */
async function ask(page: Page, question: string): Promise<string> {
  const count = await page.evaluate(() => window.__answers.length);
  const input = page.getByRole('textbox', { name: 'Your message' });
  await input.fill(question);
  await input.press('Enter');
  await page.waitForFunction((before) => window.__answers.length > before, count, {
    timeout: 30_000,
  });
  return page.evaluate(() => window.__answers.at(-1) ?? '');
}

describe('the whole story (Chromium): knowledge, playground, a visitor, a person, the AI again', () => {
  it('uploads a PDF, cites its page, and answers a visitor first as a person, then as the AI', async () => {
    // The agent offers a person (set as an operator's script would).
    const patched = await fetch(`${bed.stack.origin}${MOUNT}/api/agents/demo`, {
      method: 'PATCH',
      headers: { authorization: `Bearer ${ADMIN_TOKEN}`, 'content-type': 'application/json' },
      body: JSON.stringify({ handoffEnabled: true }),
    });
    expect(patched.status).toBe(200);
    bed.stack.page('/help', VISITOR_PAGE);

    const operatorContext = await bed.browser.newContext();
    const visitorContext = await bed.browser.newContext();
    await visitorContext.addInitScript(() => {
      window.__answers = [];
      document.addEventListener('agent-chat:answer', (event) => {
        window.__answers.push((event as CustomEvent<{ text: string }>).detail.text);
      });
    });
    const operator = await operatorContext.newPage();
    const visitor = await visitorContext.newPage();
    operator.setDefaultTimeout(30_000);
    visitor.setDefaultTimeout(30_000);
    const errors: string[] = [];
    for (const page of [operator, visitor]) {
      page.on('pageerror', (error) => errors.push(error.message));
    }

    // Sign in, then Knowledge: the PDF goes into the demo agent's datastore.
    await operator.goto(`${bed.stack.consoleUrl}#knowledge`);
    await signInWithKeyboard(operator);
    await operator.getByRole('heading', { name: 'Knowledge', level: 1 }).waitFor();
    await operator.getByLabel('Datastore shown').selectOption('demo-docs');
    const pdf = buildPdf([
      '# Lantern care\nClean the glass with a dry cloth after every trip.',
      PAGE_TWO_FACT,
    ]);
    await operator.getByLabel('Choose files').setInputFiles({
      name: 'lantern-guide.pdf',
      mimeType: 'application/pdf',
      buffer: Buffer.from(pdf),
    });
    const progress = operator.getByRole('progressbar', { name: 'Upload of lantern-guide.pdf' });
    await progress.waitFor();
    expect(await progress.isVisible()).toBe(true);
    await expect
      .poll(() => progress.evaluate((bar: HTMLProgressElement) => bar.value === bar.max), {
        timeout: 30_000,
      })
      .toBe(true);
    const pdfRow = operator.locator('tbody tr', {
      has: operator.getByRole('rowheader', { name: /lantern-guide\.pdf/ }),
    });
    await pdfRow.locator('[data-status="synched"]').waitFor();
    expect(await pdfRow.textContent()).toContain('2 pages');

    // Playground: the answer comes from page 2 of the PDF, and its source says so.
    await operator.getByRole('link', { name: 'Playground', exact: true }).click();
    await operator.getByRole('heading', { name: 'Playground', level: 1 }).waitFor();
    await expect
      .poll(() => operator.getByLabel('Agent', { exact: true }).inputValue())
      .toBe('demo');
    await operator
      .getByLabel('Question')
      .fill('How many years of warranty does the Zephyrine storm lantern carry?');
    await operator.getByRole('button', { name: 'Ask' }).click();
    const pdfSource = operator.locator('.sources li', { hasText: 'lantern-guide.pdf' });
    await pdfSource.first().waitFor();
    expect(await pdfSource.first().textContent()).toMatch(/page 2 of 2/);
    expect(await operator.locator('.answer').textContent()).toContain('seventeen years');

    // A visitor asks on the site; the AI answers in the real widget.
    await visitor.goto(`${bed.stack.origin}/help`);
    await visitor.getByRole('button', { name: 'Open chat' }).click();
    const question = 'Can I clean the Zephyrine lantern glass with water?';
    const firstAnswer = await ask(visitor, question);
    expect(firstAnswer.length).toBeGreaterThan(0);
    expect(firstAnswer).not.toBe(HANDOFF_ACKNOWLEDGEMENT);
    await visitor.getByRole('button', { name: 'Talk to a person' }).waitFor();

    // Conversations: the question is there; the operator opens it and replies as a person.
    await operator.getByRole('link', { name: 'Conversations', exact: true }).click();
    await operator.getByRole('heading', { name: 'Conversations', level: 1 }).waitFor();
    await operator.getByLabel('Search messages').fill('water');
    await operator.getByLabel('Search messages').press('Enter');
    const items = operator.getByRole('list', { name: 'Conversations' }).getByRole('link');
    await expect.poll(() => items.count(), { timeout: 30_000 }).toBe(1);
    await items.first().click();
    const transcript = operator.getByRole('region', { name: /Conversation/ });
    await transcript.getByText(question).waitFor();
    await transcript.getByText('AI answers', { exact: true }).waitFor();
    const reply = 'Hi, Sam from Acme here: a damp cloth is fine, never under the tap.';
    await transcript.getByText('The visitor sees it in their chat').waitFor();
    await operator.getByLabel('Reply as a person').fill(reply);
    await operator.getByRole('button', { name: 'Send reply' }).click();
    await transcript.getByText(reply).waitFor();
    await transcript.getByText('Handoff', { exact: true }).waitFor();

    // The visitor's open widget shows the reply without the visitor doing anything.
    const operatorBubble = visitor.locator('.message.operator .bubble');
    await expect
      .poll(() => operatorBubble.allTextContents(), { timeout: 20_000, interval: 100 })
      .toEqual([reply]);
    expect(await visitor.getByRole('button', { name: 'Talk to a person' }).count()).toBe(0);

    // The operator hands back; the visitor asks again and the AI answers.
    await operator.getByRole('button', { name: 'Hand back to the AI' }).click();
    await transcript.getByText('AI answers', { exact: true }).waitFor();
    const again = await ask(visitor, 'How long is the Zephyrine storm lantern warranty?');
    expect(again).not.toBe(HANDOFF_ACKNOWLEDGEMENT);
    expect(again).toContain('seventeen years');
    await visitor.getByText('The assistant is back.').waitFor();
    expect(errors).toEqual([]);
    await operatorContext.close();
    await visitorContext.close();
  });
});
