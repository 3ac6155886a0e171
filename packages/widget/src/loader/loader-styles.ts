const light =
  '--ac-bg:#ffffff;--ac-fg:#1a1b1e;--ac-muted:#53575e;--ac-border:#d3d6db;--ac-control:#80858e;--ac-bubble:#f0f2f5;--ac-code:#f6f7f9;--ac-error:#b3261e;--ac-shadow:rgba(0,0,0,.22);';
const dark =
  '--ac-bg:#1c1e22;--ac-fg:#eef0f3;--ac-muted:#b4b9c1;--ac-border:#3a3e45;--ac-control:#6f747d;--ac-bubble:#2a2d33;--ac-code:#16181b;--ac-error:#ffb4ab;--ac-shadow:rgba(0,0,0,.6);';

/**
 * Styles the loader adopts at once: the host reset (host-page CSS cannot leak in through
 * inheritance: `all: initial` and explicit font, colour, line height, direction, letter
 * spacing; important declarations of a shadow tree win over the page's), the theme
 * variables and the launcher. The floating host is a fixed 0×0 box, so it never takes part
 * in the page's layout. The launcher keeps clear of safe-area insets (notches, home
 * indicator). Pixel units only, no `rem`.
 */
export const loaderStyles = `
:host{all:initial!important;display:block!important;position:fixed!important;top:0!important;left:0!important;width:0!important;height:0!important}
:host([data-mode=inline]){position:relative!important;width:100%!important;height:100%!important}
.root{${light}--ac-primary:#2563eb;--ac-on-primary:#ffffff;font:400 14px/1.5 system-ui,-apple-system,"Segoe UI",Roboto,"Helvetica Neue",Arial,sans-serif;color:var(--ac-fg);letter-spacing:normal;word-spacing:normal;text-align:start;text-transform:none;text-indent:0;font-style:normal;white-space:normal;-webkit-text-size-adjust:100%;text-size-adjust:100%;height:100%}
.root *,.root *::before,.root *::after{box-sizing:border-box}
.theme-dark{${dark}color-scheme:dark}
@media (prefers-color-scheme:dark){.theme-auto{${dark}color-scheme:dark}}
.launcher{position:fixed;bottom:calc(20px + env(safe-area-inset-bottom,0px));right:calc(20px + env(safe-area-inset-right,0px));width:56px;height:56px;margin:0;padding:0;border:0;border-radius:50%;background:var(--ac-primary);color:var(--ac-on-primary);cursor:pointer;display:flex;align-items:center;justify-content:center;box-shadow:0 4px 16px var(--ac-shadow);transition:transform .15s ease}
.left .launcher{right:auto;left:calc(20px + env(safe-area-inset-left,0px))}
.launcher:hover{transform:scale(1.06)}
.launcher:focus-visible{outline:3px solid var(--ac-fg);outline-offset:3px;box-shadow:0 0 0 3px var(--ac-bg)}
.launcher svg{width:28px;height:28px;fill:currentColor}
.launcher[aria-expanded=true] .icon-open,.launcher:not([aria-expanded=true]) .icon-close{display:none}
.visually-hidden{position:absolute;width:1px;height:1px;margin:-1px;padding:0;overflow:hidden;clip:rect(0 0 0 0);white-space:nowrap;border:0}
@media (max-width:640px){.open .launcher{display:none}}
@media (prefers-reduced-motion:reduce){.root *{transition:none!important;animation:none!important}}
`;
