/**
 * The options of request limits and timeouts: streams per visitor, query and body sizes,
 * upload size, how long a body may take, heartbeats, the upstream's first-byte and idle
 * timeouts, and the shutdown grace.
 */
import { LIMITS } from '@agent-chat/protocol';
import { wholeNumberOption } from '@agent-chat/protocol/options';

/**
 * Request limits and timeouts: spread into `bffOptionFields` in this order, which is
 * the order of `--help` and of the README table.
 */
export const limitOptionFields = {
  /** Concurrent streams one visitor may hold. Env `MAX_STREAMS_PER_VISITOR`. Default 3. */
  maxStreamsPerVisitor: wholeNumberOption(3, {
    env: 'MAX_STREAMS_PER_VISITOR',
    description: 'Concurrent streams one visitor may hold.',
  }),
  /** Longest query in characters. Env `MAX_QUERY_LENGTH`. Default 4 000. */
  maxQueryLength: wholeNumberOption(4_000, {
    env: 'MAX_QUERY_LENGTH',
    description: 'Longest query, characters.',
  }),
  /** Largest public request body in bytes. Env `MAX_BODY_BYTES`. Default 16 384. */
  maxBodyBytes: wholeNumberOption(16_384, {
    env: 'MAX_BODY_BYTES',
    description: 'Largest public request body, bytes (413 beyond).',
  }),
  /** Longest time a request body may take to arrive, ms. Env `BODY_TIMEOUT_MS`. Default 10 000. */
  bodyTimeoutMs: wholeNumberOption(10_000, {
    env: 'BODY_TIMEOUT_MS',
    description:
      'Longest time a request body (public or admin) may take to arrive, ms: 408 and the connection closed after.',
  }),
  /** Largest file uploaded through the admin relay (`POST /api/datasources`, multipart), bytes. Env `UPLOAD_LIMIT_BYTES`. Default 25 MiB. */
  uploadLimitBytes: wholeNumberOption(LIMITS.uploadBytes.max, {
    env: 'UPLOAD_LIMIT_BYTES',
    description:
      'Largest file uploaded through the admin relay, bytes (413 beyond; a declared length is refused before anything is relayed, a streamed upload is cut off).',
  }),
  /** Heartbeat comment interval on streams, ms. Env `HEARTBEAT_MS`. Default 15 000. */
  heartbeatMs: wholeNumberOption(15_000, {
    env: 'HEARTBEAT_MS',
    description: 'Interval of `: ping` comments on quiet streams, ms.',
  }),
  /** Time allowed for the upstream's response headers / first event, ms. Env `FIRST_BYTE_TIMEOUT_MS`. Default 30 000. */
  firstByteTimeoutMs: wholeNumberOption(30_000, {
    env: 'FIRST_BYTE_TIMEOUT_MS',
    description: "Time the upstream has to answer, ms (also the admin relay's timeout).",
  }),
  /** Longest silence allowed inside an upstream stream, ms. Env `IDLE_TIMEOUT_MS`. Default 60 000. */
  idleTimeoutMs: wholeNumberOption(60_000, {
    env: 'IDLE_TIMEOUT_MS',
    description: 'Longest silence inside an upstream stream, ms.',
  }),
  /** How long open streams may finish during shutdown, ms. Env `SHUTDOWN_GRACE_MS`. Default 10 000. */
  shutdownGraceMs: wholeNumberOption(10_000, {
    env: 'SHUTDOWN_GRACE_MS',
    description: 'Time open streams get to finish on shutdown, ms.',
  }),
};
