import type { ServerResponse } from 'node:http';

/**
 * The fault upstream's replies that are wrong in what they say rather than in how they
 * arrive: 4xx refusals of the visitor's input, and 200 answers that are not a query
 * response. Answers and returns true for those scenarios; false leaves the request to the
 * other scenarios. For tests only.
 */
export function answerBadly(
  scenario: string,
  res: ServerResponse,
  streaming: boolean,
  answerJson: string,
  crashBody: string,
): boolean {
  switch (scenario) {
    case 'reject':
      res.writeHead(400, { 'Content-Type': 'application/json' });
      res.end('{"error":{"code":"INVALID_REQUEST","message":"query at internal-secret-path"}}');
      return true;
    case 'unprocessable':
      res.writeHead(422, { 'Content-Type': 'text/plain' }).end(crashBody);
      return true;
    case 'html':
      if (streaming) return false;
      res.writeHead(200, { 'Content-Type': 'text/html' });
      res.end(`<html><body>${crashBody}</body></html>`);
      return true;
    case 'truncated':
      if (streaming) return false;
      res.writeHead(200, { 'Content-Type': 'application/json' });
      res.end(answerJson.slice(0, 30));
      return true;
    case 'wrongShape':
      if (streaming) return false;
      res.writeHead(200, { 'Content-Type': 'application/json' });
      res.end(JSON.stringify({ answer: 42, trace: crashBody }));
      return true;
    case 'oversized':
      if (streaming) return false;
      res.writeHead(200, { 'Content-Type': 'application/json' });
      res.end(JSON.stringify({ ...JSON.parse(answerJson), answer: 'x'.repeat(4 * 1024 * 1024) }));
      return true;
    default:
      return false;
  }
}
