/**
 * Styles of the contact form, adopted when its chunk loads (never at first paint). A 16 px
 * input (no zoom on focus in iOS); logical properties only, so right-to-left needs nothing.
 */
export const contactStyles =
  '.contact{align-self:stretch;max-width:none;padding:12px;border:1px solid var(--ac-control);border-radius:14px}' +
  '.contact,.field{display:flex;flex-direction:column;gap:4px}' +
  '.contact h3,.contact p{margin:0;font-size:13px;font-weight:400}' +
  '.field{margin-top:6px;font-size:13px;font-weight:600}' +
  '.field input{margin:0;padding:8px 10px;font:inherit;font-size:16px;font-weight:400;color:var(--ac-fg);background:var(--ac-bg);border:1px solid var(--ac-control);border-radius:8px}' +
  '.field [aria-invalid]{border:2px solid var(--ac-error)}' +
  '.contact .starters{margin-top:6px}' +
  '.contact .send{background:var(--ac-primary);color:var(--ac-on-primary)}';
