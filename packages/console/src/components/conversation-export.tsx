import type { ExportFormat } from '@agent-chat/protocol';
import { useEffect, useState } from 'preact/hooks';
import type { ConversationsModel } from '../models/conversations-model.js';
import { ErrorAlert } from './error-alert.js';

/** A saved export: its name, size and object URL (revoked when replaced or unmounted). */
interface SavedFile {
  name: string;
  size: number;
  url: string;
}

function sizeText(bytes: number): string {
  if (bytes < 1024) return `${bytes} B`;
  if (bytes < 1024 * 1024) return `${(bytes / 1024).toFixed(1)} KB`;
  return `${(bytes / 1024 / 1024).toFixed(1)} MB`;
}

/**
 * Export of the filtered conversations through the BFF (the session's CSRF header goes
 * with the call, so it is fetched, then saved): the download starts at once, and a link
 * to the file stays for saving it again.
 */
export function ConversationExport({ model }: { model: ConversationsModel }) {
  const [saved, setSaved] = useState<SavedFile | undefined>(undefined);
  useEffect(() => () => saved && URL.revokeObjectURL(saved.url), [saved]);
  const exporting = model.exporting.value;
  async function run(format: ExportFormat) {
    const file = await model.exportFile(format);
    if (!file) return;
    const url = URL.createObjectURL(file.blob);
    setSaved({ name: file.name, size: file.blob.size, url });
    const link = document.createElement('a');
    link.href = url;
    link.download = file.name;
    link.click();
  }
  return (
    <div class="export" aria-live="polite">
      <span class="muted">Export what is filtered:</span>
      {(['jsonl', 'csv'] as const).map((format) => (
        <button
          key={format}
          type="button"
          class="secondary"
          disabled={exporting !== undefined}
          aria-busy={exporting === format ? 'true' : undefined}
          onClick={() => void run(format)}
        >
          {exporting === format
            ? `Exporting ${format.toUpperCase()}…`
            : `Export ${format.toUpperCase()}`}
        </button>
      ))}
      {saved ? (
        <a href={saved.url} download={saved.name}>
          {saved.name} ({sizeText(saved.size)})
        </a>
      ) : null}
      <ErrorAlert message={model.exportError.value} />
    </div>
  );
}
