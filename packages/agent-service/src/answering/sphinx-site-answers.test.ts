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

// A guide section longer than an answer's room whose answer is a paragraph of its own after
// the code example, in words the question does not use ("To prevent this, …"), and a
// setting whose default follows a sentence about units, sharing no word with the question.
const DASHBOARD = `<div class="section" id="dashboard-security"><h1>Dashboard security</h1>
<p>The dashboard shows every message the relay delivered, with its sender, receipts and retries.</p>
<div class="section" id="untrusted-markup"><h2>Untrusted markup</h2>
<p>Message bodies are escaped before the dashboard renders them, so a body cannot add markup to the page or read the operator's session. Sender names and receipt notes are escaped the same way, and so are the labels of queues and relays.</p>
<p>There is one class of injection that escaping does not stop. A sender's profile link can hold a javascript: URI, which the browser runs when the operator clicks the link.</p>
<pre>&lt;a href="{{ sender.profile_url }}"&gt;profile&lt;/a&gt;
&lt;a href="javascript:alert('unsafe')"&gt;profile&lt;/a&gt;</pre>
<p>To prevent this, serve the dashboard with a Content Security Policy (CSP) response header.</p>
<p>Session cookies of the dashboard are marked Secure and HttpOnly and expire after eight hours without activity. Signing out ends every session of an account at once, on every device, and the relay forgets the session keys it issued for it.</p>
<p>Exports of the message log are plain text files: the dashboard writes them with a text content type and an attachment disposition, so that no export is ever shown as a page of its own. Readers who open an export in an editor see the bodies exactly as their authors wrote them, markup included.</p>
</div></div>`;

const LOCKS = `<div class="section" id="relay-settings"><h1>Relay settings</h1>
<dl class="simple">
<dt id="relay-lock-wait"><code>lock_wait</code> (integer)</dt>
<dd><p>How long a relay worker holds a queue's lock before it checks whether another worker has stalled on it. The check is expensive, so the relay does not run it every time a worker waits for a lock; it assumes that stalls are rare and waits a while first. Raising this value saves needless checks but reports real stalls later, and on a busy relay with many queues you may want to raise it a little. If this value is given without units, it is read as milliseconds. The default is one second (1s), about the smallest value that makes sense. Ideally it should exceed the time a worker typically needs to deliver one batch of messages, so that a lock is usually released before the waiting worker decides to check the queue's other holders. Values under one hundred milliseconds are rounded up to it, and a change takes effect at the next reload of the configuration files, without a restart of any process. Only administrators can change this setting, in the main configuration file or on the command line.</p></dd>
</dl></div>`;

// A class whose signature names many parameters, with methods under it, and a guide
// section that answers a question in words those parameter names share.
const relayEntry = (id: string, signature: string, description: string) =>
  `<dl class="py method"><dt class="sig sig-object py" id="${id}">${signature}</dt><dd>${description}</dd></dl>`;
const RELAY_METHODS = [
  ['start', 'Starts accepting deliveries from clients.'],
  ['stop', 'Stops accepting deliveries; queued ones are kept.'],
  ['drain', 'Delivers every queued message, then stops.'],
  ['pause', 'Holds deliveries until resume is called.'],
  ['resume', 'Delivers held messages again.'],
  ['reload', 'Reads the configuration files again.'],
  ['status', 'Returns counters of deliveries and failures.'],
  ['rotate_keys', 'Replaces the signing keys of receipts.'],
]
  .map(([method, text]) =>
    relayEntry(
      `skyhook.Relay.${method}`,
      `<span class="sig-name descname"><span class="pre">${method}</span></span><span class="sig-paren">(</span><span class="sig-paren">)</span>`,
      `<p>${text}</p>`,
    ),
  )
  .join('\n');
const RELAY_PARAMETERS = ['host', 'port=5671', 'heartbeat=60', 'proxy=None', 'idle_close=300'];
const RELAY = `<div class="section" id="relay-reference"><h1>Relay reference</h1>
<dl class="py class"><dt class="sig sig-object py" id="skyhook.Relay"><em class="property"><span class="pre">class</span> </em><span class="sig-prename descclassname"><span class="pre">skyhook.</span></span><span class="sig-name descname"><span class="pre">Relay</span></span><span class="sig-paren">(</span>${RELAY_PARAMETERS.map((name) => `<em class="sig-param"><span class="pre">${name}</span></em>`).join(', ')}<span class="sig-paren">)</span></dt>
<dd><p>A relay server.</p>${RELAY_METHODS}</dd></dl></div>`;
const PROXIES = `<div class="section" id="deployment"><h1>Deployment</h1>
<p>Relays run as one process per host, started by the service manager.</p>
<div class="section" id="behind-a-proxy"><h2>Behind a proxy</h2>
<p>A proxy between clients and the relay closes a connection it has seen idle for longer than its own timeout. Send a heartbeat more often than that timeout, and the connection stays open.</p></div></div>`;

let site: ServedPages;

beforeAll(async () => {
  site = await startWithPages({
    '/guide/retries.html': retryPage,
    '/api/client.html': sphinxApiReferenceHtml,
    '/guide/configuration.html': sphinxCustomThemeHtml('Configuration', CONFIGURATION),
    '/guide/dashboard.html': sphinxCustomThemeHtml('Dashboard security', DASHBOARD),
    '/guide/relay-settings.html': sphinxCustomThemeHtml('Relay settings', LOCKS),
    '/api/relay.html': sphinxCustomThemeHtml('Relay reference', RELAY),
    '/guide/deployment.html': sphinxCustomThemeHtml('Deployment', PROXIES),
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

  it('quote the paragraph that continues a quoted one, after its code example', async () => {
    const { answer, sources } = await site.ask(
      "How do I stop a sender's profile link from running a javascript: URI when the operator clicks it?",
    );
    expect(sources[0]).toBe(`${site.url}/guide/dashboard.html#untrusted-markup`);
    expect(answer).toContain('javascript: URI');
    expect(answer).toContain(
      'To prevent this, serve the dashboard with a Content Security Policy (CSP) response header.',
    );
    expect(answer).not.toContain('Exports of the message log');
    expect(answer).not.toContain('Session cookies');
  });

  it('quote a setting’s default with the sentences that match, when its description is cut', async () => {
    const { answer, sources } = await site.ask(
      'How long does a relay worker wait on a lock before it checks whether another worker has stalled?',
    );
    expect(sources[0]).toBe(`${site.url}/guide/relay-settings.html#relay-lock-wait`);
    expect(answer).toContain('The default is one second (1s)');
    expect(answer).not.toContain('Only administrators');
  });

  it('do not let a class’s parameter names stand in the title of each of its methods', async () => {
    // Before, each of the eight methods was titled "… › class skyhook.Relay(host, port=5671,
    // heartbeat=60, proxy=None, idle_close=300) › start()", and five of them were cited
    // ahead of the guide.
    const { answer, sources } = await site.ask(
      'What host and port does a relay behind a proxy listen on?',
    );
    expect(sources.slice(0, 2)).toContain(`${site.url}/guide/deployment.html#behind-a-proxy`);
    expect(sources.filter((source) => source.includes('#skyhook.Relay.'))).toEqual([]);
    expect(answer).toContain('Send a heartbeat more often than that timeout');
    expect(answer).toContain(
      '`class skyhook.Relay(host, port=5671, heartbeat=60, proxy=None, idle_close=300)`',
    );
  });
});
