/**
 * What the service answers when the documents hold nothing that answers the question: one
 * plain sentence that says so, quoting nothing and citing nothing. Recognisable on purpose
 * (it starts with "I don't know"), so a person, the widget and `agent-chat-service eval`
 * can tell a decline from an answer.
 */
export const NOTHING_FOUND_ANSWER =
  "I don't know: the documents I have access to don't cover that.";

/** Added to {@link NOTHING_FOUND_ANSWER} when the agent can hand the conversation to a person. */
export const HANDOFF_OFFER = 'If you like, I can put you in touch with a person.';

/** The decline, offering a person where the agent has human handoff. */
export function declineAnswer(options: { handoffEnabled?: boolean | undefined } = {}): string {
  return options.handoffEnabled ? `${NOTHING_FOUND_ANSWER} ${HANDOFF_OFFER}` : NOTHING_FOUND_ANSWER;
}
