/**
 * @agent-chat/agent-service/testing — helpers for tests of this and other packages
 * (resolved from source only; not part of the built package).
 *
 * @example
 * const service = await startAgentService({ port: 0, database: await createTestDatabase() });
 */
export { type ApiCall, createApiClient } from './api-client.js';
export { type CapturedCliIo, captureCliIo } from './captured-cli-io.js';
export {
  type ChangingPage,
  type ChangingSite,
  type SiteRequest,
  startChangingSite,
} from './changing-site.js';
export {
  type BuildDocxOptions,
  buildDocx,
  buildEncryptedDocx,
  type DocxBlock,
} from './docx-fixture.js';
export {
  type EmbeddingsRequest,
  type EmbeddingsTestServer,
  type EmbeddingsTestServerOptions,
  fakeEmbedding,
  startEmbeddingsTestServer,
} from './embeddings-test-server.js';
export {
  docusaurusPage,
  GENERATOR_PAGES,
  type GeneratorPage,
  type GeneratorSection,
  headerlink,
  sphinxApiReferenceHtml,
  sphinxCustomThemeHtml,
} from './generator-pages/index.js';
export {
  type SampleHtmlPage,
  type SampleHtmlPageOptions,
  sampleHtmlPage,
} from './html-fixture.js';
export { type IndexedDocuments, startWithDocuments } from './indexed-documents.js';
export { type LoopbackSite, startLoopbackSite } from './loopback-site.js';
export { markdownInMain } from './main-markdown.js';
export { connectMcpClient, MCP_INITIALIZE_REQUEST, type McpClientOptions } from './mcp-client.js';
export { nextServerRequest, type ServerExchange } from './next-server-request.js';
export {
  type OpenAiTestReply,
  type OpenAiTestServer,
  type RecordedRequest,
  startOpenAiTestServer,
} from './openai-test-server.js';
export { type BuildPdfOptions, buildPdf } from './pdf-fixture.js';
export { replaceChunks } from './replace-chunks.js';
export { type ServedAnswer, type ServedPages, startWithPages } from './served-pages.js';
export { type SlackCall, type SlackTestServer, startSlackTestServer } from './slack-test-server.js';
export {
  type ReceivedMail,
  type SmtpTestServer,
  startSmtpTestServer,
} from './smtp-test-server.js';
export { createTestDatabase } from './test-database.js';
export { findTestPostgres } from './test-postgres.js';
export {
  type ReceivedWebhook,
  startWebhookReceiver,
  type WebhookReceiver,
} from './webhook-receiver.js';
