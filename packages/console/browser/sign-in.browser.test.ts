import { describe, expect, it } from 'vitest';
import { ADMIN_TOKEN, axeViolations, signInWithKeyboard } from './console-harness.js';
import { useConsoleTestBed } from './console-test-bed.js';

const bed = useConsoleTestBed();

describe('console sign-in (Chromium)', () => {
  it('signs in with the keyboard, keeps no token where scripts can read it, and survives a reload', async () => {
    const context = await bed.browser.newContext();
    const page = await context.newPage();
    const consoleErrors: string[] = [];
    page.on('pageerror', (error) => consoleErrors.push(error.message));
    await page.goto(bed.stack.consoleUrl.replace(/\/$/, ''));
    expect(page.url()).toBe(bed.stack.consoleUrl);
    expect(await axeViolations(page)).toEqual([]);

    await signInWithKeyboard(page, 'not-the-admin-token');
    await expect
      .poll(() => page.getByRole('alert').textContent())
      .toContain('The admin token is not valid.');
    expect(await page.getByLabel('Admin token').getAttribute('aria-invalid')).toBe('true');
    expect(await axeViolations(page)).toEqual([]);

    await page.getByLabel('Admin token').fill('');
    await page.getByLabel('Admin token').focus();
    await page.keyboard.type(ADMIN_TOKEN);
    await page.keyboard.press('Enter');
    await page.getByRole('button', { name: 'Sign out' }).waitFor();

    const stored = await page.evaluate(() => ({
      cookie: document.cookie,
      local: JSON.stringify({ ...localStorage }),
      session: JSON.stringify({ ...sessionStorage }),
      html: document.documentElement.outerHTML,
    }));
    expect(stored.cookie).toBe('');
    for (const place of Object.values(stored)) expect(place).not.toContain(ADMIN_TOKEN);
    const [cookie] = await context.cookies();
    expect(cookie).toMatchObject({
      name: 'agent_chat_console',
      httpOnly: true,
      sameSite: 'Strict',
      path: '/chat',
    });
    expect(cookie?.expires).toBeGreaterThan(Date.now() / 1000);

    await page.reload();
    await page.getByRole('button', { name: 'Sign out' }).waitFor();
    expect(await axeViolations(page)).toEqual([]);

    await page.getByRole('button', { name: 'Sign out' }).click();
    await page.getByLabel('Admin token').waitFor();
    expect(await context.cookies()).toEqual([]);
    expect(consoleErrors).toEqual([]);
    await context.close();
  });

  it('has no axe violations in dark mode at 375 px, and no horizontal scroll', async () => {
    const context = await bed.browser.newContext({
      viewport: { width: 375, height: 720 },
      colorScheme: 'dark',
    });
    const page = await context.newPage();
    await page.goto(bed.stack.consoleUrl);
    await page.getByLabel('Admin token').waitFor();
    expect(await axeViolations(page)).toEqual([]);
    const background = await page.evaluate(() => getComputedStyle(document.body).backgroundColor);
    expect(background).toBe('rgb(17, 18, 20)');
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(
      375,
    );
    await context.close();
  });
});
