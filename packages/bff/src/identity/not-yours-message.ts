/**
 * The 404 message for an id that is not the visitor's on this agent: another visitor's,
 * another agent's, forged or unknown — worded the same whichever it is, so the answer
 * never tells them apart. The query route and the widget conversation routes use it.
 */
export function notYoursMessage(what: 'conversation' | 'message' | 'visitor id'): string {
  return `This ${what} does not exist or belongs to another visitor; start a new conversation.`;
}
