import { COMMENT_LENGTH_LIMIT, QUERY_LENGTH_LIMIT } from '@agent-chat/protocol';
import { z } from 'zod';
import { saveToolFeedback } from '../conversations/index.js';
import { enforceUsageLimit } from '../organizations/index.js';
import { URL_LENGTH_LIMIT } from './get-page-tool.js';
import { defineTool } from './mcp-tool.js';

/**
 * `send_feedback`: what an AI tool found missing or wrong, stored with the content gaps the
 * console shows (marked as coming from an AI tool).
 */
export const sendFeedbackTool = defineTool({
  name: 'send_feedback',
  title: 'Report missing or wrong documentation',
  description:
    'Tell the documentation’s owners what is missing, wrong or out of date: a question ' +
    'the documentation did not answer, or a page that is wrong. They read every report. ' +
    'Call it once per problem, after search_docs or ask_question came up short.',
  input: z.object({
    url: z
      .string()
      .trim()
      .min(1)
      .max(URL_LENGTH_LIMIT)
      .optional()
      .describe('The page concerned, if any (a URL search_docs returned).'),
    question: z
      .string()
      .trim()
      .min(QUERY_LENGTH_LIMIT.min)
      .max(QUERY_LENGTH_LIMIT.max)
      .optional()
      .describe('The question the documentation did not answer, if any.'),
    comment: z
      .string()
      .trim()
      .min(1)
      .max(COMMENT_LENGTH_LIMIT.max)
      .describe('What is missing or wrong, in a sentence or two.'),
  }),
  readOnly: false,
  async run({ url, question, comment }, call) {
    const { context, organization, agent } = call;
    await enforceUsageLimit(context.database, organization, context.usageLimit, context.now());
    await saveToolFeedback(context.database, {
      organizationId: organization.id,
      agentId: agent.id,
      url,
      question,
      comment,
    });
    return { text: 'Thank you: the documentation’s owners will see this report.' };
  },
});
