import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import type { LabelledGaps } from '../testing/clustering-measures.js';
import { groupGaps } from './group-gaps.js';
import { assignTopicIds, derivedTopicId, type KnownTopic } from './topic-ids.js';

const labelled = JSON.parse(
  readFileSync(new URL('../../../../eval/gaps/topics.json', import.meta.url), 'utf8'),
) as LabelledGaps;

const signature = (entries: Record<string, number>) => {
  const norm = Math.sqrt(Object.values(entries).reduce((sum, value) => sum + value * value, 0));
  return new Map(Object.entries(entries).map(([term, value]) => [term, value / norm]));
};

describe('assignTopicIds', () => {
  const known: KnownTopic[] = [
    { id: 'sso', signature: signature({ sso: 3, saml: 2 }), messageIds: ['m1', 'm2', 'm3'] },
    { id: 'refund', signature: signature({ refund: 3 }), messageIds: ['m4', 'm5'] },
  ];

  it('keeps the id of the known topic holding most of the same gaps, once each', () => {
    const ids = assignTopicIds(
      'a1',
      [
        // The SSO topic lost m1 to the window and gained m9; its label terms changed.
        { signature: signature({ okta: 3, sso: 1 }), messageIds: ['m9', 'm3', 'm2'] },
        // A split: this part holds one of its gaps only, and resembles it less.
        { signature: signature({ saml: 1 }), messageIds: ['m10', 'm1'] },
        { signature: signature({ refund: 2, money: 1 }), messageIds: ['m11'] },
      ],
      known,
    );
    expect(ids[0]).toBe('sso');
    expect(ids[1]).toMatch(/^t[0-9a-f]{16}$/);
    // No gap in common: the signature tells it is the refund topic asked again.
    expect(ids[2]).toBe('refund');
  });

  it('derives a new topic id from its core terms and agent, and never reuses a known one', () => {
    const fresh = {
      signature: signature({ invoice: 3, vat: 2, pdf: 1, copy: 0.5 }),
      messageIds: [],
    };
    const [id] = assignTopicIds('a1', [fresh], []);
    expect(id).toBe(derivedTopicId('a1', fresh.signature));
    expect(assignTopicIds('a1', [fresh], [])).toEqual([id]);
    expect(assignTopicIds('a2', [fresh], [])[0]).not.toBe(id);
    // The same core terms in another order of weight: the same id.
    expect(derivedTopicId('a1', signature({ pdf: 3, vat: 2, invoice: 1.5 }))).toBe(id);
    // Taken by a known topic it does not resemble: salted.
    const taken = assignTopicIds(
      'a1',
      [fresh],
      [{ id: id as string, signature: signature({ unrelated: 1 }), messageIds: [] }],
    );
    expect(taken[0]).not.toBe(id);
  });
});

/** Two periods of the labelled set: the questions each keeps, and their topics. */
function periods(inFirst: (index: number, size: number) => boolean, inSecond: typeof inFirst) {
  const period = (keep: typeof inFirst) => {
    const questions: string[] = [];
    const truth: string[] = [];
    for (const topic of labelled.topics) {
      topic.questions.forEach((question, index) => {
        if (!keep(index, topic.questions.length)) return;
        questions.push(question);
        truth.push(topic.id);
      });
    }
    return { questions, truth };
  };
  return [period(inFirst), period(inSecond)] as const;
}

/** Groups a period and gives ids (questions stand for their gaps' message ids). */
function grouped(questions: readonly string[], known: KnownTopic[]) {
  const groups = groupGaps(questions);
  const traits = groups.map((group) => ({
    signature: group.signature,
    messageIds: group.members.map((member) => questions[member] as string),
  }));
  const ids = assignTopicIds('agent', traits, known);
  return traits.map((trait, index) => ({ id: ids[index] as string, ...trait }));
}

/** For each labelled topic, the id of the topic holding most of its questions. */
function mainIds(topics: readonly KnownTopic[], truth: ReadonlyMap<string, string>) {
  const counts = new Map<string, Map<string, number>>();
  for (const topic of topics) {
    for (const question of topic.messageIds) {
      const label = truth.get(question) as string;
      const byId = counts.get(label) ?? new Map<string, number>();
      byId.set(topic.id, (byId.get(topic.id) ?? 0) + 1);
      counts.set(label, byId);
    }
  }
  return new Map(
    [...counts].map(([label, byId]) => [label, [...byId].sort((x, y) => y[1] - x[1])[0]?.[0]]),
  );
}

describe('topic ids on the labelled set (eval/gaps/, 246 questions in 28 topics)', () => {
  const truth = new Map(
    labelled.topics.flatMap((topic) => topic.questions.map((question) => [question, topic.id])),
  );

  it('are the same when the same gaps are grouped again', () => {
    const first = grouped(
      labelled.topics.flatMap((topic) => topic.questions),
      [],
    );
    const again = grouped(
      labelled.topics.flatMap((topic) => topic.questions),
      first,
    );
    expect(again.map((topic) => topic.id)).toEqual(first.map((topic) => topic.id));
  });

  it('stay as gaps arrive and the oldest age out (windows sharing half their gaps)', () => {
    const [before, after] = periods(
      (index, size) => index < (size * 3) / 4,
      (index, size) => index >= size / 4,
    );
    const first = grouped(before.questions, []);
    const second = grouped(after.questions, first);
    // Each topic of 2+ questions seen again: the topic now holding most of its remaining
    // questions carries its id (unless a merge gave another of them the id).
    const ids = new Map(
      second.flatMap((topic) => topic.messageIds.map((question) => [question, topic.id])),
    );
    let seen = 0;
    let kept = 0;
    for (const topic of first) {
      const remaining = topic.messageIds.filter((question) => ids.has(question));
      if (topic.messageIds.length < 2 || remaining.length === 0) continue;
      const holders = new Map<string, number>();
      for (const question of remaining) {
        const id = ids.get(question) as string;
        holders.set(id, (holders.get(id) ?? 0) + 1);
      }
      seen++;
      if ([...holders].sort((x, y) => y[1] - x[1])[0]?.[0] === topic.id) kept++;
    }
    // 38 of 42 measured: the others split or merged with a neighbour in the new window.
    expect(kept / seen).toBeGreaterThanOrEqual(0.85);
  });

  it('mostly stay across disjoint periods (other questions of the same topics)', () => {
    const [before, after] = periods(
      (index, size) => index < size / 2,
      (index, size) => index >= size / 2,
    );
    const first = mainIds(grouped(before.questions, []), truth);
    const second = mainIds(grouped(after.questions, grouped(before.questions, [])), truth);
    let kept = 0;
    for (const [label, id] of first) if (second.get(label) === id) kept++;
    // 11 of 28 measured (the old ids, an earliest gap's message id, kept none); small topics
    // (~4 questions a period) are grouped differently, and near misses share their terms.
    expect(kept).toBeGreaterThanOrEqual(10);
  });
});
