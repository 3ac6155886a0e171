import { QUERY_LENGTH_LIMIT } from '@agent-chat/protocol';
import { z } from 'zod';
import { prepareAnswer, wholeAnswer } from '../asking/index.js';
import { AI_TOOL_VISITOR } from '../conversations/index.js';
import { defineTool } from './mcp-tool.js';

const source = z.object({
  url: z
    .string()
    .nullable()
    .describe('The cited page’s URL with its section’s anchor (null: none).'),
  name: z.string().describe('The cited document’s name.'),
  score: z.number(),
});

/**
 * `ask_question`: the agent's own answer, through the query route's path (`asking/`:
 * usage limit, retrieval, the configured answerer, citations), stored as a conversation
 * of the {@link AI_TOOL_VISITOR}. A decline is returned as the answer it is.
 */
export const askQuestionTool = defineTool({
  name: 'ask_question',
  title: 'Ask the documentation assistant',
  description:
    'Ask this documentation’s assistant a question in plain language. It answers from the ' +
    'documentation only, citing its sources as [n] with their URLs, and says so when the ' +
    'documentation does not cover the question. Prefer search_docs when you want the ' +
    'sections themselves.',
  input: z.object({
    question: z
      .string()
      .trim()
      .min(QUERY_LENGTH_LIMIT.min)
      .max(QUERY_LENGTH_LIMIT.max)
      .describe('The question, in a full sentence.'),
  }),
  output: z.object({
    answer: z.string(),
    sources: z.array(source).describe('The sources [1], [2]… of the answer, in order.'),
    conversationId: z.string(),
  }),
  readOnly: true,
  async run({ question }, call) {
    const { context, organization, agent, signal, startedAt } = call;
    const prepared = await prepareAnswer(context, {
      organization,
      agent,
      query: { query: question, visitorId: AI_TOOL_VISITOR },
      signal,
      startedAt,
    });
    const response = await wholeAnswer(prepared, signal);
    if (!response) return { text: 'The request was cancelled.', isError: true };
    const sources = response.sources.map((cited) => ({
      url: cited.source_url,
      name: cited.datasource_name,
      score: cited.score,
    }));
    const list = sources.map(
      (cited, index) =>
        `[${index + 1}] ${cited.url ?? cited.name}${cited.url ? ` (${cited.name})` : ''}`,
    );
    return {
      text:
        list.length === 0 ? response.answer : `${response.answer}\n\nSources:\n${list.join('\n')}`,
      data: { answer: response.answer, sources, conversationId: response.conversationId },
    };
  },
});
