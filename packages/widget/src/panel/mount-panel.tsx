import type { SignedUser } from '@agent-chat/protocol';
import { computed, signal } from '@preact/signals';
import { render } from 'preact';
import { createChatModel, createConversationStore } from '../chat/index.js';
import { englishStrings, overrideStrings } from '../i18n/index.js';
import type { PanelContext, PanelController } from '../panel-contract.js';
import { preloadMarkdown } from './markdown.js';
import { Panel } from './panel.js';
import { panelStyles } from './panel-styles.js';
import { createThrottledFrames } from './throttled-frames.js';

let panelCount = 0;

/**
 * Entry of the panel chunk, called by the loader: renders the chat panel into the widget's
 * shadow root and returns its controller. In floating mode the launcher toggles it; in
 * inline mode (`launcher` null) it is always open. Its strings are the page's language the
 * loader brought along (`context.locale`), else the bundled English, with the launcher's
 * labels and the page's `data-strings` overrides.
 */
export function mountPanel(context: PanelContext): PanelController {
  const { config, launcher, shadowRoot } = context;
  const strings = overrideStrings(
    { ...(context.locale ?? englishStrings), ...context.launcherStrings },
    config.strings,
  );
  context.adoptStyles(panelStyles);
  const store = createConversationStore({
    agentId: config.agentId,
    storage: config.storage,
    window: context.window,
    expiryMs: config.expiryMs,
  });
  const chat = createChatModel({
    agentId: config.agentId,
    endpoint: config.endpoint,
    store,
    fetch: (input, init) => context.window.fetch(input, init),
    scheduleFrame: createThrottledFrames(),
    onMessage: (detail) => context.emit('message', detail),
    onAnswer: (detail) => context.emit('answer', detail),
    onError: (error) => context.emit('error', { ...error }),
  });
  // Signed-in users (data-user-* or AgentChat.identify()): the identity chunk, set to run
  // before anything is asked.
  const signIn = (user?: SignedUser): Promise<void> =>
    chat.signIn((held) =>
      import('../identity/index.js').then((identity) => {
        const signed = user ?? identity.userFromDataset(context.dataset);
        return signed ? identity.signIn(held, signed, { context, chat, store }) : held;
      }),
    );
  if (context.dataset.userId) signIn().catch(() => {});
  const inline = launcher === null;
  const isOpen = signal(inline);
  // The lazily loaded parts' stylesheets, adopted once each.
  const adopted = new Set<string>();
  const adopt = (css: string): void => {
    if (adopted.has(css)) return;
    adopted.add(css);
    context.adoptStyles(css);
  };
  // The Markdown chunk (and its styles) loads while the visitor reads the panel, before the
  // first answer.
  const loadMarkdown = (): void =>
    void preloadMarkdown().then((module) => module && adopt(module.markdownStyles));
  if (inline) {
    loadMarkdown();
    chat.contact.opened();
  }
  // A person's replies are polled for only while someone can see them.
  const page = context.window.document;
  const visible = signal(page.visibilityState !== 'hidden');
  const onVisibility = (): void => {
    visible.value = page.visibilityState !== 'hidden';
  };
  page.addEventListener('visibilitychange', onVisibility);
  const stopFollowing = chat.handoff.follow(computed(() => isOpen.value && visible.value));
  const focusRequests = signal(0);
  const id = `agent-chat-${++panelCount}`;
  launcher?.setAttribute('aria-controls', `${id}-panel`);
  const slot = document.createElement('div');
  slot.className = 'slot';
  context.container.append(slot);

  const setOpen = (open: boolean, moveFocus: boolean): void => {
    if (inline || !launcher || isOpen.value === open) return;
    isOpen.value = open;
    if (open) {
      loadMarkdown();
      chat.contact.opened();
    }
    if (open && moveFocus) focusRequests.value++;
    context.container.classList.toggle('open', open);
    launcher.setAttribute('aria-expanded', String(open));
    launcher.setAttribute(
      'aria-label',
      open ? context.launcherStrings.closeChat : context.launcherStrings.openChat,
    );
    context.emit(open ? 'open' : 'close', {});
    if (!open && (moveFocus || shadowRoot.activeElement)) launcher.focus();
  };

  // Escape closes the panel from its launcher too (focus may go back there while it is open).
  const onLauncherKeyDown = (event: KeyboardEvent): void => {
    if (event.key === 'Escape' && isOpen.value) setOpen(false, true);
  };
  launcher?.addEventListener('keydown', onLauncherKeyDown);

  render(
    <Panel
      id={id}
      chat={chat}
      config={config}
      strings={strings}
      isOpen={isOpen}
      focusRequests={focusRequests}
      inline={inline}
      onClose={() => setOpen(false, true)}
      adoptStyles={adopt}
    />,
    slot,
  );

  return {
    open: (moveFocus = true) => setOpen(true, moveFocus),
    close: () => setOpen(false, false),
    toggle: () => setOpen(!isOpen.value, !isOpen.value),
    send: (text) => chat.send(text),
    reset: () => chat.reset(),
    identify: signIn,
    logout: () => chat.logout(),
    destroy() {
      launcher?.removeEventListener('keydown', onLauncherKeyDown);
      page.removeEventListener('visibilitychange', onVisibility);
      stopFollowing();
      chat.destroy();
      render(null, slot);
      slot.remove();
    },
  };
}
