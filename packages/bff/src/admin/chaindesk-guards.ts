import { ERROR_CODES } from '@agent-chat/protocol';
import { BffError } from '../bff-error.js';
import type { UpstreamClient } from '../upstream/index.js';
import type { ChaindeskGuard } from './admin-operation.js';

/** Reads the current state of a resource from the upstream (a JSON object). */
type ReadCurrent = (path: string) => Promise<Record<string, unknown>>;

function refuse(message: string): BffError {
  return new BffError(ERROR_CODES.invalidRequest, message, { status: 400 });
}

/**
 * Guards Chaindesk's destructive quirks, reading the current resource with the upstream
 * client when the body alone cannot say what to keep:
 *
 * - an agent PATCH without `tools`/`interfaceConfig` wipes them: the current ones are
 *   re-sent (refused with 400 when the upstream does not return `tools`);
 * - a datastore PATCH updates the datastore named by the body's `id` and makes it private
 *   without `isPublic`: `id` is the path id, and `isPublic` comes from the body's
 *   `visibility` or the datastore's current visibility.
 *
 * Returns the body to send; throws a {@link BffError} with the status to answer.
 */
export function createChaindeskGuards(upstream: UpstreamClient, timeoutMs: number) {
  const readCurrent: ReadCurrent = (path) => upstream.readJson(path, timeoutMs);

  return async function guardChaindesk(
    guard: ChaindeskGuard,
    id: string,
    body: Record<string, unknown>,
  ): Promise<Record<string, unknown>> {
    if (guard === 'agent-update') {
      const current = await readCurrent(`/api/agents/${id}`);
      if (!('tools' in current)) {
        throw refuse(
          'Refusing to update this agent: the agent service did not return its tools, and a Chaindesk ' +
            'PATCH without tools removes them. Update the agent in the Chaindesk dashboard instead.',
        );
      }
      const next: Record<string, unknown> = { ...body, tools: current.tools };
      if ('interfaceConfig' in current) next.interfaceConfig = current.interfaceConfig;
      return next;
    }
    const next: Record<string, unknown> = { ...body, id };
    if (typeof next.isPublic === 'boolean') return next;
    if (next.visibility === 'public' || next.visibility === 'private') {
      next.isPublic = next.visibility === 'public';
      return next;
    }
    const current = await readCurrent(`/api/datastores/${id}`);
    if (typeof current.isPublic === 'boolean') {
      next.isPublic = current.isPublic;
    } else if (current.visibility === 'public' || current.visibility === 'private') {
      next.isPublic = current.visibility === 'public';
    } else {
      throw refuse(
        'Refusing to update this datastore: its current visibility is unknown, and a Chaindesk PATCH ' +
          'without isPublic makes it private. Send "visibility" (or "isPublic") in the body.',
      );
    }
    return next;
  };
}

/** Applies the Chaindesk guard of an operation (see {@link createChaindeskGuards}). */
export type ChaindeskGuards = ReturnType<typeof createChaindeskGuards>;
