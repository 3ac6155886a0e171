/**
 * The strings of the wider view and of the "Conversations" view (the visitor's earlier
 * conversations with this agent), apart from the panel's core strings.
 */
export interface ConversationsStrings {
  /** The toggle (`aria-pressed`) between the normal panel and the large one. */
  widerView: string;
  /** The action that opens the list, and the list's heading. */
  conversations: string;
  /** The action that leaves the list for the current conversation. */
  backToChat: string;
  /** The list is empty. */
  noConversations: string;
  /** The list could not be loaded, or a conversation could not be opened or deleted. */
  errorConversations: string;
  /** Deletes one listed conversation (its first question follows, for screen readers). */
  deleteConversation: string;
  /** A conversation's status: the assistant answers it. */
  statusOpen: string;
  /** A conversation's status: a person answers it. */
  statusHandoff: string;
  /** A conversation's status: it is over. */
  statusResolved: string;
}
