/**
 * @agent-chat/agent-service — filled by its own issue.
 */
export {};
