import { writeFileSync } from 'node:fs';
import { buildPdf } from '@agent-chat/agent-service/testing';
import type { Locator, Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { ADMIN_TOKEN, axeViolations, MOUNT, signInWithKeyboard } from './console-harness.js';
import { useConsoleTestBed } from './console-test-bed.js';

const bed = useConsoleTestBed();

interface Listed {
  id: string;
  name: string;
  status: string;
  nbChunks?: number;
}

/** Calls the BFF's admin API with the admin token, as a script would. */
async function admin<T>(method: string, path: string, body?: unknown): Promise<T> {
  const response = await fetch(`${bed.stack.origin}${MOUNT}${path}`, {
    method,
    headers: { authorization: `Bearer ${ADMIN_TOKEN}`, 'content-type': 'application/json' },
    ...(body === undefined ? {} : { body: JSON.stringify(body) }),
  });
  return (await response.json()) as T;
}

async function datastoreNamed(name: string): Promise<{ id: string; name: string }[]> {
  const list = await admin<{ id: string; name: string }[]>('GET', '/api/datastores');
  return list.filter((datastore) => datastore.name === name);
}

async function openKnowledge(page: Page): Promise<void> {
  page.setDefaultTimeout(15_000);
  await page.goto(`${bed.stack.consoleUrl}#knowledge`);
  await signInWithKeyboard(page);
  await page.getByRole('heading', { name: 'Knowledge', level: 1 }).waitFor();
}

/**
 * Records every status a datasource's badge shows from now on (window.statusLog), to prove
 * the badge changed live rather than on a reload.
 */
async function recordStatuses(page: Page): Promise<void> {
  await page.evaluate(() => {
    const log: Record<string, string[]> = {};
    (window as unknown as { statusLog: typeof log }).statusLog = log;
    const note = () => {
      for (const badge of document.querySelectorAll('[data-datasource-id] [data-status]')) {
        const id = badge.closest('[data-datasource-id]')?.getAttribute('data-datasource-id');
        const status = badge.getAttribute('data-status');
        if (!id || !status) continue;
        const seen = log[id] ?? [];
        log[id] = seen;
        if (seen.at(-1) !== status) seen.push(status);
      }
    };
    new MutationObserver(note).observe(document.body, {
      subtree: true,
      childList: true,
      attributes: true,
      characterData: true,
    });
    note();
  });
}

async function statusesOf(page: Page, id: string): Promise<string[]> {
  return page.evaluate(
    (datasourceId) =>
      (window as unknown as { statusLog: Record<string, string[]> }).statusLog[datasourceId] ?? [],
    id,
  );
}

function row(page: Page, name: string | RegExp): Locator {
  return page.locator('tbody tr', { has: page.getByRole('rowheader', { name }) });
}

describe('Knowledge page (Chromium)', () => {
  it('creates a datastore once, uploads with progress, adds text and Q&A, shows live status, re-syncs and deletes', async () => {
    const context = await bed.browser.newContext();
    const page = await context.newPage();
    const errors: string[] = [];
    page.on('pageerror', (error) => errors.push(error.message));
    await openKnowledge(page);
    await page.getByLabel('Datastore shown').waitFor();
    expect(await axeViolations(page)).toEqual([]);

    // A new datastore, submitted twice in a row: one is created, and it is selected.
    await page.getByRole('button', { name: 'New datastore' }).click();
    await page.getByLabel('Name', { exact: true }).fill('Returns handbook');
    await page.getByLabel('Description').fill('How returns work');
    await page
      .getByRole('button', { name: 'Create datastore' })
      .evaluate((button: HTMLButtonElement) => {
        button.click();
        button.click();
      });
    await page.getByText('No datasources yet.').waitFor();
    expect(await datastoreNamed('Returns handbook')).toHaveLength(1);
    const [datastore] = await datastoreNamed('Returns handbook');
    expect(await page.getByLabel('Datastore shown').inputValue()).toBe(datastore?.id);
    expect(await axeViolations(page)).toEqual([]);
    await recordStatuses(page);

    // A PDF through the file picker: a labelled progress bar, then the badge reaches Synced.
    const pdf = buildPdf([
      '# Returns\nParcels may be returned within 45 days of delivery.',
      'Refunds reach the original card within 5 working days.',
    ]);
    await page.getByLabel('Choose files').setInputFiles({
      name: 'returns-guide.pdf',
      mimeType: 'application/pdf',
      buffer: Buffer.from(pdf),
    });
    const progress = page.getByRole('progressbar', { name: 'Upload of returns-guide.pdf' });
    await progress.waitFor();
    await expect
      .poll(() => progress.evaluate((bar: HTMLProgressElement) => bar.value === bar.max))
      .toBe(true);
    const pdfRow = row(page, /returns-guide\.pdf/);
    await pdfRow.getByText('Synced').waitFor();
    expect(await pdfRow.textContent()).toContain('2 pages');
    const pdfId = (await pdfRow.getAttribute('data-datasource-id')) ?? '';
    const pdfStatuses = await statusesOf(page, pdfId);
    expect(pdfStatuses[0]).toBe('pending');
    expect(pdfStatuses.at(-1)).toBe('synched');
    expect(Number(await pdfRow.locator('td.number').first().textContent())).toBeGreaterThan(0);

    // A Markdown file dropped on the zone.
    const dropped = await page.evaluateHandle(() => {
      const transfer = new DataTransfer();
      transfer.items.add(
        new File(
          ['# Exchanges\n\nShoes can be exchanged for another size for free.'],
          'exchanges.md',
          {
            type: 'text/markdown',
          },
        ),
      );
      return transfer;
    });
    await page.locator('.drop-zone').dispatchEvent('drop', { dataTransfer: dropped });
    await row(page, /exchanges\.md/)
      .getByText('Synced')
      .waitFor();

    // An unsupported file says why, next to the file, with the supported types.
    await page.getByLabel('Choose files').setInputFiles({
      name: 'photo.png',
      mimeType: 'image/png',
      buffer: Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 0, 0, 0]),
    });
    const failed = page.locator('.upload-failed', { hasText: 'photo.png' });
    await failed.getByRole('alert').waitFor();
    const reason = await failed.getByRole('alert').textContent();
    expect(reason).toContain('not a supported file type');
    expect(reason).toContain('.pdf');
    expect(await failed.textContent()).toContain('Failed');
    expect(await axeViolations(page)).toEqual([]);

    // Text, submitted twice: one datasource.
    await page.getByLabel('Text', { exact: true }).check();
    await page.getByLabel('Name', { exact: true }).fill('Opening hours');
    await page.getByLabel('Text', { exact: true }).last().fill('The returns desk opens at 9 am.');
    await page.getByRole('button', { name: 'Add text' }).evaluate((button: HTMLButtonElement) => {
      button.click();
      button.click();
    });
    await row(page, 'Opening hours').getByText('Synced').waitFor();

    // Q&A pairs, with the keyboard.
    await page.getByLabel('Q&A pairs').check();
    await page.getByLabel('Question', { exact: true }).fill('Do you refund shipping?');
    await page
      .getByLabel('Answer', { exact: true })
      .fill('Shipping is refunded when the item was faulty.');
    await page.getByRole('button', { name: 'Add another pair' }).click();
    await page.locator('#qa-question-1').fill('Can I return sale items?');
    await page.locator('#qa-answer-1').fill('Sale items can be exchanged, not refunded.');
    await page.getByRole('button', { name: 'Add Q&A' }).focus();
    await page.keyboard.press('Enter');
    await row(page, 'Questions and answers (2)').getByText('Synced').waitFor();
    expect(await axeViolations(page)).toEqual([]);

    const listed = await admin<Listed[]>('GET', `/api/datastores/${datastore?.id}/datasources`);
    expect(listed.map((item) => item.name).sort()).toEqual(
      ['Questions and answers (2)', 'Opening hours', 'exchanges.md', 'returns-guide.pdf'].sort(),
    );
    expect(listed.every((item) => item.status === 'synched')).toBe(true);

    // Re-sync: the badge leaves Synced and comes back, live; the service synched it again.
    const textRow = row(page, 'Opening hours');
    const textId = (await textRow.getAttribute('data-datasource-id')) ?? '';
    const before = await admin<{ lastSynch: string }>('GET', `/api/datasources/${textId}`);
    const seenBefore = (await statusesOf(page, textId)).length;
    await page.getByRole('button', { name: 'Re-sync Opening hours' }).click();
    // Only what the badge showed since the click counts: before it, it already said synched.
    await expect
      .poll(async () => (await statusesOf(page, textId)).slice(seenBefore).at(-1))
      .toBe('synched');
    const resync = (await statusesOf(page, textId)).slice(seenBefore);
    expect(resync[0]).toBe('pending');
    expect(resync.at(-1)).toBe('synched');
    const resynched = await admin<{ lastSynch: string }>('GET', `/api/datasources/${textId}`);
    expect(resynched.lastSynch > before.lastSynch).toBe(true);

    // Delete: Escape keeps it, the confirmation removes it.
    await page.getByRole('button', { name: 'Delete Opening hours' }).click();
    const dialog = page.getByRole('dialog', { name: 'Delete Opening hours?' });
    await dialog.waitFor();
    expect(await axeViolations(page)).toEqual([]);
    await page.keyboard.press('Escape');
    await dialog.waitFor({ state: 'detached' });
    await page.getByRole('button', { name: 'Delete Opening hours' }).click();
    await dialog.getByRole('button', { name: 'Delete datasource' }).click();
    await textRow.waitFor({ state: 'detached' });
    const after = await admin<Listed[]>('GET', `/api/datastores/${datastore?.id}/datasources`);
    expect(after.map((item) => item.name)).not.toContain('Opening hours');
    expect(errors).toEqual([]);
    await context.close();
  });

  it('shows why an addition failed where it was made, and an ingestion error in its row', async () => {
    const context = await bed.browser.newContext();
    const page = await context.newPage();
    await openKnowledge(page);
    await page.getByLabel('Datastore shown').waitFor();
    await page.getByLabel('Web page').check();
    // Loopback addresses are refused by the service's SSRF guard: the datasource ends in error.
    await page.getByLabel('Page URL').fill(`${bed.stack.origin}/nowhere`);
    await page.getByRole('button', { name: 'Add page' }).click();
    const failedRow = row(page, new RegExp(`${bed.stack.origin}/nowhere`));
    await failedRow.getByText('Error', { exact: true }).waitFor();
    const id = (await failedRow.getAttribute('data-datasource-id')) ?? '';
    const stored = await admin<{ config: { errorMessage: string } }>(
      'GET',
      `/api/datasources/${id}`,
    );
    expect(stored.config.errorMessage.length).toBeGreaterThan(10);
    expect(await failedRow.locator('.error').textContent()).toBe(stored.config.errorMessage);
    await context.close();
  });

  it('searches a datastore: the fragments and scores retrieval finds, best first', async () => {
    const datastore = await admin<{ id: string }>('POST', '/api/datastores', {
      name: 'Search test',
    });
    for (const [name, text] of [
      ['Refunds', 'Refunds reach the original card within 5 working days.'],
      ['Shipping', 'Parcels ship from Rotterdam every weekday morning.'],
      [
        'Refund exceptions',
        'Gift cards are never refunded; refunds of sale items are store credit.',
      ],
    ]) {
      await admin('POST', '/api/datasources', {
        datastoreId: datastore.id,
        type: 'text',
        name,
        config: { text },
      });
    }
    await expect
      .poll(async () =>
        (await admin<Listed[]>('GET', `/api/datastores/${datastore.id}/datasources`)).every(
          (item) => item.status === 'synched',
        ),
      )
      .toBe(true);
    const context = await bed.browser.newContext();
    const page = await context.newPage();
    await openKnowledge(page);
    await page.getByLabel('Datastore shown').selectOption(datastore.id);
    await page.getByRole('rowheader', { name: 'Shipping' }).waitFor();

    await page.getByLabel('Question to search for').fill('How long do refunds take?');
    await page.getByLabel('Question to search for').press('Enter');
    const results = page.getByRole('list', { name: 'Search results' }).getByRole('listitem');
    await results.first().waitFor();
    const texts = await results.allTextContents();
    expect(texts[0]).toContain('Refunds reach the original card within 5 working days.');
    const scores = texts.map((text) => Number(/score (\d\.\d{3})/.exec(text)?.[1]));
    expect(scores.every((score) => score > 0 && score <= 1)).toBe(true);
    expect([...scores].sort((a, b) => b - a)).toEqual(scores);
    expect(texts.join(' ')).not.toContain('Rotterdam');
    expect(await axeViolations(page)).toEqual([]);
    // The README's picture of this page: CONSOLE_SCREENSHOTS=1 writes docs/console-knowledge.png.
    await page.setViewportSize({ width: 1100, height: 800 });
    const picture = await page.screenshot({ fullPage: true });
    expect(picture.subarray(1, 4).toString()).toBe('PNG');
    if (process.env.CONSOLE_SCREENSHOTS === '1') {
      writeFileSync(new URL('../../../docs/console-knowledge.png', import.meta.url), picture);
    }
    await page.setViewportSize({ width: 1280, height: 720 });

    await page.getByLabel('Fragments').fill('1');
    await page.getByRole('button', { name: 'Search', exact: true }).click();
    await expect.poll(() => results.count()).toBe(1);

    await page.getByLabel('Question to search for').fill('zeppelin maintenance schedule');
    await page.getByRole('button', { name: 'Search', exact: true }).click();
    await page.getByText(/Nothing found for “zeppelin maintenance schedule”/).waitFor();
    expect(await results.count()).toBe(0);
    await context.close();
  });

  it("shows on a site's row that a limit ended its crawl", async () => {
    const datastore = await admin<{ id: string }>('POST', '/api/datastores', { name: 'Big site' });
    // The crawl itself is tested in the agent service; here the outcome it stores.
    const stored = async (id: string, name: string, config: Record<string, unknown>) =>
      bed.stack.service.database.query(
        `INSERT INTO datasources (id, organization_id, datastore_id, type, name, status, config, last_synch)
         SELECT $2, organization_id, id, 'web_site', $3, 'synched', $4::jsonb, now()
         FROM datastores WHERE id = $1`,
        [datastore.id, id, name, JSON.stringify(config)],
      );
    await stored('site-cut', 'https://docs.example.com/sitemap.xml', {
      sitemap: 'https://docs.example.com/sitemap.xml',
      pages: 1_000,
      failed_pages: 0,
      stopped_by: 'max_pages',
    });
    await stored('site-whole', 'https://help.example.com/sitemap.xml', {
      sitemap: 'https://help.example.com/sitemap.xml',
      max_pages: 500,
      pages: 120,
      failed_pages: 0,
      stopped_by: null,
    });
    const context = await bed.browser.newContext();
    const page = await context.newPage();
    await openKnowledge(page);
    await page.getByLabel('Datastore shown').selectOption(datastore.id);
    const cut = row(page, /docs\.example\.com/);
    await cut.waitFor();
    expect(await cut.locator('.warning').textContent()).toBe(
      'Stopped at 1,000 pages (max_pages): the crawl reached its most pages before the end of the site. Add it again with more pages to read the rest.',
    );
    expect(
      await row(page, /help\.example\.com/)
        .locator('.warning')
        .count(),
    ).toBe(0);
    expect(await page.getByLabel('Most pages').count()).toBe(0);
    await page.getByLabel('Sitemap or site crawl').check();
    expect(await page.getByLabel('Most pages').inputValue()).toBe('1000');
    expect(await axeViolations(page)).toEqual([]);
    // Pages under paths or URL prefixes can be skipped; a line that is neither is refused.
    await page.getByLabel('Sitemap URL').fill('https://lang.example.com/sitemap.xml');
    const skip = page.getByLabel(/Skip pages under/);
    await skip.fill('/fr/\nblog');
    await page.getByRole('button', { name: 'Add site' }).click();
    expect(await skip.evaluate((field: HTMLTextAreaElement) => field.validationMessage)).toBe(
      '"blog" is neither a path (/fr/) nor a URL (https://example.com/blog/).',
    );
    await skip.fill('/fr/\nhttps://lang.example.com/blog/');
    await page.getByRole('button', { name: 'Add site' }).click();
    await row(page, /lang\.example\.com/).waitFor();
    const sites = await admin<{ config: Record<string, unknown> }[]>(
      'GET',
      `/api/datastores/${datastore.id}/datasources`,
    );
    expect(
      sites.find((site) => site.config.sitemap === 'https://lang.example.com/sitemap.xml')?.config
        .black_listed_urls,
    ).toEqual(['https://lang.example.com/fr/', 'https://lang.example.com/blog/']);
    expect(await skip.inputValue()).toBe('');
    await context.close();
  });

  it("sets a web source's sync schedule, and shows its next sync and last summary", async () => {
    const datastore = await admin<{ id: string }>('POST', '/api/datastores', {
      name: 'Scheduled',
    });
    // A synched site as a sync leaves it (the sync itself is tested in the agent service).
    await bed.stack.service.database.query(
      `INSERT INTO datasources (id, organization_id, datastore_id, type, name, status, config, last_synch, sync_summary)
       SELECT 'site-scheduled', organization_id, id, 'web_site', 'https://docs.example.org/sitemap.xml',
         'synched', '{"sitemap": "https://docs.example.org/sitemap.xml", "pages": 43}'::jsonb, now(),
         '{"added": 2, "changed": 1, "unchanged": 40, "removed": 0, "failed": 1, "seconds": 4.2, "finishedAt": "2030-01-01T00:00:00.000Z"}'::jsonb
       FROM datastores WHERE id = $1`,
      [datastore.id],
    );
    const context = await bed.browser.newContext();
    const page = await context.newPage();
    await openKnowledge(page);
    await page.getByLabel('Datastore shown').selectOption(datastore.id);
    const site = row(page, /docs\.example\.org/);
    await site.waitFor();
    expect(await site.getByText(/^Last sync: /).textContent()).toBe(
      'Last sync: 2 added · 1 changed · 40 unchanged · 0 removed · 1 failed in 4.2 s',
    );
    const schedule = site.getByLabel(/Sync schedule of/);
    expect(await schedule.inputValue()).toBe('manual');
    expect(await site.getByText(/^Next sync/).count()).toBe(0);
    await schedule.selectOption('daily');
    await site.getByText(/^Next sync /).waitFor();
    const stored = await admin<{ config: Record<string, unknown>; nextSynch: string | null }>(
      'GET',
      '/api/datasources/site-scheduled',
    );
    expect(stored.config.sync_interval_minutes).toBe(1_440);
    expect(Date.parse(stored.nextSynch ?? '')).toBeGreaterThan(Date.now() + 23 * 3_600_000);
    expect(await schedule.inputValue()).toBe('daily');
    await schedule.selectOption('manual');
    await expect.poll(() => site.getByText(/^Next sync/).count()).toBe(0);
    expect(await axeViolations(page)).toEqual([]);
    await context.close();
  });

  it('pages through many datasources, and fits 375 px in dark mode', async () => {
    const datastore = await admin<{ id: string }>('POST', '/api/datastores', { name: 'Bulk' });
    for (let index = 0; index < 30; index += 1) {
      await admin('POST', '/api/datasources', {
        datastoreId: datastore.id,
        type: 'text',
        name: `Note ${String(index).padStart(2, '0')}`,
        config: { text: `Note number ${index} about parcels.` },
      });
    }
    const context = await bed.browser.newContext({
      viewport: { width: 375, height: 800 },
      colorScheme: 'dark',
    });
    const page = await context.newPage();
    await openKnowledge(page);
    await page.getByLabel('Datastore shown').selectOption(datastore.id);
    await page.getByText('Page 1 of 2').waitFor();
    expect(await page.locator('tbody tr').count()).toBe(25);
    // Newest first.
    await page.getByRole('rowheader', { name: 'Note 29' }).waitFor();
    await page
      .getByRole('navigation', { name: 'Datasources pages' })
      .getByRole('button', { name: 'Next' })
      .click();
    await page.getByText('Page 2 of 2').waitFor();
    expect(await page.locator('tbody tr').count()).toBe(5);
    await expect.poll(() => page.getByText('Synced', { exact: true }).count()).toBe(5);
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(
      375,
    );
    expect(await axeViolations(page)).toEqual([]);
    await context.close();
  });
});
