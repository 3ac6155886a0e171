import { describe, expect, it } from 'vitest';
import { chunkDocument } from '../chunking/index.js';
import { loadHtml } from './html-loader.js';
import { documentTitle, summarizedTitle } from './html-title.js';

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

// A reference entry as DocBook XSL writes one (PostgreSQL's SQL commands, man pages): its
// name in the refnamediv's heading, then the name again with what the command does.
const refentry = (names: string, purpose: string) =>
  `<html><head><title>TRUNCATE</title></head><body><div class="refentry" id="SQL-TRUNCATE"><div class="titlepage"></div><a id="id-1.9.3.181.1" class="indexterm"></a><div class="refnamediv"><h2><span class="refentrytitle">TRUNCATE</span></h2><p>${names} — ${purpose}</p></div><div class="refsynopsisdiv"><h2>Synopsis</h2><pre class="synopsis">TRUNCATE [ TABLE ] name [ RESTART IDENTITY ]</pre></div><div class="refsect1" id="id-1.9.3.181.6"><h2>Parameters</h2><div class="variablelist"><dl class="variablelist"><dt><span class="term"><code class="literal">RESTART IDENTITY</code></span></dt><dd><p>Automatically restart sequences owned by columns of the truncated tables.</p></dd></dl></div></div></div></body></html>`;

describe('summarizedTitle: a reference entry’s one-line summary', () => {
  it('joins the title, so that every section of the page is titled by what the entry does', () => {
    const { title, markdown } = loadHtml(refentry('TRUNCATE', 'empty a table or set of tables'));
    expect(title).toBe('TRUNCATE — empty a table or set of tables');
    // The line leaves the text, which would only repeat the title.
    expect(markdown).not.toContain('— empty a table');
    expect(markdown).toContain('Automatically restart sequences');
    const chunks = chunkDocument({
      format: 'html',
      title: title ?? '',
      markdown,
      mimeType: 'text/html',
    });
    expect(chunks.map((chunk) => chunk.title)).toContain(
      'TRUNCATE — empty a table or set of tables › Parameters',
    );
  });

  it('keeps the entry’s other names, its own first, and a man page’s hyphen', () => {
    expect(
      summarizedTitle(
        'SELECT',
        '## SELECT\n\nSELECT, TABLE, WITH — retrieve rows from a table or view\n\n## Synopsis',
      ).title,
    ).toBe('SELECT, TABLE, WITH — retrieve rows from a table or view');
    expect(
      summarizedTitle('git-commit', 'git-commit - Record changes to the repository\n\n## SYNOPSIS'),
    ).toEqual({
      title: 'git-commit — Record changes to the repository',
      markdown: '## SYNOPSIS',
    });
  });

  it('leaves a page alone that opens otherwise', () => {
    for (const markdown of [
      '## Install\n\nInstall — or upgrade — the client with pip.',
      'The relay — a small server — forwards events.',
      '## Guide\n\nRelay - a server that forwards events',
    ]) {
      expect(summarizedTitle('Install', markdown)).toEqual({ title: 'Install', markdown });
    }
  });
});
