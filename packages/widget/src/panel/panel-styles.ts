/**
 * Styles of the panel, adopted when the panel chunk loads. Pixel units only; below 640 px
 * the panel is full screen, sized to the visual viewport (`--ac-vvh`, `--ac-vvt`), with
 * safe-area insets and a 16 px input (no zoom on focus in iOS). How rendered Markdown looks
 * is the Markdown chunk's (`markdown/markdown-styles.ts`): until it loads, an answer is plain text.
 */
export const panelStyles = `
.panel{position:fixed;bottom:calc(88px + env(safe-area-inset-bottom,0px));right:calc(20px + env(safe-area-inset-right,0px));width:380px;height:640px;max-height:calc(100vh - 108px - env(safe-area-inset-bottom,0px) - env(safe-area-inset-top,0px));display:flex;flex-direction:column;background:var(--ac-bg);color:var(--ac-fg);border:1px solid var(--ac-border);border-radius:16px;box-shadow:0 12px 40px var(--ac-shadow);overflow:hidden}
.left .panel{right:auto;left:calc(20px + env(safe-area-inset-left,0px))}
.panel[hidden]{display:none}
.slot{height:100%}
.panel.inline{position:relative;bottom:auto;right:auto;left:auto;width:100%;height:100%;min-height:320px;max-height:none;box-shadow:none}
.icon-button.wide-toggle{display:none}
@media (min-width:768px){.icon-button.wide-toggle{display:flex}.panel.wide{top:calc(16px + env(safe-area-inset-top,0px));width:min(720px,calc(100vw - 40px));height:auto;max-height:none}}
@media (max-width:640px){.panel:not(.inline){top:var(--ac-vvt,0px);left:0;right:0;bottom:auto;width:100%;height:var(--ac-vvh,100vh);max-height:none;border:0;border-radius:0;padding:env(safe-area-inset-top) env(safe-area-inset-right) env(safe-area-inset-bottom) env(safe-area-inset-left)}}
.header{display:flex;align-items:center;gap:4px;padding:10px 10px 10px 16px;border-bottom:1px solid var(--ac-border)}
.header h2{flex:1;margin:0;font-size:16px;font-weight:600;line-height:1.3;overflow:hidden;text-overflow:ellipsis;white-space:nowrap}
button{font:inherit;color:inherit;letter-spacing:inherit;margin:0}
.icon-button{width:36px;height:36px;padding:6px;border:0;border-radius:8px;background:transparent;cursor:pointer;display:flex;align-items:center;justify-content:center}
.icon-button:hover,.tool:hover{background:var(--ac-bubble)}
svg{width:20px;height:20px;fill:currentColor;flex:none}
:focus-visible{outline:2px solid var(--ac-fg);outline-offset:2px}
.log[hidden]{display:none}
.log{flex:1;overflow-y:auto;overscroll-behavior:contain;padding:16px;display:flex;flex-direction:column;gap:12px}
.message{display:flex;flex-direction:column;gap:6px;max-width:88%}
.message.user{align-self:flex-end;align-items:flex-end}
.message.assistant{align-self:flex-start;align-items:flex-start}
.bubble{padding:8px 12px;border-radius:14px;background:var(--ac-bubble);overflow-wrap:anywhere;max-width:100%}
.user .bubble{background:var(--ac-primary);color:var(--ac-on-primary);white-space:pre-wrap}
.markdown.plain{white-space:pre-wrap}
a{color:inherit;text-decoration:underline;text-underline-offset:2px}
.notice{margin:0;font-size:13px}
.muted{color:var(--ac-muted)}
.error{color:var(--ac-error)}
.sources{font-size:13px;color:var(--ac-muted)}
.sources-title{margin:0;font-weight:600}
.sources ol{margin:2px 0 0;padding-inline-start:20px}
.tools{display:flex;flex-wrap:wrap;gap:4px}
.tool{display:inline-flex;align-items:center;gap:4px;padding:4px 8px;border:0;border-radius:6px;background:transparent;color:var(--ac-muted);font-size:12px;cursor:pointer}
.tool svg{width:14px;height:14px}
.tool[aria-pressed="true"]{color:var(--ac-fg);background:var(--ac-bubble)}
.feedback-comment{display:flex;gap:4px;flex-basis:100%}
.feedback-comment input{flex:1;min-width:0;padding:4px 8px;border:1px solid var(--ac-control);border-radius:6px;font:inherit;font-size:12px;background:var(--ac-bg);color:var(--ac-fg)}
.event{align-self:center;text-align:center}
.operator .bubble{background:none;border:1px solid var(--ac-control)}
.starters{display:flex;flex-wrap:wrap;gap:8px}
.starter{padding:6px 12px;border:1px solid var(--ac-control);border-radius:16px;background:var(--ac-bg);cursor:pointer;text-align:start}
.starter:hover{border-color:var(--ac-primary)}
.composer{display:flex;align-items:flex-end;gap:8px;padding:10px;border-top:1px solid var(--ac-border)}
textarea{flex:1;min-height:40px;max-height:120px;resize:none;margin:0;padding:9px 12px;font-family:inherit;font-size:16px;line-height:1.35;color:var(--ac-fg);background:var(--ac-bg);border:1px solid var(--ac-control);border-radius:10px;field-sizing:content}
textarea::placeholder{color:var(--ac-muted);opacity:1}
.action{width:40px;height:40px;padding:0;border:0;border-radius:10px;background:var(--ac-primary);color:var(--ac-on-primary);cursor:pointer;display:flex;align-items:center;justify-content:center}
[dir=rtl] .action svg{transform:scaleX(-1)}
.typing{display:inline-flex;gap:4px;padding:6px 0}
.typing span{width:6px;height:6px;border-radius:50%;background:var(--ac-muted);animation:ac-blink 1.2s infinite}
.typing span:nth-child(2){animation-delay:.2s}.typing span:nth-child(3){animation-delay:.4s}
@keyframes ac-blink{0%,80%,100%{opacity:.25}40%{opacity:1}}
@media (prefers-reduced-motion:reduce){.typing span{animation:none;opacity:.6}}
`;
