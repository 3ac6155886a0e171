import { createAgentService } from '../agent-service.js';
import { discordOptionsFrom } from '../options/index.js';
import { type CliIo, storageOptions, UsageError } from './cli-io.js';

/**
 * `discord register <agentId>`: registers the `/ask question:<text>` slash command of the
 * agent's Discord application (saved with `POST /api/agents/{id}/integrations/discord`),
 * with its bot token, against `DISCORD_API_URL`.
 */
export async function discordCommand(args: string[], io: CliIo): Promise<number> {
  const [action, agentId, ...rest] = args;
  if (action !== 'register' || !agentId || rest.length > 0) {
    throw new UsageError('Usage: agent-chat-service discord register <agentId>');
  }
  const service = await createAgentService({
    ...storageOptions(io),
    ...discordOptionsFrom(io.env),
    ingestion: { workers: 0 },
  });
  try {
    const { applicationId } = await service.integrations.registerDiscordCommand(agentId);
    io.stdout(`Registered /ask for Discord application ${applicationId} (agent ${agentId}).\n`);
  } finally {
    await service.close();
  }
  return 0;
}
