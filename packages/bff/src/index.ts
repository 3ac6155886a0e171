/**
 * @agent-chat/bff — filled by its own issue.
 */
export {};
