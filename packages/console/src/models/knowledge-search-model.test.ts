import { describe, expect, it } from 'vitest';
import { createControlledFetch } from '../testing/controlled-fetch.js';
import { createApiClient } from './api-client.js';
import { createKnowledgeSearchModel, DEFAULT_TOP_K } from './knowledge-search-model.js';

const result = {
  text: 'Refunds take five days.',
  score: 0.8,
  source: null,
  datasource_id: 's1',
  datasource_name: 'refunds.md',
  offset: 0,
  chunk_id: 'k1',
};

describe('knowledge search model', () => {
  it('searches a datastore once at a time, keeping the question the results are for', async () => {
    const server = createControlledFetch();
    const model = createKnowledgeSearchModel(
      createApiClient({ baseUrl: server.baseUrl, fetch: server.fetch }),
    );
    await model.search('store-a', ' ', DEFAULT_TOP_K);
    expect(model.error.value).toBe('Type a question to search for.');

    const searching = model.search('store-a', ' refunds? ', 3);
    expect(model.searching.value).toBe(true);
    expect(model.error.value).toBeUndefined();
    await model.search('store-a', 'twice', 3);
    const call = await server.take('POST api/datastores/store-a/query');
    expect(call.body).toEqual({ query: 'refunds?', topK: 3 });
    call.respond(200, { results: [result] });
    await searching;
    expect(server.untaken()).toBe(0);
    expect(model.searching.value).toBe(false);
    expect(model.searched.value).toBe('refunds?');
    expect(model.results.value).toEqual([result]);

    const failed = model.search('store-a', 'shipping', 3);
    (await server.take('POST api/datastores/store-a/query')).respond(404);
    await failed;
    expect(model.error.value).toBe('The search failed: Not found.');
    expect(model.searched.value).toBe('refunds?');
    model.clear();
    expect(model.results.value).toEqual([]);
    expect(model.searched.value).toBeUndefined();
    expect(model.error.value).toBeUndefined();
  });
});
