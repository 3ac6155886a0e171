import {
  type ContactOffer,
  type ContactRequest,
  type ContactResponse,
  ERROR_CODE_ABORTED,
  readContactOffer,
} from '@agent-chat/protocol';
import { batch, type ReadonlySignal, type Signal, signal } from '@preact/signals';
import type { ChatMessage } from './chat-message.js';
import type { ConversationApi } from './conversation-api.js';
import type { SavedConversation } from './conversation-store.js';

/**
 * Where the conversation's contact form stands: never `offered` yet, on screen, `sent`, or
 * `dismissed` ("not now"). Once sent or dismissed it is never offered again in this
 * conversation.
 */
export type ContactPhase = 'none' | 'offered' | 'sent' | 'dismissed';

/** What a visitor leaves, trimmed; `name` and `phone` only when given. */
export interface ContactDetails {
  email: string;
  name?: string;
  phone?: string;
}

/**
 * The contact form of a conversation: when it is offered (an answer or a handoff response
 * carries `contactCapture`, or the agent asks before the first question), and sending or
 * dismissing it. Part of the {@link ChatModel} (`chat.contact`); knows nothing about the DOM.
 * What the visitor types is never persisted: only whether the form was sent or dismissed.
 */
export interface ContactModel {
  /** The offer on screen (its fields and consent sentence) while `phase` is `offered`. */
  readonly offer: ReadonlySignal<ContactOffer | undefined>;
  /** How many messages of the transcript come before the form (where it was offered). */
  readonly at: ReadonlySignal<number>;
  readonly phase: ReadonlySignal<ContactPhase>;
  /** After sending, in this page only: the address a person will reply to (never stored). */
  readonly sentTo: ReadonlySignal<string | undefined>;
  /** True while a send waits for the conversation's first answer (it brings the visitor id). */
  readonly waiting: ReadonlySignal<boolean>;
  /**
   * The panel is open: the first time, fetches the agent's settings (once per page) and
   * offers the form before the first question when they ask for it.
   */
  opened(): void;
  /**
   * Sends the details (after the first answer when the visitor has no id yet): resolves
   * with what a person will reply to, rejects with the request's failure (a `ChatError`,
   * or what `fetch` threw).
   */
  send(details: ContactDetails): Promise<ContactResponse>;
  /** "Not now": the form goes and is not offered again in this conversation. */
  dismiss(): void /**
   * A signed-in user whose email the site gave: the form is withdrawn and never offered
   * again on this page (a person replies to that email).
   */;
  skip(): void;
}

/** The contact model plus the hooks the chat model calls. */
export interface ContactState extends ContactModel {
  /** Offers the form (unless it was offered, sent or dismissed in this conversation). */
  offered(offer: ContactOffer | undefined): void;
  /** An answer finished (the visitor id may be known now). */
  answered(offer: ContactOffer | undefined): void;
  /** Takes the state of a saved conversation; `same` when it is the one already shown. */
  restore(saved: SavedConversation | undefined, same: boolean): void;
  /** Adds its fields to the conversation about to be saved. */
  save(conversation: SavedConversation): void;
}

/** What the contact model shares with the chat model it belongs to. */
export interface ContactContext {
  api: ConversationApi;
  messages: Signal<ChatMessage[]>;
  ids(): { visitorId?: string | undefined; conversationId?: string | undefined };
  persist(): void;
}

interface WaitingSend {
  details: ContactDetails;
  resolve(response: ContactResponse): void;
  reject(failure: unknown): void;
}

/** Creates the {@link ContactModel} of one chat model. */
export function createContactModel(context: ContactContext): ContactState {
  const offer = signal<ContactOffer | undefined>(undefined);
  const at = signal(0);
  const phase = signal<ContactPhase>('none');
  const sentTo = signal<string | undefined>(undefined);
  const waiting = signal(false);
  let settings: Promise<ContactOffer | undefined> | undefined;
  let pending: WaitingSend | undefined;
  let panelOpened = false;
  let skipped = false;

  // Nothing is written before the first message (or a visitor id from an earlier one).
  const persist = (): void => {
    if (context.messages.value.length > 0 || context.ids().visitorId) context.persist();
  };

  const offered = (next: ContactOffer | undefined): void => {
    if (!next || phase.value !== 'none' || skipped) return;
    batch(() => {
      offer.value = next;
      at.value = context.messages.value.length;
      phase.value = 'offered';
    });
    persist();
  };

  const offerFirst = (): void => {
    if (phase.value !== 'none' || context.messages.value.length > 0) return;
    settings ??= context.api.contactCapture().then(
      (value) =>
        value.enabled === true &&
        Array.isArray(value.triggers) &&
        value.triggers.includes('first_question')
          ? readContactOffer({ ...value, reason: 'first_question' })
          : undefined,
      // No settings (an upstream without contact capture, offline): no form before the first question.
      () => undefined,
    );
    void settings.then((first) => {
      if (context.messages.value.length === 0) offered(first);
    });
  };

  const deliver = async (details: ContactDetails, visitorId: string) => {
    const body: ContactRequest = { visitorId, ...details };
    const { conversationId } = context.ids();
    if (conversationId) body.conversationId = conversationId;
    const response = await context.api.contact(body);
    batch(() => {
      phase.value = 'sent';
      offer.value = undefined;
      sentTo.value = response.email;
    });
    persist();
    return response;
  };

  const dropWaiting = (): void => {
    pending?.reject({
      code: ERROR_CODE_ABORTED,
      message: 'The conversation was left before the details were sent.',
    });
    pending = undefined;
    waiting.value = false;
  };

  return {
    offer,
    at,
    phase,
    sentTo,
    waiting,
    opened() {
      if (panelOpened) return;
      panelOpened = true;
      offerFirst();
    },
    send(details) {
      const { visitorId } = context.ids();
      if (visitorId) return deliver(details, visitorId);
      dropWaiting();
      waiting.value = true;
      return new Promise((resolve, reject) => {
        pending = { details, resolve, reject };
      });
    },
    dismiss() {
      if (phase.value !== 'offered') return;
      dropWaiting();
      batch(() => {
        phase.value = 'dismissed';
        offer.value = undefined;
      });
      persist();
    },
    offered,
    answered(next) {
      const visitorId = context.ids().visitorId;
      const queued = pending;
      if (queued && visitorId) {
        pending = undefined;
        waiting.value = false;
        deliver(queued.details, visitorId).then(queued.resolve, queued.reject);
      }
      offered(next);
    },
    restore(saved, same) {
      if (!same) dropWaiting();
      batch(() => {
        if (!same) sentTo.value = undefined;
        phase.value = saved?.contact ?? (same && phase.value === 'offered' ? 'offered' : 'none');
        if (phase.value !== 'offered') offer.value = undefined;
      });
      // A new conversation: the form may come before its first question again.
      if (!saved?.conversationId && panelOpened) offerFirst();
    },
    save(conversation) {
      const state = phase.value;
      if (state === 'sent' || state === 'dismissed') conversation.contact = state;
    },
    skip() {
      skipped = true;
      batch(() => {
        if (phase.value === 'offered') phase.value = 'none';
        offer.value = undefined;
      });
    },
  };
}
