import { describe, expect, it } from 'vitest';
import { markdownInMain } from '../../testing/index.js';

describe('accordions and disclosures', () => {
  it("reads a collapsed panel, led by its button's text, which is dropped as a control", () => {
    const markdown = markdownInMain(
      [
        '<h2 id="faq">FAQ</h2>',
        '<div class="faq-item"><button type="button" aria-expanded="false" aria-controls="answer-1">How do refunds work?</button>',
        '<div id="answer-1" hidden><p>Refunds reach your card within <strong>5 days</strong>.</p></div></div>',
        '<div class="faq-item"><div role="button" aria-expanded="false" aria-controls="answer-2">Can I change plans?</div>',
        '<div id="answer-2" style="display: none"><p>Yes, at any time.</p></div></div>',
      ].join(''),
    );
    expect(markdown).toBe(
      [
        '## FAQ {#faq}',
        '**How do refunds work?**',
        'Refunds reach your card within **5 days**.',
        'Can I change plans?',
        'Yes, at any time.',
      ].join('\n\n'),
    );
  });

  it("keeps an accordion's question that is a button inside a heading, as the heading", () => {
    const markdown = markdownInMain(
      [
        '<div class="accordion-item"><h3 class="accordion-header" id="q-invoice">',
        '<button class="accordion-button collapsed" type="button" aria-expanded="false" aria-controls="c-invoice">Can I pay by invoice?</button></h3>',
        '<div id="c-invoice" class="accordion-collapse collapse" hidden><div class="accordion-body">Yes, on yearly plans.</div></div></div>',
      ].join(''),
    );
    expect(markdown).toBe('### Can I pay by invoice? {#q-invoice}\n\nYes, on yearly plans.');
  });

  it('leaves a collapsed menu of links hidden, and a panel no control names', () => {
    const markdown = markdownInMain(
      [
        '<p>Intro.</p>',
        '<button aria-expanded="false" aria-controls="on-page">On this page</button>',
        '<div id="on-page" hidden><ul><li><a href="#install">Install</a></li><li><a href="#usage">Usage</a></li></ul></div>',
        '<div id="draft" hidden><p>Not published yet.</p></div>',
      ].join(''),
    );
    expect(markdown).toBe('Intro.');
  });
});
