/**
 * The address of a conversation in the operator console: the console's page
 * (`PUBLIC_CONSOLE_URL`, e.g. `https://chat.example.com/admin/`) with the fragment the
 * console routes on, `#conversations/<id>`; `null` without a console URL.
 *
 * @example
 * conversationLink('https://chat.example.com/admin/', 'c1') // 'https://chat.example.com/admin/#conversations/c1'
 */
export function conversationLink(
  publicConsoleUrl: string | undefined,
  conversationId: string,
): string | null {
  if (publicConsoleUrl === undefined) return null;
  const url = new URL(publicConsoleUrl);
  url.hash = `conversations/${encodeURIComponent(conversationId)}`;
  return url.href;
}

/**
 * The address of a content-gap topic in the operator console: the Insights page of its
 * agent, `#insights/<agentId>/<topicId>`; `null` without a console URL.
 *
 * @example
 * gapTopicLink('https://chat.example.com/admin/', 'a1', 't9') // 'https://chat.example.com/admin/#insights/a1/t9'
 */
export function gapTopicLink(
  publicConsoleUrl: string | undefined,
  agentId: string,
  topicId: string,
): string | null {
  if (publicConsoleUrl === undefined) return null;
  const url = new URL(publicConsoleUrl);
  url.hash = `insights/${encodeURIComponent(agentId)}/${encodeURIComponent(topicId)}`;
  return url.href;
}
