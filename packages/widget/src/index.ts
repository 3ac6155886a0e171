/**
 * @agent-chat/widget — filled by its own issue.
 */
export {};
