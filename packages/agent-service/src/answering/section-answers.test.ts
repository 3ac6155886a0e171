import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  headerlink,
  type ServedPages,
  sphinxCustomThemeHtml,
  startWithPages,
} from '../testing/index.js';

// Issue 50's "the right page, the wrong sentences" when the sentence that answers is in
// another chunk of the same section: a guide section longer than a chunk (1,200 characters),
// whose first chunk shares most of the question's words and is ranked first, while the
// sentence that answers is in the section's second chunk, which shares fewer and is not
// quoted as a passage of its own.
const DELIVERY = `<div class="section" id="webhooks"><h1>Webhooks${headerlink('webhooks')}</h1>
<p>The relay can notify your own service of events by webhook.</p>
<div class="section" id="delivery"><h2>Delivery${headerlink('delivery')}</h2>
<p>The relay posts every webhook to the URL of its endpoint, signed with the endpoint's secret, and retries a webhook whose endpoint answers with an error status. A retried webhook waits longer each time: ten seconds, then a minute, then ten minutes, then an hour.</p>
<p>Each request carries the event's type in the X-Event header and its id in X-Delivery, so that a receiver can tell a repeated request from a new one. Receivers should answer within five seconds and do their work afterwards; a slow receiver holds a connection of the pool for as long as it takes to answer.</p>
<p>Payloads are JSON documents of at most 256 kilobytes. Larger events are cut down to their envelope, and the receiver fetches the full event from the API with the id in the envelope. The envelope always holds the event's type, its id, the moment it happened and the account it belongs to.</p>
<p>Requests come from the addresses listed on the status page, over TLS only; a receiver that checks the caller's address should allow all of them, since any of them may send the next request.</p>
<p>The dashboard lists the recent requests of each endpoint with their status codes and durations, and lets an operator send any of them again by hand, for example after fixing a receiver.</p>
<p>After eight failed attempts in a row, the relay gives up and disables the endpoint until an operator enables it again from the dashboard.</p>
<p>Events are sent in the order they happen on one account, but a receiver may see them out of order when one request is slower than the next; the envelope's moment tells which came first.</p>
<p>A receiver that is down for maintenance can pause its endpoint from the dashboard first: events queue up while it is paused and are sent in order once it is resumed, for up to three days.</p>
</div></div>`;

let site: ServedPages;

beforeAll(async () => {
  site = await startWithPages({
    '/guide/webhooks.html': sphinxCustomThemeHtml('Webhooks', DELIVERY),
    '/guide/install.html': sphinxCustomThemeHtml(
      'Installation',
      `<div class="section" id="installation"><h1>Installation</h1>
       <p>Install the client with pip install skyhook; it needs Python 3.9 or later.</p></div>`,
    ),
    '/guide/accounts.html': sphinxCustomThemeHtml(
      'Accounts',
      `<div class="section" id="accounts"><h1>Accounts</h1>
       <p>An operator invites people to an account from the dashboard; each person signs in with their own password.</p></div>`,
    ),
  });
});

afterAll(async () => {
  await site?.close();
});

describe('answers from a section longer than a chunk', () => {
  it('quote the sentence that answers from the section’s other chunk', async () => {
    const { answer, sources } = await site.ask(
      'How many times is a webhook retried before the relay gives up?',
    );
    expect(sources[0]).toBe(`${site.url}/guide/webhooks.html#delivery`);
    expect(answer).toContain('After eight failed attempts in a row, the relay gives up');
    expect(answer).toContain('retries a webhook whose endpoint answers with an error status');
    // Within the answer's room: the section's other paragraphs, sharing no question word, are not all quoted.
    expect(answer).not.toContain('pause its endpoint');
    expect(answer.length).toBeLessThan(1_100);
  });
});
