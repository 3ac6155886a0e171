import { describe, expect, it } from 'vitest';
import { isSamePage, isSameSection, urlPath } from './eval-source-match.js';

const web = (url: string | null, name = 'Page') => ({ source_url: url, datasource_name: name });

describe('urlPath', () => {
  it('ignores origin, query, fragment and trailing slashes', () => {
    expect(urlPath('https://docs.example.com/guide/setup/?tab=npm#install')).toBe('/guide/setup');
    expect(urlPath('http://127.0.0.1:4000/')).toBe('/');
    expect(urlPath('/guide//')).toBe('/guide');
    expect(urlPath('/docs/caf%C3%A9')).toBe('/docs/café');
    expect(urlPath('http://[bad')).toBeUndefined();
  });
});

describe('isSamePage', () => {
  it('compares web pages by path only', () => {
    expect(isSamePage('/docs/setup', web('http://127.0.0.1:4000/docs/setup#install'))).toBe(true);
    expect(isSamePage('/docs/setup/', web('https://example.com/docs/setup?x=1'))).toBe(true);
    expect(isSamePage('https://a.example/docs/setup', web('https://b.example/docs/setup'))).toBe(
      true,
    );
    expect(isSamePage('/docs/setup', web('https://example.com/docs/setup-more'))).toBe(false);
    expect(isSamePage('/docs', web('https://example.com/docs/setup'))).toBe(false);
    expect(isSamePage('/', web('https://example.com'))).toBe(true);
    expect(isSamePage('/docs/setup', web(null, '/docs/setup'))).toBe(false);
  });

  it('compares files by datasource name', () => {
    expect(isSamePage('setup.md', web(null, 'setup.md'))).toBe(true);
    expect(isSamePage('setup.md', web(null, 'Setup.md'))).toBe(false);
    expect(isSamePage('setup.md', web('https://example.com/setup.md', 'other'))).toBe(false);
  });
});

describe('isSameSection', () => {
  it('needs the page and the fragment equal to the heading id', () => {
    const source = web('https://example.com/docs/setup/#pages-router');
    expect(isSameSection('/docs/setup', 'pages-router', source)).toBe(true);
    expect(isSameSection('/docs/setup', 'app-router', source)).toBe(false);
    expect(isSameSection('/docs/other', 'pages-router', source)).toBe(false);
    expect(isSameSection('/docs/setup', 'setup', web('https://example.com/docs/setup'))).toBe(
      false,
    );
    expect(isSameSection('/e', '-streaming', web('http://h/e#-streaming'))).toBe(true);
    expect(isSameSection('/e', 'über', web('http://h/e#%C3%BCber'))).toBe(true);
    expect(isSameSection('a.md', 'x', web(null, 'a.md'))).toBe(false);
  });

  it('counts an id inside the section (an API entry, a sub-heading) when given', () => {
    const inside = ['flask.Flask.run', 'debug-mode'];
    const entry = web('http://h/api#flask.Flask.run');
    expect(isSameSection('/api', 'application-object', entry)).toBe(false);
    expect(isSameSection('/api', 'application-object', entry, inside)).toBe(true);
    expect(
      isSameSection('/api', 'application-object', web('http://h/api#debug-mode'), inside),
    ).toBe(true);
    expect(isSameSection('/other', 'application-object', entry, inside)).toBe(false);
    expect(isSameSection('/api', 'application-object', web('http://h/api#x'), inside)).toBe(false);
    expect(isSameSection('/api', 'application-object', web('http://h/api'), ['', ...inside])).toBe(
      false,
    );
  });
});
