import type { Source } from '@agent-chat/protocol';
import type { Page } from 'playwright-core';
import { beforeAll, describe, expect, it } from 'vitest';
import { ADMIN_TOKEN, axeViolations, MOUNT } from './console-harness.js';
import { useConsoleTestBed } from './console-test-bed.js';
import { createVisitorCalls } from './visitor-calls.js';

declare global {
  interface Window {
    __gapAnswers: { text: string; sources: Source[] }[];
  }
}

const bed = useConsoleTestBed();

/** Questions the demo's knowledge (agent-chat's own docs) cannot answer: one topic. */
const SHIPPING = [
  'Do you ship lanterns to Iceland?',
  'How long does shipping lanterns to Iceland take?',
  'What does lantern shipping to Iceland cost?',
];
/** Another topic, spam: hidden as not relevant. */
const SPAM = ['Buy cheap replica watches online', 'cheap replica watches discount'];

const ANSWER = 'Yes: we ship lanterns to Iceland with **Nordic Post**, in 5 to 8 working days.';

/** A site's page with the real widget of the demo agent, loaded from the same BFF. */
const VISITOR_PAGE = `<!doctype html>
<html lang="en">
<head><meta charset="utf-8"><title>Acme Lanterns — help</title></head>
<body>
<main><h1>Acme Lanterns</h1></main>
<script src="${MOUNT}/widget.js" data-agent-id="demo" data-endpoint="${MOUNT}" defer></script>
</body>
</html>`;

beforeAll(async () => {
  const calls = createVisitorCalls(bed.stack);
  for (const question of [...SHIPPING, ...SPAM]) await calls.ask(question);
});

async function signedIn(page: Page): Promise<void> {
  page.setDefaultTimeout(15_000);
  await page.goto(`${bed.stack.consoleUrl}#insights`);
  await page.getByLabel('Admin token').fill(ADMIN_TOKEN);
  await page.getByLabel('Your name (optional)').fill('Ada');
  await page.keyboard.press('Enter');
  await page.getByRole('heading', { name: 'Insights', level: 1 }).waitFor();
}

describe('content gap topics (Chromium)', () => {
  it('expands a topic, answers it once, the widget then cites that answer; a spam topic is hidden and shown again', async () => {
    const context = await bed.browser.newContext();
    const page = await context.newPage();
    const errors: string[] = [];
    page.on('pageerror', (error) => errors.push(error.message));
    await signedIn(page);

    const section = page.getByRole('region', { name: 'Content gaps by topic' });
    const topics = section.getByRole('list', { name: 'Content gap topics' });
    const shipping = topics.getByRole('listitem').filter({ hasText: /Iceland/ });
    await shipping.first().waitFor();
    expect(await shipping.count()).toBe(1);
    const toggle = shipping.getByRole('button', { name: /3 questions/ });
    expect(await toggle.getAttribute('aria-expanded')).toBe('false');
    expect(await shipping.textContent()).toMatch(/New: none in the previous period/);
    expect(await axeViolations(page)).toEqual([]);

    // Keyboard: the topic's toggle opens its questions, each linking its conversation.
    await toggle.focus();
    await page.keyboard.press('Enter');
    expect(await toggle.getAttribute('aria-expanded')).toBe('true');
    const questions = shipping.locator('.gap-questions li');
    await expect.poll(() => questions.count()).toBe(3);
    const links = shipping.getByRole('link', { name: /^Open the conversation/ });
    expect(await links.count()).toBe(3);
    const named = (await links.allTextContents()).map((text) => text.replace(/^.*?: /, ''));
    expect(named.sort()).toEqual([...SHIPPING].sort());
    expect(await links.first().getAttribute('href')).toMatch(/^#conversations\/./);

    // Write the answer: the editor starts from the topic's most typical question.
    await shipping.getByRole('button', { name: /^Write the answer/ }).click();
    const editor = page.getByRole('dialog', { name: 'Write the answer' });
    const question = editor.getByLabel('Question');
    const typical = await question.inputValue();
    expect(SHIPPING).toContain(typical);
    await editor.getByText('Also answers 2 other questions of this topic').waitFor();
    // Nothing written yet: saving says so where it happened.
    await editor.getByRole('button', { name: 'Save the answer' }).click();
    await expect
      .poll(() =>
        editor
          .getByLabel('Answer (Markdown)')
          .evaluate((field) => (field as HTMLTextAreaElement).validity.valueMissing),
      )
      .toBe(true);
    await editor.getByLabel('Answer (Markdown)').fill(ANSWER);
    await editor.getByLabel('Source URL (optional)').fill('https://lanterns.example/shipping');
    expect(await axeViolations(page)).toEqual([]);
    await editor.getByRole('button', { name: 'Save the answer' }).click();
    await editor.waitFor({ state: 'detached', timeout: 30_000 });
    // Who answered: the operator named at sign-in.
    await shipping.getByText(/^Answered by Ada on /).waitFor();
    await section
      .getByRole('status')
      .getByText(/Answer saved/)
      .waitFor({ state: 'attached' });

    // A visitor asks one of the topic's other questions in the real widget: the new answer,
    // cited as the Q&A entry.
    bed.stack.page('/help', VISITOR_PAGE);
    const visitorContext = await bed.browser.newContext();
    await visitorContext.addInitScript(() => {
      window.__gapAnswers = [];
      document.addEventListener('agent-chat:answer', (event) => {
        const { text, sources } = (event as CustomEvent<{ text: string; sources: Source[] }>)
          .detail;
        window.__gapAnswers.push({ text, sources });
      });
    });
    const visitor = await visitorContext.newPage();
    await visitor.goto(`${bed.stack.origin}/help`);
    await visitor.getByRole('button', { name: 'Open chat' }).click();
    const other = SHIPPING.find((candidate) => candidate !== typical) as string;
    const input = visitor.getByRole('textbox', { name: 'Your message' });
    await input.fill(other);
    await input.press('Enter');
    await visitor.waitForFunction(() => window.__gapAnswers.length > 0, undefined, {
      timeout: 30_000,
    });
    const reply = await visitor.evaluate(() => window.__gapAnswers[0]);
    expect(reply?.text).toContain('Nordic Post');
    expect(reply?.sources[0]?.datasource_type).toBe('qa');
    expect(reply?.sources[0]?.datasource_name).toMatch(/^Answers to content gaps/);
    await visitorContext.close();

    // Not relevant: the spam topic leaves the list (after a confirmation), and stays gone.
    const spam = topics.getByRole('listitem').filter({ hasText: /replica/ });
    await spam.getByRole('button', { name: /^Not relevant/ }).click();
    const confirm = page.getByRole('dialog', { name: 'Hide this topic?' });
    await confirm.getByRole('button', { name: 'Hide' }).click();
    await expect.poll(() => spam.count()).toBe(0);
    await section.getByText('1 topic hidden as not relevant').waitFor();
    await page.reload();
    await page.getByRole('heading', { name: 'Insights', level: 1 }).waitFor();
    await topics
      .getByRole('listitem')
      .filter({ hasText: /Iceland/ })
      .getByText(/^Answered by Ada on /)
      .waitFor();
    expect(
      await topics
        .getByRole('listitem')
        .filter({ hasText: /replica/ })
        .count(),
    ).toBe(0);

    // Shown again: the hidden topic is listed apart, with who hid it, and comes back.
    await section.getByText('1 topic hidden as not relevant').click();
    const hidden = section.getByRole('list', { name: 'Hidden topics' });
    const hiddenSpam = hidden.getByRole('listitem').filter({ hasText: /replica/ });
    await hiddenSpam.getByText(/hidden by Ada on /).waitFor();
    await hiddenSpam.getByRole('button', { name: /^Show again/ }).click();
    await topics
      .getByRole('listitem')
      .filter({ hasText: /replica/ })
      .waitFor();
    await expect.poll(() => section.getByText(/hidden as not relevant/).count()).toBe(0);
    await page.reload();
    await page.getByRole('heading', { name: 'Insights', level: 1 }).waitFor();
    await topics
      .getByRole('listitem')
      .filter({ hasText: /replica/ })
      .waitFor();

    // A link to a topic (as the weekly report's) opens the Insights page with it expanded.
    const spamToggle = topics
      .getByRole('listitem')
      .filter({ hasText: /replica/ })
      .getByRole('button', { name: /questions?$/ });
    const spamId = (await spamToggle.getAttribute('aria-controls'))?.replace(/^gap-topic-/, '');
    expect(await spamToggle.getAttribute('aria-expanded')).toBe('false');
    await page.goto(`${bed.stack.consoleUrl}#agents`);
    await page.goto(`${bed.stack.consoleUrl}#insights/demo/${spamId}`);
    await expect.poll(() => spamToggle.getAttribute('aria-expanded')).toBe('true');
    expect(errors).toEqual([]);
    await context.close();
  });
});
