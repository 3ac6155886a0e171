import type { RefObject } from 'preact';
import { useEffect, useRef } from 'preact/hooks';

/**
 * Shows a `<dialog>` as a modal while the component is mounted (`showModal()`: focus is
 * trapped inside, Escape cancels) and, when it unmounts, closes it and gives focus back to
 * the element that had it — or, when that element is gone, to `fallback()`'s.
 */
export function useModalDialog(fallback?: () => HTMLElement | null): RefObject<HTMLDialogElement> {
  const dialog = useRef<HTMLDialogElement>(null);
  useEffect(() => {
    const element = dialog.current;
    const opener = document.activeElement as HTMLElement | null;
    element?.showModal();
    return () => {
      element?.close();
      opener?.isConnected ? opener.focus() : fallback?.()?.focus();
    };
  }, []);
  return dialog;
}
