/**
 * Signed-in users (issue 55): the widget's side of a host site's verified identity, a
 * chunk of its own (`dist/assets/identity-[hash].js`) loaded only on a page that signs a
 * user in (`data-user-id` or `AgentChat.identify()`). The chat model waits for it before
 * asking anything ({@link ChatModel.signIn}).
 */
export { type SignInContext, signIn, userFromDataset } from './sign-in.js';
