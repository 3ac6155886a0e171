import { parseArgs } from 'node:util';
import { createAgentService } from '../agent-service.js';
import { type CliIo, storageOptions, UsageError } from './cli-io.js';

/** `keys create [--org <name>]`: creates an organization and prints its API key. */
export async function keysCreate(args: string[], io: CliIo): Promise<number> {
  const { values, positionals } = parseArgs({
    args,
    options: { org: { type: 'string' } },
    allowPositionals: true,
  });
  if (positionals[0] !== 'create' || positionals.length > 1) {
    throw new UsageError('Use "agent-chat-service keys create [--org <name>]".');
  }
  const service = await createAgentService(storageOptions(io));
  try {
    const { organizationId, apiKey } = await service.createOrganization(values.org || 'Default');
    io.stderr(`Created organization ${organizationId}. The key is shown only once:\n`);
    io.stdout(`${apiKey}\n`);
  } finally {
    await service.close();
  }
  return 0;
}
