/**
 * How the open panel behaves on the page, apart from what it shows: it follows the visual
 * viewport (so an on-screen keyboard never covers the message box) and, floating, closes
 * with Escape.
 */
import { useEffect } from 'preact/hooks';

/**
 * Keeps `--ac-vvh` and `--ac-vvt` on the panel at the visual viewport's height and top:
 * below 640 px the panel is full screen, sized by them.
 */
export function useVisualViewport(element: { current: HTMLElement | null }): void {
  useEffect(() => {
    const viewport = globalThis.visualViewport;
    const target = element.current;
    if (!viewport || !target) return;
    // Below 640 px the panel is full screen: size it to the visual viewport so the
    // on-screen keyboard never covers the message box.
    const update = (): void => {
      target.style.setProperty('--ac-vvh', `${viewport.height}px`);
      target.style.setProperty('--ac-vvt', `${viewport.offsetTop}px`);
    };
    update();
    viewport.addEventListener('resize', update);
    viewport.addEventListener('scroll', update);
    return () => {
      viewport.removeEventListener('resize', update);
      viewport.removeEventListener('scroll', update);
    };
  }, [element]);
}

/** Calls `onClose` on Escape inside the panel, unless it is inline (it cannot close). */
export function useCloseOnEscape(
  element: { current: HTMLElement | null },
  inline: boolean,
  onClose: () => void,
): void {
  useEffect(() => {
    const panel = element.current;
    if (inline || !panel) return;
    const onKeyDown = (event: KeyboardEvent): void => {
      if (event.key !== 'Escape') return;
      event.stopPropagation();
      onClose();
    };
    panel.addEventListener('keydown', onKeyDown);
    return () => panel.removeEventListener('keydown', onKeyDown);
  }, [inline, onClose]);
}
