/** Whether a key press on the page is one of the search's shortcuts (`mod+k`, `/` …). */

/**
 * True when `key` is one of `shortcuts` (`mod+` for Ctrl or ⌘, `alt+`, then the key in
 * lower case). A bare key ("/") is typed, not a shortcut, in the page's fields.
 */
export function isSearchShortcut(key: KeyboardEvent, shortcuts: readonly string[]): boolean {
  const mod = key.ctrlKey || key.metaKey;
  const combo = `${mod ? 'mod+' : ''}${key.altKey ? 'alt+' : ''}${key.key.toLowerCase()}`;
  const target = key.composedPath()[0] as HTMLElement;
  return (
    shortcuts.includes(combo) &&
    (mod || !(/^(INPUT|TEXTAREA)$/.test(target.tagName) || target.isContentEditable))
  );
}
