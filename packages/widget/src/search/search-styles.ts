/**
 * Styles of the search modal, adopted when its chunk loads: a centred dialog over a dimmed
 * page, full screen below 600 px; pixel units only; theme colours from the widget's root.
 */
export const searchStyles = `
.search-backdrop{position:fixed;inset:0;z-index:1;background:rgba(0,0,0,.45);display:flex;align-items:flex-start;justify-content:center;padding:10vh 16px 16px}
.search{width:min(640px,100%);max-height:min(640px,80vh);display:flex;flex-direction:column;background:var(--ac-bg);color:var(--ac-fg);border:1px solid var(--ac-border);border-radius:12px;box-shadow:0 12px 40px var(--ac-shadow);overflow:hidden}
@media (max-width:600px){.search-backdrop{padding:0}.search{width:100%;height:100%;max-height:none;border:0;border-radius:0;padding:env(safe-area-inset-top) env(safe-area-inset-right) env(safe-area-inset-bottom) env(safe-area-inset-left)}}
.search-bar{display:flex;align-items:center;gap:8px;padding:10px 12px;border-bottom:1px solid var(--ac-border)}
.search-bar input{flex:1;min-width:0;font:inherit;font-size:16px;color:inherit;background:transparent;border:0;padding:6px 4px;outline:0}
.search-bar input::placeholder{color:var(--ac-muted)}
.search button{font:inherit;color:inherit;letter-spacing:inherit;margin:0;cursor:pointer}
.search-close{border:1px solid var(--ac-border);border-radius:6px;background:transparent;padding:2px 8px;font-size:12px}
.search :focus-visible{outline:2px solid var(--ac-fg);outline-offset:2px}
.search-bar:focus-within{box-shadow:inset 0 -2px 0 var(--ac-primary)}
.search-list{flex:1;overflow-y:auto;overscroll-behavior:contain;padding:6px;margin:0}
.search-group-title{padding:10px 10px 4px;font-size:12px;font-weight:600;color:var(--ac-muted)}
.search-option{display:block;padding:8px 10px;border-radius:8px;cursor:pointer}
.search-option[aria-selected=true]{background:var(--ac-bubble);box-shadow:inset 3px 0 0 var(--ac-primary)}
[dir=rtl] .search-option[aria-selected=true]{box-shadow:inset -3px 0 0 var(--ac-primary)}
.search-option[aria-disabled=true]{cursor:default}
.search-heading{display:block;font-weight:600;overflow:hidden;text-overflow:ellipsis;white-space:nowrap}
.search-excerpt{display:-webkit-box;-webkit-line-clamp:2;-webkit-box-orient:vertical;overflow:hidden;font-size:13px;color:var(--ac-muted);overflow-wrap:anywhere}
.search-excerpt mark{background:transparent;color:var(--ac-fg);font-weight:600;text-decoration:underline}
.search-ask{font-weight:600}
.search-message{margin:0;padding:10px 16px;font-size:13px;color:var(--ac-muted)}
.search-message.error{color:var(--ac-error)}
.search-recent{display:flex;align-items:center;justify-content:space-between;padding:6px 10px 0}
.search-recent button{border:0;background:transparent;text-decoration:underline;font-size:12px;color:var(--ac-muted);padding:4px}
.search-keys{margin:0;padding:8px 12px;border-top:1px solid var(--ac-border);font-size:12px;color:var(--ac-muted)}
@media (max-width:600px){.search-keys{display:none}}
.visually-hidden{position:absolute;width:1px;height:1px;margin:-1px;padding:0;overflow:hidden;clip:rect(0 0 0 0);white-space:nowrap;border:0}
`;
