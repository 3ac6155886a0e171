import { createSseEncoder, DEFAULT_CONTACT_CAPTURE } from '@agent-chat/protocol';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { AgentChatGlobal } from '../agent-chat-api.js';
import ar from '../i18n/locales/ar.js';
import de from '../i18n/locales/de.js';
import fr from '../i18n/locales/fr.js';
import type { LocaleStrings } from '../i18n/locales/locale-strings.js';
import { mountPanel } from '../panel/mount-panel.js';
import type { LocaleModule, PanelModule } from '../panel-contract.js';
import { createFakeFetch, type FakeFetch } from '../testing/controlled-stream.js';
import { createStyleAdopter } from './create-style-adopter.js';
import { startWidget } from './start-widget.js';

const encoder = createSseEncoder();
const panelUrl = 'https://cdn.example/assets/panel-abc.js';
const locales: Record<string, LocaleStrings> = { ar, de, fr };
const localeUrls = Object.fromEntries(
  Object.keys(locales).map((lang) => [lang, `https://cdn.example/assets/locale-${lang}-abc.js`]),
);
/** Loads a locale "chunk" the way the build's `import(url)` would: by its URL. */
const importLocaleSource = async (url: string): Promise<LocaleModule> => {
  const lang = /locale-(\w+)-/.exec(url)?.[1] ?? '';
  if (!(lang in locales))
    throw new TypeError(`Failed to fetch dynamically imported module: ${url}`);
  return { default: locales[lang]! };
};
const scope = window as unknown as { AgentChat?: AgentChatGlobal };
let network: FakeFetch;
const originalFetch = window.fetch;

function script(data: Record<string, string>): HTMLScriptElement {
  const element = document.createElement('script');
  element.src = 'https://cdn.example/widget.js';
  // The search mode asks the BFF for the agent's features; search.test.ts covers it.
  Object.assign(element.dataset, { search: 'false', ...data });
  return element;
}

function start(
  data: Record<string, string>,
  importPanel = vi.fn(async (): Promise<PanelModule> => ({ mountPanel })),
  importLocale = vi.fn(importLocaleSource),
) {
  const api = startWidget({
    script: script(data),
    panelUrl,
    importPanel,
    localeUrls,
    importLocale,
    greetingUrl: 'https://cdn.example/assets/greeting-abc.js',
    importGreeting: () => import('./create-greeting.js'),
    searchUrl: 'https://cdn.example/assets/search-abc.js',
    importSearch: () => import('../search/mount-search.js'),
    window: window as Window & typeof globalThis,
  });
  const shadow = api.element.shadowRoot!;
  return {
    api,
    shadow,
    importPanel,
    importLocale,
    launcher: shadow.querySelector<HTMLButtonElement>('.launcher'),
  };
}

beforeEach(() => {
  network = createFakeFetch();
  window.fetch = network.fetch;
  localStorage.clear();
});

afterEach(() => {
  while (scope.AgentChat) scope.AgentChat.destroy();
  window.fetch = originalFetch;
  document.body.replaceChildren();
});

describe('startWidget', () => {
  it('renders the launcher at once and loads the panel only on intent', async () => {
    const { api, launcher, importPanel } = start({ agentId: 'demo' });
    expect(api.element.parentElement).toBe(document.body);
    expect(api.element.localName).toBe('agent-chat');
    expect(launcher?.getAttribute('aria-label')).toBe('Open chat');
    expect(launcher?.getAttribute('aria-expanded')).toBe('false');
    expect(importPanel).not.toHaveBeenCalled();
    launcher!.dispatchEvent(new Event('pointerenter'));
    expect(importPanel).toHaveBeenCalledWith(panelUrl);
    launcher!.dispatchEvent(new Event('focus'));
    expect(importPanel).toHaveBeenCalledTimes(1);
  });

  it('opens on click, emits open/close, and returns focus to the launcher on Escape', async () => {
    const { api, shadow, launcher } = start({ agentId: 'demo' });
    const listener = vi.fn();
    const domListener = vi.fn();
    api.on('open', listener);
    document.addEventListener('agent-chat:open', domListener);
    launcher!.click();
    await vi.waitFor(() => expect(launcher!.getAttribute('aria-expanded')).toBe('true'));
    const dialog = shadow.querySelector<HTMLElement>('[role=dialog]')!;
    expect(dialog.hidden).toBe(false);
    expect(launcher!.getAttribute('aria-label')).toBe('Close chat');
    expect(listener).toHaveBeenCalledWith({ agentId: 'demo' });
    expect((domListener.mock.calls[0]![0] as CustomEvent).detail).toEqual({ agentId: 'demo' });
    document.removeEventListener('agent-chat:open', domListener);

    const closed = vi.fn();
    api.on('close', closed);
    await vi.waitFor(() => expect(shadow.activeElement?.localName).toBe('textarea'));
    shadow.activeElement!.dispatchEvent(
      new KeyboardEvent('keydown', { key: 'Escape', bubbles: true }),
    );
    expect(closed).toHaveBeenCalledTimes(1);
    expect(launcher!.getAttribute('aria-expanded')).toBe('false');
    expect(shadow.activeElement).toBe(launcher);
  });

  it('closes on Escape pressed on the launcher while the panel is open', async () => {
    const { api, launcher } = start({ agentId: 'demo' });
    const closed = vi.fn();
    api.on('close', closed);
    api.open();
    await vi.waitFor(() => expect(launcher!.getAttribute('aria-expanded')).toBe('true'));
    launcher!.focus();
    launcher!.dispatchEvent(new KeyboardEvent('keydown', { key: 'Escape', bubbles: true }));
    expect(launcher!.getAttribute('aria-expanded')).toBe('false');
    expect(closed).toHaveBeenCalledTimes(1);
    launcher!.dispatchEvent(new KeyboardEvent('keydown', { key: 'Escape', bubbles: true }));
    expect(closed).toHaveBeenCalledTimes(1);
  });

  it('exposes window.AgentChat: send() posts to the endpoint and emits message and answer', async () => {
    start({ agentId: 'demo', endpoint: 'https://bff.example/' });
    const events: string[] = [];
    for (const name of ['message', 'answer'] as const) {
      scope.AgentChat!.on(name, (detail) => events.push(`${name}:${detail.text}`));
    }
    const sending = scope.AgentChat!.send('Hello?');
    const request = await network.next();
    expect(request.url).toBe('https://bff.example/api/agents/demo/query');
    request
      .stream()
      .push(
        encoder.encode({ type: 'answer', text: 'Hi!' }) +
          encoder.encode({ type: 'endpoint_response', json: '{"sources":[]}' }) +
          encoder.encode({ type: 'done' }),
      );
    await sending;
    expect(events).toEqual(['message:Hello?', 'answer:Hi!']);
    expect(JSON.parse(localStorage.getItem('agent-chat:demo')!).messages).toHaveLength(2);
  });

  it('signs in the user of data-user-* before the first question, and forgets it at logout()', async () => {
    const hash = 'a'.repeat(64);
    const token = `u1_t1_${'Q'.repeat(22)}`;
    start({ agentId: 'demo', endpoint: 'https://bff.example', userId: '42', userHash: hash });
    const sending = scope.AgentChat!.send('Hello?');
    const identify = await network.next();
    expect(identify.url).toBe('https://bff.example/api/agents/demo/identify');
    expect(identify.body).toEqual({ userId: '42', userHash: hash });
    identify.json(200, { visitorId: token, conversationIds: [] });
    const query = await network.next();
    expect(query.body).toMatchObject({ query: 'Hello?', visitorId: token });
    query.stream().push(
      encoder.encode({ type: 'answer', text: 'Hi!' }) +
        encoder.encode({
          type: 'endpoint_response',
          json: `{"sources":[],"visitorId":"${token}","conversationId":"c1_${'Q'.repeat(22)}"}`,
        }) +
        encoder.encode({ type: 'done' }),
    );
    await sending;
    expect(JSON.parse(localStorage.getItem('agent-chat:demo')!).visitorId).toBe(token);
    expect(localStorage.getItem('agent-chat:demo:past')).not.toBeNull();

    // At once, in storage (the page may be leaving); the panel forgets it too.
    scope.AgentChat!.logout();
    expect(localStorage.getItem('agent-chat:demo')).toBeNull();
    expect(localStorage.getItem('agent-chat:demo:past')).toBeNull();
    const again = scope.AgentChat!.send('Anyone?');
    const anonymous = await network.next();
    expect(anonymous.body).toEqual({ query: 'Anyone?', streaming: true });
    anonymous.json(402, { error: { code: 'USAGE_LIMIT', message: 'Limit.' } });
    await again;
  });

  it('toggles, closes and resets through the API; dispatches message, answer and error on the host', async () => {
    const { api, shadow, launcher } = start({ agentId: 'demo' });
    const dom: string[] = [];
    const record = (event: Event): void => {
      const { detail } = event as CustomEvent<Record<string, unknown>>;
      dom.push(`${event.type}:${detail.agentId}:${detail.text ?? detail.code ?? ''}`);
    };
    const names = ['open', 'close', 'message', 'answer', 'error'];
    for (const name of names) document.addEventListener(`agent-chat:${name}`, record);
    try {
      api.toggle();
      await vi.waitFor(() => expect(launcher!.getAttribute('aria-expanded')).toBe('true'));
      await vi.waitFor(() => expect(shadow.activeElement?.localName).toBe('textarea'));
      // Opening the panel asks, once, whether the agent wants the contact form first.
      const settings = await network.next();
      expect([settings.url, settings.init.method]).toEqual([
        'https://cdn.example/api/agents/demo/contact-capture',
        undefined,
      ]);
      settings.json(200, DEFAULT_CONTACT_CAPTURE);
      api.close();
      await vi.waitFor(() => expect(launcher!.getAttribute('aria-expanded')).toBe('false'));
      expect(shadow.activeElement).toBe(launcher);
      expect(shadow.querySelector<HTMLElement>('[role=dialog]')!.hidden).toBe(true);

      let sending = api.send('First?');
      let request = await network.next();
      request.stream().push(encoder.encode({ type: 'answer', text: 'One.' }));
      await vi.waitFor(() =>
        expect(shadow.querySelector('.message.assistant:not(.welcome)')?.textContent).toContain(
          'One.',
        ),
      );
      api.reset();
      await sending;
      expect(request.init.signal?.aborted).toBe(true);
      await vi.waitFor(() => expect(shadow.querySelector('.message.user')).toBeNull());

      sending = api.send('Second?');
      request = await network.next();
      request.json(500, { error: { code: 'UPSTREAM_ERROR', message: 'Boom.' } });
      await sending;
      expect(shadow.querySelector('.notice.error')?.textContent).toBe(
        'The assistant is having trouble right now. Please try again in a moment.',
      );
      expect(dom).toEqual([
        'agent-chat:open:demo:',
        'agent-chat:close:demo:',
        'agent-chat:message:demo:First?',
        'agent-chat:message:demo:Second?',
        'agent-chat:error:demo:UPSTREAM_ERROR',
      ]);
    } finally {
      for (const name of names) document.removeEventListener(`agent-chat:${name}`, record);
    }
  });

  it('loads the panel when the browser is idle, without any intent', async () => {
    const idle: (() => void)[] = [];
    const request = vi.fn((callback: () => void) => idle.push(callback));
    const cancel = vi.fn();
    Object.assign(window, { requestIdleCallback: request, cancelIdleCallback: cancel });
    try {
      const { importPanel, api } = start({ agentId: 'demo' });
      expect(request).toHaveBeenCalledTimes(1);
      expect(importPanel).not.toHaveBeenCalled();
      for (const callback of idle) callback();
      expect(importPanel).toHaveBeenCalledWith(panelUrl);
      api.destroy();
      expect(cancel).toHaveBeenCalledTimes(1);
    } finally {
      Reflect.deleteProperty(window, 'requestIdleCallback');
      Reflect.deleteProperty(window, 'cancelIdleCallback');
    }
  });

  it("styles with a <style> carrying the script's nonce where constructable sheets are missing", () => {
    vi.stubGlobal('CSSStyleSheet', undefined);
    try {
      const element = script({ agentId: 'demo' });
      element.nonce = 'from-script';
      const api = startWidget({
        script: element,
        panelUrl,
        importPanel: async () => ({ mountPanel }),
        localeUrls,
        importLocale: importLocaleSource,
        greetingUrl: 'https://cdn.example/assets/greeting-abc.js',
        importGreeting: () => import('./create-greeting.js'),
        searchUrl: 'https://cdn.example/assets/search-abc.js',
        importSearch: () => import('../search/mount-search.js'),
        window: window as Window & typeof globalThis,
      });
      const styles = [...api.element.shadowRoot!.querySelectorAll('style')];
      expect(styles).toHaveLength(1);
      expect(styles[0]!.nonce).toBe('from-script');
      expect(styles[0]!.textContent).toContain(':host{z-index:2147483000!important}');
    } finally {
      vi.unstubAllGlobals();
    }
  });

  it('keeps two widgets for two agents apart', async () => {
    const first = start({ agentId: 'sales' });
    const second = start({ agentId: 'support', position: 'left' });
    expect(scope.AgentChat!.instances).toHaveLength(2);
    expect(scope.AgentChat!.get('support')).toBe(second.api);
    expect(scope.AgentChat!.agentId).toBe('sales');
    expect(first.api.element).not.toBe(second.api.element);
    expect(second.shadow.querySelector('.root')?.classList.contains('left')).toBe(true);

    const sending = second.api.send('Broken order');
    const request = await network.next();
    expect(request.url).toContain('/api/agents/support/query');
    request.json(402, { error: { code: 'USAGE_LIMIT', message: 'Limit.' } });
    await sending;
    expect(localStorage.getItem('agent-chat:support')).not.toBeNull();
    expect(localStorage.getItem('agent-chat:sales')).toBeNull();
    expect(first.shadow.querySelector('.message.user')).toBeNull();
    expect(second.shadow.querySelector('.message.user')?.textContent).toContain('Broken order');

    first.api.destroy();
    expect(first.api.element.isConnected).toBe(false);
    expect(scope.AgentChat!.instances).toEqual([second.api]);
    expect(scope.AgentChat!.agentId).toBe('support');
    second.api.destroy();
    expect(scope.AgentChat).toBeUndefined();
  });

  it('renders inline inside data-mount, without a launcher', async () => {
    const slot = document.createElement('div');
    slot.id = 'chat-slot';
    document.body.append(slot);
    const { api, shadow, launcher } = start({ agentId: 'demo', mount: '#chat-slot' });
    expect(api.element.parentElement).toBe(slot);
    expect(api.element.getAttribute('data-mode')).toBe('inline');
    expect(launcher).toBeNull();
    await vi.waitFor(() => expect(shadow.querySelector('section.panel')).not.toBeNull());
  });

  it('lays out right to left for Arabic and picks readable text on the primary colour', () => {
    const { shadow, launcher } = start({ agentId: 'demo', lang: 'ar', primaryColor: '#ffeb3b' });
    const root = shadow.querySelector<HTMLElement>('.root')!;
    expect(root.dir).toBe('rtl');
    expect(launcher?.getAttribute('aria-label')).toBe('فتح الدردشة');
    expect(root.style.getPropertyValue('--ac-primary')).toBe('#ffeb3b');
    expect(root.style.getPropertyValue('--ac-on-primary')).toBe('#000000');
  });

  it('lets data-strings override the launcher labels and the panel strings', async () => {
    const { api, shadow, launcher } = start({
      agentId: 'demo',
      lang: 'de',
      strings: '{"openChat":"Hilfe öffnen","send":"Los"}',
    });
    expect(launcher?.getAttribute('aria-label')).toBe('Hilfe öffnen');
    api.open();
    await vi.waitFor(() => expect(launcher!.getAttribute('aria-label')).toBe('Chat schließen'));
    expect(shadow.querySelector('button[type=submit]')?.getAttribute('aria-label')).toBe('Los');
    expect(shadow.querySelector('textarea')?.getAttribute('placeholder')).toBe(
      'Stellen Sie eine Frage…',
    );
  });

  it("loads the page's language alongside the panel; English and other languages load none", async () => {
    let resolvePanel: (module: PanelModule) => void = () => {};
    const importPanel = vi.fn(
      () =>
        new Promise<PanelModule>((resolve) => {
          resolvePanel = resolve;
        }),
    );
    const { shadow, launcher, importLocale } = start(
      { agentId: 'demo', lang: 'fr-CA' },
      importPanel,
    );
    launcher!.click();
    // Both requests leave together: the language costs no extra round trip.
    expect(importPanel).toHaveBeenCalledWith(panelUrl);
    expect(importLocale).toHaveBeenCalledWith('https://cdn.example/assets/locale-fr-abc.js');
    resolvePanel({ mountPanel });
    await vi.waitFor(() => expect(launcher!.getAttribute('aria-expanded')).toBe('true'));
    expect(shadow.querySelector('textarea')?.getAttribute('placeholder')).toBe(
      'Posez une question…',
    );
    expect(shadow.querySelector('h2')?.textContent).toBe('Discussion');
    expect(launcher!.getAttribute('aria-label')).toBe('Fermer la discussion');

    for (const lang of ['en-GB', 'ja', 'constructor']) {
      const other = start({ agentId: `agent-${lang}`, lang });
      expect(other.launcher?.getAttribute('aria-label')).toBe('Open chat');
      other.api.open();
      await vi.waitFor(() =>
        expect(other.shadow.querySelector('textarea')?.getAttribute('placeholder')).toBe(
          'Ask a question…',
        ),
      );
      expect(other.shadow.querySelector('button[type=submit]')?.getAttribute('aria-label')).toBe(
        'Send',
      );
      expect(other.importLocale).not.toHaveBeenCalled();
    }
  });

  it('survives a locale chunk that fails to load, and loads both again on the next click', async () => {
    const errors = vi.spyOn(console, 'error').mockImplementation(() => {});
    const importLocale = vi
      .fn<(url: string) => Promise<LocaleModule>>()
      .mockRejectedValueOnce(new TypeError('Failed to fetch dynamically imported module'))
      .mockImplementation(importLocaleSource);
    const { shadow, launcher, importPanel } = start(
      { agentId: 'demo', lang: 'ar' },
      undefined,
      importLocale,
    );
    launcher!.click();
    await vi.waitFor(() =>
      expect(errors).toHaveBeenCalledWith(
        expect.stringContaining('locale-ar-abc.js'),
        expect.any(TypeError),
      ),
    );
    expect(shadow.querySelector('section.panel')).toBeNull();
    launcher!.click();
    await vi.waitFor(() => expect(launcher!.getAttribute('aria-expanded')).toBe('true'));
    expect(shadow.querySelector('textarea')?.getAttribute('placeholder')).toBe('اطرح سؤالًا…');
    expect(importLocale).toHaveBeenCalledTimes(2);
    expect(importPanel).toHaveBeenCalledTimes(2);
    errors.mockRestore();
  });

  it('refuses a configuration without an agent id', () => {
    expect(() => start({})).toThrow(/data-agent-id/);
    expect(scope.AgentChat).toBeUndefined();
  });

  it('survives a panel chunk that fails to load, and tries again on the next click', async () => {
    const errors = vi.spyOn(console, 'error').mockImplementation(() => {});
    const importPanel = vi
      .fn<() => Promise<PanelModule>>()
      .mockRejectedValueOnce(new TypeError('Failed to fetch dynamically imported module'))
      .mockResolvedValue({ mountPanel });
    const { launcher } = start({ agentId: 'demo' }, importPanel);
    launcher!.click();
    await vi.waitFor(() => expect(errors).toHaveBeenCalled());
    launcher!.click();
    await vi.waitFor(() => expect(launcher!.getAttribute('aria-expanded')).toBe('true'));
    expect(importPanel).toHaveBeenCalledTimes(2);
    errors.mockRestore();
  });
});

describe('createStyleAdopter', () => {
  it('adopts a constructable stylesheet, without any <style> element', () => {
    const root = document.createElement('div').attachShadow({ mode: 'open' });
    createStyleAdopter(root, 'n0nce')('.x{color:red}');
    expect(root.adoptedStyleSheets).toHaveLength(1);
    expect(root.querySelector('style')).toBeNull();
  });

  it('uses a <style nonce> where constructable stylesheets are missing', () => {
    const appended: HTMLElement[] = [];
    const oldRoot = { ownerDocument: document, append: (node: HTMLElement) => appended.push(node) };
    createStyleAdopter(oldRoot as unknown as ShadowRoot, 'n0nce')('.x{color:red}');
    expect(appended).toHaveLength(1);
    expect(appended[0]?.localName).toBe('style');
    expect((appended[0] as HTMLStyleElement).nonce).toBe('n0nce');
    expect(appended[0]?.textContent).toBe('.x{color:red}');
  });
});

describe('startWidget with data-open', () => {
  it('opens at load without taking focus from the page, and links the launcher to the panel', async () => {
    const outside = document.createElement('input');
    document.body.append(outside);
    outside.focus();
    const { shadow, launcher } = start({ agentId: 'demo', open: 'true' });
    await vi.waitFor(() => expect(launcher!.getAttribute('aria-expanded')).toBe('true'));
    const dialog = shadow.querySelector<HTMLElement>('[role=dialog]')!;
    expect(launcher!.getAttribute('aria-controls')).toBe(dialog.id);
    expect(document.activeElement).toBe(outside);
    expect(shadow.activeElement).toBeNull();
  });
});

describe('startWidget: the greeting', () => {
  afterEach(() => {
    vi.useRealTimers();
    sessionStorage.clear();
  });

  const bubbleOf = (shadow: ShadowRoot) => shadow.querySelector<HTMLElement>('.greeting')!;
  const statusOf = (shadow: ShadowRoot) => shadow.querySelector<HTMLElement>('[role=status]')!;

  it('shows after its delay without taking focus, announced in a status region; Esc dismisses it for the page', async () => {
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
    const outside = document.createElement('input');
    document.body.append(outside);
    outside.focus();
    const { shadow } = start({
      agentId: 'demo',
      greeting: 'Questions? Ask me.',
      greetingDelay: '2',
    });
    expect(statusOf(shadow).textContent).toBe('');
    expect(shadow.querySelector('.greeting')).toBeNull();
    await vi.advanceTimersByTimeAsync(1999);
    expect(shadow.querySelector('.greeting')).toBeNull();
    await vi.advanceTimersByTimeAsync(1);
    await vi.waitFor(() => expect(bubbleOf(shadow)?.hidden).toBe(false));
    expect(statusOf(shadow).textContent).toBe('Questions? Ask me.');
    expect(shadow.querySelector('.greeting-text')?.textContent).toBe('Questions? Ask me.');
    expect(shadow.querySelector('.greeting-close')?.getAttribute('aria-label')).toBe(
      'Close message',
    );
    expect(document.activeElement).toBe(outside);
    outside.dispatchEvent(new KeyboardEvent('keydown', { key: 'Escape', bubbles: true }));
    expect(bubbleOf(shadow).hidden).toBe(true);
    expect(statusOf(shadow).textContent).toBe('');
    // Nothing stored before a first message: the dismissal lives in memory.
    expect(localStorage.length).toBe(0);
    expect(sessionStorage.length).toBe(0);
  });

  it('opens the chat from its text, and hides while the panel is open', async () => {
    const { api, shadow, launcher } = start({ agentId: 'demo', greetingDelay: '0' });
    api.greet('Hello there');
    await vi.waitFor(() => expect(bubbleOf(shadow)?.hidden).toBe(false));
    shadow.querySelector<HTMLButtonElement>('.greeting-text')!.click();
    await vi.waitFor(() => expect(launcher!.getAttribute('aria-expanded')).toBe('true'));
    expect(bubbleOf(shadow).hidden).toBe(true);
    api.greet('Not now');
    await Promise.resolve();
    await Promise.resolve();
    expect(bubbleOf(shadow).hidden).toBe(true);
  });

  it('greets and hides through the JS API, and its close button dismisses it', async () => {
    const { shadow } = start({ agentId: 'demo' });
    // A page that does not greet has no status region (nor the greeting's chunk) until it does.
    expect(shadow.querySelector('[role=status]')).toBeNull();
    scope.AgentChat!.greet('Need help?');
    await vi.waitFor(() => expect(bubbleOf(shadow)?.hidden).toBe(false));
    scope.AgentChat!.hideGreeting();
    await vi.waitFor(() => expect(bubbleOf(shadow).hidden).toBe(true));
    scope.AgentChat!.greet('Still there?');
    await vi.waitFor(() => expect(bubbleOf(shadow)?.hidden).toBe(false));
    shadow.querySelector<HTMLButtonElement>('.greeting-close')!.click();
    expect(bubbleOf(shadow).hidden).toBe(true);
    expect(localStorage.length).toBe(0);
  });

  it('with data-greeting-once, remembers a dismissal in the configured storage for later pages', async () => {
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
    const data = { agentId: 'demo', greeting: 'Hi!', greetingOnce: '', storage: 'session' };
    const first = start(data);
    await vi.advanceTimersByTimeAsync(3000);
    await vi.waitFor(() => expect(bubbleOf(first.shadow)?.hidden).toBe(false));
    first.shadow.querySelector<HTMLButtonElement>('.greeting-close')!.click();
    expect(sessionStorage.getItem('agent-chat:demo:greeting-dismissed')).toBe('1');
    expect(localStorage.length).toBe(0);
    first.api.destroy();
    const second = start(data);
    await vi.advanceTimersByTimeAsync(10_000);
    expect(second.shadow.querySelector('.greeting')).toBeNull();
  });
});
