/** How the fake upstream's answer fragments read. */
export type AnswerStyle = 'plain' | 'markdown';

const words = [
  'agent',
  'relay',
  'stream',
  'fragment',
  'budget',
  'widget',
  'latency',
  'socket',
  'visitor',
  'answer',
  'source',
  'token',
];

function word(index: number): string {
  return words[index % words.length]!;
}

/**
 * The `index`-th of `count` fragments of an answer, shaped like model output (one word
 * per fragment, with its leading space). `markdown` mixes headings, emphasis, inline code,
 * links, lists and fenced code blocks, so a renderer has real work to do on every fragment.
 */
export function answerFragment(style: AnswerStyle, index: number, count: number): string {
  if (style === 'plain') return index === 0 ? word(0) : ` ${word(index)}`;
  const last = index === count - 1;
  const position = index % 60;
  let fragment: string;
  if (position === 0) fragment = `${index === 0 ? '' : '\n\n'}## Part ${index / 60 + 1}\n\n`;
  else if (position === 10) fragment = ' **bold';
  else if (position === 11) fragment = ' words**';
  else if (position === 18) fragment = ' `inline()`';
  else if (position === 24) fragment = ' [a link](https://example.com/docs)';
  else if (position === 30) fragment = '\n\n- first item';
  else if (position === 33) fragment = '\n- second *item*';
  else if (position === 36) fragment = '\n- third item\n\n';
  else if (position === 44) fragment = '\n\n```ts\nconst answer = stream();';
  else if (position === 47) fragment = '\n```\n\n';
  else fragment = ` ${word(index)}`;
  return last ? `${fragment}.` : fragment;
}

/** The whole answer, as the concatenation of its `count` fragments. */
export function answerText(style: AnswerStyle, count: number): string {
  let text = '';
  for (let index = 0; index < count; index += 1) text += answerFragment(style, index, count);
  return text;
}
