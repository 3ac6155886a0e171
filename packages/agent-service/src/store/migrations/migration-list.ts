import { initialSchema } from './0001-initial-schema.js';
import { creationOrder } from './0002-creation-order.js';
import { ingestionJobs } from './0003-ingestion-jobs.js';
import { lexicalStatistics } from './0004-lexical-statistics.js';
import { conversationStatus } from './0005-conversation-status.js';
import { chunkLexemesFromService } from './0006-chunk-lexemes-from-service.js';
import { embeddingSpaces } from './0008-embedding-spaces.js';
import { messagesByTime } from './0009-messages-by-time.js';
import { ginPendingList } from './0010-gin-pending-list.js';
import { termDeltas } from './0012-term-deltas.js';
import { uncompressedTexts } from './0013-uncompressed-texts.js';
import { datasourceStatusCheck } from './0014-datasource-status-check.js';
import { contacts } from './0015-contacts.js';
import { outbox } from './0016-outbox.js';
import { syncSchedule } from './0017-sync-schedule.js';
import { datasourceSections } from './0018-datasource-sections.js';
import { gapMarks } from './0019-gap-marks.js';
import { identifiedVisitors } from './0020-identified-visitors.js';
import { integrations } from './0021-integrations.js';
import { gapTopicIds } from './0022-gap-topic-ids.js';
import { channelDeliveries } from './0023-channel-deliveries.js';
import type { Migration } from './migration.js';

/**
 * The schema, as its migrations in order. Append a new file and its line here; never edit
 * or remove an applied one. Ids 7 and 11 were never used (ids are recorded by databases,
 * so they are never renumbered).
 */
export const MIGRATIONS: readonly Migration[] = [
  initialSchema,
  creationOrder,
  ingestionJobs,
  lexicalStatistics,
  conversationStatus,
  chunkLexemesFromService,
  embeddingSpaces,
  messagesByTime,
  ginPendingList,
  termDeltas,
  uncompressedTexts,
  datasourceStatusCheck,
  contacts,
  outbox,
  syncSchedule,
  datasourceSections,
  gapMarks,
  identifiedVisitors,
  integrations,
  gapTopicIds,
  channelDeliveries,
];
