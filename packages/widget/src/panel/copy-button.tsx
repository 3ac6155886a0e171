import type { VNode } from 'preact';
import { useEffect, useState } from 'preact/hooks';
import { CopyIcon } from './icons.js';

/** Copies text to the clipboard; resolves false when the browser refuses. */
export async function copyText(text: string): Promise<boolean> {
  try {
    await navigator.clipboard.writeText(text);
    return true;
  } catch {
    return false;
  }
}

/** Props of {@link CopyButton}. */
export interface CopyButtonProps {
  text: string;
  label: string;
  copiedLabel: string;
}

/** A small button that copies `text` and says so for two seconds. */
export function CopyButton({ text, label, copiedLabel }: CopyButtonProps): VNode {
  const [copied, setCopied] = useState(false);
  useEffect(() => {
    if (!copied) return;
    const timer = setTimeout(() => setCopied(false), 2000);
    return () => clearTimeout(timer);
  }, [copied]);
  return (
    <button
      type="button"
      class="tool"
      onClick={() => {
        void copyText(text).then(setCopied);
      }}
    >
      <CopyIcon />
      <span>{copied ? copiedLabel : label}</span>
    </button>
  );
}
