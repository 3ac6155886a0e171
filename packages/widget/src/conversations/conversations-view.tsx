import type { PastConversation } from '@agent-chat/protocol';
import type { VNode } from 'preact';
import { useEffect, useRef, useState } from 'preact/hooks';
import type { PastModel } from '../chat/index.js';
import type { ConversationsStrings } from '../i18n/index.js';

/** Props of {@link ConversationsView}. */
export interface ConversationsViewProps {
  past: PastModel;
  strings: ConversationsStrings;
  /** The widget's language, for dates. */
  lang: string;
  /** For element ids. */
  id: string;
  /** Back to the current conversation (nothing changed). */
  onBack: () => void;
  /** A conversation was reopened: it is now the current one. */
  onOpened: () => void;
}

const statusKey = {
  open: 'statusOpen',
  handoff: 'statusHandoff',
  resolved: 'statusResolved',
} as const;

function formatTime(value: string, lang: string): string {
  const date = new Date(value);
  if (Number.isNaN(date.getTime())) return '';
  try {
    return new Intl.DateTimeFormat(lang, { dateStyle: 'medium', timeStyle: 'short' }).format(date);
  } catch {
    return date.toLocaleString();
  }
}

/**
 * The "Conversations" view: the visitor's earlier conversations with this agent (first
 * question, time, status), newest first; each reopens or is deleted. Focus goes to its
 * heading when it shows and after a deletion.
 */
export function ConversationsView({
  past,
  strings,
  lang,
  id,
  onBack,
  onOpened,
}: ConversationsViewProps): VNode {
  const [items, setItems] = useState<PastConversation[]>();
  const [failed, setFailed] = useState(false);
  const [busy, setBusy] = useState(false);
  const heading = useRef<HTMLHeadingElement>(null);

  useEffect(() => {
    let live = true;
    heading.current?.focus();
    past.list().then(
      (list) => {
        if (live) setItems(list);
      },
      () => {
        if (!live) return;
        setItems([]);
        setFailed(true);
      },
    );
    return () => {
      live = false;
    };
  }, [past]);

  const act = (action: () => Promise<void>, after: () => void): void => {
    setBusy(true);
    setFailed(false);
    action().then(
      () => {
        setBusy(false);
        after();
      },
      () => {
        setBusy(false);
        setFailed(true);
      },
    );
  };

  return (
    <section class="past" aria-labelledby={`${id}-past`}>
      <div class="past-head">
        <h3 id={`${id}-past`} ref={heading} tabIndex={-1}>
          {strings.conversations}
        </h3>
        <button type="button" class="tool" onClick={onBack}>
          {strings.backToChat}
        </button>
      </div>
      {failed ? (
        <p class="notice error" role="alert">
          {strings.errorConversations}
        </p>
      ) : null}
      {items && items.length === 0 && !failed ? (
        <p class="notice muted">{strings.noConversations}</p>
      ) : null}
      <ul class="past-list" aria-busy={items === undefined || busy ? 'true' : 'false'}>
        {(items ?? []).map((item) => (
          <li key={item.conversationId}>
            <button
              type="button"
              class="past-open"
              disabled={busy}
              onClick={() => act(() => past.open(item.conversationId), onOpened)}
            >
              <span class="past-question">{item.firstQuestion}</span>
              <span class="past-meta">
                <time dateTime={item.updatedAt}>{formatTime(item.updatedAt, lang)}</time>
                {' · '}
                {strings[statusKey[item.status]]}
              </span>
            </button>
            <button
              type="button"
              class="icon-button past-delete"
              disabled={busy}
              aria-label={`${strings.deleteConversation}: ${item.firstQuestion}`}
              title={strings.deleteConversation}
              onClick={() =>
                act(
                  () => past.remove(item.conversationId),
                  () => {
                    setItems((list) =>
                      list?.filter((entry) => entry.conversationId !== item.conversationId),
                    );
                    heading.current?.focus();
                  },
                )
              }
            >
              <svg viewBox="0 0 24 24" aria-hidden="true" focusable="false">
                <path d="M6 19a2 2 0 0 0 2 2h8a2 2 0 0 0 2-2V7H6v12zM19 4h-3.5l-1-1h-5l-1 1H5v2h14V4z" />
              </svg>
            </button>
          </li>
        ))}
      </ul>
    </section>
  );
}
