import type { Agent, ContentGapReason, InsightsResponse } from '@agent-chat/protocol';
import { useEffect, useState } from 'preact/hooks';
import type { AgentsModel } from '../models/agents-model.js';
import type { GapTopicsModel } from '../models/gap-topics-model.js';
import type { InsightsFilterDraft, InsightsModel } from '../models/insights-model.js';
import { formatTime } from './conversation-parts.js';
import { GapTopics } from './gap-topics.js';
import { QueriesChart } from './insights-chart.js';
import { Pager } from './pager.js';
import '../insights.css';
import { AgentFilter } from './agent-filter.js';
import { ErrorAlert } from './error-alert.js';

function percent(part: number, whole: number): string {
  return whole === 0 ? '–' : `${Math.round((part / whole) * 100)}%`;
}

function InsightsFilters(props: {
  initial: InsightsFilterDraft;
  agents: readonly Agent[];
  busy: boolean;
  onApply(draft: InsightsFilterDraft): void;
}) {
  const [draft, setDraft] = useState(props.initial);
  const set = (patch: Partial<InsightsFilterDraft>) =>
    setDraft((current) => ({ ...current, ...patch }));
  return (
    <form
      class="card row insights-filters"
      aria-label="Insights range"
      onSubmit={(event) => {
        event.preventDefault();
        props.onApply(draft);
      }}
    >
      <AgentFilter
        id="insights-agent"
        agents={props.agents}
        value={draft.agentId}
        onChange={(agentId) => set({ agentId })}
      />
      <div>
        <label for="insights-from">From (UTC)</label>
        <input
          id="insights-from"
          type="date"
          required
          value={draft.from}
          onInput={(event) => set({ from: event.currentTarget.value })}
        />
      </div>
      <div>
        <label for="insights-to">To (UTC)</label>
        <input
          id="insights-to"
          type="date"
          required
          value={draft.to}
          min={draft.from || undefined}
          onInput={(event) => set({ to: event.currentTarget.value })}
        />
      </div>
      <div class="insights-apply">
        <button type="submit" disabled={props.busy} aria-busy={props.busy ? 'true' : undefined}>
          Show
        </button>
      </div>
    </form>
  );
}

function Stats({ data }: { data: InsightsResponse }) {
  const votes = data.feedback.good + data.feedback.bad;
  return (
    <dl class="stats">
      <div class="card">
        <dt>Questions</dt>
        <dd>{data.queries}</dd>
      </div>
      <div class="card">
        <dt>Thumbs up</dt>
        <dd>{percent(data.feedback.good, votes)}</dd>
        <dd class="muted">
          {data.feedback.good} of {votes} votes
        </dd>
      </div>
      <div class="card">
        <dt>Thumbs down</dt>
        <dd>{percent(data.feedback.bad, votes)}</dd>
        <dd class="muted">
          {data.feedback.bad} of {votes} votes
        </dd>
      </div>
      <div class="card">
        <dt>Nothing retrieved</dt>
        <dd>{percent(data.nothingRetrieved, data.answers)}</dd>
        <dd class="muted">
          {data.nothingRetrieved} of {data.answers} answers
        </dd>
      </div>
    </dl>
  );
}

/** How each reason a question is a content gap reads on its badge. */
const GAP_REASON_LABELS: Record<ContentGapReason, string> = {
  'nothing-retrieved': 'Nothing retrieved',
  'thumbs-down': 'Thumbs down',
  'ai-tool': 'From an AI tool',
};

function ContentGaps({ model }: { model: InsightsModel }) {
  const data = model.data.value;
  const { gaps } = model;
  if (!data) return null;
  return (
    <section aria-labelledby="gaps-title">
      <h2 id="gaps-title">Questions the agent could not answer</h2>
      <p class="muted">
        Nothing retrieved, a thumbs down, or reported by an AI tool (MCP): what to add to the
        knowledge next.{' '}
        {data.gapCount > data.gaps.length
          ? `The newest ${data.gaps.length} of ${data.gapCount}.`
          : `${data.gapCount} in this range.`}
      </p>
      <ul class="gaps">
        {gaps.pageItems.value.map((gap) => (
          <li key={gap.messageId} class="card">
            <p class="gap-question">{gap.question || '(no question)'}</p>
            <p class="muted">
              {gap.reasons.map((reason) => (
                <span key={reason} class="badge warn">
                  {GAP_REASON_LABELS[reason]}
                </span>
              ))}{' '}
              <time dateTime={gap.createdAt}>{formatTime(gap.createdAt)}</time>
            </p>
            {gap.comment ? (
              <p>
                {gap.reasons.includes('ai-tool') ? 'The AI tool reported' : "Visitor's comment"}:{' '}
                <q>{gap.comment}</q>
              </p>
            ) : null}
            <a href={`#conversations/${encodeURIComponent(gap.conversationId)}`}>
              Open the conversation
              <span class="visually-hidden">: {gap.question}</span>
            </a>
          </li>
        ))}
        {data.gaps.length === 0 ? <li>No unanswered questions in this range.</li> : null}
      </ul>
      <Pager label="Content gap pages" list={gaps} />
    </section>
  );
}

/**
 * Insights: questions per day (a chart), thumbs up/down rates, the content gaps grouped into
 * topics (of the chosen agent, or the first), and the content gaps one by one.
 */
export function InsightsPage(props: {
  model: InsightsModel;
  agents: AgentsModel;
  topics: GapTopicsModel;
  /** `<agentId>/<topicId>` from the address (`#insights/…`, the gaps report's links), or `''`. */
  openItem?: string;
}) {
  const { model, agents, topics } = props;
  const [linkedAgentId = '', linkedTopicId = ''] = (props.openItem ?? '').split('/');
  useEffect(() => {
    const filters = model.filters.value;
    void model.load(
      linkedAgentId && filters.agentId !== linkedAgentId
        ? { ...filters, agentId: linkedAgentId }
        : undefined,
    );
    if (agents.list.items.value.length === 0) void agents.load();
  }, [model, linkedAgentId]);
  const data = model.data.value;
  const { from, to, agentId } = model.filters.value;
  const agentList = agents.list.items.value;
  const topicsAgent = agentList.find((agent) => agent.id === agentId) ?? agentList[0];
  // After the range loaded (a refused range says so once, above), and for each agent.
  useEffect(() => {
    if (topicsAgent && data) void topics.load({ agentId: topicsAgent.id, from, to });
  }, [topics, topicsAgent?.id, data]);
  return (
    <>
      <h1>Insights</h1>
      <InsightsFilters
        initial={model.filters.value}
        agents={agents.list.items.value}
        busy={model.loading.value}
        onApply={(draft) => void model.load(draft)}
      />
      <ErrorAlert message={model.error.value} onRetry={() => void model.load()} />
      <div aria-busy={model.loading.value ? 'true' : undefined}>
        {data ? (
          <>
            <Stats data={data} />
            <section class="card" aria-labelledby="chart-title">
              <h2 id="chart-title">Questions per day</h2>
              <QueriesChart days={data.days} />
            </section>
            <GapTopics model={topics} agentName={topicsAgent?.name ?? ''} focusId={linkedTopicId} />
            <ContentGaps model={model} />
          </>
        ) : null}
      </div>
    </>
  );
}
