import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startWithDocuments } from '../testing/index.js';
import { retrieve } from './index.js';
import { isReleaseNotesTitle } from './release-notes.js';

// A changelog as Sphinx, Keep a Changelog and DocBook write one (a heading per release, an
// entry per change naming the option it changed) beside the reference page of that option.
const CHANGES_PAGE = [
  '# Changes',
  '',
  '## Version 3.1.0',
  '',
  'Released 2024-05-02',
  '',
  '- The client retries a failed delivery more often: `retry_limit` defaults to 5.',
  '',
  '## Version 3.0.2',
  '',
  'Released 2024-02-11',
  '',
  '- `Client.send` accepts a timeout.',
  '',
  '## Version 3.0.1',
  '',
  'Released 2024-01-20',
  '',
  '- The relay address is no longer logged.',
].join('\n');

const CLIENT_PAGE = [
  '# Client',
  '',
  'A client sends events to one relay.',
  '',
  '## Options',
  '',
  '### retry_limit',
  '',
  'How many times the client retries a delivery after it failed, waiting twice as long each time. Defaults to 5.',
  '',
  '### timeout',
  '',
  'Seconds to wait for the relay to accept an event. Defaults to 30.',
].join('\n');

describe('release notes', () => {
  it('are told by their headings, whatever the generator', () => {
    for (const title of [
      'Changes › Version 2.0.1',
      '1.4 Changelog › 1.4.42 › orm',
      'E.12. Release 15.4 › E.12.2. Changes',
      'Release Notes › v3.1.0 (2024-01-02)',
      'Changelog › 2.3.0 — 2024-05-01',
      'What’s New in SQLAlchemy 1.4? › New Features - ORM',
      'Changes in version 2.1 › Deprecations',
      'NumPy 1.26.0 Release Notes › Improvements',
      'Release notes › Django 4.2 release notes › What’s new in Django 4.2',
      'Git v2.43 Release Notes',
      'Release notes for version 5.2',
    ]) {
      expect(isReleaseNotesTitle(title), title).toBe(true);
    }
    for (const title of [
      '20.5. Write Ahead Log › 20.5.1. Settings › wal_level (enum)',
      'Guide › 1.2. Installing',
      'OAuth 2.0 flows',
      'Client › Options › retry_limit',
      'Contributing › Writing release notes',
      'Changes in behavior › Sessions',
      'Upgrading to 2.0 › Changes to the engine',
    ]) {
      expect(isReleaseNotesTitle(title), title).toBe(false);
    }
  });

  describe('in the ranking', () => {
    let started: Awaited<ReturnType<typeof startWithDocuments>>;
    beforeAll(async () => {
      started = await startWithDocuments([
        { name: 'changes.md', text: CHANGES_PAGE },
        { name: 'client.md', text: CLIENT_PAGE },
      ]);
    });
    afterAll(() => started.service.close());

    const first = async (question: string, stagesOff?: ReadonlySet<'release-notes'>) =>
      (
        await retrieve(started.service.database, question, {
          datastoreIds: [started.datastoreId],
          stagesOff,
        })
      ).passages[0]?.title;

    it('give way to the reference for a question about how something works', async () => {
      const question = 'How often does the client retry a failed delivery, with retry_limit?';
      expect(await first(question)).toBe('Client › Options › retry_limit');
      // Without the stage, the changelog's entry naming the same words comes first.
      expect(await first(question, new Set(['release-notes']))).toBe('Changes › Version 3.1.0');
    });

    it('keep their place for a question about releases', async () => {
      expect(await first('What changed in 3.1.0 about retry_limit of failed deliveries?')).toBe(
        'Changes › Version 3.1.0',
      );
    });
  });
});
