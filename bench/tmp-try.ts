import autocannon from 'autocannon';
import { startChild } from './children.js';

const up = await startChild({ kind: 'upstream', options: { fragments: 20 } });
const pipe = await startChild({ kind: 'pipe-relay', options: { upstreamUrl: up.url } });
for (const [n, b] of [
  ['direct', up.url],
  ['pipe', pipe.url],
  ['pipe', pipe.url],
  ['direct', up.url],
] as const) {
  const r = await autocannon({
    url: `${b}/api/agents/a/query`,
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: '{"query":"q"}',
    connections: Number(process.env.C ?? 32),
    duration: 3,
  });
  console.log(n, r['2xx'] / r.duration, r.latency.p50, r.latency.p99, r.errors, r.non2xx);
}
await Promise.all([up.stop(), pipe.stop()]);
