import { describe, expect, it } from 'vitest';
import { loadHtml } from './html-loader.js';
import { documentTitle } from './html-title.js';

describe('documentTitle', () => {
  it('is the <h1> when the <title> holds it: the site’s name left out', () => {
    expect(documentTitle('Install | Acme Docs', 'Install')).toBe('Install');
    expect(documentTitle('Install the widget — Acme 2.0 documentation', 'Install the widget')).toBe(
      'Install the widget',
    );
  });

  it('is the title’s part that begins the <h1> when the heading carries more (a badge’s text)', () => {
    expect(documentTitle('coverage | Config | Acme', 'coverage root')).toBe('coverage');
    expect(documentTitle('onUnhandledError | Config | Acme', 'onUnhandledError 4.0.0')).toBe(
      'onUnhandledError',
    );
    // A word that merely starts the same way is not the title's name.
    expect(documentTitle('Install | Acme', 'Installation guide')).toBe('Install');
  });

  it('is the title’s first part without an <h1>, or with one that says something else', () => {
    expect(documentTitle('Advanced API | Guide | Acme', undefined)).toBe('Advanced API');
    expect(documentTitle('Test Tags · Acme', 'Tagging tests')).toBe('Test Tags');
    // A hyphen is part of a name, not a separator.
    expect(documentTitle('Auto-Cleanup with using - v2 | Acme', undefined)).toBe(
      'Auto-Cleanup with using - v2',
    );
    expect(documentTitle('Blog', 'Post title')).toBe('Blog');
  });

  it('is the <h1> without a <title>, and nothing without either', () => {
    expect(documentTitle(undefined, 'Only heading')).toBe('Only heading');
    expect(documentTitle(undefined, undefined)).toBeUndefined();
  });

  it('titles a loaded page so', () => {
    const page = `<html><head><title>coverage | Config | Acme</title></head><body><main>
      <h1 id="coverage">coverage <span class="badge">root</span></h1><p>Coverage options.</p>
      </main></body></html>`;
    expect(loadHtml(page).title).toBe('coverage');
  });
});
