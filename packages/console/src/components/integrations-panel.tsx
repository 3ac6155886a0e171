/**
 * The "Slack and Discord" panel of an agent: each platform's setup steps with what to
 * paste where, its connection status, its credentials form and Disconnect.
 */
import { useState } from 'preact/hooks';
import {
  type IntegrationsModel,
  integrationUrl,
  slackManifest,
} from '../models/integrations-model.js';
import { ConnectionStatus, CopyField, Disconnect } from './integration-parts.js';
import { SecretsForm } from './secrets-form.js';
import '../integrations.css';
import { ErrorAlert } from './error-alert.js';

/**
 * An agent's Slack and Discord connections: the setup steps with what to paste where (the
 * Slack app manifest with this BFF's URLs, Discord's interactions endpoint URL and the
 * command that registers `/ask`), each platform's connection status, and forms that send
 * the credentials once — they are never shown back — and disconnect.
 */
export function IntegrationsPanel({
  model,
  baseUrl,
  onClose,
}: {
  model: IntegrationsModel;
  baseUrl: string;
  onClose(): void;
}) {
  const { agent, slack, discord } = model;
  const [copied, setCopied] = useState<string | undefined>(undefined);
  const copy = (text: string, what: string) => {
    navigator.clipboard.writeText(text).then(
      () => setCopied(`Copied the ${what.toLowerCase()}.`),
      () => setCopied(`Copy failed: select the ${what.toLowerCase()} and copy it by hand.`),
    );
  };
  const agentPath = encodeURIComponent(agent.id);
  const eventsUrl = integrationUrl(
    baseUrl,
    slack.status.value?.requestPath ?? `/integrations/slack/${agentPath}/events`,
  );
  const interactionsUrl = integrationUrl(
    baseUrl,
    slack.status.value?.interactionsPath ?? `/integrations/slack/${agentPath}/interactions`,
  );
  const discordUrl = integrationUrl(
    baseUrl,
    discord.status.value?.requestPath ?? `/integrations/discord/${agentPath}/interactions`,
  );
  const manifest = slackManifest({ name: agent.name, eventsUrl, interactionsUrl });
  const register = `agent-chat-service discord register ${agent.id}`;
  return (
    <section class="card integrations" aria-labelledby="integrations-title">
      <div class="section-head">
        <h2 id="integrations-title">Slack and Discord for {agent.name}</h2>
        <button type="button" class="secondary" onClick={onClose}>
          Close
        </button>
      </div>
      <p class="muted">
        The agent answers in a Slack workspace or a Discord server with the same knowledge,
        citations, feedback and handoff as the widget. The agent service needs{' '}
        <code>INTEGRATIONS_SECRET</code> to store the credentials (encrypted; never shown again).
      </p>
      <ErrorAlert message={model.loadError.value} />
      <span class="visually-hidden" role="status">
        {copied ?? ''}
      </span>
      <div class="integration-columns">
        <section aria-labelledby="slack-title">
          <h3 id="slack-title">Slack</h3>
          <ConnectionStatus name="Slack" status={slack.status.value} />
          <ol class="steps">
            <li>
              At <a href="https://api.slack.com/apps">api.slack.com/apps</a>, choose{' '}
              <strong>Create New App → From an app manifest</strong>, pick the workspace and paste
              this manifest:
              <CopyField
                id="slack-manifest"
                label="Manifest"
                value={manifest}
                rows={10}
                onCopy={copy}
              />
            </li>
            <li>
              <strong>Install to Workspace</strong>, then copy the{' '}
              <strong>Bot User OAuth Token</strong> (<code>xoxb-…</code>, “OAuth &amp; Permissions”)
              and the <strong>Signing Secret</strong> (“Basic Information”) here:
              <SecretsForm
                fields={[
                  {
                    id: 'slack-bot-token',
                    name: 'botToken',
                    label: 'Bot token',
                    password: true,
                    placeholder: slack.status.value?.configured
                      ? 'Saved; enter a new one to replace it'
                      : 'xoxb-…',
                  },
                  {
                    id: 'slack-signing-secret',
                    name: 'signingSecret',
                    label: 'Signing secret',
                    password: true,
                  },
                ]}
                state={slack}
                submitLabel="Save Slack connection"
                savingLabel="Checking with Slack…"
                save={model.saveSlack}
              />
            </li>
            <li>
              If Slack shows the request URL as unverified, click <strong>Retry</strong> under
              “Event Subscriptions”. Invite the bot to a channel (<code>/invite @{agent.name}</code>
              ) and mention it, or write to it directly.
            </li>
          </ol>
          <Disconnect
            name="Slack"
            state={slack}
            onDisconnect={() => void model.disconnect('slack')}
          />
        </section>
        <section aria-labelledby="discord-title">
          <h3 id="discord-title">Discord</h3>
          <ConnectionStatus name="Discord" status={discord.status.value} />
          <ol class="steps">
            <li>
              At{' '}
              <a href="https://discord.com/developers/applications">
                discord.com/developers/applications
              </a>
              , create an application and copy its <strong>Application ID</strong> and{' '}
              <strong>Public Key</strong> (“General Information”) and a bot <strong>token</strong>{' '}
              (“Bot”) here:
              <SecretsForm
                fields={[
                  {
                    id: 'discord-application-id',
                    name: 'applicationId',
                    label: 'Application ID',
                    inputMode: 'numeric',
                  },
                  {
                    id: 'discord-public-key',
                    name: 'publicKey',
                    label: 'Public key',
                    noAutocomplete: true,
                  },
                  { id: 'discord-bot-token', name: 'botToken', label: 'Bot token', password: true },
                ]}
                state={discord}
                submitLabel="Save Discord connection"
                save={model.saveDiscord}
              />
            </li>
            <li>
              Set the application’s <strong>Interactions Endpoint URL</strong> to this URL (Discord
              checks it with a signed ping):
              <CopyField
                id="discord-endpoint"
                label="Interactions endpoint URL"
                value={discordUrl}
                onCopy={copy}
              />
            </li>
            <li>
              Register the <code>/ask</code> command where the agent service runs, and invite the
              bot with the <code>applications.commands</code> and <code>bot</code> scopes:
              <CopyField id="discord-register" label="Command" value={register} onCopy={copy} />
            </li>
          </ol>
          <Disconnect
            name="Discord"
            state={discord}
            onDisconnect={() => void model.disconnect('discord')}
          />
        </section>
      </div>
    </section>
  );
}
