import {
  type Agent,
  type AgentModelName,
  type ContactCaptureSettings,
  DEFAULT_CONTACT_CAPTURE,
  type Visibility,
} from '@agent-chat/protocol';
import { type ReadonlySignal, signal } from '@preact/signals';
import type { ApiClient } from './api-client.js';
import { createIntegrationsModel, type IntegrationsModel } from './integrations-model.js';
import { createPagedList, type PagedList } from './paged-list.js';
import { runAction } from './run-action.js';
import { messageOf } from './session-model.js';

/** The editable fields of an agent, as the form holds them. */
export interface AgentDraft {
  /** Set when editing an existing agent; absent when creating one. */
  id?: string;
  name: string;
  description: string;
  modelName: AgentModelName;
  temperature: number;
  visibility: Visibility;
  systemPrompt: string;
  userPrompt: string;
  /**
   * Whether visitors may ask for a person (the widget's "Talk to a person"): the widget
   * then looks for an operator's replies while its panel is open. Absent when editing an
   * agent of an upstream without handoff (Chaindesk): the form hides it and never sends it.
   */
  handoffEnabled?: boolean;
  /**
   * When the widget asks visitors for a contact. Absent when editing an agent of an
   * upstream without contact capture (Chaindesk): the form hides it and never sends it.
   */
  contactCapture?: ContactCaptureSettings;
}

/** Agents shown per page. */
export const AGENTS_PER_PAGE = 10;

/** The Agents page's state: the list, the agent being edited, and each action's error. */
export interface AgentsModel {
  list: PagedList<Agent>;
  loading: ReadonlySignal<boolean>;
  /** Why the list could not be loaded. */
  listError: ReadonlySignal<string | undefined>;
  /** The form's content, or `undefined` when no form is open. */
  draft: ReadonlySignal<AgentDraft | undefined>;
  saving: ReadonlySignal<boolean>;
  saveError: ReadonlySignal<string | undefined>;
  /** The agent whose deletion awaits confirmation. */
  confirmingDelete: ReadonlySignal<Agent | undefined>;
  deleting: ReadonlySignal<boolean>;
  deleteError: ReadonlySignal<string | undefined>;
  /** The agent whose embed snippet and preview are shown. */
  embedded: ReadonlySignal<Agent | undefined>;
  /** The agent whose Slack and Discord connections are shown, with their model. */
  integrations: ReadonlySignal<IntegrationsModel | undefined>;
  load(): Promise<void>;
  startCreate(): void;
  startEdit(agent: Agent): void;
  cancelEdit(): void;
  /** Creates or updates; ignored while a save runs (a double submit creates nothing twice). */
  save(draft: AgentDraft): Promise<boolean>;
  askDelete(agent: Agent | undefined): void;
  /** Deletes the agent awaiting confirmation. */
  confirmDelete(): Promise<void>;
  showEmbed(agent: Agent | undefined): void;
  /** Opens (and loads) or closes an agent's "Slack and Discord" panel. */
  showIntegrations(agent: Agent | undefined): void;
}

/** A copy of contact capture settings (the draft's own, edited freely). */
function copyCapture(settings: ContactCaptureSettings): ContactCaptureSettings {
  return { ...settings, triggers: [...settings.triggers], fields: { ...settings.fields } };
}

/** An empty draft with the service's defaults. */
export function newAgentDraft(): AgentDraft {
  return {
    name: '',
    description: '',
    modelName: 'gpt_3_5_turbo',
    temperature: 0,
    visibility: 'private',
    systemPrompt: '',
    userPrompt: '',
    handoffEnabled: false,
    contactCapture: copyCapture(DEFAULT_CONTACT_CAPTURE),
  };
}

function draftOf(agent: Agent): AgentDraft {
  return {
    id: agent.id,
    name: agent.name,
    description: agent.description,
    modelName: agent.modelName,
    temperature: agent.temperature,
    visibility: agent.visibility,
    systemPrompt: agent.systemPrompt ?? '',
    userPrompt: agent.userPrompt ?? '',
    ...(agent.handoffEnabled !== undefined ? { handoffEnabled: agent.handoffEnabled } : {}),
    ...(agent.contactCapture ? { contactCapture: copyCapture(agent.contactCapture) } : {}),
  };
}

/**
 * The body of a create or update. Handoff and contact capture go with an update of an
 * agent that has them, and with a create that turns them on (an upstream without them
 * never sees them otherwise); a blank consent sentence is `null` (the widget's own).
 */
function bodyOf(draft: AgentDraft) {
  const handoff = draft.handoffEnabled;
  const sendHandoff = handoff !== undefined && (draft.id !== undefined || handoff);
  const capture = draft.contactCapture;
  const sendCapture = capture !== undefined && (draft.id !== undefined || capture.enabled);
  return {
    name: draft.name.trim(),
    description: draft.description,
    modelName: draft.modelName,
    temperature: draft.temperature,
    visibility: draft.visibility,
    systemPrompt: draft.systemPrompt === '' ? null : draft.systemPrompt,
    userPrompt: draft.userPrompt === '' ? null : draft.userPrompt,
    ...(sendHandoff ? { handoffEnabled: handoff } : {}),
    ...(sendCapture
      ? {
          contactCapture: {
            ...capture,
            consentText: capture.consentText?.trim() ? capture.consentText.trim() : null,
          },
        }
      : {}),
  };
}

/** Creates the Agents page's model over the console's API client. */
export function createAgentsModel(api: ApiClient): AgentsModel {
  const list = createPagedList<Agent>(AGENTS_PER_PAGE);
  const loading = signal(false);
  const listError = signal<string | undefined>(undefined);
  const draft = signal<AgentDraft | undefined>(undefined);
  const saving = signal(false);
  const saveError = signal<string | undefined>(undefined);
  const confirmingDelete = signal<Agent | undefined>(undefined);
  const deleting = signal(false);
  const deleteError = signal<string | undefined>(undefined);
  const embedded = signal<Agent | undefined>(undefined);
  const integrations = signal<IntegrationsModel | undefined>(undefined);

  async function load(): Promise<void> {
    loading.value = true;
    try {
      const agents = await api.request<Agent[]>('GET', 'api/agents');
      list.set([...agents].sort((a, b) => a.name.localeCompare(b.name)));
      listError.value = undefined;
    } catch (failure) {
      listError.value = `The agents could not be loaded: ${messageOf(failure)}`;
    } finally {
      loading.value = false;
    }
  }

  return {
    list,
    loading,
    listError,
    draft,
    saving,
    saveError,
    confirmingDelete,
    deleting,
    deleteError,
    embedded,
    integrations,
    load,
    startCreate() {
      saveError.value = undefined;
      draft.value = newAgentDraft();
    },
    startEdit(agent) {
      saveError.value = undefined;
      draft.value = draftOf(agent);
    },
    cancelEdit() {
      draft.value = undefined;
      saveError.value = undefined;
    },
    async save(next) {
      if (saving.value) return false;
      if (next.name.trim() === '') {
        saveError.value = 'The agent needs a name.';
        return false;
      }
      if (next.contactCapture?.enabled && next.contactCapture.triggers.length === 0) {
        saveError.value = 'Choose when to ask visitors for a contact, or turn contact capture off.';
        return false;
      }
      return runAction(
        { pending: saving, error: saveError },
        'The agent was not saved',
        async () => {
          const saved = next.id
            ? await api.request<Agent>(
                'PATCH',
                `api/agents/${encodeURIComponent(next.id)}`,
                bodyOf(next),
              )
            : await api.request<Agent>('POST', 'api/agents', bodyOf(next));
          draft.value = undefined;
          if (embedded.value?.id === saved.id) embedded.value = saved;
          await load();
        },
      );
    },
    askDelete(agent) {
      deleteError.value = undefined;
      confirmingDelete.value = agent;
    },
    async confirmDelete() {
      const agent = confirmingDelete.value;
      if (!agent) return;
      await runAction(
        { pending: deleting, error: deleteError },
        'The agent was not deleted',
        async () => {
          await api.request('DELETE', `api/agents/${encodeURIComponent(agent.id)}`);
          confirmingDelete.value = undefined;
          if (embedded.value?.id === agent.id) embedded.value = undefined;
          if (integrations.value?.agent.id === agent.id) integrations.value = undefined;
          if (draft.value?.id === agent.id) draft.value = undefined;
          await load();
        },
      );
    },
    showEmbed(agent) {
      embedded.value = agent;
    },
    showIntegrations(agent) {
      const model = agent ? createIntegrationsModel(api, agent) : undefined;
      integrations.value = model;
      void model?.load();
    },
  };
}
