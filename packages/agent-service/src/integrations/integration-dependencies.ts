import type { ServiceContext } from '../api/service-context.js';
import type { BackgroundTasks } from './background-tasks.js';
import type { IntegrationCipher } from './integration-cipher.js';
import type { SlackClient } from './slack/slack-client.js';

/** What the integration routes share; built once by `createIntegrations`. */
export interface IntegrationDependencies {
  context: ServiceContext;
  /** Seals credentials; `undefined` without `INTEGRATIONS_SECRET` (integrations are then off). */
  cipher: IntegrationCipher | undefined;
  slack: SlackClient;
  tasks: BackgroundTasks;
  /** Largest body a platform may post, bytes (413 above). */
  bodyLimitBytes: number;
}
