import type { IntegrationStatus } from '@agent-chat/protocol';
import { useState } from 'preact/hooks';
import {
  type IntegrationState,
  type IntegrationsModel,
  integrationUrl,
  slackManifest,
} from '../models/integrations-model.js';
import '../integrations.css';

/** "Connected to … since …", or "Not connected", as a live status line. */
function ConnectionStatus({
  name,
  status,
}: {
  name: string;
  status: IntegrationStatus | undefined;
}) {
  let text = 'Checking…';
  if (status?.configured) {
    const where = status.kind === 'slack' ? 'workspace' : 'application';
    const since = status.updatedAt ? ` since ${new Date(status.updatedAt).toLocaleString()}` : '';
    text = `Connected to ${where} ${status.externalId ?? ''}${since}.`;
  } else if (status) {
    text = 'Not connected.';
  }
  return (
    <p
      role="status"
      aria-label={`${name} connection`}
      class={status?.configured ? 'connected' : 'muted'}
    >
      {text}
    </p>
  );
}

/** A read-only value to copy (a URL, a command), with its own Copy button. */
function CopyField({
  id,
  label,
  value,
  rows,
  onCopy,
}: {
  id: string;
  label: string;
  value: string;
  rows?: number;
  onCopy(value: string, what: string): void;
}) {
  return (
    <>
      <label for={id}>{label}</label>
      {rows ? (
        <textarea id={id} class="code" rows={rows} readOnly value={value} />
      ) : (
        <input id={id} class="code" readOnly value={value} />
      )}
      <div class="actions">
        <button type="button" class="secondary" onClick={() => onCopy(value, label)}>
          Copy {label.charAt(0).toLowerCase() + label.slice(1)}
        </button>
      </div>
    </>
  );
}

/** The save error and the Disconnect button of a connected platform. */
function Disconnect({
  name,
  state,
  onDisconnect,
}: {
  name: string;
  state: IntegrationState;
  onDisconnect(): void;
}) {
  return (
    <>
      {state.disconnectError.value ? (
        <p class="error" role="alert">
          {state.disconnectError.value}
        </p>
      ) : null}
      {state.status.value?.configured ? (
        <div class="actions">
          <button
            type="button"
            class="secondary danger-text"
            disabled={state.disconnecting.value}
            onClick={onDisconnect}
          >
            Disconnect {name}
          </button>
        </div>
      ) : null}
    </>
  );
}

/** The values of a form's fields by name; the form is then cleared (secrets are not kept). */
function takeFields(form: HTMLFormElement): Record<string, string> {
  const values: Record<string, string> = {};
  for (const [name, value] of new FormData(form)) values[name] = String(value).trim();
  return values;
}

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
      {model.loadError.value ? (
        <p class="error" role="alert">
          {model.loadError.value}
        </p>
      ) : null}
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
              <form
                onSubmit={(event) => {
                  event.preventDefault();
                  const form = event.currentTarget;
                  const fields = takeFields(form);
                  void model
                    .saveSlack({
                      botToken: fields.botToken ?? '',
                      signingSecret: fields.signingSecret ?? '',
                    })
                    .then((saved) => {
                      if (saved) form.reset();
                    });
                }}
              >
                <label for="slack-bot-token">Bot token</label>
                <input
                  id="slack-bot-token"
                  name="botToken"
                  type="password"
                  autocomplete="off"
                  required
                  placeholder={
                    slack.status.value?.configured
                      ? 'Saved; enter a new one to replace it'
                      : 'xoxb-…'
                  }
                />
                <label for="slack-signing-secret">Signing secret</label>
                <input
                  id="slack-signing-secret"
                  name="signingSecret"
                  type="password"
                  autocomplete="off"
                  required
                />
                {slack.saveError.value ? (
                  <p class="error" role="alert">
                    {slack.saveError.value}
                  </p>
                ) : null}
                <div class="actions">
                  <button type="submit" disabled={slack.saving.value}>
                    {slack.saving.value ? 'Checking with Slack…' : 'Save Slack connection'}
                  </button>
                </div>
              </form>
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
              <form
                onSubmit={(event) => {
                  event.preventDefault();
                  const form = event.currentTarget;
                  const fields = takeFields(form);
                  void model
                    .saveDiscord({
                      applicationId: fields.applicationId ?? '',
                      publicKey: fields.publicKey ?? '',
                      botToken: fields.botToken ?? '',
                    })
                    .then((saved) => {
                      if (saved) form.reset();
                    });
                }}
              >
                <label for="discord-application-id">Application ID</label>
                <input
                  id="discord-application-id"
                  name="applicationId"
                  inputMode="numeric"
                  required
                />
                <label for="discord-public-key">Public key</label>
                <input id="discord-public-key" name="publicKey" autocomplete="off" required />
                <label for="discord-bot-token">Bot token</label>
                <input
                  id="discord-bot-token"
                  name="botToken"
                  type="password"
                  autocomplete="off"
                  required
                />
                {discord.saveError.value ? (
                  <p class="error" role="alert">
                    {discord.saveError.value}
                  </p>
                ) : null}
                <div class="actions">
                  <button type="submit" disabled={discord.saving.value}>
                    Save Discord connection
                  </button>
                </div>
              </form>
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
