/**
 * Styles of the greeting bubble beside the launcher, adopted when its chunk loads. Below
 * the launcher's row, never wider than the screen less the launcher; hidden while the panel
 * is open; its entrance is the only motion and stops under reduced motion.
 */
export const greetingStyles = `
.greeting{position:fixed;bottom:calc(26px + env(safe-area-inset-bottom,0px));right:calc(86px + env(safe-area-inset-right,0px));max-width:min(280px,calc(100vw - 106px));display:flex;align-items:flex-start;gap:2px;padding:4px;background:var(--ac-bg);color:var(--ac-fg);border:1px solid var(--ac-border);border-radius:14px;box-shadow:0 4px 16px var(--ac-shadow)}
.left .greeting{right:auto;left:calc(86px + env(safe-area-inset-left,0px))}
.greeting[hidden],.open .greeting{display:none}
.greeting button{font:inherit;color:inherit;background:transparent;border:0;margin:0;cursor:pointer;border-radius:10px}
.greeting-text{flex:1;padding:6px 8px;text-align:start;overflow-wrap:anywhere}
.greeting-close{width:28px;height:28px;padding:0;font-size:20px;line-height:1;color:var(--ac-muted)}
.greeting button:hover{background:var(--ac-bubble)}
.greeting button:focus-visible{outline:2px solid var(--ac-fg);outline-offset:1px}
@keyframes ac-greet{from{opacity:0;transform:translateY(6px)}}
@media (prefers-reduced-motion:no-preference){.greeting{animation:ac-greet .2s ease-out}}
`;
