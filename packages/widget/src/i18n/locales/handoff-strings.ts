/**
 * The strings of human handoff ("talk to a person"), apart from the panel's core strings:
 * the action, the notices when a person takes over or hands back, the label of their
 * replies, and the error when no person can be reached.
 */
export interface HandoffStrings {
  /** The action that asks for a person. */
  talkToPerson: string;
  /** Shown when the conversation is handed to a person. */
  handoffNotice: string;
  /** Shown when the person hands the conversation back to the assistant. */
  handbackNotice: string;
  /** Label of a person's replies. */
  operator: string;
  /** Asking for a person failed (not offered, or unreachable). */
  errorHandoff: string;
}
