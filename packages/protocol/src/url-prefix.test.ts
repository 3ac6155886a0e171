import { describe, expect, it } from 'vitest';
import { isUrlPrefix, resolveUrlPrefix } from './url-prefix.js';

describe('resolveUrlPrefix', () => {
  const site = 'https://docs.example.com/sitemap.xml';

  it('resolves a path against the site and keeps an http(s) URL', () => {
    expect(resolveUrlPrefix(' /fr/ ', site)).toBe('https://docs.example.com/fr/');
    expect(resolveUrlPrefix('https://docs.example.com/blog/', site)).toBe(
      'https://docs.example.com/blog/',
    );
  });

  it('refuses what is neither: a bare word, another scheme, a protocol-relative URL', () => {
    expect(resolveUrlPrefix('blog', site)).toBeUndefined();
    expect(resolveUrlPrefix('ftp://docs.example.com/x', site)).toBeUndefined();
    expect(resolveUrlPrefix('//evil.example/', site)).toBeUndefined();
    expect(resolveUrlPrefix('/fr/', 'not a url')).toBeUndefined();
  });

  it('tells a readable prefix without a site', () => {
    expect(isUrlPrefix('/fr/')).toBe(true);
    expect(isUrlPrefix('https://docs.example.com/blog/')).toBe(true);
    expect(isUrlPrefix('blog')).toBe(false);
    expect(isUrlPrefix('//evil.example/')).toBe(false);
  });
});
