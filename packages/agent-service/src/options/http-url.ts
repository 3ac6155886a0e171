import { z } from 'zod';

/**
 * An absolute http(s) URL option, e.g. `httpUrl('https://api.openai.com/v1')`; `required`
 * is the message when it is missing (inside a group: "is required with …").
 */
export function httpUrl(example: string, required = 'is required') {
  const message = `must be an http(s) URL like ${example}`;
  return z.string({ error: (issue) => (issue.input === undefined ? required : message) }).refine(
    (value) => {
      if (!URL.canParse(value)) return false;
      const { protocol } = new URL(value);
      return protocol === 'http:' || protocol === 'https:';
    },
    { error: message },
  );
}
