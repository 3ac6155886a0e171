/**
 * Returns a function that adds CSS to a shadow root. Where constructable stylesheets exist
 * the CSS goes into `adoptedStyleSheets` (no `<style>` text, so CSP without
 * `'unsafe-inline'` allows it); elsewhere a `<style>` carrying `nonce` is appended.
 */
export function createStyleAdopter(root: ShadowRoot, nonce?: string): (css: string) => void {
  const constructable =
    'adoptedStyleSheets' in root &&
    typeof CSSStyleSheet === 'function' &&
    'replaceSync' in CSSStyleSheet.prototype;
  return (css) => {
    if (constructable) {
      try {
        const sheet = new CSSStyleSheet();
        sheet.replaceSync(css);
        root.adoptedStyleSheets = [...root.adoptedStyleSheets, sheet];
        return;
      } catch {
        // Constructable sheets exist but are unusable here: fall back to a <style>.
      }
    }
    const style = root.ownerDocument.createElement('style');
    if (nonce) style.nonce = nonce;
    style.textContent = css;
    root.append(style);
  };
}
