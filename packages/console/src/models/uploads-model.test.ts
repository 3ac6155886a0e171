import type { Datasource } from '@agent-chat/protocol';
import { describe, expect, it } from 'vitest';
import { datasourceFixture } from '../testing/resource-fixtures.js';
import { ConsoleApiError } from './api-client.js';
import type { FileUpload } from './file-upload.js';
import { createUploadsModel } from './uploads-model.js';

/** An upload the test finishes by hand. */
interface HeldUpload {
  file: File;
  datastoreId: string;
  progress(loaded: number): void;
  finish(datasource: Datasource): void;
  fail(error: Error): void;
}

function setup() {
  const held: HeldUpload[] = [];
  const created: Datasource[] = [];
  const model = createUploadsModel(
    {
      upload(datastoreId, file, onProgress): FileUpload {
        let finish!: (datasource: Datasource) => void;
        let fail!: (error: Error) => void;
        const done = new Promise<Datasource>((resolve, reject) => {
          finish = resolve;
          fail = reject;
        });
        held.push({
          file,
          datastoreId,
          progress: (loaded) => onProgress(loaded, file.size),
          finish,
          fail,
        });
        return { done, abort: () => fail(new Error('aborted')) };
      },
    },
    (datasource) => created.push(datasource),
  );
  return { model, held, created };
}

const file = (name: string, size = 10) => new File(['x'.repeat(size)], name);
const states = (model: ReturnType<typeof setup>['model']) =>
  model.entries.value.map((entry) => `${entry.name}:${entry.state}:${entry.loaded}`);

describe('uploads model', () => {
  it('uploads two files at a time, in order, showing each one’s progress and outcome', async () => {
    const { model, held, created } = setup();
    model.add('store-a', [file('a.md'), file('b.md'), file('c.md')]);
    expect(held.map((upload) => upload.file.name)).toEqual(['a.md', 'b.md']);
    expect(states(model)).toEqual(['a.md:uploading:0', 'b.md:uploading:0', 'c.md:queued:0']);

    held[0]?.progress(4);
    expect(states(model)[0]).toBe('a.md:uploading:4');
    held[0]?.finish(datasourceFixture('s-a', 'pending'));
    await expect.poll(() => held.length).toBe(3);
    expect(held[2]?.datastoreId).toBe('store-a');
    expect(created.map((datasource) => datasource.id)).toEqual(['s-a']);
    expect(states(model)).toEqual(['a.md:done:10', 'b.md:uploading:0', 'c.md:uploading:0']);

    held[1]?.fail(new ConsoleApiError(413, 'PAYLOAD_TOO_LARGE', 'b.md is too large to upload.'));
    await expect.poll(() => model.entries.value[1]?.state).toBe('failed');
    expect(model.entries.value[1]?.error).toBe('b.md is too large to upload.');

    model.clearFinished();
    expect(states(model)).toEqual(['c.md:uploading:0']);
    held[2]?.finish(datasourceFixture('s-c', 'pending'));
    await expect.poll(() => created.length).toBe(2);
    model.clearFinished();
    expect(model.entries.value).toEqual([]);
  });
});
