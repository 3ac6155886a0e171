import { readFile } from 'node:fs/promises';
import { LIMITS } from '@agent-chat/protocol';
import { z } from 'zod';
import { UsageError } from './cli-io.js';

const questionSchema = z
  .object({
    id: z.string().min(1, 'give every question an id'),
    question: z.string().trim().min(1).max(LIMITS.queryLength.max),
    page: z
      .string()
      .min(1)
      .nullable()
      .describe('the page that answers: a URL path or URL, or a file datasource name; null: none'),
    heading: z
      .string()
      .min(1)
      .nullable()
      .optional()
      .describe("the id of the heading whose section answers (the cited URL's #fragment)"),
    sectionIds: z
      .array(z.string().min(1))
      .optional()
      .describe(
        "other ids inside the heading's section (sub-headings, API entries' dt): a cited page#id with one of them counts as the section too",
      ),
    phrases: z
      .array(z.string().trim().min(1))
      .default([])
      .describe('key phrases a correct answer contains (all of them)'),
    kind: z.string().optional(),
    deep: z.boolean().optional(),
  })
  .refine((question) => question.page !== null || (question.heading ?? null) === null, {
    message: 'a question without a page (unanswerable) has no heading',
    path: ['heading'],
  })
  .refine((question) => question.page !== null || question.phrases.length === 0, {
    message: 'a question without a page (unanswerable) has no phrases',
    path: ['phrases'],
  });

/**
 * One question of an evaluation set: asked as is; `page` (a URL path or URL, or a file
 * datasource's name) is where the answer is, `null` when the documents do not cover it
 * (then the agent should decline); `heading` the id of the answering section; `phrases` what
 * a correct answer must contain.
 */
export type EvalQuestion = z.infer<typeof questionSchema>;

const fileSchema = z
  .preprocess(
    (json) => (Array.isArray(json) ? { questions: json } : json),
    z.object({ about: z.string().optional(), questions: z.array(questionSchema).min(1) }),
  )
  .transform((file) => file.questions)
  .superRefine((questions, context) => {
    const seen = new Set<string>();
    for (const [index, question] of questions.entries()) {
      if (seen.has(question.id)) {
        context.addIssue({
          code: 'custom',
          message: `the id "${question.id}" is used twice`,
          path: ['questions', index, 'id'],
        });
      }
      seen.add(question.id);
    }
  });

/**
 * Validates an evaluation set: `{ "questions": [...] }` (other top-level fields such as
 * `about` allowed) or a bare array of questions. Throws a {@link UsageError} listing every
 * problem with its place (`questions[3].page: …`); `name` names the file in it.
 *
 * @example
 * parseEvalQuestions({ questions: [{ id: 'q1', question: 'How do I install it?',
 *   page: '/docs/install', heading: 'npm', phrases: ['npm install'] }] }, 'questions.json')
 */
export function parseEvalQuestions(json: unknown, name: string): EvalQuestion[] {
  const parsed = fileSchema.safeParse(json);
  if (parsed.success) return parsed.data;
  const problems = parsed.error.issues.slice(0, 20).map((issue) => {
    const place = issue.path
      .map((part, index) =>
        typeof part === 'number' ? `[${part}]` : `${index === 0 ? '' : '.'}${String(part)}`,
      )
      .join('');
    return `  ${place || '(top level)'}: ${issue.message}`;
  });
  const more =
    parsed.error.issues.length > 20 ? `\n  … ${parsed.error.issues.length - 20} more` : '';
  throw new UsageError(
    `${name} is not a valid question set:\n${problems.join('\n')}${more}\nExpected { "questions": [{ "id", "question", "page", "heading"?, "phrases"? }] }.`,
  );
}

/** Reads and validates an evaluation set from a JSON file ({@link parseEvalQuestions}). */
export async function readEvalQuestions(file: string): Promise<EvalQuestion[]> {
  const text = await readFile(file, 'utf8').catch((error: Error) => {
    throw new UsageError(`Cannot read ${file}: ${error.message}`);
  });
  let json: unknown;
  try {
    json = JSON.parse(text);
  } catch (error) {
    throw new UsageError(`${file} is not JSON: ${(error as Error).message}`);
  }
  return parseEvalQuestions(json, file);
}
