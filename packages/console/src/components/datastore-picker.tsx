import { useState } from 'preact/hooks';
import type { KnowledgeModel } from '../models/knowledge-model.js';
import { ErrorAlert } from './error-alert.js';

/** Picks the datastore the page shows, and creates one (name, description). */
export function DatastorePicker({ model }: { model: KnowledgeModel }) {
  const [creating, setCreating] = useState(false);
  const [name, setName] = useState('');
  const [description, setDescription] = useState('');
  const datastores = model.datastores.value;
  return (
    <section class="card" aria-labelledby="datastores-title">
      <div class="section-head">
        <h2 id="datastores-title">Datastore</h2>
        <button type="button" class="secondary" onClick={() => setCreating(!creating)}>
          {creating ? 'Close' : 'New datastore'}
        </button>
      </div>
      <ErrorAlert message={model.datastoresError.value} onRetry={() => void model.load()} />
      {datastores.length > 0 ? (
        <>
          <label for="datastore-select">Datastore shown</label>
          <select
            id="datastore-select"
            value={model.selectedId.value ?? ''}
            onChange={(event) => void model.select(event.currentTarget.value)}
          >
            {datastores.map((datastore) => (
              <option key={datastore.id} value={datastore.id}>
                {datastore.name}
              </option>
            ))}
          </select>
          {model.selected.value?.description ? (
            <p class="muted">{model.selected.value.description}</p>
          ) : null}
        </>
      ) : model.datastoresLoading.value ? (
        <p aria-busy="true">Loading…</p>
      ) : (
        <p>No datastore yet: create one to add knowledge.</p>
      )}
      {creating ? (
        <form
          class="inline-form"
          aria-label="New datastore"
          onSubmit={async (event) => {
            event.preventDefault();
            if (await model.createDatastore(name, description)) {
              setName('');
              setDescription('');
              setCreating(false);
            }
          }}
        >
          <div class="row">
            <div>
              <label for="datastore-name">Name</label>
              <input
                id="datastore-name"
                value={name}
                required
                maxLength={200}
                onInput={(event) => setName(event.currentTarget.value)}
              />
            </div>
            <div>
              <label for="datastore-description">Description</label>
              <input
                id="datastore-description"
                value={description}
                onInput={(event) => setDescription(event.currentTarget.value)}
              />
            </div>
          </div>
          <ErrorAlert message={model.createDatastoreError.value} />
          <div class="actions">
            <button
              type="submit"
              disabled={model.creatingDatastore.value}
              aria-busy={model.creatingDatastore.value ? 'true' : undefined}
            >
              Create datastore
            </button>
          </div>
        </form>
      ) : null}
    </section>
  );
}
