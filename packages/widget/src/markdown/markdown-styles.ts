/**
 * Styles of rendered Markdown, adopted by the panel when this chunk loads (never at first
 * paint: until then an answer is plain text). An answer's blocks come in groups
 * (`.blocks`); a settled group (laid out once, its size remembered) has
 * `content-visibility: auto`, so the browser skips the layout and paint of groups far from
 * view while an answer streams; their 4 px padding (offset by negative margins) keeps focus
 * outlines inside their paint containment. Code blocks are the panel's (`panel/markdown.tsx`),
 * styled here as they only ever render in Markdown.
 */
export const markdownStyles = `
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
.markdown .plain{white-space:pre-wrap}
.markdown .heading{font-weight:600}
.markdown .heading{margin:12px 0 6px}.markdown>:first-child>.heading:first-child{margin-top:0}.blocks+.blocks>.heading:first-child{margin-top:4px}
.markdown .h1{font-size:18px}.markdown .h2{font-size:16px}
.markdown blockquote{padding-inline-start:10px;border-inline-start:3px solid var(--ac-border);color:var(--ac-muted)}
.markdown hr{border:0;border-top:1px solid var(--ac-border)}
code{font:13px/1.45 ui-monospace,SFMono-Regular,Menlo,Consolas,monospace;background:var(--ac-code);border-radius:4px;padding:1px 4px}
.code{border:1px solid var(--ac-border);border-radius:8px;overflow:hidden;background:var(--ac-code)}
.code-bar{display:flex;align-items:center;justify-content:space-between;padding:2px 4px 2px 10px;font-size:12px;color:var(--ac-muted);border-bottom:1px solid var(--ac-border)}
pre{margin:0;padding:8px 10px;overflow-x:auto;direction:ltr;text-align:left}
pre code{padding:0;background:none;white-space:pre}
`;
