import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { ADMIN_TOKEN, axeViolations, MOUNT, signInWithKeyboard } from './console-harness.js';
import { useConsoleTestBed } from './console-test-bed.js';

const bed = useConsoleTestBed();

/** The agents the service holds, read with the admin token as a script would. */
async function agentList(): Promise<{ id: string; name: string }[]> {
  const response = await fetch(`${bed.stack.origin}${MOUNT}/api/agents`, {
    headers: { authorization: `Bearer ${ADMIN_TOKEN}` },
  });
  return (await response.json()) as { id: string; name: string }[];
}

async function agentNames(): Promise<string[]> {
  return (await agentList()).map((agent) => agent.name).sort();
}

async function signedIn(page: Page): Promise<void> {
  page.setDefaultTimeout(10_000);
  await page.goto(`${bed.stack.consoleUrl}#agents`);
  await signInWithKeyboard(page);
  await page.getByRole('heading', { name: 'Agents', level: 1 }).waitFor();
}

describe('Agents page (Chromium)', () => {
  it('creates (once, on a double submit), edits, embeds with a live preview and deletes after confirmation', async () => {
    const context = await bed.browser.newContext();
    await context.grantPermissions(['clipboard-read', 'clipboard-write'], {
      origin: bed.stack.origin,
    });
    const page = await context.newPage();
    const errors: string[] = [];
    page.on('pageerror', (error) => errors.push(error.message));
    await signedIn(page);
    await page.getByRole('rowheader', { name: /demo/ }).waitFor();
    expect(await axeViolations(page)).toEqual([]);

    // Create, clicking submit twice in a row.
    await page.getByRole('button', { name: 'New agent' }).click();
    await page.getByLabel('Name', { exact: true }).fill('Returns desk');
    await page.getByLabel('Description').fill('Answers questions about returns');
    await page.getByLabel('Temperature').fill('0.3');
    await page.getByLabel('System prompt').fill('Be brief.');
    expect(await axeViolations(page)).toEqual([]);
    const create = page.getByRole('button', { name: 'Create agent' });
    await create.evaluate((button: HTMLButtonElement) => {
      button.click();
      button.click();
    });
    await page.getByRole('rowheader', { name: /Returns desk/ }).waitFor();
    expect((await agentNames()).filter((name) => name === 'Returns desk')).toHaveLength(1);

    // A failed save says why, where it happened: the agent vanished while being edited.
    await page.getByRole('button', { name: 'New agent' }).click();
    await page.getByLabel('Name', { exact: true }).fill('Short-lived');
    await page.getByRole('button', { name: 'Create agent' }).click();
    await page.getByRole('rowheader', { name: /Short-lived/ }).waitFor();
    await page.getByRole('button', { name: 'Edit Short-lived' }).click();
    const shortLived = (await agentList()).find((agent) => agent.name === 'Short-lived');
    const gone = await fetch(`${bed.stack.origin}${MOUNT}/api/agents/${shortLived?.id}`, {
      method: 'DELETE',
      headers: { authorization: `Bearer ${ADMIN_TOKEN}` },
    });
    expect(gone.status).toBe(200);
    await page.getByLabel('Name', { exact: true }).fill('Short-lived, renamed');
    await page.getByRole('button', { name: 'Save changes' }).click();
    await expect
      .poll(() => page.getByRole('alert').textContent())
      .toContain('The agent was not saved');
    await page.getByRole('button', { name: 'Cancel' }).click();

    // Edit with the keyboard only.
    await page.getByRole('button', { name: 'Edit Returns desk' }).click();
    await page.getByLabel('Name', { exact: true }).fill('Returns and refunds');
    await page.getByLabel('Name', { exact: true }).press('Enter');
    await page.getByRole('rowheader', { name: /Returns and refunds/ }).waitFor();
    expect(await agentNames()).toContain('Returns and refunds');

    // Embed: snippet with the data attributes, and the widget previewed with them.
    await page.getByRole('button', { name: 'Embed Returns and refunds' }).click();
    await page.getByLabel('Title', { exact: true }).fill('Refund help');
    await page
      .getByLabel('Starter prompts (one per line)')
      .fill('Where is my refund?\nHow do I return a shoe?');
    const snippet = await page.getByLabel('Snippet').inputValue();
    expect(snippet).toMatch(
      new RegExp(`^<script src="${bed.stack.origin}${MOUNT}/widget\\.js" data-agent-id="[\\w-]+"`),
    );
    expect(snippet).toContain('data-title="Refund help"');
    expect(snippet).toContain('data-primary-color="#2563eb"');
    expect(snippet).toContain('data-starters="Where is my refund?|How do I return a shoe?"');
    await page.getByRole('button', { name: 'Copy snippet' }).click();
    await expect.poll(() => page.evaluate(() => navigator.clipboard.readText())).toBe(snippet);
    // The MCP URL next to it: this agent's public endpoint on the BFF, copied as shown.
    const returns = (await agentList()).find((agent) => agent.name === 'Returns and refunds');
    const expectedMcpUrl = `${bed.stack.origin}${MOUNT}/mcp/${returns?.id}`;
    expect(await page.getByLabel('MCP URL (Claude Code, Cursor, VS Code)').inputValue()).toBe(
      expectedMcpUrl,
    );
    await page.getByRole('button', { name: 'Copy MCP URL' }).click();
    await expect
      .poll(() => page.evaluate(() => navigator.clipboard.readText()))
      .toBe(expectedMcpUrl);
    const preview = page.frameLocator('iframe.preview');
    await preview.getByText('Refund help').first().waitFor();
    await preview.getByRole('button', { name: 'Where is my refund?' }).waitFor();
    expect(await axeViolations(page)).toEqual([]);

    // Delete: Escape cancels, Cancel has the focus, the confirmation deletes.
    await page.getByRole('button', { name: 'Delete Returns and refunds' }).click();
    const dialog = page.getByRole('dialog', { name: 'Delete Returns and refunds?' });
    await dialog.waitFor();
    expect(await page.evaluate(() => document.activeElement?.textContent)).toBe('Cancel');
    expect(await axeViolations(page)).toEqual([]);
    await page.keyboard.press('Escape');
    await dialog.waitFor({ state: 'detached' });
    expect(await agentNames()).toContain('Returns and refunds');
    await page.getByRole('button', { name: 'Delete Returns and refunds' }).click();
    await dialog.waitFor();
    await page.keyboard.press('Tab');
    expect(await page.evaluate(() => document.activeElement?.textContent)).toBe('Delete agent');
    await page.keyboard.press('Enter');
    await page
      .getByRole('rowheader', { name: /Returns and refunds/ })
      .waitFor({ state: 'detached' });
    expect(await agentNames()).not.toContain('Returns and refunds');
    expect(errors).toEqual([]);
    await context.close();
  });

  it('paginates 10 agents a page, and fits 375 px in dark mode', async () => {
    for (let index = 0; index < 12; index += 1) {
      await fetch(`${bed.stack.origin}${MOUNT}/api/agents`, {
        method: 'POST',
        headers: { authorization: `Bearer ${ADMIN_TOKEN}`, 'content-type': 'application/json' },
        body: JSON.stringify({ name: `Paged ${String(index).padStart(2, '0')}` }),
      });
    }
    const context = await bed.browser.newContext({
      viewport: { width: 375, height: 800 },
      colorScheme: 'dark',
    });
    const page = await context.newPage();
    await signedIn(page);
    await page.getByText('Page 1 of 2').waitFor();
    expect(await page.locator('tbody tr').count()).toBe(10);
    await page.getByRole('button', { name: 'Next' }).click();
    await page.getByText('Page 2 of 2').waitFor();
    expect(await page.locator('tbody tr').count()).toBeGreaterThan(0);
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(
      375,
    );
    expect(await axeViolations(page)).toEqual([]);
    await context.close();
  });

  it('lets visitors ask for a person: the checkbox saves handoffEnabled, and shows it again', async () => {
    const context = await bed.browser.newContext();
    const page = await context.newPage();
    await signedIn(page);
    const created = await fetch(`${bed.stack.origin}${MOUNT}/api/agents`, {
      method: 'POST',
      headers: { authorization: `Bearer ${ADMIN_TOKEN}`, 'content-type': 'application/json' },
      body: JSON.stringify({ name: 'Help desk' }),
    });
    const { id } = (await created.json()) as { id: string };
    const handoffOf = async () => {
      const response = await fetch(`${bed.stack.origin}${MOUNT}/api/agents`, {
        headers: { authorization: `Bearer ${ADMIN_TOKEN}` },
      });
      const agents = (await response.json()) as { id: string; handoffEnabled?: boolean }[];
      return agents.find((agent) => agent.id === id)?.handoffEnabled;
    };
    await page.reload();
    await page.getByRole('button', { name: 'Edit Help desk' }).click();
    const handoff = page.getByRole('checkbox', { name: 'Visitors can ask for a person' });
    expect(await handoff.isChecked()).toBe(false);
    await handoff.check();
    await page.getByRole('button', { name: 'Save changes' }).click();
    await expect.poll(handoffOf).toBe(true);
    await page.getByRole('button', { name: 'Edit Help desk' }).click();
    expect(await handoff.isChecked()).toBe(true);
    expect(await axeViolations(page)).toEqual([]);
    await handoff.uncheck();
    await page.getByRole('button', { name: 'Save changes' }).click();
    await expect.poll(handoffOf).toBe(false);
    await context.close();
  });

  it('sends an expired session back to sign-in, and saves nothing', async () => {
    const context = await bed.browser.newContext();
    const page = await context.newPage();
    await signedIn(page);
    // The list has loaded (its call had the cookie); the next call will not.
    await page.getByRole('rowheader', { name: /demo/ }).waitFor();
    await context.clearCookies();
    await page.getByRole('button', { name: 'New agent' }).click();
    await page.getByLabel('Name', { exact: true }).fill('Never saved');
    await page.getByRole('button', { name: 'Create agent' }).click();
    await page.getByLabel('Admin token').waitFor();
    await expect.poll(() => page.getByRole('alert').textContent()).toContain('session has expired');
    expect(await agentNames()).not.toContain('Never saved');
    await context.close();
  });
});
