/**
 * The chat panel as a whole: its state of view (wide, the "Conversations" view, where
 * focus goes, scrolled to the bottom or not) and its layout — the header, the transcript
 * with the contact form where it was offered, the starters and follow-up questions, "talk
 * to a person", the message box. Messages, contact form, conversations view and message
 * box are components of their own files; how the panel behaves on the page is
 * `panel-behaviours.ts`.
 */
import type { ReadonlySignal } from '@preact/signals';
import type { VNode } from 'preact';
import { useLayoutEffect, useRef, useState } from 'preact/hooks';
import type { ChatMessage, ChatModel } from '../chat/index.js';
import type { Strings } from '../i18n/index.js';
import type { WidgetConfig } from '../widget-config.js';
import { Composer } from './composer.js';
import { ContactSlot } from './contact-slot.js';
import { ConversationsSlot } from './conversations-slot.js';
import { CloseIcon, ExpandIcon, HistoryIcon, NewIcon } from './icons.js';
import { MessageView } from './message-view.js';
import { useCloseOnEscape, useVisualViewport } from './panel-behaviours.js';

/** Props of {@link Panel}. */
export interface PanelProps {
  chat: ChatModel;
  config: WidgetConfig;
  strings: Strings;
  isOpen: ReadonlySignal<boolean>;
  /** Incremented each time focus should move into the message box. */
  focusRequests: ReadonlySignal<number>;
  inline: boolean;
  onClose: () => void;
  /** Unique per widget on the page, for element ids. */
  id: string;
  /** Adds a stylesheet to the shadow root once (the lazily loaded parts bring their own). */
  adoptStyles: (css: string) => void;
}

/**
 * The chat panel: header, transcript (a log region, with the contact form where it was
 * offered), starters, message box.
 */
export function Panel({
  chat,
  config,
  strings,
  isOpen,
  focusRequests,
  inline,
  onClose,
  id,
  adoptStyles,
}: PanelProps): VNode {
  const open = isOpen.value;
  const focusRequest = focusRequests.value;
  const messages = chat.messages.value;
  const status = chat.status.value;
  const busy = status === 'submitted' || status === 'streaming';
  const handoff = chat.handoff;
  // Offered when the agent offers it, the site has not hidden it (`data-handoff="false"`),
  // a conversation exists and no person answers it yet.
  const offerHandoff =
    config.handoff &&
    handoff.enabled.value &&
    handoff.status.value !== 'handoff' &&
    messages.length > 0;
  const panelRef = useRef<HTMLElement | null>(null);
  const setPanel = (element: HTMLElement | null): void => {
    panelRef.current = element;
  };
  const logRef = useRef<HTMLDivElement>(null);
  const inputRef = useRef<HTMLTextAreaElement>(null);
  const stickToBottom = useRef(true);
  // Focus goes to the contact form when it answers the visitor's own "talk to a person".
  const [focusContact, setFocusContact] = useState(false);
  // The large panel (screens ≥ 768 px), kept while the page lives: the panel stays mounted.
  const [wide, setWide] = useState(false);
  // The "Conversations" view in place of the transcript (never with data-storage="none").
  const [showPast, setShowPast] = useState(false);
  const offerPast = config.storage !== 'none';
  // Leaving the view brings the message box back: focus goes to it once it is there.
  const focusInput = useRef(false);
  const leavePast = (): void => {
    focusInput.current = true;
    setShowPast(false);
  };
  useLayoutEffect(() => {
    if (!focusInput.current || showPast) return;
    focusInput.current = false;
    inputRef.current?.focus();
  });
  const contact = chat.contact;
  useVisualViewport(panelRef);

  useLayoutEffect(() => {
    if (focusRequest > 0) inputRef.current?.focus();
  }, [focusRequest]);

  useLayoutEffect(() => {
    const log = logRef.current;
    if (log && stickToBottom.current) log.scrollTop = log.scrollHeight;
  });

  const title = config.title ?? strings.title;
  const lastIndex = messages.length - 1;
  const last = messages[lastIndex];
  // Under the last answer only, once it is complete (`data-follow-ups="false"`: never).
  const followUps =
    config.followUps && status === 'idle' && last?.role === 'assistant' && last.state === 'done'
      ? (last.followUps ?? [])
      : [];
  const transcript = messages.map((message: ChatMessage, index) => (
    <MessageView
      key={message.id}
      message={message}
      strings={strings}
      showSources={config.showSources}
      onRetry={index === lastIndex && status === 'error' ? chat.retry : undefined}
      onRate={chat.rate}
    />
  ));
  // Where the form (or its confirmation) sits; without one, after every message, so that an
  // offer at the end of the transcript moves no message.
  const contactAt =
    contact.offer.value || contact.sentTo.value ? contact.at.value : messages.length;

  useCloseOnEscape(panelRef, inline, onClose);

  const body = (
    <>
      <div class="header">
        <h2 id={`${id}-title`}>{title}</h2>
        {offerPast ? (
          <button
            type="button"
            class="icon-button"
            aria-label={strings.conversations}
            title={strings.conversations}
            aria-pressed={showPast ? 'true' : 'false'}
            onClick={() => (showPast ? leavePast() : setShowPast(true))}
          >
            <HistoryIcon />
          </button>
        ) : null}
        <button
          type="button"
          class="icon-button"
          aria-label={strings.newConversation}
          title={strings.newConversation}
          onClick={() => {
            chat.reset();
            leavePast();
          }}
        >
          <NewIcon />
        </button>
        {inline ? null : (
          <button
            type="button"
            class="icon-button wide-toggle"
            aria-label={strings.widerView}
            title={strings.widerView}
            aria-pressed={wide ? 'true' : 'false'}
            onClick={() => setWide(!wide)}
          >
            <ExpandIcon />
          </button>
        )}
        {inline ? null : (
          <button
            type="button"
            class="icon-button"
            aria-label={strings.closeChat}
            title={strings.closeChat}
            onClick={onClose}
          >
            <CloseIcon />
          </button>
        )}
      </div>
      {showPast ? (
        <ConversationsSlot
          past={chat.past}
          strings={strings}
          lang={config.lang}
          id={id}
          adoptStyles={adoptStyles}
          onBack={leavePast}
          onOpened={() => {
            stickToBottom.current = true;
            leavePast();
          }}
        />
      ) : null}
      <div
        hidden={showPast}
        ref={logRef}
        class="log"
        role="log"
        aria-live="polite"
        aria-busy={busy ? 'true' : 'false'}
        aria-label={title}
        // biome-ignore lint/a11y/noNoninteractiveTabindex: a scrollable region must be keyboard reachable
        tabIndex={0}
        onScroll={(event) => {
          const log = event.currentTarget;
          stickToBottom.current = log.scrollHeight - log.scrollTop - log.clientHeight < 40;
        }}
      >
        <div class="message assistant welcome">
          <div class="bubble">{config.welcome ?? strings.welcome}</div>
        </div>
        {transcript.slice(0, contactAt)}
        <ContactSlot
          contact={contact}
          strings={strings}
          id={id}
          adoptStyles={adoptStyles}
          autoFocus={focusContact}
          onDone={() => {
            setFocusContact(false);
            inputRef.current?.focus();
          }}
        />
        {transcript.slice(contactAt)}
        {followUps.length > 0 ? (
          // biome-ignore lint/a11y/useSemanticElements: a group of buttons, not a form fieldset
          <div class="starters follow-ups" role="group" aria-label={strings.suggestions}>
            {followUps.map((question) => (
              <button
                type="button"
                key={question}
                class="starter"
                onClick={() => {
                  stickToBottom.current = true;
                  inputRef.current?.focus();
                  void chat.send(question);
                }}
              >
                {question}
              </button>
            ))}
          </div>
        ) : null}
        {messages.length === 0 && config.starters.length > 0 ? (
          // biome-ignore lint/a11y/useSemanticElements: a group of buttons, not a form fieldset
          <div class="starters" role="group" aria-label={strings.suggestions}>
            {config.starters.map((starter) => (
              <button
                type="button"
                key={starter}
                class="starter"
                onClick={() => void chat.send(starter)}
              >
                {starter}
              </button>
            ))}
          </div>
        ) : null}
      </div>
      {offerHandoff && !showPast ? (
        // "Talk to a person"; once asked, focus goes back to the message box.
        <button
          type="button"
          class="tool event"
          disabled={handoff.pending.value}
          onClick={() =>
            void handoff.request().then(() => {
              stickToBottom.current = true;
              if (contact.offer.value?.reason === 'handoff') setFocusContact(true);
              else inputRef.current?.focus();
            })
          }
        >
          {strings.talkToPerson}
        </button>
      ) : null}
      {showPast ? null : (
        <Composer
          id={id}
          strings={strings}
          placeholder={config.placeholder ?? strings.placeholder}
          busy={busy}
          onSend={(text) => {
            stickToBottom.current = true;
            void chat.send(text);
          }}
          onStop={chat.stop}
          inputRef={inputRef}
        />
      )}
    </>
  );
  return inline ? (
    <section ref={setPanel} class="panel inline" aria-labelledby={`${id}-title`}>
      {body}
    </section>
  ) : (
    <div
      ref={setPanel}
      id={`${id}-panel`}
      class={wide ? 'panel wide' : 'panel'}
      role="dialog"
      aria-modal="false"
      aria-labelledby={`${id}-title`}
      hidden={!open}
    >
      {body}
    </div>
  );
}
