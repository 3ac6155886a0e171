import type { ContentGap, InsightsResponse } from '@agent-chat/protocol';
import { type ReadonlySignal, signal } from '@preact/signals';
import type { ApiClient } from './api-client.js';
import { filterSearch } from './conversations-api.js';
import { createPagedList, type PagedList } from './paged-list.js';
import { messageOf } from './session-model.js';

/** The Insights filters as the form holds them: dates are `YYYY-MM-DD` (UTC, both included). */
export interface InsightsFilterDraft {
  agentId: string;
  from: string;
  to: string;
}

/** Content gaps shown per page. */
export const GAPS_PER_PAGE = 10;

const DAY_MS = 86_400_000;
const DATE = /^\d{4}-\d\d-\d\d$/;

/** The last 30 days, today included (UTC). */
export function lastThirtyDays(now = Date.now()): InsightsFilterDraft {
  const day = (time: number) => new Date(time).toISOString().slice(0, 10);
  return { agentId: '', from: day(now - 29 * DAY_MS), to: day(now) };
}

/** The query string of `GET api/insights` for a draft (the `to` day included). */
export function insightsSearch(draft: InsightsFilterDraft): string {
  return filterSearch({
    agentId: draft.agentId,
    from: DATE.test(draft.from) ? `${draft.from}T00:00:00.000Z` : '',
    to: DATE.test(draft.to)
      ? new Date(Date.parse(`${draft.to}T00:00:00.000Z`) + DAY_MS).toISOString()
      : '',
  });
}

/** The Insights page: questions per day, votes, and the content gaps of a range. */
export interface InsightsModel {
  filters: ReadonlySignal<InsightsFilterDraft>;
  data: ReadonlySignal<InsightsResponse | undefined>;
  loading: ReadonlySignal<boolean>;
  error: ReadonlySignal<string | undefined>;
  gaps: PagedList<ContentGap>;
  /** Loads the insights for these filters (the current ones when omitted). */
  load(draft?: InsightsFilterDraft): Promise<void>;
}

/** Creates the Insights page's model over the console's API client. */
export function createInsightsModel(api: ApiClient): InsightsModel {
  const filters = signal(lastThirtyDays());
  const data = signal<InsightsResponse | undefined>(undefined);
  const loading = signal(false);
  const error = signal<string | undefined>(undefined);
  const gaps = createPagedList<ContentGap>(GAPS_PER_PAGE);
  let latest = 0;
  return {
    filters,
    data,
    loading,
    error,
    gaps,
    async load(draft) {
      if (draft) filters.value = draft;
      const call = ++latest;
      loading.value = true;
      try {
        const answer = await api.request<InsightsResponse>(
          'GET',
          `api/insights${insightsSearch(filters.value)}`,
        );
        if (call !== latest) return;
        data.value = answer;
        gaps.set(answer.gaps);
        gaps.goTo(0);
        error.value = undefined;
      } catch (failure) {
        if (call === latest)
          error.value = `The insights could not be loaded: ${messageOf(failure)}`;
      } finally {
        if (call === latest) loading.value = false;
      }
    },
  };
}
