import { describe, expect, it } from 'vitest';
import { pageLinks } from './html-links.js';
import { parseHtml } from './parse-html.js';

describe('pageLinks', () => {
  it('resolves every <a href> of the page, navigation included, once, in document order', () => {
    const html = `<html><head><title>x</title></head><body>
      <nav><a href="/guide">Guide</a> <a href="faq#pay">FAQ</a></nav>
      <main><a href="https://other.example/x?a=1&amp;b=2">Other</a> <a href="/guide#install">Again</a>
        <a href="mailto:team@docs.example">Mail</a> <a href="javascript:void(0)">JS</a>
        <a href="#top">Top</a> <a href="http://[bad">Bad</a> <a>No href</a>
        <a href="/private" rel="nofollow noopener">Hidden</a></main>
      <footer><a href="./about">About</a></footer></body></html>`;
    expect(pageLinks(parseHtml(html), 'https://docs.example/docs/page')).toEqual([
      'https://docs.example/guide',
      'https://docs.example/docs/faq',
      'https://other.example/x?a=1&b=2',
      'https://docs.example/docs/page',
      'https://docs.example/docs/about',
    ]);
  });

  it('resolves against the first <base href>, itself relative to the page', () => {
    const html = `<head><base href="/v2/"><base href="/ignored/"></head><body><a href="start">Start</a></body>`;
    expect(pageLinks(parseHtml(html), 'https://docs.example/a/b')).toEqual([
      'https://docs.example/v2/start',
    ]);
  });

  it('walks a tree as deep as the parser allows without recursion', () => {
    const html = `${'<div>'.repeat(2_000)}<a href="/deep">x</a>`;
    expect(pageLinks(parseHtml(html), 'https://docs.example/')).toEqual([
      'https://docs.example/deep',
    ]);
  });
});
