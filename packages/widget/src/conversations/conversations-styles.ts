/** Styles of the "Conversations" view, adopted when its chunk loads. */
export const conversationsStyles = `
.past{flex:1;overflow-y:auto;overscroll-behavior:contain;padding:12px 16px;display:flex;flex-direction:column;gap:8px}
.past-head{display:flex;align-items:center;justify-content:space-between;gap:8px;flex-wrap:wrap}
.past-head h3{margin:0;font-size:15px;font-weight:600}
.past-list{list-style:none;margin:0;padding:0;display:flex;flex-direction:column;gap:6px}
.past-list li{display:flex;align-items:center;gap:4px;border:1px solid var(--ac-border);border-radius:10px}
.past-open{flex:1;min-width:0;display:flex;flex-direction:column;align-items:flex-start;gap:2px;padding:8px 10px;border:0;border-radius:10px;background:transparent;cursor:pointer;text-align:start}
.past-open:hover{background:var(--ac-bubble)}
.past-question{overflow-wrap:anywhere}
.past-meta{font-size:12px;color:var(--ac-muted)}
`;
