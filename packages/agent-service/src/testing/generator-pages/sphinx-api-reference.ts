import { headerlink, sphinxCustomThemeHtml } from './sphinx-custom-theme-page.js';

// An API entry as Sphinx 3's autodoc writes it: the id on a `<dt>` without the `sig` class
// Sphinx 4 added, the name in `code.descname`, the owner in `code.descclassname`.
const entry = (kind: string, id: string, signature: string, description: string) =>
  `<dl class="py ${kind}"><dt id="${id}">${signature}<a class="headerlink" href="#${id}" title="Permalink to this definition">¶</a></dt><dd>${description}</dd></dl>`;

const name = (text: string) => `<code class="sig-name descname">${text}</code>`;
const parameters = (...names: string[]) =>
  `<span class="sig-paren">(</span>${names.map((parameter) => `<em class="sig-param">${parameter}</em>`).join(', ')}<span class="sig-paren">)</span>`;

// Filler entries that make the page long, as real reference pages are: each shares words
// with the questions asked about the entries that matter ("delivery", "relay", "client").
const fillers = [
  ['pause', 'Pauses deliveries on this client until resume is called; queued messages wait.'],
  ['resume', 'Resumes paused deliveries; the relay receives the queued messages in order.'],
  ['flush', 'Blocks until every queued delivery has reached the relay or failed.'],
  ['stats', 'Returns counters of deliveries sent, retried and failed by this client.'],
  ['subscribe', 'Registers a callback called with each delivery receipt the relay sends.'],
  ['unsubscribe', 'Removes a callback registered with subscribe; receipts are dropped.'],
]
  .map(([method, text]) =>
    entry(
      'method',
      `skyhook.Client.${method}`,
      `${name(method ?? '')}${parameters()}`,
      `<p>${text}</p><p>The client must be open. A closed client raises ClientClosed for every delivery call.</p>`,
    ),
  )
  .join('\n');

/**
 * Skyhook's client reference in its custom Sphinx theme: a long page of API entries under
 * headings (Sphinx 3 autodoc markup), among them `skyhook.Client.send`, and
 * `skyhook.Client.set_timeout` whose default is stated in a sentence of its own after the
 * description.
 */
export const sphinxApiReferenceHtml = sphinxCustomThemeHtml(
  'Client reference',
  `<div class="section" id="client-reference">
<h1>Client reference${headerlink('client-reference')}</h1>
<p>The client delivers messages to one relay over a persistent connection.</p>
<div class="section" id="the-client">
<h2>The client${headerlink('the-client')}</h2>
${entry(
  'class',
  'skyhook.Client',
  `<em class="property">class </em><code class="sig-prename descclassname">skyhook.</code>${name('Client')}${parameters('url', 'token=None')}`,
  `<p>A connection to one relay, opened lazily on the first delivery.</p>
${entry('method', 'skyhook.Client.send', `${name('send')}${parameters('message', 'priority=0')}`, '<p>Queues one message for delivery to the relay and returns its receipt id at once. Messages of a higher priority overtake queued ones.</p>')}
${fillers}
${entry(
  'method',
  'skyhook.Client.set_timeout',
  `${name('set_timeout')}${parameters('seconds')}`,
  '<p>Sets how long one delivery attempt may take before it counts as failed and is retried. Slow relays behind a proxy may need more. Set it before the first delivery. Defaults to 30 seconds.</p>',
)}
${entry('method', 'skyhook.Client.close', `${name('close')}${parameters()}`, '<p>Closes the connection after the queued deliveries are flushed.</p>')}`,
)}
</div>
<div class="section" id="errors">
<h2>Errors${headerlink('errors')}</h2>
${entry('exception', 'skyhook.ClientClosed', `<em class="property">exception </em><code class="sig-prename descclassname">skyhook.</code>${name('ClientClosed')}`, '<p>Raised by a delivery call on a client that was closed.</p>')}
</div>
</div>`,
);
