import type { RequestListener } from 'node:http';
import express from 'express';
import proxyaddr from 'proxy-addr';
import { type BffRouter, createBff } from './create-bff.js';
import { notFound } from './http/index.js';
import { type BffOptions, resolveServerOptions, type ServerOptions } from './options/index.js';

/**
 * Options of {@link createStandaloneBff}: the BFF's, plus Express's `trust proxy` setting
 * (`true`, a hop count, or addresses/subnets; env `TRUST_PROXY`; default `false`). Set it
 * behind a load balancer, or rate limits see one IP.
 */
export type StandaloneBffOptions = BffOptions & Pick<ServerOptions, 'trustProxy'>;

/** The standalone BFF, ready to be served by a Node `http` server. */
export interface StandaloneBff {
  /** Serves every request: the public query route in plain Node, the rest through Express. */
  listener: RequestListener;
  bff: BffRouter;
  /** From now on, answers tell keep-alive clients to reconnect elsewhere (`Connection: close`). */
  startClosing(): void;
}

/**
 * The request handling of the standalone BFF (`agent-chat-bff`, `startBff`), without the
 * socket: an Express app with `x-powered-by` off, `trust proxy` as configured,
 * {@link createBff} mounted at `/` and a JSON 404 for everything else, behind
 * {@link BffRouter.requestListener} so the public query route is served without Express's
 * per-request cost.
 */
export function createStandaloneBff(options: StandaloneBffOptions): StandaloneBff {
  const { trustProxy, ...bffOptions } = options;
  const server = resolveServerOptions({ trustProxy });
  const bff = createBff(bffOptions);
  const app = express();
  app.disable('x-powered-by');
  app.set('trust proxy', server.trustProxy);
  app.use('/', bff);
  app.use(notFound);
  const trust = app.get('trust proxy fn') as Parameters<typeof proxyaddr>[1];
  const serve = bff.requestListener(app as unknown as RequestListener, {
    clientIp: (req) => proxyaddr(req, trust),
  });
  let closing = false;
  return {
    bff,
    listener(req, res) {
      if (closing) res.setHeader('Connection', 'close');
      serve(req, res);
    },
    startClosing() {
      closing = true;
    },
  };
}
