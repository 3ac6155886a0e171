/**
 * The Insights page's content-gap topics model: pages of an agent's topics, which are
 * expanded, the answer editor, hiding and showing again, as signals over the API client.
 */
import {
  GAP_TOPIC_LIMITS,
  type GapAnswerResponse,
  type GapHiddenTopic,
  type GapHideBody,
  type GapTopic,
  type GapTopicsResponse,
} from '@agent-chat/protocol';
import { type ReadonlySignal, signal } from '@preact/signals';
import type { ApiClient } from './api-client.js';
import { answerBodyOf, answerDraftOf, type GapAnswerDraft } from './gap-answer-draft.js';
import { type GapTopicsScope, gapTopicsSearch, unhideBodyOf } from './gap-topics-requests.js';
import { runAction } from './run-action.js';
import { messageOf } from './session-model.js';

/**
 * The Insights page's content-gap topics of one agent (`GET api/insights/gaps`): pages of
 * topics largest first, which are expanded, the answer editor, and hiding.
 */
export interface GapTopicsModel {
  scope: ReadonlySignal<GapTopicsScope | undefined>;
  /** The topics loaded so far (first page, then more). */
  topics: ReadonlySignal<GapTopic[]>;
  /** Topics hidden as not relevant in this range. */
  hidden: ReadonlySignal<number>;
  /** Those topics (they can be shown again: {@link unhide}). */
  hiddenTopics: ReadonlySignal<GapHiddenTopic[]>;
  /** True when more topics can be loaded ({@link more}). */
  hasMore: ReadonlySignal<boolean>;
  loading: ReadonlySignal<boolean>;
  error: ReadonlySignal<string | undefined>;
  /** Ids of the topics shown with their questions. */
  expanded: ReadonlySignal<ReadonlySet<string>>;
  /** The answer being written, if the editor is open. */
  draft: ReadonlySignal<GapAnswerDraft | undefined>;
  saving: ReadonlySignal<boolean>;
  saveError: ReadonlySignal<string | undefined>;
  /** The topic being hidden, while its call runs. */
  hiding: ReadonlySignal<string | undefined>;
  hideError: ReadonlySignal<string | undefined>;
  /** The last thing done, for a polite live region ("Answer saved…"). */
  notice: ReadonlySignal<string | undefined>;
  /** Loads the first page for `scope` (the current one when omitted). */
  load(scope?: GapTopicsScope): Promise<void>;
  /** Loads the next page, added below. */
  more(): Promise<void>;
  toggle(topicId: string): void;
  /** Opens the editor on a topic, prefilled ({@link answerDraftOf}). */
  write(topicId: string): void;
  edit(patch: Partial<Pick<GapAnswerDraft, 'question' | 'answer' | 'sourceUrl'>>): void;
  cancel(): void;
  /** Saves the draft (searchable when it resolves); the topic then shows as answered. */
  save(): Promise<boolean>;
  /** Hides a topic as not relevant: it leaves the list. */
  hide(topicId: string): Promise<boolean>;
  /** Shows a hidden topic again: the first page is loaded afresh, with it in its place. */
  unhide(topicId: string): Promise<boolean>;
}

/** Creates the content-gap topics model over the console's API client. */
export function createGapTopicsModel(api: ApiClient): GapTopicsModel {
  const scope = signal<GapTopicsScope | undefined>(undefined);
  const topics = signal<GapTopic[]>([]);
  const hidden = signal(0);
  const hiddenTopics = signal<GapHiddenTopic[]>([]);
  const cursor = signal<string | null>(null);
  const hasMore = signal(false);
  const loading = signal(false);
  const error = signal<string | undefined>(undefined);
  const expanded = signal<ReadonlySet<string>>(new Set());
  const draft = signal<GapAnswerDraft | undefined>(undefined);
  const saving = signal(false);
  const saveError = signal<string | undefined>(undefined);
  const hiding = signal<string | undefined>(undefined);
  const hideError = signal<string | undefined>(undefined);
  const notice = signal<string | undefined>(undefined);
  let latest = 0;

  async function fetchPage(next?: string): Promise<void> {
    const current = scope.value;
    if (!current) return;
    const call = ++latest;
    loading.value = true;
    try {
      const page = await api.request<GapTopicsResponse>(
        'GET',
        `api/insights/gaps${gapTopicsSearch(current, next)}`,
      );
      if (call !== latest) return;
      const known = next === undefined ? [] : topics.value;
      const ids = new Set(known.map((topic) => topic.id));
      topics.value = [...known, ...page.topics.filter((topic) => !ids.has(topic.id))];
      hidden.value = page.hidden;
      hiddenTopics.value = page.hiddenTopics;
      cursor.value = page.nextCursor;
      hasMore.value = page.nextCursor !== null;
      error.value = undefined;
    } catch (failure) {
      if (call === latest)
        error.value = `The gap topics could not be loaded: ${messageOf(failure)}`;
    } finally {
      if (call === latest) loading.value = false;
    }
  }

  const replace = (topicId: string, patch: Partial<GapTopic>) => {
    topics.value = topics.value.map((topic) =>
      topic.id === topicId ? { ...topic, ...patch } : topic,
    );
  };

  return {
    scope,
    topics,
    hidden,
    hiddenTopics,
    hasMore,
    loading,
    error,
    expanded,
    draft,
    saving,
    saveError,
    hiding,
    hideError,
    notice,
    async load(next) {
      if (next) {
        const changed = JSON.stringify(next) !== JSON.stringify(scope.value);
        scope.value = next;
        if (changed) {
          topics.value = [];
          expanded.value = new Set();
          draft.value = undefined;
        }
      }
      await fetchPage();
    },
    async more() {
      if (cursor.value === null || loading.value) return;
      await fetchPage(cursor.value);
    },
    toggle(topicId) {
      const next = new Set(expanded.value);
      if (!next.delete(topicId)) next.add(topicId);
      expanded.value = next;
    },
    write(topicId) {
      const topic = topics.value.find((candidate) => candidate.id === topicId);
      if (!topic) return;
      draft.value = answerDraftOf(topic);
      saveError.value = undefined;
    },
    edit(patch) {
      if (draft.value) draft.value = { ...draft.value, ...patch };
    },
    cancel() {
      if (saving.value) return;
      draft.value = undefined;
      saveError.value = undefined;
    },
    async save() {
      const current = draft.value;
      const agentId = scope.value?.agentId;
      if (!current || agentId === undefined) return false;
      const checked = answerBodyOf(agentId, current);
      if ('problem' in checked) {
        saveError.value = checked.problem;
        return false;
      }
      let answered: GapAnswerResponse | undefined;
      const done = await runAction(
        { pending: saving, error: saveError },
        'The answer was not saved',
        async () => {
          answered = await api.request<GapAnswerResponse>(
            'POST',
            'api/insights/gaps/answer',
            checked.body,
          );
        },
      );
      if (!done || !answered) return false;
      replace(current.topicId, { answered: answered.answered });
      draft.value = undefined;
      notice.value = `Answer saved for “${current.label}”: the agent uses it from now on.`;
      return true;
    },
    async hide(topicId) {
      const topic = topics.value.find((candidate) => candidate.id === topicId);
      const agentId = scope.value?.agentId;
      if (!topic || agentId === undefined || hiding.value !== undefined) return false;
      hiding.value = topicId;
      hideError.value = undefined;
      try {
        const body: GapHideBody = {
          agentId,
          topicId,
          questions: [topic.typicalQuestion, ...answerDraftOf(topic).variants].slice(
            0,
            GAP_TOPIC_LIMITS.variants,
          ),
        };
        await api.request('POST', 'api/insights/gaps/hide', body);
        topics.value = topics.value.filter((candidate) => candidate.id !== topicId);
        hidden.value += 1;
        hiddenTopics.value = [
          ...hiddenTopics.value,
          {
            id: topic.id,
            label: topic.label,
            typicalQuestion: topic.typicalQuestion,
            count: topic.count,
            hidden: { by: 'you', at: new Date().toISOString() },
          },
        ];
        notice.value = `“${topic.label}” hidden as not relevant, with its look-alikes.`;
        return true;
      } catch (failure) {
        hideError.value = `“${topic.label}” was not hidden: ${messageOf(failure)}`;
        return false;
      } finally {
        hiding.value = undefined;
      }
    },
    async unhide(topicId) {
      const current = scope.value;
      const topic = hiddenTopics.value.find((candidate) => candidate.id === topicId);
      if (!topic || current === undefined || hiding.value !== undefined) return false;
      hiding.value = topicId;
      hideError.value = undefined;
      try {
        await api.request('POST', 'api/insights/gaps/unhide', unhideBodyOf(current, topicId));
        hiddenTopics.value = hiddenTopics.value.filter((candidate) => candidate.id !== topicId);
        hidden.value = Math.max(0, hidden.value - 1);
        notice.value = `“${topic.label}” is listed again.`;
      } catch (failure) {
        hideError.value = `“${topic.label}” was not shown again: ${messageOf(failure)}`;
        return false;
      } finally {
        hiding.value = undefined;
      }
      await fetchPage();
      return true;
    },
  };
}
