/** A deterministic pseudo-random generator (LCG), so every run adds the same distractors. */
function createRandom(seed: number): () => number {
  let state = seed >>> 0;
  return () => {
    state = (Math.imul(state, 1_664_525) + 1_013_904_223) >>> 0;
    return state / 2 ** 32;
  };
}

/** Sections per distractor document; each section is one chunk. */
export const SECTIONS_PER_DISTRACTOR = 10;

/**
 * Makes distractor documents whose words are drawn from the evaluation set's own word
 * frequencies (so a question's words occur in distractors about as often as in real
 * text, and their document frequencies grow with the corpus), each of
 * {@link SECTIONS_PER_DISTRACTOR} headed sections of ~600 characters.
 */
export function createDistractorFactory(corpus: readonly string[], seed = 18) {
  const words = corpus.flatMap((text) => text.match(/[\p{L}\p{N}]+(?:['’][\p{L}]+)?/gu) ?? []);
  if (words.length === 0)
    throw new Error('The evaluation set has no words to make distractors of.');
  const random = createRandom(seed);
  const pick = () => words[Math.floor(random() * words.length)] as string;
  const sentence = () => {
    const text = Array.from({ length: 8 + Math.floor(random() * 12) }, pick).join(' ');
    return `${text.charAt(0).toUpperCase()}${text.slice(1)}.`;
  };
  return (index: number): { name: string; text: string } => {
    const sections = [`# Distractor ${index}`];
    for (let section = 0; section < SECTIONS_PER_DISTRACTOR; section += 1) {
      let paragraph = '';
      while (paragraph.length < 600) paragraph += `${sentence()} `;
      sections.push(`## ${pick()} ${pick()}\n\n${paragraph.trim()}`);
    }
    return { name: `distractor-${index}`, text: sections.join('\n\n') };
  };
}

/** Most characters of a same-sentence distractor section (one chunk). */
const MAX_SENTENCE_SECTION = 1_150;

/**
 * Makes the hard distractors: sections of 3–7 sentences drawn at random (seeded) from the
 * evaluation set's own paragraphs, at most 1,150 characters each, so that thousands of
 * chunks hold a question's words, and often its very sentence, without being its
 * paragraph. Each document has {@link SECTIONS_PER_DISTRACTOR} headed sections.
 */
export function createSentenceDistractorFactory(corpus: readonly string[], seed = 32) {
  const sentences = corpus.flatMap((text) =>
    text
      .split(/(?<=[.!?])\s+(?=[\p{Lu}\p{N}"“'(])/u)
      .map((sentence) => sentence.trim())
      .filter((sentence) => sentence.length > 0 && sentence.length <= MAX_SENTENCE_SECTION),
  );
  if (sentences.length === 0)
    throw new Error('The evaluation set has no sentences to make distractors of.');
  const random = createRandom(seed);
  const pick = () => sentences[Math.floor(random() * sentences.length)] as string;
  const section = () => {
    const count = 3 + Math.floor(random() * 5);
    let text = pick();
    for (let index = 1; index < count; index += 1) {
      const next = pick();
      if (text.length + 1 + next.length > MAX_SENTENCE_SECTION) break;
      text += ` ${next}`;
    }
    return text;
  };
  const word = () => {
    const words = pick().match(/[\p{L}\p{N}]+/gu) ?? ['Section'];
    return words[Math.floor(random() * words.length)] as string;
  };
  return (index: number): { name: string; text: string } => {
    const sections = [`# Hard distractor ${index}`];
    for (let count = 0; count < SECTIONS_PER_DISTRACTOR; count += 1) {
      sections.push(`## ${word()} ${word()}\n\n${section()}`);
    }
    return { name: `hard-distractor-${index}`, text: sections.join('\n\n') };
  };
}
