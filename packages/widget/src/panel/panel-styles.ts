/**
 * Styles of the panel, adopted when the panel chunk loads. Pixel units only; below 640 px
 * the panel is full screen, sized to the visual viewport (`--ac-vvh`, `--ac-vvt`), with
 * safe-area insets and a 16 px input (no zoom on focus in iOS). An answer's blocks come in
 * groups (`.blocks`); a settled group (laid out once, its size remembered) has
 * `content-visibility: auto`, so the browser skips the layout and paint of groups far from
 * view while an answer streams; their 4 px padding (offset by negative margins) keeps focus
 * outlines inside their paint containment.
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
.markdown>*,.blocks>*{margin:0 0 8px}
.markdown>:last-child,.blocks>:last-child{margin-bottom:0}
.blocks{contain-intrinsic-size:auto 320px auto 480px;padding:4px;margin:-4px -4px 4px}.blocks.settled{content-visibility:auto}
.markdown>.blocks:last-child{margin-bottom:-4px}
.markdown ul,.markdown ol{padding-inline-start:20px}
.markdown li>ul,.markdown li>ol{margin:0}
.markdown li>p,.markdown li>.code,.markdown li>blockquote,.markdown blockquote>*{margin:0 0 6px}
.markdown li>:last-child,.markdown blockquote>:last-child{margin-bottom:0}
.markdown li.task{list-style:none}
.markdown li.task>input{margin:0 6px 0 -18px;vertical-align:-2px}
.markdown .table{overflow-x:auto}
.markdown table{border-collapse:collapse;font-size:13px}
.markdown th,.markdown td{border:1px solid var(--ac-border);padding:3px 8px;text-align:start}
.markdown th{font-weight:600;background:var(--ac-code)}
.markdown .align-center{text-align:center}.markdown .align-right{text-align:right}
.markdown.plain,.markdown .plain{white-space:pre-wrap}
.markdown .heading{font-weight:600}
.markdown .heading{margin:12px 0 6px}.markdown>:first-child>.heading:first-child{margin-top:0}.blocks+.blocks>.heading:first-child{margin-top:4px}
.markdown .h1{font-size:18px}.markdown .h2{font-size:16px}
.markdown blockquote{padding-inline-start:10px;border-inline-start:3px solid var(--ac-border);color:var(--ac-muted)}
.markdown hr{border:0;border-top:1px solid var(--ac-border)}
a{color:inherit;text-decoration:underline;text-underline-offset:2px}
code{font:13px/1.45 ui-monospace,SFMono-Regular,Menlo,Consolas,monospace;background:var(--ac-code);border-radius:4px;padding:1px 4px}
.code{border:1px solid var(--ac-border);border-radius:8px;overflow:hidden;background:var(--ac-code)}
.code-bar{display:flex;align-items:center;justify-content:space-between;padding:2px 4px 2px 10px;font-size:12px;color:var(--ac-muted);border-bottom:1px solid var(--ac-border)}
pre{margin:0;padding:8px 10px;overflow-x:auto;direction:ltr;text-align:left}
pre code{padding:0;background:none;white-space:pre}
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
