import type {
  Agent,
  DiscordIntegrationBody,
  IntegrationKind,
  IntegrationStatus,
  SlackIntegrationBody,
} from '@agent-chat/protocol';
import { type ReadonlySignal, type Signal, signal } from '@preact/signals';
import type { ApiClient } from './api-client.js';
import { runAction } from './run-action.js';
import { messageOf } from './session-model.js';

/** One platform's state on the panel: its status, and its save and disconnect actions. */
export interface IntegrationState {
  /** What the service says; `undefined` until loaded. */
  status: ReadonlySignal<IntegrationStatus | undefined>;
  saving: ReadonlySignal<boolean>;
  saveError: ReadonlySignal<string | undefined>;
  disconnecting: ReadonlySignal<boolean>;
  disconnectError: ReadonlySignal<string | undefined>;
}

/** The "Slack and Discord" panel of one agent. */
export interface IntegrationsModel {
  agent: Agent;
  slack: IntegrationState;
  discord: IntegrationState;
  /** Why the statuses could not be read (e.g. `INTEGRATIONS_SECRET` unset is only known on save). */
  loadError: ReadonlySignal<string | undefined>;
  load(): Promise<void>;
  /** Stores the Slack app's credentials (the service checks the token with Slack). */
  saveSlack(body: SlackIntegrationBody): Promise<boolean>;
  saveDiscord(body: DiscordIntegrationBody): Promise<boolean>;
  disconnect(kind: IntegrationKind): Promise<boolean>;
}

/**
 * The public URL a platform posts to: the service's path below the BFF's mount
 * (`baseUrl`), which relays `/integrations/…` byte for byte.
 */
export function integrationUrl(baseUrl: string, path: string): string {
  return new URL(path.replace(/^\/+/, ''), baseUrl).href;
}

/** A YAML double-quoted scalar (names may hold `:` or `#`). */
const quoted = (text: string) => JSON.stringify(text);

/**
 * The Slack app manifest to paste at api.slack.com ("Create New App → From an app
 * manifest"): the bot, its scopes, the events it subscribes to and both request URLs
 * filled in, as the agent service's README describes it.
 */
export function slackManifest(options: {
  name: string;
  eventsUrl: string;
  interactionsUrl: string;
}): string {
  const name = options.name.trim().slice(0, 35) || 'Docs assistant';
  return `display_information:
  name: ${quoted(name)}
features:
  app_home:
    messages_tab_enabled: true
    messages_tab_read_only_enabled: false
  bot_user:
    display_name: ${quoted(name)}
    always_online: true
oauth_config:
  scopes:
    bot: [app_mentions:read, chat:write, im:history, channels:history, groups:history]
settings:
  event_subscriptions:
    request_url: ${options.eventsUrl}
    bot_events: [app_mention, message.im, message.channels, message.groups]
  interactivity:
    is_enabled: true
    request_url: ${options.interactionsUrl}
`;
}

/** {@link IntegrationState} as the model writes it. */
interface WritableState {
  status: Signal<IntegrationStatus | undefined>;
  saving: Signal<boolean>;
  saveError: Signal<string | undefined>;
  disconnecting: Signal<boolean>;
  disconnectError: Signal<string | undefined>;
}

function createState(): WritableState {
  return {
    status: signal(undefined),
    saving: signal(false),
    saveError: signal(undefined),
    disconnecting: signal(false),
    disconnectError: signal(undefined),
  };
}

/**
 * Creates the model of one agent's integrations over the console's API client: the
 * statuses (`GET /api/agents/:id/integrations/{slack,discord}`), saving credentials
 * (never kept here after the call, never shown back) and disconnecting.
 */
export function createIntegrationsModel(api: ApiClient, agent: Agent): IntegrationsModel {
  const states = { slack: createState(), discord: createState() };
  const loadError = signal<string | undefined>(undefined);
  const path = (kind: IntegrationKind) =>
    `api/agents/${encodeURIComponent(agent.id)}/integrations/${kind}`;
  const save = (kind: IntegrationKind, body: unknown, failed: string) => {
    const state = states[kind];
    return runAction({ pending: state.saving, error: state.saveError }, failed, async () => {
      state.status.value = await api.request<IntegrationStatus>('POST', path(kind), body);
    });
  };
  return {
    agent,
    slack: states.slack,
    discord: states.discord,
    loadError,
    async load() {
      loadError.value = undefined;
      try {
        const [slack, discord] = await Promise.all([
          api.request<IntegrationStatus>('GET', path('slack')),
          api.request<IntegrationStatus>('GET', path('discord')),
        ]);
        states.slack.status.value = slack;
        states.discord.status.value = discord;
      } catch (failure) {
        loadError.value = `The connections could not be read: ${messageOf(failure)}`;
      }
    },
    saveSlack: (body) => save('slack', body, 'Slack was not connected'),
    saveDiscord: (body) => save('discord', body, 'Discord was not connected'),
    disconnect(kind) {
      const state = states[kind];
      return runAction(
        { pending: state.disconnecting, error: state.disconnectError },
        `${kind === 'slack' ? 'Slack' : 'Discord'} was not disconnected`,
        async () => {
          state.status.value = await api.request<IntegrationStatus>('DELETE', path(kind), {});
        },
      );
    },
  };
}
