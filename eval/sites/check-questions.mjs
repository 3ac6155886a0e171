#!/usr/bin/env node
// Checks a package set's questions.json against the pages its serve-site.mjs serves (any set built
// on package-site.mjs):
//   - every answerable question's page is a documentation page of the site (in its sitemap), its
//     heading id is on that page, and each key phrase occurs in that id's section (compared with
//     normText(): case, whitespace, markup ignored; see package-site.mjs for what a section is);
//   - 1-3 phrases per question, 1-8 words each; a one-word phrase must be a code identifier or value
//     (a digit, punctuation, an inner capital or two capitals), not a plain English word; no phrase
//     appears verbatim in its question;
//   - unanswerable questions have page null, heading null and no phrases; ids are unique;
//   - no boilerplate marker (BOILERPLATE_MARKERS) occurs in any page's content.
// Reported, not errors: questions whose key phrases all occur on another page too ("ambiguous"),
// phrases found on other pages ("shared"), questions that copy 6+ consecutive words from their
// section ("wording"), and "deep" flags that disagree with the measured position of the answer.
// Exit 0 when there is no problem.
//
//   node eval/sites/check-questions.mjs eval/sites/<set> [--show] [--quiet]
//     --show   prints the section text around each phrase
//     --quiet  no shared/wording/deep notes (problems and ambiguous questions only)
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { comparablePath, normText } from './package-site.mjs';

const folder = process.argv.slice(2).find((arg) => !arg.startsWith('--'));
if (!folder) {
  console.error('usage: node eval/sites/check-questions.mjs <set folder> [--show] [--quiet]');
  process.exit(2);
}
const setModule = await import(pathToFileURL(path.resolve(folder, 'serve-site.mjs')).href);
const { questions } = JSON.parse(readFileSync(path.resolve(folder, 'questions.json'), 'utf8'));
const { pages } = setModule.buildSite();
const markers = setModule.BOILERPLATE_MARKERS ?? [];
const byPath = new Map(pages.map((page) => [comparablePath(page.path), page]));
const normalized = new Map(pages.map((page) => [page.path, normText(page.text)]));

const LONG_PAGE = 5000; // characters of page text
const DEEP_FROM = 0.5; // the answer's section starts in the second half of the page

const problems = [];
const notes = { ambiguous: [], shared: [], wording: [], deep: [] };
const ids = new Set();
const isIdentifier = (word) =>
  /[0-9_.\-=/()@:$[\]{}'"<>*%\\]/.test(word) ||
  /[a-z][A-Z]/.test(word) ||
  /[A-Z].*[A-Z]/.test(word);
const words = (text) => normText(text).split(' ').filter(Boolean);

function longestSharedRun(left, right) {
  const x = words(left);
  const y = ` ${words(right).join(' ')} `;
  let best = '';
  for (let i = 0; i < x.length; i++) {
    for (let j = i + best.split(' ').filter(Boolean).length + 1; j <= x.length; j++) {
      const run = x.slice(i, j).join(' ');
      if (!y.includes(` ${run} `)) break;
      best = run;
    }
  }
  return best;
}

for (const question of questions) {
  const where = `question ${question.id ?? '?'}`;
  if (!question.id || ids.has(question.id)) problems.push(`${where}: missing or duplicate id`);
  ids.add(question.id);
  if (typeof question.question !== 'string' || question.question.length < 10) {
    problems.push(`${where}: no question text`);
  }
  if (question.page === null) {
    if (question.heading != null || (question.phrases ?? []).length) {
      problems.push(`${where}: an unanswerable question needs heading null and no phrases`);
    }
    continue;
  }
  const page = byPath.get(comparablePath(question.page));
  if (!page) {
    problems.push(`${where}: page ${question.page} is not a documentation page of the site`);
    continue;
  }
  const section = page.sectionFor(question.heading);
  if (!section) problems.push(`${where}: id #${question.heading} is not on ${question.page}`);
  if (
    !Array.isArray(question.phrases) ||
    question.phrases.length < 1 ||
    question.phrases.length > 3
  ) {
    problems.push(`${where}: needs 1-3 key phrases`);
  }
  const asked = normText(question.question);
  const sectionText = normText(section?.text ?? '');
  for (const phrase of question.phrases ?? []) {
    const normalizedPhrase = normText(phrase);
    const count = words(phrase).length;
    if (count > 8) problems.push(`${where}: "${phrase}" has ${count} words (at most 8)`);
    if (count === 1 && !isIdentifier(phrase.trim())) {
      problems.push(
        `${where}: "${phrase}" is a single plain word (use 2-8 words or a code identifier)`,
      );
    }
    if (section && !sectionText.includes(normalizedPhrase)) {
      problems.push(
        `${where}: "${phrase}" is not in the section #${question.heading} of ${question.page}`,
      );
    }
    if (asked.includes(normalizedPhrase))
      problems.push(`${where}: the question contains its key phrase "${phrase}"`);
    const elsewhere = pages
      .filter((other) => other !== page && normalized.get(other.path).includes(normalizedPhrase))
      .map((other) => other.path);
    if (elsewhere.length) {
      notes.shared.push(
        `${question.id} "${phrase}" also on ${elsewhere.length} page(s): ${elsewhere.slice(0, 4).join(' ')}${elsewhere.length > 4 ? ' …' : ''}`,
      );
    }
  }
  const all = (question.phrases ?? []).map(normText);
  const alsoIn = pages
    .filter(
      (other) =>
        other !== page &&
        all.length &&
        all.every((phrase) => normalized.get(other.path).includes(phrase)),
    )
    .map((other) => other.path);
  if (alsoIn.length)
    notes.ambiguous.push(`${question.id}: all key phrases also on ${alsoIn.slice(0, 6).join(' ')}`);
  if (section) {
    const run = longestSharedRun(question.question, section.text);
    if (run.split(' ').length >= 6)
      notes.wording.push(`${question.id}: question shares "${run}" with its section`);
    const pageText = normalized.get(page.path);
    const at = pageText.indexOf(sectionText.slice(0, 60));
    const deep = page.text.length >= LONG_PAGE && at / pageText.length >= DEEP_FROM;
    if (Boolean(question.deep) !== deep) {
      notes.deep.push(
        `${question.id}: deep is ${Boolean(question.deep)}, measured ${deep} (page ${page.text.length} chars, section at ${Math.round((100 * at) / pageText.length)}%)`,
      );
    }
  }
}

for (const marker of markers) {
  const hit = pages.find((page) => normalized.get(page.path).includes(normText(marker.text)));
  if (hit)
    problems.push(
      `boilerplate marker "${marker.text}" (${marker.where}) occurs in the content of ${hit.path}`,
    );
}

const answerable = questions.filter((question) => question.page !== null);
const kinds = new Map();
for (const question of questions)
  kinds.set(question.kind ?? '?', (kinds.get(question.kind ?? '?') ?? 0) + 1);
const deepCount = answerable.filter((question) => question.deep).length;

if (process.argv.includes('--show')) {
  for (const question of answerable) {
    const page = byPath.get(comparablePath(question.page));
    const text = normText(page?.sectionFor(question.heading)?.text ?? '');
    console.log(`\n${question.id} ${question.page}#${question.heading}: ${question.question}`);
    for (const phrase of question.phrases) {
      const at = text.indexOf(normText(phrase));
      console.log(
        `   "${phrase}": ${at === -1 ? 'NOT FOUND' : `…${text.slice(Math.max(0, at - 80), at + phrase.length + 80)}…`}`,
      );
    }
  }
  console.log('');
}

const quiet = process.argv.includes('--quiet');
console.log(`site: ${pages.length} pages`);
console.log(
  `${questions.length} questions: ${answerable.length} answerable over ${new Set(answerable.map((question) => comparablePath(question.page))).size} pages, ${questions.length - answerable.length} unanswerable`,
);
console.log(`by kind: ${[...kinds].map(([kind, count]) => `${kind} ${count}`).join(', ')}`);
console.log(
  `deep (answer in the second half of a page with ${LONG_PAGE}+ characters): ${deepCount} (${Math.round((100 * deepCount) / Math.max(1, answerable.length))}%)`,
);
if (!quiet) {
  for (const line of notes.shared) console.log(`shared ${line}`);
  for (const line of notes.wording) console.log(`wording ${line}`);
  for (const line of notes.deep) console.log(`deep-flag ${line}`);
}
for (const line of notes.ambiguous) console.log(`AMBIGUOUS ${line}`);
for (const problem of problems) console.log(`PROBLEM ${problem}`);
console.log(
  `${problems.length} problem(s), ${notes.ambiguous.length} ambiguous question(s), ${notes.shared.length} shared phrase(s), ${notes.wording.length} wording overlap(s), ${notes.deep.length} deep-flag mismatch(es)`,
);
process.exit(problems.length ? 1 : 0);
