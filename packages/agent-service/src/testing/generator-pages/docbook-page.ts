import type { GeneratorPage } from './generator-page.js';

// DocBook XSL (PostgreSQL's manual, FreeBSD's handbook, many older project sites): no <main>
// and no <h1>; the page is a `<div class="sect1" id>` whose heading sits three wrappers deep
// in its title page without an id of its own (`<div class="titlepage"><div><div><h2>`), and
// so do its `sect2`s; a navigation table above and below (`navheader`, `navfooter`: Prev,
// Up, Home, Next), the chapter's table of contents in `div.toc`, empty index-term anchors,
// admonitions as `<div class="tip"><h3 class="title">Tip</h3>`; a no-break space after each
// section number. Configuration parameters are a `variablelist` whose terms have ids
// (`<dt id="GUC-…">`): each is a section a link points to; a command's options, whose terms
// have none, stay a list.
const titlePage = (level: number, text: string) =>
  `<div class="titlepage"><div><div><h${level} class="title"${level === 2 ? ' style="clear: both"' : ''}>${text}</h${level}></div></div></div>`;

/** A DocBook chapter section (Quillvault, a key store). */
export const docBookPage: GeneratorPage = {
  generator: 'DocBook',
  title: '4.2. Rotating Keys',
  html: `<?xml version="1.0" encoding="UTF-8" standalone="no"?>
<!DOCTYPE html PUBLIC "-//W3C//DTD XHTML 1.0 Transitional//EN" "http://www.w3.org/TR/xhtml1/DTD/xhtml1-transitional.dtd"><html xmlns="http://www.w3.org/1999/xhtml"><head><meta http-equiv="Content-Type" content="text/html; charset=UTF-8" /><title>4.2.&nbsp;Rotating Keys</title><link rel="stylesheet" type="text/css" href="stylesheet.css" /><meta name="generator" content="DocBook XSL Stylesheets Vsnapshot" /><link rel="prev" href="vault-storing.html" title="4.1. Storing Keys" /><link rel="next" href="vault-revoking.html" title="4.3. Revoking Keys" /></head><body id="docContent" class="container-fluid col-10"><div class="navheader"><table width="100%" summary="Navigation header"><tr><th colspan="5" align="center">4.2. Rotating Keys</th></tr><tr><td width="10%" align="left"><a accesskey="p" href="vault-storing.html">Prev</a> </td><td width="10%" align="left"><a accesskey="u" href="vault-keys.html">Up</a></td><th width="60%" align="center">Chapter 4. Key Management</th><td width="10%" align="right"><a accesskey="h" href="index.html">Home</a></td><td width="10%" align="right"> <a accesskey="n" href="vault-revoking.html">Next</a></td></tr></table><hr /></div><div class="sect1" id="VAULT-ROTATING">${titlePage(2, '4.2.&nbsp;Rotating Keys')}<div class="toc"><dl class="toc"><dt><span class="sect2"><a href="vault-rotating.html#VAULT-ROTATING-SCHEDULE">4.2.1. Rotation Schedule</a></span></dt><dt><span class="sect2"><a href="vault-rotating.html#VAULT-ROTATING-OLD">4.2.2. Old Key Versions</a></span></dt></dl></div><a id="id-1.4.6.3.2" class="indexterm"></a><p>
    Quillvault replaces a data key by writing a new <em class="firstterm">key version</em>
    and re-wrapping it under the master key.
  </p><div class="sect2" id="VAULT-ROTATING-SCHEDULE">${titlePage(3, '4.2.1.&nbsp;Rotation Schedule')}<a id="id-1.4.6.3.3.2" class="indexterm"></a><p>
    By default every data key is rotated after ninety days; set
    <code class="varname">rotation_period</code> to change it.
  </p><div class="tip"><h3 class="title">Tip</h3><p>
     Rotate by hand right after a staff member leaves.
    </p></div><pre class="programlisting">
quillvault rotate --key billing
</pre><div class="variablelist"><dl class="variablelist"><dt id="GUC-ROTATION-PERIOD"><span class="term"><code class="varname">rotation_period</code> (<code class="type">integer</code>)
      <a id="id-1.4.6.3.3.5.1.1.3" class="indexterm"></a>
    </span></dt><dd><p>
      How long a data key is used before it is rotated.
    </p></dd><dt id="GUC-ROTATION-GRACE"><span class="term"><code class="varname">rotation_grace</code> (<code class="type">integer</code>)</span></dt><dd><p>
      How long a retired key version keeps decrypting new writes.
    </p></dd></dl></div></div><div class="sect2" id="VAULT-ROTATING-OLD">${titlePage(3, '4.2.2.&nbsp;Old Key Versions')}<p>
    Retired versions stay readable for decryption until they are purged.
  </p><div class="variablelist"><dl class="variablelist"><dt><span class="term"><code class="option">-p</code><br /></span><span class="term"><code class="option">--purge</code></span></dt><dd><p>
      Purges every retired version at once.
    </p></dd></dl></div></div></div><div class="navfooter"><hr /><table width="100%" summary="Navigation footer"><tr><td width="40%" align="left"><a accesskey="p" href="vault-storing.html">Prev</a> </td><td width="20%" align="center"><a accesskey="u" href="vault-keys.html">Up</a></td><td width="40%" align="right"> <a accesskey="n" href="vault-revoking.html">Next</a></td></tr><tr><td width="40%" align="left" valign="top">4.1. Storing Keys </td><td width="20%" align="center"><a accesskey="h" href="index.html">Home</a></td><td width="40%" align="right" valign="top"> 4.3. Revoking Keys</td></tr></table></div></body></html>`,
  sections: [
    { path: [], id: 'VAULT-ROTATING', phrase: 're-wrapping it under the master key' },
    { path: ['4.2.1. Rotation Schedule'], id: 'VAULT-ROTATING-SCHEDULE', phrase: 'ninety days' },
    // The tip's title opens its text; it is no heading of its own.
    {
      path: ['4.2.1. Rotation Schedule'],
      id: 'VAULT-ROTATING-SCHEDULE',
      phrase: '**Tip:** Rotate by hand',
    },
    {
      path: ['4.2.1. Rotation Schedule'],
      id: 'VAULT-ROTATING-SCHEDULE',
      phrase: 'quillvault rotate --key billing',
    },
    {
      path: ['4.2.1. Rotation Schedule', 'rotation_period (integer)'],
      id: 'GUC-ROTATION-PERIOD',
      phrase: 'before it is rotated',
    },
    {
      path: ['4.2.1. Rotation Schedule', 'rotation_grace (integer)'],
      id: 'GUC-ROTATION-GRACE',
      phrase: 'keeps decrypting new writes',
    },
    {
      path: ['4.2.2. Old Key Versions'],
      id: 'VAULT-ROTATING-OLD',
      phrase: 'stay readable for decryption',
    },
    { path: ['4.2.2. Old Key Versions'], id: 'VAULT-ROTATING-OLD', phrase: 'Purges every retired' },
  ],
  chromePhrases: [
    'Prev',
    'Home',
    'Next',
    'Chapter 4. Key Management',
    'Storing Keys',
    'Revoking Keys',
    'Navigation',
  ],
};
