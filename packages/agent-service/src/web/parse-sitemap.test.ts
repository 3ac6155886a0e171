import { describe, expect, it } from 'vitest';
import { parseSitemap } from './parse-sitemap.js';

describe('parseSitemap', () => {
  it('reads the pages of a urlset and the sitemaps of an index, in order', () => {
    const urlset = `<?xml version="1.0" encoding="UTF-8"?>
<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9" xmlns:image="http://www.google.com/schemas/sitemap-image/1.1">
  <url><loc> https://docs.example/a </loc><lastmod>2025-01-01</lastmod>
    <image:image><image:loc>https://docs.example/a.png</image:loc></image:image></url>
  <url>
    <loc>https://docs.example/b</loc>
  </url>
</urlset>`;
    expect(parseSitemap(urlset)).toEqual({
      pages: ['https://docs.example/a', 'https://docs.example/b'],
      sitemaps: [],
      lastModified: new Map([['https://docs.example/a', '2025-01-01']]),
    });
    expect(
      parseSitemap(
        '<urlset><url><lastmod> 2026-03-01T10:00:00+00:00 </lastmod><loc>https://docs.example/c</loc></url></urlset>',
      ).lastModified,
    ).toEqual(new Map([['https://docs.example/c', '2026-03-01T10:00:00+00:00']]));
    const index = `<sitemapindex xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">
  <sitemap><loc>https://docs.example/sitemap-1.xml</loc></sitemap>
  <sitemap><loc>/sitemap-2.xml</loc></sitemap></sitemapindex>`;
    expect(parseSitemap(index)).toEqual({
      pages: [],
      sitemaps: ['https://docs.example/sitemap-1.xml', '/sitemap-2.xml'],
      lastModified: new Map(),
    });
  });

  it('reads prefixed names, entities, CDATA, and skips comments and declarations', () => {
    const xml = `<?xml version="1.0"?><!DOCTYPE urlset>
<!-- <url><loc>https://docs.example/commented</loc></url> -->
<sm:urlset xmlns:sm="http://www.sitemaps.org/schemas/sitemap/0.9">
  <sm:url><sm:loc>https://docs.example/search?q=a&amp;page=2&#38;x=&#x31;</sm:loc></sm:url>
  <URL><LOC><![CDATA[https://docs.example/cdata?a=1&b=</loc>]]></LOC></URL>
  <url><loc>https://docs.example/<!-- note -->with-comment&unknown;</loc></url>
  <loc>https://docs.example/outside-any-url</loc>
</sm:urlset>`;
    expect(parseSitemap(xml).pages).toEqual([
      'https://docs.example/search?q=a&page=2&x=1',
      'https://docs.example/cdata?a=1&b=</loc>',
      'https://docs.example/with-comment&unknown;',
    ]);
  });

  it('never throws on malformed input, and keeps what it could read', () => {
    for (const xml of [
      '',
      'not xml',
      '<url><loc>https://a.example/',
      '<url><loc><![CDATA[x',
      '<!--',
    ]) {
      expect(parseSitemap(xml), xml).toEqual({ pages: [], sitemaps: [], lastModified: new Map() });
    }
    expect(
      parseSitemap('<urlset><url><loc>https://a.example/1</loc></url><url><loc>https://a').pages,
    ).toEqual(['https://a.example/1']);
  });

  it('is linear on hostile input', () => {
    const hostile = [
      `<url><loc>${'</'.repeat(500_000)}>`,
      `<url><loc>${'<!--x-->'.repeat(200_000)}</loc></url>`,
      '<'.repeat(1_000_000),
      `<url>${'<loc></loc>'.repeat(200_000)}</url>`,
    ];
    for (const xml of hostile) {
      const started = performance.now();
      parseSitemap(xml);
      expect(performance.now() - started, xml.slice(0, 20)).toBeLessThan(2_000);
    }
  });
});
