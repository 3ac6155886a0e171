import { describe, expect, it } from 'vitest';
import { judgeAnswerability } from './answerability.js';

/** A vocabulary's phrase check: the phrases the documents hold, as lexemes. */
function holding(...phrases: string[][]) {
  return async (lexemes: readonly string[]) =>
    phrases.some((phrase) => phrase.join(' ') === lexemes.join(' '));
}

const judge = (question: string, unknownTerms: string[], phrases: string[][] = []) =>
  judgeAnswerability({ question, unknownTerms, holdsPhrase: holding(...phrases) });

describe('judgeAnswerability', () => {
  it('refuses a question naming something no chunk mentions', async () => {
    expect(await judge('How do I serve over HTTP/3 (QUIC) with Node?', ['quic'])).toBe(
      'unknown-name',
    );
    expect(await judge('Which rule checks the propTypes of a component?', ['proptyp'])).toBe(
      'unknown-name',
    );
    expect(await judge('Can it lint my Python files?', ['python'])).toBe('unknown-name');
  });

  it('accepts names written in code, short names, and names partly known', async () => {
    expect(await judge('Why is `publicUser` flagged?', ['publicus'])).toBeUndefined();
    expect(await judge('Is the limit 100 MB on Bun?', ['mb'])).toBeUndefined();
    expect(await judge('Our Yarn Berry project fails', ['berri'])).toBeUndefined();
    expect(await judge('How do I install it?', [])).toBeUndefined();
  });

  it("takes an acronym that only sets the scene as the asker's jargon, not a name or a foreign word", async () => {
    // DBA: neither a name the documents lack nor a foreign word (2 of 14, not 3).
    expect(
      await judge(
        'Our DBA insists on char(n) because it is supposedly faster. Is there a speed difference between them in Postgres?',
        ['dba', 'insist', 'suppos'],
      ),
    ).toBeUndefined();
    expect(
      await judge('We join on SKU. The import had two rows for one SKU; which price wins?', [
        'sku',
      ]),
    ).toBeUndefined();
    // Asked about, or in a question that asks in no sentence, it still counts.
    expect(await judge('We use QUIC. Which QUIC settings do I need?', ['quic'])).toBe(
      'unknown-name',
    );
    expect(await judge('We serve QUIC. Tell me the settings.', ['quic'])).toBe('unknown-name');
    // An acronym in a longer name names a product: it still counts.
    expect(await judge('We run on AWS Lambda. How do I deploy there?', ['aw', 'lambda'])).toBe(
      'unknown-name',
    );
    // A capitalised name sets the scene as a subject: it still counts.
    expect(await judge('We post results to Slack. How do I do that in CI?', ['slack'])).toBe(
      'unknown-name',
    );
  });

  it('refuses a three-word name whose words never occur together', async () => {
    const question = 'How do I deploy to Google App Engine?';
    expect(await judge(question, [])).toBe('unknown-phrase');
    expect(await judge(question, [], [['googl', 'app', 'engin']])).toBeUndefined();
    // Two capitalised words are often title case, not a name; capitals only are code.
    expect(await judge('Can I use it as Pages Functions middleware?', [])).toBeUndefined();
    expect(
      await judge('Why does GRANT SELECT ON ALL TABLES IN SCHEMA not last?', []),
    ).toBeUndefined();
  });

  it('refuses a question whose words are largely foreign to the documents', async () => {
    expect(await judge('Do you sell paid support contracts?', ['sell', 'paid', 'contract'])).toBe(
      'foreign-words',
    );
    // Three unknown words in a long question are a paraphrase, not another topic.
    expect(
      await judge(
        'When we catch a low-level failure and throw our own error with upload context, the original error vanishes from the logs; is there a rule that makes us carry it?',
        ['upload', 'vanish', 'carri'],
      ),
    ).toBeUndefined();
    // Exactly a quarter (3 of 12 content words) is not more than a quarter: narration
    // ("flagged", "exceeding") in a question about lines, spaces and characters.
    expect(
      await judge(
        'My long URLs get flagged for exceeding 80 characters. How can I only flag lines that still have spaces past the limit?',
        ['flag', 'exceed', 'limit'],
      ),
    ).toBeUndefined();
  });
});
