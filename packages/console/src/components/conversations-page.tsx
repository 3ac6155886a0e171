import { useEffect } from 'preact/hooks';
import type { AgentsModel } from '../models/agents-model.js';
import type { ConversationsPageModel } from '../models/conversations-page-model.js';
import { ConversationExport } from './conversation-export.js';
import { ConversationFilters } from './conversation-filters.js';
import { ConversationList } from './conversation-list.js';
import { ConversationTranscript } from './conversation-transcript.js';
import '../conversations.css';

/** Props of {@link ConversationsPage}. */
export interface ConversationsPageProps {
  model: ConversationsPageModel;
  /** For the agent filter and the agents' names. */
  agents: AgentsModel;
  /** The conversation in the address (`#conversations/<id>`), or `''`. */
  openId: string;
}

/** Conversations: search and filters, the list, the transcript, replies, export. */
export function ConversationsPage({ model, agents, openId }: ConversationsPageProps) {
  const { list, transcript } = model;
  useEffect(() => {
    void list.reload();
    if (agents.list.items.value.length === 0) void agents.load();
  }, [model]);
  useEffect(() => {
    void transcript.open(openId || undefined);
  }, [openId]);
  const agentList = agents.list.items.value;
  const agentNames = new Map(agentList.map((agent) => [agent.id, agent.name]));
  return (
    <>
      <div class="section-head">
        <h1>Conversations</h1>
        <ConversationExport model={list} />
      </div>
      <ConversationFilters
        initial={list.filters.value}
        agents={agentList}
        busy={list.loading.value}
        onApply={(draft) => void list.applyFilters(draft)}
      />
      <div class={openId ? 'conversations-layout with-transcript' : 'conversations-layout'}>
        <ConversationList model={list} agentNames={agentNames} openId={openId || undefined} />
        <ConversationTranscript model={transcript} agents={agentList} />
      </div>
    </>
  );
}
