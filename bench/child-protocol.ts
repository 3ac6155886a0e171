import type { FakeUpstreamOptions, FakeUpstreamStats } from './fake-upstream.js';

/** Options of the BFF under test (plain data, sent to its process). */
export interface BenchBffOptions {
  upstreamUrl: string;
  /** The upstream's Bearer token (default: the fake upstream's, which accepts any). */
  agentApiToken?: string;
  /** Log every request with pino at info level into /dev/null (the cost of logging, not the I/O of a terminal). */
  logRequests: boolean;
  /** Directory of the built widget, when the widget page is served through the BFF. */
  widgetDir?: string;
  /**
   * Mount `createBff()` in a site's own Express app instead of running the standalone
   * server (`createStandaloneBff`, as `agent-chat-bff` does). Default false.
   */
  mounted?: boolean;
}

/** Options of the pipe relay (plain data). */
export interface PipeRelayOptions {
  upstreamUrl: string;
  /**
   * Mount the same relay as the only middleware of a bare Express 5 app: what routing a
   * request through Express costs, before any BFF logic.
   */
  inExpress?: boolean;
}

/** Options of the widget page server (plain data). */
export interface WidgetPageOptions {
  /** Directory of the built widget (`widget.js`, `assets/…`). */
  widgetDir: string;
  /** The stream the page's agent answers with. */
  upstream: FakeUpstreamOptions;
}

/** What a bench child process serves, with its options. */
export type ChildSpec =
  | { kind: 'upstream'; options: FakeUpstreamOptions; keepAliveTimeoutMs?: number }
  | { kind: 'pipe-relay'; options: PipeRelayOptions }
  | { kind: 'bff'; options: BenchBffOptions }
  | { kind: 'widget-page'; options: WidgetPageOptions }
  | { kind: 'agent-service'; options?: { allowPrivateUrls?: boolean } };

/** Measurements a child reports on request. */
export interface ChildStats {
  rss: number;
  heapUsed: number;
  /** CPU time the process has used since it started (user + system), microseconds. */
  cpuMicros: number;
  /** Open TCP connections accepted by the child's server. */
  connections: number;
  /** TCP connections accepted since the server started. */
  connectionsAccepted: number;
  /** Present when the child is (or contains) a fake upstream. */
  upstream?: FakeUpstreamStats;
  /** Counters of the served application (e.g. the agent service's chunk count). */
  counters?: Record<string, number>;
}

/** Parent → child messages. */
export type ParentMessage =
  | { type: 'start'; spec: ChildSpec }
  | { type: 'stats'; id: number; gc: boolean }
  | { type: 'hold' }
  | { type: 'release' }
  | { type: 'task'; id: number; name: string; input?: unknown }
  | { type: 'stop' };

/** Child → parent messages. */
export type ChildMessage =
  | { type: 'ready'; url: string; info: Record<string, string> }
  | { type: 'failed'; message: string }
  | { type: 'stats'; id: number; stats: ChildStats }
  | { type: 'task'; id: number; result?: Record<string, number>; error?: string };
