/** The storage a widget keeps its conversation in, as `data-storage` chose it. */
import type { WidgetConfig } from '../widget-config.js';

/**
 * `localStorage` for `local`, `sessionStorage` for `session`, nothing for `none` or when
 * the browser refuses it (storage disabled, a sandboxed frame).
 */
export function widgetStorage(
  kind: WidgetConfig['storage'],
  window: Window & typeof globalThis,
): Storage | undefined {
  try {
    if (kind === 'local') return window.localStorage;
    return kind === 'session' ? window.sessionStorage : undefined;
  } catch {
    return undefined;
  }
}
