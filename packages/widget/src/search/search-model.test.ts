import type { SearchResponse } from '@agent-chat/protocol';
import { describe, expect, it, vi } from 'vitest';
import { createMemoryStorage } from '../testing/memory-storage.js';
import { createRecentSearches } from './recent-searches.js';
import { createSearchModel, searchableQuery } from './search-model.js';

const result = (title: string) => ({
  title,
  heading: title,
  url: `https://docs.example/${title}`,
  excerpt: `About ${title}`,
  highlights: [],
  score: 0.5,
});

/** A fetch whose answers the test releases by hand, recording each request's query and signal. */
function manualFetch() {
  const calls: {
    query: string;
    signal: AbortSignal;
    answer: (response: Response) => void;
    fail: (error: unknown) => void;
  }[] = [];
  const fetch = vi.fn(
    (_url: string | URL | Request, init?: RequestInit) =>
      new Promise<Response>((answer, fail) => {
        const body = JSON.parse(String(init?.body)) as { query: string };
        calls.push({ query: body.query, signal: init?.signal as AbortSignal, answer, fail });
      }),
  ) as unknown as typeof globalThis.fetch;
  return { fetch, calls };
}

const json = (body: SearchResponse, status = 200, headers: Record<string, string> = {}) =>
  new Response(JSON.stringify(body), { status, headers });

function setup(online = true) {
  vi.useFakeTimers();
  const network = manualFetch();
  const storage = createMemoryStorage();
  const model = createSearchModel({
    agentId: 'demo',
    endpoint: 'https://bff.example',
    fetch: network.fetch,
    recent: createRecentSearches('demo', storage),
    online: () => online,
    setTimeout: (run, ms) => setTimeout(run, ms),
    clearTimeout: (handle) => clearTimeout(handle as number),
  });
  return { model, network, storage };
}

describe('searchableQuery', () => {
  it('sends a pasted question the route accepts: no control characters, at most 200 characters at a word', () => {
    expect(searchableQuery('how do I\n\tconfigure\u0000 it ')).toBe('how do I configure it');
    const long = `${'configure the limit '.repeat(12)}now`; // 243 characters
    const sent = searchableQuery(long);
    expect(sent.length).toBeLessThanOrEqual(200);
    expect(long.startsWith(sent)).toBe(true);
    expect(sent.endsWith('limit')).toBe(true); // whole words only
    expect(searchableQuery('x'.repeat(250))).toBe('x'.repeat(200)); // no space: a hard cut
  });
});

describe('the search model', () => {
  it('searches after a pause, from two characters, one request for a burst of keystrokes', async () => {
    const { model, network } = setup();
    model.type('c');
    await vi.advanceTimersByTimeAsync(500);
    expect(network.calls).toHaveLength(0);
    model.type('co');
    model.type('con');
    await vi.advanceTimersByTimeAsync(500);
    expect(network.calls.map((call) => call.query)).toEqual(['con']);
    network.calls[0]?.answer(json({ results: [result('config')] }));
    await vi.waitFor(() => expect(model.status.value).toBe('ready'));
    expect(model.results.value.map((found) => found.title)).toEqual(['config']);
    expect(model.resultsFor.value).toBe('con');
    vi.useRealTimers();
  });

  it('aborts the older request, and a slow answer for "con" never replaces "conf"', async () => {
    const { model, network } = setup();
    model.type('con');
    await vi.advanceTimersByTimeAsync(200);
    model.type('conf');
    await vi.advanceTimersByTimeAsync(200);
    const [older, newer] = network.calls;
    expect(older?.signal.aborted).toBe(true);
    expect(newer?.signal.aborted).toBe(false);
    newer?.answer(json({ results: [result('configuration')] }));
    await vi.waitFor(() => expect(model.status.value).toBe('ready'));
    // The older answer arrives late anyway (a server that ignored the abort).
    older?.answer(json({ results: [result('console')] }));
    await vi.advanceTimersByTimeAsync(50);
    expect(model.results.value.map((found) => found.title)).toEqual(['configuration']);
    expect(model.resultsFor.value).toBe('conf');
    vi.useRealTimers();
  });

  it("never calls an older text's answer ready for a newer one, even one that lands before the next search goes out", async () => {
    const { model, network } = setup();
    model.type('tent w');
    await vi.advanceTimersByTimeAsync(200);
    network.calls[0]?.answer(json({ results: [result('tent')] }));
    await vi.waitFor(() => expect(model.status.value).toBe('ready'));
    model.type('tent we');
    await vi.advanceTimersByTimeAsync(200);
    model.type('tent wei');
    // The answer for "tent we" was already on its way (a server that ignored the abort)
    // and lands inside the pause before the search for "tent wei".
    network.calls[1]?.answer(json({ results: [result('tent we')] }));
    await vi.advanceTimersByTimeAsync(50);
    expect(network.calls).toHaveLength(2);
    expect(model.status.value).toBe('loading');
    expect(model.resultsFor.value).toBe('tent w');
    await vi.advanceTimersByTimeAsync(200);
    expect(network.calls.map((call) => call.query)).toEqual(['tent w', 'tent we', 'tent wei']);
    network.calls[2]?.answer(json({ results: [result('weighs')] }));
    await vi.waitFor(() => expect(model.status.value).toBe('ready'));
    expect(model.results.value.map((found) => found.title)).toEqual(['weighs']);
    expect(model.resultsFor.value).toBe('tent wei');
    vi.useRealTimers();
  });

  it('shows 429 with its wait, and offline without a request', async () => {
    const { model, network } = setup();
    model.type('conf');
    await vi.advanceTimersByTimeAsync(200);
    network.calls[0]?.answer(json({ results: [] }, 429, { 'retry-after': '7' }));
    await vi.waitFor(() => expect(model.status.value).toBe('rate-limited'));
    expect(model.retryAfter.value).toBe(7);
    vi.useRealTimers();
    const offline = setup(false);
    offline.model.type('conf');
    await vi.advanceTimersByTimeAsync(200);
    expect(offline.network.calls).toHaveLength(0);
    expect(offline.model.status.value).toBe('offline');
    vi.useRealTimers();
  });

  it('keeps the last five committed searches, newest first, and clears them', () => {
    const { model, storage } = setup();
    expect(storage.getItem('agent-chat:demo:recent-searches')).toBeNull();
    for (const query of ['a1', 'b2', 'c3', 'd4', 'e5', 'f6', 'b2']) model.remember(query);
    expect(model.recent.value).toEqual(['b2', 'f6', 'e5', 'd4', 'c3']);
    model.clearRecent();
    expect(model.recent.value).toEqual([]);
    expect(storage.getItem('agent-chat:demo:recent-searches')).toBeNull();
    vi.useRealTimers();
  });

  it('keeps nothing without storage (data-storage="none")', () => {
    const recent = createRecentSearches('demo', undefined);
    expect(recent.add('conf')).toEqual([]);
    expect(recent.read()).toEqual([]);
  });
});
