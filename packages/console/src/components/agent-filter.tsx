import type { Agent } from '@agent-chat/protocol';

/** Props of {@link AgentFilter}. */
export interface AgentFilterProps {
  /** The select's id (its label points at it). */
  id: string;
  agents: readonly Agent[];
  /** The chosen agent's id, `''` for all agents. */
  value: string;
  onChange(agentId: string): void;
}

/** A labelled "Agent" choice for a filter form: every agent, or "All agents" (`''`). */
export function AgentFilter(props: AgentFilterProps) {
  return (
    <div>
      <label for={props.id}>Agent</label>
      <select
        id={props.id}
        value={props.value}
        onChange={(event) => props.onChange(event.currentTarget.value)}
      >
        <option value="">All agents</option>
        {props.agents.map((agent) => (
          <option key={agent.id} value={agent.id}>
            {agent.name}
          </option>
        ))}
      </select>
    </div>
  );
}
