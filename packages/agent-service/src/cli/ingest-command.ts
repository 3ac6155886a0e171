import { openAsBlob } from 'node:fs';
import { parseArgs } from 'node:util';
import {
  type Datasource,
  isDatasourceSettled,
  isUrlPrefix,
  LIMITS,
  resolveUrlPrefix,
} from '@agent-chat/protocol';
import { ingestOptionsFrom } from '../options/index.js';
import { type CliIo, UsageError } from './cli-io.js';
import { createIngestProgress } from './ingest-progress.js';
import { type IngestTarget, resolveTargets } from './ingest-targets.js';
import { type ServiceClient, serviceClientOf } from './service-client.js';
import { formatSyncEvery, parseSyncEvery } from './sync-every.js';

/** One submitted target and what became of it. */
interface Item {
  label: string;
  id?: string;
  replaced: boolean;
  type: string;
  status: string;
  error?: string;
  /** The datasource's config when it settled (a site's `pages`, `stopped_by`…). */
  config?: Record<string, unknown>;
  /** When its next scheduled sync is due, if it has a schedule. */
  nextSynch?: string | null | undefined;
}

function maxPagesOf(raw: string | undefined): number | undefined {
  if (raw === undefined) return undefined;
  const value = Number(raw);
  if (!Number.isInteger(value) || value < 1 || value > LIMITS.crawlPages.max) {
    throw new UsageError(
      `--max-pages must be a whole number from 1 to ${LIMITS.crawlPages.max.toLocaleString('en-US')} (got "${raw}").`,
    );
  }
  return value;
}

function sameSource(target: IngestTarget, datasource: Datasource): boolean {
  if (datasource.groupId !== null && datasource.type === 'web_page') return false;
  if (target.kind === 'file') {
    return (
      datasource.name === target.name && (datasource.type === 'file' || datasource.type === 'text')
    );
  }
  const config = datasource.config as { source_url?: unknown; sitemap?: unknown };
  if (target.kind === 'web_page')
    return datasource.type === 'web_page' && config.source_url === target.url;
  return (
    datasource.type === 'web_site' &&
    (target.sitemap ? config.sitemap : config.source_url) === target.url
  );
}

async function submit(
  client: ServiceClient,
  datastoreId: string,
  target: IngestTarget,
  existingId: string | undefined,
  maxPages: number | undefined,
  syncEvery: number | undefined,
  excluded: readonly string[],
): Promise<Datasource> {
  if (target.kind === 'file') {
    const form = new FormData();
    form.set('type', 'file');
    form.set('datastoreId', datastoreId);
    form.set('fileName', target.name);
    if (existingId !== undefined) form.set('id', existingId);
    form.set('file', await openAsBlob(target.path), target.name);
    return client.request<Datasource>('POST', '/api/datasources', form);
  }
  const config = {
    ...(target.kind === 'web_site' && target.sitemap
      ? { sitemap: target.url }
      : { source_url: target.url }),
    ...(target.kind === 'web_site' && maxPages !== undefined ? { max_pages: maxPages } : {}),
    ...(target.kind === 'web_site' && excluded.length > 0
      ? {
          black_listed_urls: excluded.flatMap(
            (prefix) => resolveUrlPrefix(prefix, target.url) ?? [],
          ),
        }
      : {}),
    ...(syncEvery === undefined ? {} : { sync_interval_minutes: syncEvery }),
  };
  return client.request<Datasource>('POST', '/api/datasources', {
    datastoreId,
    type: target.kind,
    config,
    ...(existingId === undefined ? {} : { id: existingId }),
  });
}

/**
 * `--exclude` values: URL prefixes (`https://docs.example.com/fr/`) or paths resolved against
 * each site's URL (`/fr/`), whose pages a crawl skips (`config.black_listed_urls`).
 */
function excludedPrefixesOf(values: readonly string[]): string[] {
  for (const value of values) {
    if (!isUrlPrefix(value)) {
      throw new UsageError(
        `--exclude takes a URL prefix (https://docs.example.com/fr/) or a path (/fr/); got "${value}".`,
      );
    }
  }
  return [...values];
}

/**
 * What a site's `config.stopped_by` means for the person ingesting it, e.g. "stopped at
 * 1,000 pages (max_pages); raise it with --max-pages"; undefined when the crawl reached the end.
 */
function crawlStopMessage(config: Record<string, unknown>): string | undefined {
  const reason = config.stopped_by;
  if (typeof reason !== 'string') return undefined;
  const number = (value: unknown) => (typeof value === 'number' ? value : 0);
  const pages =
    reason === 'max_pages'
      ? number(config.max_pages) || LIMITS.crawlPages.default
      : number(config.pages) + number(config.failed_pages);
  const advice = reason === 'max_pages' ? '; raise it with --max-pages' : '';
  return `stopped at ${pages.toLocaleString('en-US')} pages (${reason})${advice}`;
}

/**
 * `ingest <datastoreId> <files | folders | URLs | sitemap URLs>… [--crawl] [--max-pages n]
 * [--exclude prefix]… [--sync-every 1d]`: sends each
 * item to a running service (`POST /api/datasources`; files as multipart uploads, a
 * datasource with the same name or URL is replaced), then waits until every item is
 * `synched` or `error` — a progress bar on a terminal, one line per item otherwise — and
 * lists the failures (a site's failed pages too). A site a limit cut short says so
 * ({@link crawlStopMessage}). Exit code 1 when anything failed.
 */
export async function ingest(args: string[], io: CliIo): Promise<number> {
  const { values, positionals } = parseArgs({
    args,
    options: {
      url: { type: 'string' },
      key: { type: 'string' },
      crawl: { type: 'boolean', default: false },
      'max-pages': { type: 'string' },
      'sync-every': { type: 'string' },
      exclude: { type: 'string', multiple: true },
    },
    allowPositionals: true,
  });
  const [datastoreId, ...inputs] = positionals;
  if (!datastoreId || inputs.length === 0) {
    throw new UsageError('Give a datastore id and at least one file, folder or URL.');
  }
  const maxPages = maxPagesOf(values['max-pages']);
  const syncEvery =
    values['sync-every'] === undefined ? undefined : parseSyncEvery(values['sync-every']);
  const { pollMs } = ingestOptionsFrom(io.env, { url: values.url, key: values.key });
  const client = serviceClientOf(values, io);
  const targets = await resolveTargets(inputs, io.cwd, values.crawl === true);
  if (maxPages !== undefined && !targets.some((target) => target.kind === 'web_site')) {
    throw new UsageError('--max-pages applies to sites: a sitemap URL, or URLs with --crawl.');
  }
  const excluded = excludedPrefixesOf(values.exclude ?? []);
  if (excluded.length > 0 && !targets.some((target) => target.kind === 'web_site')) {
    throw new UsageError('--exclude applies to sites: a sitemap URL, or URLs with --crawl.');
  }
  if (syncEvery !== undefined && targets.some((target) => target.kind === 'file')) {
    throw new UsageError(
      '--sync-every applies to web pages and sites (URLs); files are synched by ingesting them again.',
    );
  }
  const existing = await client.request<Datasource[]>(
    'GET',
    `/api/datastores/${datastoreId}/datasources`,
  );

  const items: Item[] = [];
  for (const target of targets) {
    const label = target.kind === 'file' ? target.name : target.url;
    const known = existing.find((datasource) => sameSource(target, datasource));
    try {
      const created = await submit(
        client,
        datastoreId,
        target,
        known?.id,
        maxPages,
        syncEvery,
        excluded,
      );
      items.push({
        label,
        id: created.id,
        replaced: known !== undefined,
        type: created.type,
        status: created.status,
        config: created.config,
      });
    } catch (error) {
      if (
        (error as { status?: number }).status === 401 ||
        (error as { status?: number }).status === 404
      )
        throw error;
      items.push({
        label,
        replaced: false,
        type: target.kind,
        status: 'error',
        error: (error as Error).message,
      });
    }
  }

  const progress = createIngestProgress(io.stdout, io.stdoutIsTty === true);
  const failures: string[] = [];
  const report = async (item: Item) => {
    if (item.status === 'error') {
      failures.push(`${item.label}: error: ${item.error ?? 'unknown'}`);
      return;
    }
    let detail = '';
    if (item.type === 'web_site' && item.id !== undefined) {
      const pages = (
        await client.request<Datasource[]>('GET', `/api/datastores/${datastoreId}/datasources`)
      ).filter((datasource) => datasource.groupId === item.id);
      const failed = pages.filter((page) => page.status === 'error');
      for (const page of failed) {
        failures.push(
          `${String(page.config.source_url ?? page.name)}: error: ${String(page.config.errorMessage ?? 'unknown')}`,
        );
      }
      // Navigation-only pages (a table of contents, a landing page of links) are synched
      // with nothing to index: said, not counted as failures.
      const withoutText = pages.filter(
        (page) => page.status === 'synched' && page.nbChunks === 0,
      ).length;
      detail = ` (${pages.length - failed.length} pages${withoutText > 0 ? `, ${withoutText} without text` : ''}${failed.length > 0 ? `, ${failed.length} failed` : ''})`;
    }
    progress.settled(
      `${item.label}\t${item.id}\t${item.replaced ? 'replaced' : 'created'}\t${item.status}${detail}`,
    );
    const stopped = item.type === 'web_site' ? crawlStopMessage(item.config ?? {}) : undefined;
    if (stopped !== undefined) progress.settled(`${item.label}: ${stopped}`);
    const every = item.config?.sync_interval_minutes;
    if (typeof every === 'number') {
      progress.settled(
        `${item.label}: synched every ${formatSyncEvery(every)}${item.nextSynch ? `, next at ${item.nextSynch}` : ''}`,
      );
    }
  };
  for (const item of items) if (isDatasourceSettled(item.status)) await report(item);
  let open = items.filter((item) => !isDatasourceSettled(item.status));
  while (open.length > 0) {
    progress.update(items.length - open.length, items.length, failures.length);
    await new Promise((resolve) => setTimeout(resolve, pollMs));
    for (const item of open) {
      const current = await client.request<Datasource>('GET', `/api/datasources/${item.id}`);
      item.status = current.status;
      item.config = current.config;
      item.nextSynch = current.nextSynch;
      if (current.status === 'error') item.error = String(current.config.errorMessage ?? 'unknown');
      if (isDatasourceSettled(current.status)) await report(item);
    }
    open = open.filter((item) => !isDatasourceSettled(item.status));
  }
  progress.update(items.length, items.length, failures.length);
  progress.finish();
  if (failures.length > 0) {
    io.stderr(`${failures.length} failed:\n${failures.map((line) => `  ${line}`).join('\n')}\n`);
  }
  return failures.length > 0 ? 1 : 0;
}
