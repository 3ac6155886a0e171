import type { ConversationDetail } from '@agent-chat/protocol';
import { type ReadonlySignal, signal } from '@preact/signals';
import type { ConversationsApi } from './conversations-api.js';
import { runAction } from './run-action.js';
import { messageOf } from './session-model.js';

/** The conversation open in the transcript panel, and what an operator does with it. */
export interface TranscriptModel {
  /** The id of the open conversation (also in the address: `#conversations/<id>`). */
  openId: ReadonlySignal<string | undefined>;
  detail: ReadonlySignal<ConversationDetail | undefined>;
  loading: ReadonlySignal<boolean>;
  loadError: ReadonlySignal<string | undefined>;
  sending: ReadonlySignal<boolean>;
  replyError: ReadonlySignal<string | undefined>;
  /**
   * After a reply: the address it was also mailed to (the visitor left a contact), `null`
   * when it was not mailed; `undefined` before any reply to this conversation.
   */
  emailedTo: ReadonlySignal<string | null | undefined>;
  /** A status change (hand back to the AI, take over, resolve) is running. */
  updatingStatus: ReadonlySignal<boolean>;
  statusError: ReadonlySignal<string | undefined>;
  confirmingErase: ReadonlySignal<boolean>;
  erasing: ReadonlySignal<boolean>;
  eraseError: ReadonlySignal<string | undefined>;
  /** Opens a conversation (or closes the panel with `undefined`). */
  open(id: string | undefined): Promise<void>;
  /** Sends a reply as a person; ignored while one is sent. Resolves to whether it was sent. */
  reply(text: string): Promise<boolean>;
  /**
   * Changes the conversation's status; ignored while a change runs. `open` gives it back
   * to the AI (or reopens a resolved one), `resolved` closes it (the visitor writing again
   * reopens it).
   */
  setStatus(status: 'open' | 'resolved'): Promise<void>;
  askErase(asking: boolean): void;
  /** Erases the open conversation; resolves to whether it was erased. */
  confirmErase(): Promise<boolean>;
}

/**
 * Creates the transcript's model. `onChange` runs after anything that changes the list
 * (a reply moves a conversation to the top, an erasure removes it).
 */
export function createTranscriptModel(
  api: ConversationsApi,
  onChange: () => void,
): TranscriptModel {
  const openId = signal<string | undefined>(undefined);
  const detail = signal<ConversationDetail | undefined>(undefined);
  const loading = signal(false);
  const loadError = signal<string | undefined>(undefined);
  const sending = signal(false);
  const replyError = signal<string | undefined>(undefined);
  const emailedTo = signal<string | null | undefined>(undefined);
  const updatingStatus = signal(false);
  const statusError = signal<string | undefined>(undefined);
  const confirmingErase = signal(false);
  const erasing = signal(false);
  const eraseError = signal<string | undefined>(undefined);

  async function load(id: string): Promise<void> {
    loading.value = true;
    try {
      const answer = await api.get(id);
      if (openId.value !== id) return;
      detail.value = answer;
      loadError.value = undefined;
    } catch (failure) {
      if (openId.value === id) {
        detail.value = undefined;
        loadError.value = `The conversation could not be loaded: ${messageOf(failure)}`;
      }
    } finally {
      if (openId.value === id) loading.value = false;
    }
  }

  return {
    openId,
    detail,
    loading,
    loadError,
    sending,
    replyError,
    emailedTo,
    updatingStatus,
    statusError,
    confirmingErase,
    erasing,
    eraseError,
    async open(id) {
      if (id === openId.value && (detail.value || loading.value)) return;
      openId.value = id;
      detail.value = undefined;
      loadError.value = undefined;
      replyError.value = undefined;
      emailedTo.value = undefined;
      statusError.value = undefined;
      confirmingErase.value = false;
      if (id) await load(id);
      else loading.value = false;
    },
    async reply(text) {
      const id = openId.value;
      if (!id || sending.value) return false;
      if (text.trim() === '') {
        replyError.value = 'Write a reply first.';
        return false;
      }
      return runAction(
        { pending: sending, error: replyError },
        'The reply was not sent',
        async () => {
          emailedTo.value = undefined;
          const sent = await api.reply(id, text.trim());
          emailedTo.value = sent.emailedTo ?? null;
          await load(id);
          onChange();
        },
      );
    },
    async setStatus(status) {
      const id = openId.value;
      if (!id) return;
      const what = status === 'resolved' ? 'marked resolved' : 'handed back';
      await runAction(
        { pending: updatingStatus, error: statusError },
        `The conversation was not ${what}`,
        async () => {
          await api.setStatus(id, status);
          await load(id);
          onChange();
        },
      );
    },
    askErase(asking) {
      eraseError.value = undefined;
      confirmingErase.value = asking;
    },
    async confirmErase() {
      const id = openId.value;
      if (!id) return false;
      return runAction(
        { pending: erasing, error: eraseError },
        'The conversation was not deleted',
        async () => {
          await api.erase(id);
          confirmingErase.value = false;
          openId.value = undefined;
          detail.value = undefined;
          onChange();
        },
      );
    },
  };
}
