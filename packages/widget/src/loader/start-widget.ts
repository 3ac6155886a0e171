import type { AgentChatApi, AgentChatListener } from '../agent-chat-api.js';
import { languageDirection, launcherStrings, primaryLanguage } from '../i18n/index.js';
import type { AgentChatEventName, PanelContext, PanelController } from '../panel-contract.js';
import { WidgetError } from '../widget-error.js';
import { applyPrimaryColor } from './apply-primary-color.js';
import type { Greeting } from './create-greeting.js';
import { createLauncher } from './create-launcher.js';
import { createStyleAdopter } from './create-style-adopter.js';
import { loaderStyles } from './loader-styles.js';
import { readConfig } from './read-config.js';
import { registerGlobal } from './register-global.js';
import { createSearchOpener } from './search-opener.js';
import type { StartWidgetOptions } from './start-widget-options.js';
import { whenReady } from './when-ready.js';
import { widgetStorage } from './widget-storage.js';

/**
 * Starts one widget: reads its configuration, renders the launcher at once (plain DOM in a
 * shadow root), loads the panel chunk on intent (hover, focus, touch, click) or when the
 * browser is idle, together with the locale chunk of the page's language (in parallel: no
 * extra round trip), and registers the JS API in `window.AgentChat`.
 *
 * @throws {WidgetError} when the configuration is unusable.
 */
export function startWidget(options: StartWidgetOptions): AgentChatApi {
  const { script, window } = options;
  const document = window.document;
  const config = readConfig(script.dataset, script.src, document.documentElement.lang);
  if (!config.nonce && script.nonce) config.nonce = script.nonce;
  const labels = launcherStrings(config.lang, config.strings);
  const language = primaryLanguage(config.lang);
  const localeUrl = Object.hasOwn(options.localeUrls, language)
    ? options.localeUrls[language]
    : undefined;
  const inline = config.mount !== undefined;

  const host = document.createElement('agent-chat');
  host.setAttribute('data-agent-id', config.agentId);
  if (inline) host.setAttribute('data-mode', 'inline');
  const shadowRoot = host.attachShadow({ mode: 'open' });
  const adoptStyles = createStyleAdopter(shadowRoot, config.nonce);
  // A fixed host is a stacking context of its own: its children's z-index only orders them
  // inside it, so the configured z-index must be the host's (else any positioned page
  // element with a z-index covers the widget). Inline, the page decides the stacking.
  adoptStyles(inline ? loaderStyles : `${loaderStyles}:host{z-index:${config.zIndex}!important}`);

  const container = document.createElement('div');
  container.className = `root theme-${config.theme} ${config.position}`;
  container.dir = languageDirection(config.lang);
  container.lang = config.lang;
  shadowRoot.append(container);

  const launcher = inline ? null : createLauncher(document, labels.openChat);
  if (launcher) container.append(launcher);

  // The greeting: dismissed for this page load (memory), and on later pages too only with
  // data-greeting-once (then the one thing written before a first message, by the page's choice).
  const storageKey = `agent-chat:${config.agentId}`;
  const greetingKey = `${storageKey}:greeting-dismissed`;
  const storage = (): Storage | undefined => widgetStorage(config.storage, window);
  let greetingDismissed = false;
  if (config.greetingOnce) {
    try {
      greetingDismissed = storage()?.getItem(greetingKey) === '1';
    } catch {
      // Unreadable storage: greet, as without data-greeting-once.
    }
  }
  let greeting: Promise<Greeting | undefined> | undefined;
  // The polite region that announces the greeting, made before its text arrives (the chunk
  // loads in a later task): at start on a page that greets, else at the first greet().
  let greetingStatus: HTMLElement | undefined;
  const statusRegion = (): HTMLElement => {
    if (greetingStatus) return greetingStatus;
    greetingStatus = document.createElement('div');
    greetingStatus.className = 'visually-hidden';
    greetingStatus.setAttribute('role', 'status');
    container.append(greetingStatus);
    return greetingStatus;
  };
  if (launcher && config.greeting) statusRegion();
  const dismissGreeting = (remember: boolean): void => {
    void greeting?.then((bubble) => bubble?.hide());
    greetingDismissed = true;
    if (!remember || !config.greetingOnce) return;
    try {
      storage()?.setItem(greetingKey, '1');
    } catch {
      // A full or refused storage: the dismissal lasts this page.
    }
  };
  const panelOpen = (): boolean => launcher?.getAttribute('aria-expanded') === 'true';
  const greet = (text: string): void => {
    const value = text.trim();
    if (!launcher || destroyed || !value) return;
    const status = statusRegion();
    greeting ??= options.importGreeting(options.greetingUrl).then(
      (module) =>
        destroyed
          ? undefined
          : module.createGreeting({
              document,
              container,
              status,
              adoptStyles,
              closeLabel: labels.closeGreeting,
              onOpen: () => {
                dismissGreeting(false);
                withPanel((controller) => controller.open());
              },
              onDismiss: () => dismissGreeting(true),
            }),
      (cause: unknown) => {
        greeting = undefined;
        console.error(`agent-chat: could not load ${options.greetingUrl}`, cause);
        return undefined;
      },
    );
    void greeting.then((bubble) => {
      if (!destroyed && !panelOpen()) bubble?.show(value);
    });
  };

  const listeners = new Map<AgentChatEventName, Set<AgentChatListener>>();
  const emit = (name: AgentChatEventName, detail: Record<string, unknown>): void => {
    const payload = { ...detail, agentId: config.agentId };
    for (const listener of listeners.get(name) ?? []) {
      try {
        listener(payload);
      } catch (error) {
        console.error('agent-chat: an event listener threw', error);
      }
    }
    host.dispatchEvent(
      new CustomEvent(`agent-chat:${name}`, { detail: payload, bubbles: true, composed: true }),
    );
  };

  const context: Omit<PanelContext, 'locale'> = {
    config,
    shadowRoot,
    container,
    launcher,
    launcherStrings: labels,
    adoptStyles,
    emit,
    window,
    dataset: script.dataset,
  };

  let destroyed = false;
  let panel: Promise<PanelController> | undefined;
  const loadPanel = (): Promise<PanelController> => {
    panel ??= Promise.all([
      options.importPanel(options.panelUrl),
      localeUrl === undefined ? undefined : options.importLocale(localeUrl),
    ])
      .then(([module, locale]) => {
        if (destroyed) throw new WidgetError('DESTROYED', 'agent-chat: the widget was destroyed.');
        return module.mountPanel({ ...context, locale: locale?.default });
      })
      .catch((cause: unknown) => {
        panel = undefined;
        if (!destroyed) {
          const urls = localeUrl ? `${options.panelUrl} or ${localeUrl}` : options.panelUrl;
          console.error(`agent-chat: could not load ${urls}`, cause);
        }
        throw cause;
      });
    return panel;
  };
  const withPanel = (action: (controller: PanelController) => void): void => {
    if (destroyed) return;
    loadPanel().then(action, () => {});
  };
  const preload = (): void => withPanel(() => {});

  const cleanups: (() => void)[] = [];
  // Passive, except the search's (they may prevent the default), which listen in the capture
  // phase: before the page's own handlers.
  const listen = (
    target: EventTarget,
    type: string,
    handler: (event: Event) => void,
    passive = true,
  ): void => {
    target.addEventListener(type, handler, { passive, capture: !passive });
    cleanups.push(() => target.removeEventListener(type, handler, !passive));
  };

  const search = createSearchOpener(
    {
      config,
      container,
      adoptStyles,
      window,
      ask: (text) =>
        withPanel((controller) => {
          controller.open();
          void controller.send(text);
        }),
    },
    () => options.importSearch(options.searchUrl),
    listen,
  );

  if (launcher) {
    listen(launcher, 'pointerenter', preload);
    listen(launcher, 'focus', preload);
    listen(launcher, 'touchstart', preload);
    listen(launcher, 'click', () => {
      dismissGreeting(false);
      withPanel((controller) => controller.toggle());
    });
  }

  whenReady(document, () => {
    if (destroyed) return;
    const parent = inline ? document.querySelector(config.mount!) : document.body;
    if (!parent) {
      console.error(`agent-chat: data-mount="${config.mount}" matches no element on the page.`);
      return;
    }
    parent.append(host);
    if (config.primaryColor) applyPrimaryColor(container, config.primaryColor, window);
    // Opening at page load (data-open) shows the panel without taking focus from the page.
    if (config.greeting && !config.open && !greetingDismissed) {
      const text = config.greeting;
      const handle = window.setTimeout(() => {
        if (!greetingDismissed) greet(text);
      }, config.greetingDelayMs);
      cleanups.push(() => window.clearTimeout(handle));
    }
    if (config.search) void search.available();
    if (inline || config.open) withPanel((controller) => controller.open(false));
    else if (typeof window.requestIdleCallback === 'function') {
      const handle = window.requestIdleCallback(preload, { timeout: 4000 });
      cleanups.push(() => window.cancelIdleCallback(handle));
    } else {
      const handle = window.setTimeout(preload, 2500);
      cleanups.push(() => window.clearTimeout(handle));
    }
  });

  const api: AgentChatApi = {
    agentId: config.agentId,
    element: host,
    open: () => {
      dismissGreeting(false);
      withPanel((controller) => controller.open());
    },
    close: () => {
      if (panel) withPanel((controller) => controller.close());
    },
    toggle: () => {
      dismissGreeting(false);
      withPanel((controller) => controller.toggle());
    },
    greet,
    hideGreeting: () => void greeting?.then((bubble) => bubble?.hide()),
    openSearch: (query) => config.search && search.open(query),
    send: (text) => (destroyed ? Promise.resolve() : loadPanel().then((c) => c.send(text))),
    reset: () => withPanel((controller) => controller.reset()),
    identify: (user) => loadPanel().then((controller) => controller.identify(user)),
    logout() {
      // At once: the page may be leaving for its signed-out page.
      try {
        storage()?.removeItem(storageKey);
        storage()?.removeItem(`${storageKey}:past`);
      } catch {
        // Unusable storage kept nothing.
      }
      panel?.then(
        (controller) => controller.logout(),
        () => {},
      );
    },
    destroy() {
      if (destroyed) return;
      destroyed = true;
      for (const cleanup of cleanups) cleanup();
      void greeting?.then((bubble) => bubble?.destroy());
      search.destroy();
      panel?.then((controller) => controller.destroy()).catch(() => {});
      listeners.clear();
      host.remove();
      unregister();
    },
    on(event, listener) {
      const set = listeners.get(event) ?? new Set<AgentChatListener>();
      listeners.set(event, set);
      set.add(listener);
      return () => set.delete(listener);
    },
  };
  const unregister = registerGlobal(window, api);
  return api;
}
