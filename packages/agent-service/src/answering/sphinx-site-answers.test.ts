import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  GENERATOR_PAGES,
  type ServedPages,
  sphinxApiReferenceHtml,
  sphinxCustomThemeHtml,
  startWithPages,
} from '../testing/index.js';

// Issue 50's hidden Sphinx site, in miniature: a custom theme with the site's name in a
// header <h1>, a long reference page of API entries (Sphinx 3 autodoc markup), an entry
// whose default is stated in a sentence of its own.
const retryPage = GENERATOR_PAGES.find((page) => page.title === 'Retry policies')?.html ?? '';

// A settings reference as Sphinx writes a field list whose items run to two paragraphs:
// the description, then the default in a paragraph of its own.
const SETTINGS = [
  [
    'retries',
    'How many times a failed delivery is retried before it is parked in the dead-letter queue. Each retry waits longer than the last.',
    'Defaults to 5.',
  ],
  [
    'batch_size',
    'How many messages one delivery request carries to the relay. Larger batches save round trips but delay the first message.',
    'Defaults to 100.',
  ],
  [
    'compression',
    'Whether delivery requests are compressed with gzip. Small messages gain little.',
    'Defaults to off.',
  ],
  [
    'attempt_timeout',
    'How long one delivery attempt may take before it counts as failed and is retried. Slow relays behind a proxy may need more.',
    'Defaults to 30 seconds.',
  ],
  [
    'keepalive',
    'How often an idle connection to the relay is pinged so that proxies keep it open.',
    'The default is 60 seconds.',
  ],
  [
    'max_inflight',
    'How many deliveries may wait for the relay at once; further sends block.',
    'Defaults to 1000.',
  ],
  [
    'tls_verify',
    'Whether the relay certificate is verified on every delivery connection. Turn it off only in tests.',
    'Default: on.',
  ],
  [
    'receipt_ttl',
    'How long delivery receipts are kept for lookups after the relay confirms them.',
    'Defaults to 24 hours.',
  ],
];
const CONFIGURATION = `<div class="section" id="configuration"><h1>Configuration</h1>
<p>Every setting can be given to the client or read from the environment.</p>
<div class="section" id="delivery-settings"><h2>Delivery settings</h2>
<ul class="simple">${SETTINGS.map(([name, description, fallback]) => `<li><p><strong>${name}</strong> – ${description}</p><p>${fallback}</p></li>`).join('\n')}</ul>
</div></div>`;

let site: ServedPages;

beforeAll(async () => {
  site = await startWithPages({
    '/guide/retries.html': retryPage,
    '/api/client.html': sphinxApiReferenceHtml,
    '/guide/configuration.html': sphinxCustomThemeHtml('Configuration', CONFIGURATION),
    '/guide/install.html': sphinxCustomThemeHtml(
      'Installation',
      `<div class="section" id="installation"><h1>Installation</h1>
       <p>Install the client with pip install skyhook; it needs Python 3.9 or later.</p></div>`,
    ),
  });
});

afterAll(async () => {
  await site?.close();
});

describe('answers on a Sphinx site in a custom theme', () => {
  it('are titled by the page, not by the site’s name in the header <h1>', async () => {
    const { answer, sources } = await site.ask('How long does each retry attempt wait?');
    expect(sources[0]).toBe(`${site.url}/guide/retries.html#backoff`);
    expect(answer).toContain('twice as long');
    expect(answer).not.toContain('Skyhook 3.1 documentation');
    expect(answer).not.toContain('Index of terms');
  });

  it('cite an API entry by its id, found by its name', async () => {
    const { answer, sources } = await site.ask('What does Client.send return?');
    expect(sources[0]).toBe(`${site.url}/api/client.html#skyhook.Client.send`);
    expect(answer).toContain('receipt id');
  });

  it('quote the sentence that states a default, not only the description', async () => {
    const { answer, sources } = await site.ask(
      'What is the default timeout of a delivery attempt?',
    );
    expect(sources[0]).toBe(`${site.url}/api/client.html#skyhook.Client.set_timeout`);
    expect(answer).toContain('Defaults to 30 seconds');
  });

  it('quote a default stated in a paragraph of its own with the setting it belongs to', async () => {
    const { answer, sources } = await site.ask(
      'For how long are delivery receipts kept for lookups?',
    );
    expect(sources[0]).toBe(`${site.url}/guide/configuration.html#delivery-settings`);
    expect(answer).toContain(
      'How long delivery receipts are kept for lookups after the relay confirms them. Defaults to 24 hours.',
    );
    expect(answer).not.toMatch(/^Defaults to (?!24)/m);
  });
});
