/**
 * Grouping a range's gaps into topics: the gaps and the agent's marks grouped together
 * (`groupGaps`), each topic given its stable id, its trend against the previous period,
 * and sorted into listed and hidden, largest first.
 */
import {
  GAP_TOPIC_LIMITS,
  type GapHiddenTopic,
  type GapTopic,
  type GapTopicTrend,
} from '@agent-chat/protocol';
import type { Queryable } from '../store/index.js';
import { type GapMark, listGapMarks } from './gap-marks.js';
import { readKnownTopics, rememberTopics } from './gap-topic-registry.js';
import { type GapGroup, groupGaps } from './group-gaps.js';
import { type Gap, type GapRange, readGaps } from './read-gaps.js';
import { assignTopicIds, REMEMBERED_GAPS, type TopicTraits } from './topic-ids.js';

/** A hidden topic as kept with its grouping: what the list shows, and the hides it carries. */
export interface HiddenGapTopic extends GapHiddenTopic {
  /** The `hidden` marks that hide it (its own, and its look-alikes'). */
  markIds: string[];
}

/** An agent's topics of a range, not paged: the listed ones and the hidden ones, largest first. */
export interface GroupedGapTopics {
  topics: GapTopic[];
  hiddenTopics: HiddenGapTopic[];
}

function trendOf(count: number, previousCount: number): GapTopicTrend {
  if (previousCount === 0) return 'new';
  return count > previousCount ? 'up' : count < previousCount ? 'down' : 'flat';
}

/** A group with gaps in the range, before it has an id. */
interface ListedGroup {
  group: GapGroup;
  own: Gap[];
  current: Gap[];
}

/**
 * Groups the gaps of a range with the agent's marks (their questions join the topics they
 * look like), gives each topic with gaps in the range its stable id (`assignTopicIds`
 * against the topics remembered, then remembered in turn), and sorts them out: hidden
 * (the latest mark a topic carries is a hide) or listed, largest first.
 */
export async function groupTopics(
  database: Queryable,
  organizationId: string,
  agentId: string,
  range: GapRange,
  now: number,
): Promise<GroupedGapTopics> {
  const gaps = await readGaps(database, organizationId, agentId, range);
  const marks = await listGapMarks(database, organizationId, agentId);
  // The marks' questions are grouped with the gaps: the topics they join carry the mark.
  const markOf: GapMark[] = [];
  for (const mark of marks) for (const _ of mark.questions) markOf.push(mark);
  const texts = [...gaps.map((gap) => gap.question), ...marks.flatMap((mark) => mark.questions)];
  const listed: ListedGroup[] = [];
  for (const group of groupGaps(texts)) {
    const own = group.members.filter((member) => member < gaps.length).map((m) => gaps[m] as Gap);
    const current = own.filter((gap) => gap.current);
    if (current.length > 0) listed.push({ group, own, current });
  }
  const lastSeen = (entry: ListedGroup) => (entry.current[0] as Gap).at;
  listed.sort(
    (x, y) =>
      y.current.length - x.current.length ||
      (lastSeen(x) < lastSeen(y) ? 1 : lastSeen(x) > lastSeen(y) ? -1 : 0) ||
      (x.group.members[0] ?? 0) - (y.group.members[0] ?? 0),
  );
  const traits = listed.map(({ group, own }) => ({
    signature: group.signature,
    messageIds: own.slice(0, REMEMBERED_GAPS).map((gap) => gap.messageId),
  }));
  const ids = assignTopicIds(
    agentId,
    traits,
    await readKnownTopics(database, organizationId, agentId),
  );
  const topics: GapTopic[] = [];
  const hiddenTopics: HiddenGapTopic[] = [];
  listed.forEach(({ group, own, current }, index) => {
    const id = ids[index] as string;
    // The marks it carries: those whose questions joined it, and those made on it by id.
    const carried = new Set<GapMark>(marks.filter((mark) => mark.topicId === id));
    for (const member of group.members) {
      const mark = markOf[member - gaps.length];
      if (mark) carried.add(mark);
    }
    let mark: GapMark | undefined;
    for (const candidate of carried) {
      if (mark === undefined || candidate.at >= mark.at) mark = candidate;
    }
    const first = own.reduce((earliest, gap) => (gap.at < earliest.at ? gap : earliest));
    const label = group.label.join(' · ');
    const typicalQuestion = texts[group.typical] ?? first.question;
    const count = current.length;
    if (mark?.kind === 'hidden') {
      hiddenTopics.push({
        id,
        label,
        typicalQuestion,
        count,
        hidden: { by: mark.by, at: mark.at },
        markIds: [...carried].filter((each) => each.kind === 'hidden').map((each) => each.id),
      });
      return;
    }
    const previousCount = own.length - count;
    topics.push({
      id,
      label,
      typicalQuestion,
      count,
      previousCount,
      trend: trendOf(count, previousCount),
      firstSeen: current.at(-1)?.at ?? first.at,
      lastSeen: current[0]?.at ?? first.at,
      answered:
        mark?.kind === 'answered' && mark.datasourceId !== null
          ? { by: mark.by, at: mark.at, datasourceId: mark.datasourceId }
          : null,
      questions: current.slice(0, GAP_TOPIC_LIMITS.questions).map((gap) => ({
        question: gap.question,
        conversationId: gap.conversationId,
        messageId: gap.messageId,
        at: gap.at,
        reason: gap.reason,
      })),
    });
  });
  await rememberTopics(
    database,
    organizationId,
    agentId,
    listed.map(({ group }, index) => ({
      id: ids[index] as string,
      label: group.label.join(' · '),
      ...(traits[index] as TopicTraits),
    })),
    new Date(now),
  );
  return { topics, hiddenTopics };
}
