import type { Delivery, DeliveryListResponse, DeliveryStatus } from '@agent-chat/protocol';
import { type ReadonlySignal, signal } from '@preact/signals';
import type { ApiClient } from './api-client.js';
import { messageOf } from './session-model.js';

/** Deliveries fetched per page of the log. */
export const DELIVERIES_PER_PAGE = 50;

/** The Deliveries page: the outbox's log of mails and webhook events, failing ones first to see. */
export interface DeliveriesModel {
  /** The status shown (`''`: every status). */
  status: ReadonlySignal<DeliveryStatus | ''>;
  deliveries: ReadonlySignal<readonly Delivery[]>;
  /** Whether older deliveries remain (`more()` loads them). */
  hasMore: ReadonlySignal<boolean>;
  loading: ReadonlySignal<boolean>;
  error: ReadonlySignal<string | undefined>;
  /** Loads the newest deliveries of `status` (the current filter when omitted). */
  load(status?: DeliveryStatus | ''): Promise<void>;
  /** Appends the next page of older deliveries. */
  more(): Promise<void>;
}

/** Creates the Deliveries page's model over the console's API client. */
export function createDeliveriesModel(api: ApiClient): DeliveriesModel {
  const status = signal<DeliveryStatus | ''>('');
  const deliveries = signal<readonly Delivery[]>([]);
  const hasMore = signal(false);
  const loading = signal(false);
  const error = signal<string | undefined>(undefined);
  let cursor: string | null = null;
  let latest = 0;

  async function fetchPage(append: boolean): Promise<void> {
    const call = ++latest;
    loading.value = true;
    const params = new URLSearchParams({ limit: String(DELIVERIES_PER_PAGE) });
    if (status.value) params.set('status', status.value);
    if (append && cursor) params.set('cursor', cursor);
    try {
      const page = await api.request<DeliveryListResponse>('GET', `api/deliveries?${params}`);
      if (call !== latest) return;
      deliveries.value = append ? [...deliveries.value, ...page.deliveries] : page.deliveries;
      cursor = page.nextCursor;
      hasMore.value = page.nextCursor !== null;
      error.value = undefined;
    } catch (failure) {
      if (call === latest)
        error.value = `The deliveries could not be loaded: ${messageOf(failure)}`;
    } finally {
      if (call === latest) loading.value = false;
    }
  }

  return {
    status,
    deliveries,
    hasMore,
    loading,
    error,
    load(next) {
      if (next !== undefined) status.value = next;
      return fetchPage(false);
    },
    more() {
      return cursor ? fetchPage(true) : Promise.resolve();
    },
  };
}
