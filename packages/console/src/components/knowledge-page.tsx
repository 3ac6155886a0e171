import { useEffect } from 'preact/hooks';
import type { KnowledgeModel } from '../models/knowledge-model.js';
import { ConfirmDialog } from './confirm-dialog.js';
import { DatasourceTable } from './datasource-table.js';
import { DatastorePicker } from './datastore-picker.js';
import { KnowledgeAdd } from './knowledge-add.js';
import { KnowledgeSearch } from './knowledge-search.js';
import './knowledge.css';

/**
 * Knowledge: the datastores, the selected one's datasources with their live ingestion
 * status, adding files (drag and drop or picker, with progress), pages, sites, text and Q&A
 * pairs, re-sync and deletion with confirmation, and a search box showing the fragments and
 * scores retrieval finds for a question.
 */
export function KnowledgePage({ model }: { model: KnowledgeModel }) {
  useEffect(() => {
    void model.load();
    return () => model.dispose();
  }, [model]);
  const confirming = model.confirmingDelete.value;
  return (
    <>
      <div class="section-head">
        <h1>Knowledge</h1>
      </div>
      <DatastorePicker model={model} />
      {model.selected.value ? (
        <>
          <KnowledgeAdd model={model} />
          <KnowledgeSearch model={model.search} datastoreId={model.selected.value.id} />
          <DatasourceTable model={model} />
        </>
      ) : null}
      {confirming ? (
        <ConfirmDialog
          title={`Delete ${confirming.name}?`}
          confirmLabel="Delete datasource"
          busy={model.deleting.value}
          error={model.deleteError.value}
          onConfirm={() => void model.confirmDelete()}
          onCancel={() => model.askDelete(undefined)}
        >
          <p>
            Its chunks are removed and agents stop answering from it
            {confirming.type === 'web_site' ? ', with every page of the site' : ''}. This cannot be
            undone.
          </p>
        </ConfirmDialog>
      ) : null}
    </>
  );
}
