/**
 * The OpenAI-compatible routes of the OpenAPI registry (`/v1`, openai-compat/): the agents as
 * models and chat completions, with OpenAI's error body and stream, described here.
 */
import {
  chatCompletionRequestSchema,
  chatCompletionSchema,
  modelListSchema,
  modelSchema,
  openAiErrorSchema,
} from '@agent-chat/protocol/schemas';
import type { RouteDoc } from './route-doc.js';

const chatStreamDescription = `With \`stream: true\`: OpenAI's stream, as Server-Sent Events.
Each \`data:\` line is one \`ChatCompletionChunk\` JSON: the first names the \`assistant\` role,
then one per text fragment (\`delta.content\`), and a last one with \`finish_reason: "stop"\`,
the estimated \`usage\`, \`sources\`, \`conversation_id\` and \`visitor_id\`; then \`data: [DONE]\`.
\`: ping\` comment lines are heartbeats. A failure after the first chunk is one
\`data: {"error":{…}}\` event (\`OpenAiError\`, which the SDKs raise), and nothing follows.`;

/** The OpenAI-compatible routes (`/v1`), as the document publishes them. */
export const OPENAI_ROUTE_DOCS: readonly RouteDoc[] = [
  {
    method: 'get',
    path: '/v1/models',
    operationId: 'listModels',
    summary: 'The organization’s agents as OpenAI models (the model id is the agent id)',
    tag: 'OpenAI-compatible',
    errorBody: openAiErrorSchema,
    responses: { 200: modelListSchema },
    errors: [[401, 'invalid_api_key: the API key is missing or unknown']],
  },
  {
    method: 'get',
    path: '/v1/models/{id}',
    operationId: 'getModel',
    summary: 'One agent as an OpenAI model',
    tag: 'OpenAI-compatible',
    errorBody: openAiErrorSchema,
    responses: { 200: modelSchema },
    errors: [
      [401, 'invalid_api_key: the API key is missing or unknown'],
      [404, 'model_not_found: no such agent in the organization'],
    ],
  },
  {
    method: 'post',
    path: '/v1/chat/completions',
    operationId: 'createChatCompletion',
    summary: 'OpenAI-compatible chat completion, answered by the agent named by `model`',
    description:
      'The last `user` message is the question, earlier messages its history; each call is ' +
      'a conversation of its own for the visitor `user`. Besides OpenAI’s fields, answers ' +
      'carry `sources`, `conversation_id` and `visitor_id`.',
    tag: 'OpenAI-compatible',
    body: chatCompletionRequestSchema,
    errorBody: openAiErrorSchema,
    responses: {
      200: {
        description: 'A `chat.completion`, or a stream of chunks with `stream: true`.',
        json: chatCompletionSchema,
        text: { 'text/event-stream': chatStreamDescription },
      },
    },
    errors: [
      [400, 'invalid_request_error: the body is invalid (`param` names the field)'],
      [401, 'invalid_api_key: the API key is missing or unknown'],
      [404, 'model_not_found: no such agent in the organization'],
      [413, 'invalid_request_error: the body is larger than the service accepts'],
      [429, 'insufficient_quota: the organization’s query quota for the period is used up'],
      [500, 'server_error: the service failed to answer'],
      [502, 'server_error (`upstream_error`, `upstream_auth`): the model provider failed'],
      [504, 'server_error (`upstream_timeout`): the model provider did not answer in time'],
    ],
  },
];
