import { describe, expect, it } from 'vitest';
import { startAgentService } from '../index.js';
import { createApiClient, createTestDatabase } from '../testing/index.js';
import { retrieve } from './index.js';

const RULE_PAGE = [
  '# no-dangling',
  '',
  'Disallow dangling underscores in identifiers.',
  '',
  '## Options',
  '',
  'This rule has an object option:',
  '',
  '- `allowAfterThis`: false (default) reports dangling underscores in members of the `this` object',
  '- `allowAfterSuper`: false (default) reports dangling underscores in members of the `super` object',
  '- `enforceInMethodNames`: false (default) allows dangling underscores in method names',
  '',
  '### allowAfterThis',
  '',
  'Examples of correct code with `{ "allowAfterThis": true }`:',
  '',
  '```js',
  'const a = this.foo_;',
  '```',
  '',
  '### allowAfterSuper',
  '',
  'Examples of correct code with `{ "allowAfterSuper": true }`:',
  '',
  '```js',
  'const a = super.foo_;',
  '```',
  '',
  '## When Not To Use It',
  '',
  'If you want dangling underscores everywhere, turn this rule off.',
].join('\n');

describe('retrieve', () => {
  it('leads with the subsection that the answering line of an options list names', async () => {
    const service = await startAgentService({ port: 0, database: await createTestDatabase() });
    try {
      const { apiKey } = await service.createOrganization('Docs');
      const call = createApiClient(service.url, apiKey);
      const store = (await call('POST', '/api/datastores', { name: 'Rules' })).body;
      const { ids } = (
        await call('POST', `/api/datastores/upsert/${store.id}`, {
          documents: [{ name: 'no-dangling.md', text: RULE_PAGE }],
        })
      ).body as { ids: string[] };
      await service.ingestion.waitFor(ids);
      const found = await retrieve(
        service.database,
        'Can dangling underscores be allowed on members reached through super?',
        { datastoreIds: [store.id] },
      );
      expect(found.passages[0]?.title).toMatch(/Options › allowAfterSuper$/);
      expect(found.passageSources[0]?.chunk_id).toBe(found.passages[0]?.chunkId);
      expect(found.passages.map((passage) => passage.title)).toContainEqual(
        expect.stringMatching(/› Options$/),
      );
    } finally {
      await service.close();
    }
  });
});
