import type { ContactListQuery, ContactSubmission } from '@agent-chat/protocol';
import {
  contactListQuerySchema,
  contactSubmissionSchema,
  emptyBodySchema,
} from '@agent-chat/protocol/schemas';
import { Router } from 'express';
import { getAgent } from '../agents/index.js';
import {
  allContacts,
  CONTACT_CSV_HEADER,
  type ContactCapturedEvent,
  contactCsvRecord,
  eraseContact,
  listContacts,
  saveContact,
} from '../contacts/index.js';
import { forgetDeliveries } from '../outbox/index.js';
import { organizationOf } from './auth-middleware.js';
import type { ServiceContext } from './service-context.js';
import { validateBody } from './validate-body.js';
import { writeText } from './write-text.js';

/**
 * The contact routes (mounted under `/api`; the organization's key):
 *
 * - `POST /agents/:id/contacts` ({@link ContactSubmission}, sent by the BFF for a visitor
 *   it verified): stores the visitor's contact for the agent, 201 when new, 200 when
 *   updated; 403 `CONTACT_CAPTURE_DISABLED`, 400 for a field the agent's form does not
 *   allow, 404 for a conversation that is not this visitor's with this agent. A new
 *   contact queues `contact.captured` and the operator's mail (in the same transaction);
 *   the service's `onContactCaptured` listener is told after the commit.
 * - `GET /contacts` (`q`, `agentId`, `cursor`, `limit`; `format=csv` streams every match).
 * - `DELETE /contacts/:id`: erases the contact and the visitor's conversations with the
 *   agent, and the outbox's mails and events about those conversations.
 */
export function createContactRoutes(context: ServiceContext): Router {
  const { database, logger } = context;
  const router = Router();

  const tell = (event: ContactCapturedEvent) => {
    const listener = context.onContactCaptured;
    if (!listener) return;
    const failed = (error: unknown) =>
      logger.error(
        {
          err: error instanceof Error ? error.message : String(error),
          contactId: event.contact.id,
        },
        'contact listener failed',
      );
    try {
      Promise.resolve(listener(event)).catch(failed);
    } catch (error) {
      failed(error);
    }
  };

  router.post('/agents/:id/contacts', async (req, res) => {
    const organizationId = organizationOf(res.locals).id;
    const agent = await getAgent(database, organizationId, req.params.id);
    const body = validateBody<ContactSubmission>(contactSubmissionSchema, req.body);
    const saved = await database.transaction(async (transaction) => {
      const result = await saveContact(transaction, organizationId, agent, body);
      if (result.created) {
        await context.notifier.contactCaptured(transaction, organizationId, result.contact);
      }
      return result;
    });
    context.notifier.wake();
    res.status(saved.created ? 201 : 200).json(saved.contact);
    tell({ organizationId, ...saved });
  });

  router.get('/contacts', async (req, res) => {
    const query = validateBody<ContactListQuery>(contactListQuerySchema, req.query);
    const organizationId = organizationOf(res.locals).id;
    if (query.format !== 'csv') {
      res.json(await listContacts(database, organizationId, query));
      return;
    }
    const contacts = allContacts(database, organizationId, query);
    // Read the first batch before the headers: a database failure is still a JSON 500.
    const first = await contacts.next();
    const stamp = new Date(context.now()).toISOString().slice(0, 10);
    res.writeHead(200, {
      'content-type': 'text/csv; charset=utf-8',
      'content-disposition': `attachment; filename="contacts-${stamp}.csv"`,
      'cache-control': 'no-store',
    });
    try {
      if (!(await writeText(res, CONTACT_CSV_HEADER))) return;
      if (!first.done && !(await writeText(res, contactCsvRecord(first.value)))) return;
      for await (const contact of contacts) {
        if (!(await writeText(res, contactCsvRecord(contact)))) return;
      }
      res.end();
    } catch (error) {
      logger.error(
        { err: error instanceof Error ? error.message : String(error) },
        'contact export failed',
      );
      res.destroy();
    } finally {
      await contacts.return(undefined);
    }
  });

  router.delete('/contacts/:id', async (req, res) => {
    validateBody(emptyBodySchema, req.body);
    const organizationId = organizationOf(res.locals).id;
    res.json(
      await database.transaction(async (transaction) => {
        const erased = await eraseContact(transaction, organizationId, req.params.id);
        await forgetDeliveries(transaction, organizationId);
        return erased;
      }),
    );
  });
  return router;
}
