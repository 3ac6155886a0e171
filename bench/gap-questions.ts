import { readFileSync } from 'node:fs';

/** The labelled content gaps of `eval/gaps/topics.json`. */
interface LabelledTopics {
  topics: { id: string; questions: string[] }[];
}

/** A small deterministic pseudo-random generator (mulberry32), so every run asks the same. */
function random(seed: number): () => number {
  let state = seed >>> 0;
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4_294_967_296;
  };
}

const PREFIXES = ['', '', '', 'hi, ', 'quick question: ', 'hello! ', 'please help: ', 'hey '];
const SUFFIXES = ['', '', '?', ' thanks', ' asap', ' in 2026', ' for my startup', ' again'];

/**
 * `count` content gaps as a busy site collects them: the labelled set's questions, asked
 * again and again by topic popularity (Zipf-like) with a greeting or a trailing word here and
 * there, and a fifth that are one of a kind (words of every topic shuffled, plus a made-up
 * name), the long tail a real list has.
 */
export function gapQuestions(count: number, seed = 53): string[] {
  const { topics } = JSON.parse(
    readFileSync(new URL('../eval/gaps/topics.json', import.meta.url), 'utf8'),
  ) as LabelledTopics;
  const next = random(seed);
  const pick = <T>(list: readonly T[]): T => list[Math.floor(next() * list.length)] as T;
  const words = topics.flatMap((topic) => topic.questions.join(' ').split(/\s+/));
  const weights = topics.map((_, rank) => 1 / (rank + 1));
  const total = weights.reduce((sum, weight) => sum + weight, 0);
  const questions: string[] = [];
  for (let index = 0; index < count; index++) {
    if (next() < 0.2) {
      const length = 3 + Math.floor(next() * 6);
      const made = Array.from({ length }, () => pick(words));
      made.push(`product${Math.floor(next() * 100_000)}`);
      questions.push(made.join(' '));
      continue;
    }
    let roll = next() * total;
    let topic = topics[0];
    for (const [rank, candidate] of topics.entries()) {
      roll -= weights[rank] as number;
      topic = candidate;
      if (roll <= 0) break;
    }
    questions.push(`${pick(PREFIXES)}${pick(topic?.questions ?? [])}${pick(SUFFIXES)}`);
  }
  return questions;
}
