import { HANDOFF_ACKNOWLEDGEMENT, type QueryResponse } from '@agent-chat/protocol';
import type { KnownBlock } from '@slack/web-api';
import { answerToMrkdwn, sourcesToMrkdwn } from './slack-mrkdwn.js';

/** The `action_id`s of the buttons under an answer (what the interactions route reads). */
export const SLACK_ACTIONS = {
  good: 'agent_chat_feedback_good',
  bad: 'agent_chat_feedback_bad',
  handoff: 'agent_chat_handoff',
} as const;

/** Blocks of one Slack message (Slack allows 50). */
const BLOCKS_PER_MESSAGE = 50;

/** A message's blocks and its plain-text fallback (notifications, old clients). */
export interface SlackAnswerMessage {
  text: string;
  blocks: KnownBlock[];
}

/**
 * An answer as Slack messages (one, unless it is very long): its mrkdwn in sections, the
 * short list of sources, "Was this helpful?" with 👍 and 👎 (their value is the answer's
 * message id), and "Talk to a person" (its value the conversation) when the agent offers
 * handoff and the conversation is not with a person already.
 */
export function slackAnswerMessages(response: QueryResponse): SlackAnswerMessage[] {
  const sections: KnownBlock[] = answerToMrkdwn(response.answer, response.sources).map((text) => ({
    type: 'section',
    text: { type: 'mrkdwn', text },
  }));
  const sources = sourcesToMrkdwn(response.sources);
  const closing: KnownBlock[] = sources
    ? [{ type: 'context', elements: [{ type: 'mrkdwn', text: sources }] }]
    : [];
  const inHandoff = response.status === 'handoff';
  if (response.messageId && !inHandoff) {
    closing.push(
      { type: 'context', elements: [{ type: 'mrkdwn', text: 'Was this helpful?' }] },
      {
        type: 'actions',
        block_id: 'agent_chat_answer',
        elements: [
          {
            type: 'button',
            action_id: SLACK_ACTIONS.good,
            text: { type: 'plain_text', text: '👍', emoji: true },
            value: response.messageId,
          },
          {
            type: 'button',
            action_id: SLACK_ACTIONS.bad,
            text: { type: 'plain_text', text: '👎', emoji: true },
            value: response.messageId,
          },
          ...(response.handoffEnabled
            ? [
                {
                  type: 'button' as const,
                  action_id: SLACK_ACTIONS.handoff,
                  text: { type: 'plain_text' as const, text: 'Talk to a person' },
                  value: response.conversationId,
                },
              ]
            : []),
        ],
      },
    );
  }
  const room = BLOCKS_PER_MESSAGE - closing.length;
  const messages: SlackAnswerMessage[] = [];
  for (let start = 0; start < Math.max(1, sections.length); start += room) {
    const part = sections.slice(start, start + room);
    const last = start + room >= sections.length;
    const first = part[0];
    messages.push({
      text: first?.type === 'section' && first.text ? first.text.text : HANDOFF_ACKNOWLEDGEMENT,
      blocks: last ? [...part, ...closing] : part,
    });
  }
  return messages;
}
