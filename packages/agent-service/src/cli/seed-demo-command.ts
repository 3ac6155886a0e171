import { parseArgs } from 'node:util';
import { createAgentService } from '../agent-service.js';
import { type CliIo, storageOptions } from './cli-io.js';

/** `seed-demo [--key <key>]`: creates or refreshes the demo and prints its ids and key. */
export async function seedDemoCommand(args: string[], io: CliIo): Promise<number> {
  const { values } = parseArgs({ args, options: { key: { type: 'string' } } });
  const service = await createAgentService(storageOptions(io));
  try {
    const result = await service.seedDemo(values.key === undefined ? {} : { apiKey: values.key });
    io.stdout(
      `apiKey=${result.apiKey}\nagentId=${result.agentId}\ndatastoreId=${result.datastoreId}\n`,
    );
  } finally {
    await service.close();
  }
  return 0;
}
