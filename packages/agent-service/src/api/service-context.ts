import type { AskingContext } from '../asking/index.js';
import type { ContactCapturedListener } from '../contacts/index.js';
import type { GapTopicsCache, GroupedGapTopics } from '../gaps/index.js';
import type { Ingestion } from '../ingestion/index.js';
import type { Integrations } from '../integrations/index.js';
import type { Notifier } from '../notifications/index.js';
import type { FoundSection, SearchCache } from '../search/index.js';

/** What the route handlers share; built once by `createAgentService`. */
export interface ServiceContext extends AskingContext {
  /** Wakes the ingestion workers and waits for datasources to settle. */
  ingestion: Ingestion;
  /** Lowest `config.sync_interval_minutes` accepted (`SYNC_MIN_INTERVAL_MINUTES`). */
  syncMinIntervalMinutes: number;
  /** Largest uploaded file, in bytes. */
  uploadLimitBytes: number;
  /** Queues mails and events in the outbox, inside the transaction of what they report. */
  notifier: Notifier;
  /** Told after a visitor leaves or updates a contact (mail, webhooks); none by default. */
  onContactCaptured?: ContactCapturedListener | undefined;
  /** Content-gap groupings by agent and range, kept while their gaps are unchanged. */
  gapTopicsCache?: GapTopicsCache<GroupedGapTopics> | undefined;
  /** Slack and Discord: an operator's reply in one of their threads is posted there. */
  integrations?: Integrations | undefined;
  /** Searches as you type, remembered while the datastores are unchanged (`createSearchCache`). */
  searchCache?: SearchCache<FoundSection[]> | undefined;
}
