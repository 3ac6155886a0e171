import { useState } from 'preact/hooks';
import { formatSize } from '../models/format-units.js';
import type { UploadEntry, UploadsModel } from '../models/uploads-model.js';
import { ErrorAlert } from './error-alert.js';

function UploadRow({ entry }: { entry: UploadEntry }) {
  const percent = entry.size === 0 ? 100 : Math.round((entry.loaded / entry.size) * 100);
  const state =
    entry.state === 'queued'
      ? 'Waiting'
      : entry.state === 'uploading'
        ? `${Math.min(percent, 100)}%`
        : entry.state === 'done'
          ? 'Uploaded'
          : 'Failed';
  return (
    <li class={`upload upload-${entry.state}`}>
      <span class="upload-name">
        {entry.name} <span class="muted">({formatSize(entry.size)})</span>
      </span>
      <progress
        max={Math.max(entry.size, 1)}
        value={entry.state === 'done' ? Math.max(entry.size, 1) : entry.loaded}
        aria-label={`Upload of ${entry.name}`}
      />
      <span class="upload-state">{state}</span>
      <ErrorAlert class="upload-error" message={entry.error && `${entry.name}: ${entry.error}`} />
    </li>
  );
}

/**
 * Files in: a drop zone that also holds a keyboard-usable file picker, and one row per
 * file with its upload progress bar and, when it failed, why.
 */
export function FileDrop(props: {
  uploads: UploadsModel;
  disabled: boolean;
  onFiles(files: File[]): void;
}) {
  const [over, setOver] = useState(false);
  const entries = props.uploads.entries.value;
  const finished = entries.some((entry) => entry.state === 'done' || entry.state === 'failed');
  return (
    <div>
      <fieldset
        class={`drop-zone${over ? ' over' : ''}`}
        onDragEnter={(event) => {
          event.preventDefault();
          setOver(true);
        }}
        onDragOver={(event) => {
          event.preventDefault();
          if (event.dataTransfer) event.dataTransfer.dropEffect = 'copy';
        }}
        onDragLeave={() => setOver(false)}
        onDrop={(event) => {
          event.preventDefault();
          setOver(false);
          const files = [...(event.dataTransfer?.files ?? [])];
          if (!props.disabled) props.onFiles(files);
        }}
      >
        <legend class="visually-hidden">Files to upload</legend>
        <p>Drop files here (PDF, DOCX, HTML, Markdown, plain text), or</p>
        <label class="file-pick">
          Choose files
          <input
            type="file"
            multiple
            class="visually-hidden"
            disabled={props.disabled}
            onChange={(event) => {
              const input = event.currentTarget;
              props.onFiles([...(input.files ?? [])]);
              input.value = '';
            }}
          />
        </label>
      </fieldset>
      {entries.length > 0 ? (
        <>
          <ul class="uploads" aria-label="Uploads">
            {entries.map((entry) => (
              <UploadRow key={entry.key} entry={entry} />
            ))}
          </ul>
          {finished ? (
            <button type="button" class="secondary" onClick={() => props.uploads.clearFinished()}>
              Clear finished uploads
            </button>
          ) : null}
        </>
      ) : null}
    </div>
  );
}
