import { describe, expect, it, vi } from 'vitest';
import { createServiceClient } from './service-client.js';

const ok = () => new Response('{"status":"synched"}', { status: 200 });

describe('createServiceClient', () => {
  it('sends a GET that failed before any response once more, and nothing else', async () => {
    const fetchOnce = vi
      .fn<typeof fetch>()
      .mockRejectedValueOnce(new TypeError('fetch failed'))
      .mockResolvedValue(ok());
    const client = createServiceClient('http://127.0.0.1:1', 'key', fetchOnce);
    expect(await client.request('GET', '/api/datasources/d1')).toEqual({ status: 'synched' });
    expect(fetchOnce).toHaveBeenCalledTimes(2);

    const failing = vi.fn<typeof fetch>().mockRejectedValue(new TypeError('fetch failed'));
    const other = createServiceClient('http://127.0.0.1:1', 'key', failing);
    await expect(other.request('POST', '/api/datasources', {})).rejects.toThrow(
      /Could not reach the agent service at http:\/\/127\.0\.0\.1:1 \(fetch failed\)/,
    );
    expect(failing).toHaveBeenCalledTimes(1);
    await expect(other.request('GET', '/api/datasources/d1')).rejects.toThrow(/fetch failed/);
    expect(failing).toHaveBeenCalledTimes(3);
  });
});
