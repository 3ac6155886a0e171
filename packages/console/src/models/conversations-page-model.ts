import type { ApiClient } from './api-client.js';
import { createConversationsApi } from './conversations-api.js';
import { type ConversationsModel, createConversationsModel } from './conversations-model.js';
import { createTranscriptModel, type TranscriptModel } from './transcript-model.js';

/** The Conversations page: the filtered list and the open transcript. */
export interface ConversationsPageModel {
  list: ConversationsModel;
  transcript: TranscriptModel;
}

/** Creates the Conversations page's models over the console's API client. */
export function createConversationsPageModel(api: ApiClient): ConversationsPageModel {
  const calls = createConversationsApi(api);
  const list = createConversationsModel(calls);
  const transcript = createTranscriptModel(calls, () => void list.reload());
  return { list, transcript };
}
