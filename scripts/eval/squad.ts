import { readFile } from 'node:fs/promises';

/** One question of a SQuAD-format file, with the paragraph it was written on. */
export interface EvalQuestion {
  id: string;
  question: string;
  /** Index of its paragraph in {@link EvalSet.paragraphs}. */
  paragraph: number;
  /** Index of its article in the file (`data[]`): questions of one article share a topic. */
  article: number;
  /** Gold answer texts (any of them counts). */
  answers: string[];
}

/** A SQuAD-format file flattened: every paragraph becomes one document. */
export interface EvalSet {
  paragraphs: { title: string; context: string }[];
  questions: EvalQuestion[];
}

interface SquadFile {
  data?: {
    title?: string;
    paragraphs?: {
      context?: string;
      qas?: { id?: string; question?: string; answers?: { text?: string }[] }[];
    }[];
  }[];
}

/**
 * Reads a SQuAD v1.1-format JSON file (`data[].title`, `data[].paragraphs[].context`,
 * `data[].paragraphs[].qas[].{id, question, answers[].text}`). Throws, naming the file,
 * when it is not one.
 */
export async function loadSquad(file: string): Promise<EvalSet> {
  let parsed: SquadFile;
  try {
    parsed = JSON.parse(await readFile(file, 'utf8')) as SquadFile;
  } catch (error) {
    throw new Error(`Could not read ${file} as JSON: ${(error as Error).message}`);
  }
  if (!Array.isArray(parsed.data)) {
    throw new Error(`${file} is not in SQuAD format: it has no "data" array.`);
  }
  const set: EvalSet = { paragraphs: [], questions: [] };
  for (const [articleIndex, article] of parsed.data.entries()) {
    const title = (article.title ?? 'Untitled').replaceAll('_', ' ');
    for (const paragraph of article.paragraphs ?? []) {
      if (typeof paragraph.context !== 'string' || paragraph.context.trim() === '') continue;
      const index = set.paragraphs.push({ title, context: paragraph.context }) - 1;
      for (const qa of paragraph.qas ?? []) {
        if (typeof qa.question !== 'string') continue;
        set.questions.push({
          id: qa.id ?? `${index}-${set.questions.length}`,
          question: qa.question,
          paragraph: index,
          article: articleIndex,
          answers: (qa.answers ?? []).flatMap((answer) => (answer.text ? [answer.text] : [])),
        });
      }
    }
  }
  if (set.questions.length === 0) throw new Error(`${file} holds no questions.`);
  return set;
}

/** SQuAD's answer normalisation: lower case, no punctuation, no articles, single spaces. */
export function normalizeAnswer(text: string): string {
  return text
    .toLowerCase()
    .replace(/[\p{P}\p{S}]/gu, ' ')
    .replace(/\b(a|an|the)\b/g, ' ')
    .replace(/\s+/g, ' ')
    .trim();
}

/** Whether one of the gold answers appears in `answer` (both normalised as SQuAD does). */
export function containsGoldAnswer(answer: string, gold: readonly string[]): boolean {
  const haystack = ` ${normalizeAnswer(answer)} `;
  return gold.some((text) => {
    const needle = normalizeAnswer(text);
    return needle !== '' && haystack.includes(` ${needle} `);
  });
}
