import type { VNode } from 'preact';

function icon(path: string): () => VNode {
  return () => (
    <svg viewBox="0 0 24 24" aria-hidden="true" focusable="false">
      <path d={path} />
    </svg>
  );
}

/** Close (×). */
export const CloseIcon = icon(
  'M18.3 5.71 12 12.01l-6.3-6.3-1.41 1.41 6.3 6.3-6.3 6.3 1.41 1.41 6.3-6.3 6.3 6.3 1.41-1.41-6.3-6.3 6.3-6.3z',
);
/** New conversation (pencil on a page). */
export const NewIcon = icon(
  'M3 17.25V21h3.75L17.81 9.94l-3.75-3.75L3 17.25zM20.71 7.04a1 1 0 0 0 0-1.41l-2.34-2.34a1 1 0 0 0-1.41 0l-1.83 1.83 3.75 3.75 1.83-1.83z',
);
/** Send (paper plane). */
export const SendIcon = icon('M2.01 21 23 12 2.01 3 2 10l15 2-15 2z');
/** Stop (square). */
export const StopIcon = icon('M6 6h12v12H6z');
/** Copy (two sheets). */
export const CopyIcon = icon(
  'M16 1H4a2 2 0 0 0-2 2v14h2V3h12V1zm3 4H8a2 2 0 0 0-2 2v14a2 2 0 0 0 2 2h11a2 2 0 0 0 2-2V7a2 2 0 0 0-2-2zm0 16H8V7h11v14z',
);
/** Retry (circular arrow). */
export const RetryIcon = icon(
  'M17.65 6.35A7.96 7.96 0 0 0 12 4a8 8 0 1 0 7.73 10h-2.08A6 6 0 1 1 12 6c1.66 0 3.14.69 4.22 1.78L13 11h7V4l-2.35 2.35z',
);
