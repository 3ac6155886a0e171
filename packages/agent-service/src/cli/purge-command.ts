import { parseArgs } from 'node:util';
import { createAgentService } from '../agent-service.js';
import { deleteExpiredConversations } from '../conversations/index.js';
import { retentionDaysFrom } from '../options/index.js';
import { type CliIo, storageOptions, UsageError } from './cli-io.js';

/**
 * `purge-conversations [--days <n>]`: deletes, once, the conversations inactive for more
 * than `--days` (default: env `CONVERSATION_RETENTION_DAYS`) days, with their messages.
 */
export async function purgeConversations(args: string[], io: CliIo): Promise<number> {
  const { values, positionals } = parseArgs({
    args,
    options: { days: { type: 'string' } },
    allowPositionals: true,
  });
  if (positionals.length > 0) throw new UsageError('purge-conversations takes no arguments.');
  const days = retentionDaysFrom(io.env, { days: values.days });
  if (days === undefined) {
    throw new UsageError('Give --days <n> (1 or more) or set CONVERSATION_RETENTION_DAYS.');
  }
  const service = await createAgentService(storageOptions(io));
  try {
    const deleted = await deleteExpiredConversations(service.database, days);
    io.stdout(`Deleted ${deleted} conversation(s) inactive for more than ${days} day(s).\n`);
  } finally {
    await service.close();
  }
  return 0;
}
