/** One media range of an `Accept` header: its type, quality and place in the list. */
interface MediaRange {
  type: string;
  quality: number;
  index: number;
}

function mediaRanges(accept: string): MediaRange[] {
  return accept.split(',').map((range, index) => {
    const [type = '', ...parameters] = range.split(';').map((part) => part.trim().toLowerCase());
    const q = parameters.find((parameter) => parameter.startsWith('q='));
    const quality = q === undefined ? 1 : Number(q.slice(2));
    return { type, quality: Number.isFinite(quality) ? quality : 0, index };
  });
}

/**
 * Whether a Streamable HTTP client prefers its answer as an event stream: MCP clients
 * must accept both `application/json` and `text/event-stream`, and the one with the
 * higher quality wins, or, at equal quality, the one listed first. The official SDK
 * sends `application/json, text/event-stream`: one JSON body, the simplest to relay and
 * to cache nothing of; a client that lists `text/event-stream` first gets the stream.
 *
 * @example
 * prefersEventStream('application/json, text/event-stream'); // false
 * prefersEventStream('text/event-stream, application/json'); // true
 */
export function prefersEventStream(accept: string | undefined): boolean {
  if (accept === undefined) return false;
  const ranges = mediaRanges(accept);
  const json = ranges.find((range) => range.type === 'application/json');
  const stream = ranges.find((range) => range.type === 'text/event-stream');
  if (!stream) return false;
  if (!json) return true;
  return (
    stream.quality > json.quality || (stream.quality === json.quality && stream.index < json.index)
  );
}
