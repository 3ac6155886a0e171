/**
 * One run of the content-gap grouping bench, in a process of its own (so the memory it adds
 * is its own): `node --expose-gc … bench/gap-topics-child.ts <count>` prints
 * `{"ms":…,"cpuMs":…,"extraBytes":…,"topics":…}`.
 */
import { groupGaps } from '@agent-chat/agent-service';
import { gapQuestions } from './gap-questions.js';

const count = Number(process.argv[2] ?? 10_000);
const questions = gapQuestions(count);
// Warm the code paths on another list, then start from a collected heap.
groupGaps(gapQuestions(500, 7));
const collect = (globalThis as { gc?: () => void }).gc;
collect?.();
const before = process.memoryUsage();
const started = performance.now();
const cpu = process.cpuUsage();
const topics = groupGaps(questions);
const ms = performance.now() - started;
const used = process.cpuUsage(cpu);
const cpuMs = (used.user + used.system) / 1000;
const after = process.memoryUsage();
// Grouping runs in one go, so nothing samples it: the resident set after it (V8 seldom
// hands pages back that soon) or the heap's growth, whichever is more, stands for its peak.
const extraBytes = Math.max(after.rss - before.rss, after.heapUsed - before.heapUsed);
console.log(JSON.stringify({ ms, cpuMs, extraBytes, topics: topics.length }));
