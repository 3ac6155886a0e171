import {
  type IdentifyRequest,
  type IdentifyResponse,
  PAST_CONVERSATIONS_LIMIT,
  SIGNATURE_LENGTH,
  type SignedUser,
  WIDGET_CONVERSATION_PATHS,
} from '@agent-chat/protocol';
import {
  type ChatIds,
  type ChatModel,
  type ConversationStore,
  errorFromResponse,
} from '../chat/index.js';
import { IDENTITY_STRINGS, type IdentityStrings } from '../i18n/identity-strings.js';
import { primaryLanguage } from '../i18n/index.js';
import type { PanelContext } from '../panel-contract.js';

/** What {@link signIn} works with: the panel's context, its chat model and store. */
export interface SignInContext {
  context: Pick<PanelContext, 'config' | 'dataset' | 'emit' | 'window'>;
  chat: Pick<ChatModel, 'contact' | 'reset'>;
  store: Pick<ConversationStore, 'pastIds' | 'savePastIds' | 'clear'>;
}

/**
 * The user the script tag signs in (`data-user-id`, `data-user-hash`, optional
 * `data-user-name` and `data-user-email`), or undefined without `data-user-id`. A missing
 * hash is kept empty: the chat server refuses it, rather than the widget going anonymous.
 */
export function userFromDataset(dataset: DOMStringMap): SignedUser | undefined {
  const userId = dataset.userId?.trim();
  if (!userId) return undefined;
  const user: SignedUser = { userId, userHash: dataset.userHash?.trim() ?? '' };
  const name = dataset.userName?.trim();
  const email = dataset.userEmail?.trim();
  if (name) user.name = name;
  if (email) user.email = email;
  return user;
}

/** The id a BFF-signed id (`<id>_<signature>`) stands for. */
const unsigned = (signed: string): string => signed.slice(0, -SIGNATURE_LENGTH - 1);

/** The visitor a BFF visitor token (`<visitor>_<issued>_<signature>`) stands for. */
const visitorOf = (token: string | undefined): string | undefined => {
  const payload = token === undefined ? undefined : unsigned(token);
  return payload?.slice(0, payload.lastIndexOf('_'));
};

function identityStrings(config: PanelContext['config']): IdentityStrings {
  const strings = {
    ...(IDENTITY_STRINGS[primaryLanguage(config.lang)] ?? IDENTITY_STRINGS.en!),
  };
  const override = (config.strings as Record<string, unknown>).identityFailed;
  if (typeof override === 'string') strings.identityFailed = override;
  return strings;
}

/**
 * Verifies `user` with the BFF (`POST /api/agents/{id}/identify`) and gives the ids the chat
 * model holds from now on: the user's visitor token, and the current conversation when it
 * was merged into the user's. What this browser held as an anonymous visitor (its token,
 * the current and earlier conversation ids) is sent along to be merged; the conversations of
 * another user who signed in here before (without signing out) are forgotten here.
 *
 * A refusal rejects with the server's error, its message replaced by a sentence for the
 * visitor in the page's language for a wrong hash (401), after logging the server's message
 * (which tells the site's developers what to fix) and emitting an `error` event. A user with
 * an email is never offered the contact form.
 */
export async function signIn(
  held: ChatIds,
  user: SignedUser,
  { context, chat, store }: SignInContext,
): Promise<ChatIds> {
  const { config } = context;
  if (user.email) chat.contact.skip();
  const pastIds = store.pastIds();
  const body: IdentifyRequest = { userId: user.userId, userHash: user.userHash };
  if (user.name) body.name = user.name;
  if (user.email) body.email = user.email;
  if (user.attributes) body.attributes = user.attributes;
  if (held.visitorId) {
    body.visitorId = held.visitorId;
    body.conversationIds = [
      ...new Set([held.conversationId ?? '', ...pastIds].filter(Boolean)),
    ].slice(0, PAST_CONVERSATIONS_LIMIT.max);
  }
  const response = await context.window.fetch(
    `${config.endpoint}${WIDGET_CONVERSATION_PATHS.identify(config.agentId)}`,
    {
      method: 'POST',
      credentials: 'omit',
      headers: { 'Content-Type': 'text/plain;charset=UTF-8' },
      body: JSON.stringify(body),
    },
  );
  if (!response.ok) {
    const error = await errorFromResponse(response, Date.now());
    console.error(`agent-chat: signing in user "${user.userId}" failed: ${error.message}`);
    if (error.status === 401) error.message = identityStrings(config).identityFailed;
    context.emit('error', { ...error });
    throw error;
  }
  const answer = (await response.json()) as IdentifyResponse;
  if (held.visitorId && visitorOf(held.visitorId) === visitorOf(answer.visitorId)) {
    return { visitorId: answer.visitorId, conversationId: held.conversationId };
  }
  const merged = new Map(answer.conversationIds.map((id) => [unsigned(id), id]));
  const current = held.conversationId && merged.get(unsigned(held.conversationId));
  if (held.conversationId && !current) {
    // Not the anonymous visitor's to merge (another user's, or expired): not this user's either.
    chat.reset();
    store.clear();
  }
  const kept = pastIds.flatMap((id) => merged.get(unsigned(id)) ?? []);
  if (pastIds.length > 0) store.savePastIds(kept);
  return { visitorId: answer.visitorId, conversationId: current || undefined };
}
