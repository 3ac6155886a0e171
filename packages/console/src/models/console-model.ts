import { signal } from '@preact/signals';
import { type AgentsModel, createAgentsModel } from './agents-model.js';
import { type ApiClient, createApiClient } from './api-client.js';
import { type ContactsModel, createContactsModel } from './contacts-model.js';
import {
  type ConversationsPageModel,
  createConversationsPageModel,
} from './conversations-page-model.js';
import { createDeliveriesModel, type DeliveriesModel } from './deliveries-model.js';
import { createGapTopicsModel, type GapTopicsModel } from './gap-topics-model.js';
import { createInsightsModel, type InsightsModel } from './insights-model.js';
import { createKnowledgeModel, type KnowledgeModel } from './knowledge-model.js';
import { createPlaygroundModel, type PlaygroundModel } from './playground-model.js';
import { createSessionModel, type SessionModel } from './session-model.js';

/**
 * The console's pages, as named in the address's fragment (`#agents`); what follows a `/`
 * names an item of the page (`#conversations/<id>`).
 */
export const PAGES = [
  'agents',
  'knowledge',
  'playground',
  'conversations',
  'contacts',
  'insights',
  'deliveries',
] as const;
/** One of {@link PAGES}. */
export type PageName = (typeof PAGES)[number];

/** Everything the console's components read: one model per page, over one API client. */
export interface ConsoleModel {
  /** The BFF's mount URL, ending in `/`. */
  baseUrl: string;
  api: ApiClient;
  session: SessionModel;
  page: { value: PageName };
  /** The fragment after the page name and a `/` (`#conversations/<id>` → the id), or `''`. */
  item: { value: string };
  agents: AgentsModel;
  knowledge: KnowledgeModel;
  playground: PlaygroundModel;
  conversations: ConversationsPageModel;
  contacts: ContactsModel;
  insights: InsightsModel;
  /** The Insights page's content gaps grouped into topics. */
  gapTopics: GapTopicsModel;
  deliveries: DeliveriesModel;
}

/**
 * Creates the console's models. `baseUrl` is the BFF's mount point: the page lives at
 * `<mount>/admin/`, so by default it is the page's parent directory.
 */
export function createConsoleModel(
  options: { baseUrl?: string; fetch?: typeof fetch } = {},
): ConsoleModel {
  const baseUrl = options.baseUrl ?? new URL('../', location.href).href;
  let session: SessionModel | undefined;
  const api = createApiClient({
    baseUrl,
    ...(options.fetch ? { fetch: options.fetch } : {}),
    onUnauthorized: () => session?.expired(),
  });
  session = createSessionModel(api);
  return {
    baseUrl,
    api,
    session,
    page: signal<PageName>('agents'),
    item: signal(''),
    agents: createAgentsModel(api),
    knowledge: createKnowledgeModel(api, baseUrl),
    playground: createPlaygroundModel(api, baseUrl, options.fetch),
    conversations: createConversationsPageModel(api),
    contacts: createContactsModel(api),
    insights: createInsightsModel(api),
    gapTopics: createGapTopicsModel(api),
    deliveries: createDeliveriesModel(api),
  };
}
