/**
 * The HTTP edge of the BFF, shared by every route: the request context (id, timing, the
 * one log line and metric per response), CORS and the server-side Origin check, security
 * headers, the public route's JSON body reader, and JSON errors.
 */
export {
  type AllowedOrigins,
  createCors,
  createOriginCheck,
  normalizeOrigin,
  type OriginCheck,
} from './cors.js';
export { createDefaultLogger } from './default-logger.js';
export { notFound } from './not-found.js';
export { type JsonBodyResult, readJsonBody } from './read-json-body.js';
export {
  createRequestContext,
  localsOf,
  requestStartedAt,
} from './request-context.js';
export { createResponseLogger, requestIdOf } from './request-logging.js';
export {
  createSecurityHeaders,
  type SecurityHeaders,
  securityHeadersMiddleware,
} from './security-headers.js';
export { sendError } from './send-error.js';
export { createUnexpectedErrorHandler, type UnexpectedErrorHandler } from './unexpected-error.js';
