import type { ConversationExportQuery } from '@agent-chat/protocol';
import { conversationExportQuerySchema } from '@agent-chat/protocol/schemas';
import { Router } from 'express';
import {
  EXPORT_CONTENT_TYPES,
  exportConversations,
  exportHeader,
  exportRecord,
} from '../conversations/index.js';
import { organizationOf } from './auth-middleware.js';
import type { ServiceContext } from './service-context.js';
import { validateBody } from './validate-body.js';
import { writeText as write } from './write-text.js';

/**
 * `GET /conversations/export?format=jsonl|csv&<list filters>` (mounted under `/api`):
 * every matching conversation, streamed as it is read from the database (pages of 100,
 * waiting for `drain` when the client reads slowly; stops when the client goes away).
 * JSONL: one conversation with its messages per line. CSV: one row per message, cells
 * escaped and guarded against formula injection. A failure after the first byte cuts
 * the response short (no terminating chunk), so a client never mistakes it for complete.
 */
export function createConversationExportRoute(context: ServiceContext): Router {
  const { database, logger } = context;
  const router = Router();
  router.get('/conversations/export', async (req, res) => {
    const query = validateBody<ConversationExportQuery>(conversationExportQuerySchema, req.query);
    const { format = 'jsonl', ...filters } = query;
    const organizationId = organizationOf(res.locals).id;
    const rows = exportConversations(database, organizationId, filters);
    // Read the first page before the headers: a database failure is still a JSON 500.
    const first = await rows.next();
    const stamp = new Date(context.now()).toISOString().slice(0, 10);
    res.writeHead(200, {
      'content-type': EXPORT_CONTENT_TYPES[format],
      'content-disposition': `attachment; filename="conversations-${stamp}.${format}"`,
      'cache-control': 'no-store',
    });
    try {
      if (!(await write(res, exportHeader(format)))) return;
      if (!first.done && !(await write(res, exportRecord(format, first.value)))) return;
      for await (const conversation of rows) {
        if (!(await write(res, exportRecord(format, conversation)))) return;
      }
      res.end();
    } catch (error) {
      logger.error(
        { err: error instanceof Error ? error.message : String(error) },
        'conversation export failed',
      );
      res.destroy();
    } finally {
      await rows.return(undefined);
    }
  });
  return router;
}
