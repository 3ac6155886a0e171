import { useEffect, useState } from 'preact/hooks';
import { formatDuration, formatScore } from '../models/format-units.js';
import type { PlaygroundModel } from '../models/playground-model.js';
import { SourceList } from './source-list.js';
import './knowledge.css';
import { ErrorAlert } from './error-alert.js';

function Timings({ model }: { model: PlaygroundModel }) {
  const timings = model.timings.value;
  const metadata = model.metadata.value;
  return (
    <dl class="facts">
      <dt>Time to first byte</dt>
      <dd>{formatDuration(timings.firstByteMs)}</dd>
      <dt>First answer text</dt>
      <dd>{formatDuration(timings.firstAnswerMs)}</dd>
      <dt>Whole answer</dt>
      <dd>{formatDuration(timings.totalMs)}</dd>
      {metadata ? (
        <>
          <dt>Answerer</dt>
          <dd>{metadata.answerer}</dd>
          <dt>Service latency</dt>
          <dd>{formatDuration(metadata.latencyMs)}</dd>
          <dt>Retrieval found</dt>
          <dd>{metadata.found ? 'yes' : 'nothing'}</dd>
          <dt>Top retrieval scores</dt>
          <dd>
            {metadata.topScores.length > 0 ? metadata.topScores.map(formatScore).join(', ') : '–'}
          </dd>
        </>
      ) : null}
    </dl>
  );
}

/**
 * Playground: ask an agent as a visitor would, and see the answer (as plain text), the
 * sources it retrieved with their scores, the timings measured here and the service's own
 * record of the answer.
 */
export function PlaygroundPage({ model }: { model: PlaygroundModel }) {
  const [question, setQuestion] = useState('');
  useEffect(() => {
    void model.load();
    return () => model.stop();
  }, [model]);
  const asking = model.status.value === 'asking';
  const asked = model.asked.value;
  return (
    <>
      <div class="section-head">
        <h1>Playground</h1>
      </div>
      <form
        class="card"
        aria-label="Ask an agent"
        onSubmit={(event) => {
          event.preventDefault();
          void model.ask(question);
        }}
      >
        <ErrorAlert message={model.agentsError.value} />
        <label for="playground-agent">Agent</label>
        <select
          id="playground-agent"
          value={model.agentId.value ?? ''}
          onChange={(event) => model.selectAgent(event.currentTarget.value)}
        >
          {model.agents.value.map((agent) => (
            <option key={agent.id} value={agent.id}>
              {agent.name} ({agent.id})
            </option>
          ))}
        </select>
        <label for="playground-question">Question</label>
        <textarea
          id="playground-question"
          rows={3}
          required
          value={question}
          onInput={(event) => setQuestion(event.currentTarget.value)}
          onKeyDown={(event) => {
            if (event.key === 'Enter' && (event.ctrlKey || event.metaKey)) {
              event.preventDefault();
              void model.ask(question);
            }
          }}
        />
        <p class="muted">Ctrl+Enter asks. Each question starts a new conversation.</p>
        <div class="actions">
          <button type="submit" disabled={asking} aria-busy={asking ? 'true' : undefined}>
            Ask
          </button>
          {asking ? (
            <button type="button" class="secondary" onClick={() => model.stop()}>
              Stop
            </button>
          ) : null}
        </div>
        <ErrorAlert message={model.error.value} />
      </form>
      {asked !== undefined && model.status.value !== 'error' ? (
        <section
          class="card"
          aria-labelledby="answer-title"
          aria-busy={asking ? 'true' : undefined}
        >
          <h2 id="answer-title">Answer</h2>
          <p class="muted">{asked}</p>
          <div class="answer" aria-live="polite">
            {model.answer.value || (asking ? 'Waiting for the answer…' : '')}
          </div>
          <h3>Sources</h3>
          {model.status.value === 'done' ? (
            <SourceList sources={model.sources.value} />
          ) : (
            <p>Shown with the whole answer.</p>
          )}
          <h3>Timings</h3>
          <Timings model={model} />
          <ErrorAlert message={model.metadataError.value} />
        </section>
      ) : null}
    </>
  );
}
