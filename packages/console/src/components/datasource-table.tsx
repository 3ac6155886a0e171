import { type Datasource, LIMITS } from '@agent-chat/protocol';
import { formatSize, formatTime } from '../models/format-units.js';
import type { KnowledgeModel } from '../models/knowledge-model.js';
import {
  describeSyncSummary,
  isSchedulable,
  SYNC_SCHEDULES,
  scheduleOf,
} from '../models/sync-schedule.js';
import { ErrorAlert } from './error-alert.js';
import { Pager } from './pager.js';
import { StatusBadge } from './status-badge.js';

const typeLabels: Record<string, string> = {
  file: 'File',
  text: 'Text',
  qa: 'Q&A',
  web_page: 'Web page',
  web_site: 'Web site',
};

function detailOf(datasource: Datasource): string {
  const { config } = datasource;
  const parts = [typeLabels[datasource.type] ?? datasource.type];
  if (typeof config.fileSize === 'number') parts.push(formatSize(config.fileSize));
  if (typeof config.total_pages === 'number') parts.push(`${config.total_pages} pages`);
  if (typeof config.pages === 'number') parts.push(`${config.pages} pages crawled`);
  return parts.join(' · ');
}

const stopReasons: Record<string, string> = {
  max_pages: 'its most pages',
  max_total_bytes: 'the 100 MiB a crawl may fetch',
};

/**
 * Why a site's crawl ended before the site did (`config.stopped_by`), for its row: pages
 * past the limit were not read, and nothing else would say so.
 */
function crawlStopOf(datasource: Datasource): string | undefined {
  const { config } = datasource;
  if (datasource.type !== 'web_site' || typeof config.stopped_by !== 'string') return undefined;
  const count = (value: unknown) => (typeof value === 'number' ? value : 0);
  const pages =
    config.stopped_by === 'max_pages'
      ? count(config.max_pages) || LIMITS.crawlPages.default
      : count(config.pages) + count(config.failed_pages);
  const reason = stopReasons[config.stopped_by] ?? config.stopped_by;
  return `Stopped at ${pages.toLocaleString('en-US')} pages (${config.stopped_by}): the crawl reached ${reason} before the end of the site.${config.stopped_by === 'max_pages' ? ' Add it again with more pages to read the rest.' : ''}`;
}

/**
 * A web source's schedule: a selector (manual, hourly, daily, weekly; "every n minutes" when
 * the API set another interval), when the next sync is due, and what the last one did.
 */
function SyncSchedule({ model, datasource }: { model: KnowledgeModel; datasource: Datasource }) {
  const current = scheduleOf(datasource);
  const minutes = datasource.config.sync_interval_minutes;
  const busy = model.scheduling.value.has(datasource.id);
  const summary = datasource.lastSyncSummary;
  return (
    <div class="sync-schedule">
      <label>
        <span class="visually-hidden">Sync schedule of {datasource.name}</span>
        <select
          value={current}
          disabled={busy}
          aria-busy={busy ? 'true' : undefined}
          onChange={(event) => {
            const choice = SYNC_SCHEDULES.find(
              (option) => option.value === (event.currentTarget as HTMLSelectElement).value,
            );
            if (choice) void model.setSchedule(datasource, choice.minutes);
          }}
        >
          {SYNC_SCHEDULES.map((choice) => (
            <option key={choice.value} value={choice.value}>
              {choice.label}
            </option>
          ))}
          {current === 'custom' ? (
            <option value="custom">Every {String(minutes)} minutes</option>
          ) : null}
        </select>
      </label>
      {datasource.nextSynch ? (
        <span class="muted block">Next sync {formatTime(datasource.nextSynch)}</span>
      ) : null}
      {summary ? <span class="muted block">Last sync: {describeSyncSummary(summary)}</span> : null}
    </div>
  );
}

function DatasourceRow({ model, datasource }: { model: KnowledgeModel; datasource: Datasource }) {
  const errorMessage =
    datasource.status === 'error' && typeof datasource.config.errorMessage === 'string'
      ? datasource.config.errorMessage
      : undefined;
  const rowError = model.rowErrors.value[datasource.id];
  const crawlStop = crawlStopOf(datasource);
  const synching = model.synching.value.has(datasource.id);
  return (
    <tr data-datasource-id={datasource.id}>
      <th scope="row">
        <span class="cell-name">{datasource.name}</span>
        <span class="muted block">{detailOf(datasource)}</span>
        {crawlStop ? <span class="warning block">{crawlStop}</span> : null}
      </th>
      <td>
        <StatusBadge status={datasource.status} />
        {errorMessage ? <span class="error block">{errorMessage}</span> : null}
      </td>
      <td class="number">{datasource.nbChunks ?? '–'}</td>
      <td class="number">
        {datasource.textSize === undefined ? '–' : formatSize(datasource.textSize)}
      </td>
      <td>
        {formatTime(datasource.lastSynch)}
        {isSchedulable(datasource) ? <SyncSchedule model={model} datasource={datasource} /> : null}
      </td>
      <td>
        <div class="actions tight">
          <button
            type="button"
            class="secondary"
            disabled={synching}
            aria-busy={synching ? 'true' : undefined}
            onClick={() => void model.synch(datasource)}
          >
            Re-sync<span class="visually-hidden"> {datasource.name}</span>
          </button>
          <button
            type="button"
            class="secondary danger-text"
            onClick={() => model.askDelete(datasource)}
          >
            Delete<span class="visually-hidden"> {datasource.name}</span>
          </button>
        </div>
        <ErrorAlert message={rowError} />
      </td>
    </tr>
  );
}

/** The selected datastore's datasources, a page at a time, with live status. */
export function DatasourceTable({ model }: { model: KnowledgeModel }) {
  const list = model.datasources;
  const items = list.items.value;
  const ingesting = items.filter(
    (item) => item.status === 'pending' || item.status === 'running',
  ).length;
  return (
    <section aria-labelledby="datasources-title">
      <div class="section-head">
        <h2 id="datasources-title">Datasources</h2>
        <p class="muted" aria-live="polite">
          {items.length} in total{ingesting > 0 ? `, ${ingesting} being ingested` : ''}
        </p>
      </div>
      <ErrorAlert
        message={model.datasourcesError.value}
        onRetry={() => {
          const id = model.selectedId.value;
          if (id) void model.select(id);
        }}
      />
      <div class="table-wrap">
        <table class="datasources" aria-busy={model.datasourcesLoading.value ? 'true' : undefined}>
          <caption class="visually-hidden">Datasources</caption>
          <thead>
            <tr>
              <th scope="col">Name</th>
              <th scope="col">Status</th>
              <th scope="col">Chunks</th>
              <th scope="col">Text size</th>
              <th scope="col">Last synced · schedule</th>
              <th scope="col">Actions</th>
            </tr>
          </thead>
          <tbody>
            {list.pageItems.value.map((datasource) => (
              <DatasourceRow key={datasource.id} model={model} datasource={datasource} />
            ))}
            {items.length === 0 && !model.datasourcesLoading.value ? (
              <tr>
                <td colSpan={6}>No datasources yet.</td>
              </tr>
            ) : null}
          </tbody>
        </table>
      </div>
      <Pager label="Datasources pages" list={list} />
    </section>
  );
}
