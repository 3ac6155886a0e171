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

let site: ServedPages;

beforeAll(async () => {
  site = await startWithPages({
    '/guide/retries.html': retryPage,
    '/api/client.html': sphinxApiReferenceHtml,
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
});
