import { createPgDatabase } from '../store/index.js';

/** Whether a file's PostgreSQL suites run: the server's URL, or why they are skipped. */
export type TestPostgres =
  | { url: string; skipped?: undefined }
  | { url?: undefined; skipped: string };

/** How long a server gets to accept a connection before the suites skip it, ms. */
const CONNECT_WITHIN_MS = 10_000;

/**
 * Decides whether the PostgreSQL suites of a test file run. They need `databaseUrl` (the
 * file passes `process.env.TEST_DATABASE_URL`, which `.ci/run` sets when it could start a
 * throwaway server) and a server answering there. Otherwise they are skipped and the reason
 * is printed, naming `suites` — also under CI, where PostgreSQL may not install or start.
 *
 * @example
 * const postgres = await findTestPostgres(process.env.TEST_DATABASE_URL, 'pg adapter');
 * describe.skipIf(!postgres.url)('PostgreSQL adapter', () => { … postgres.url … });
 */
export async function findTestPostgres(
  databaseUrl: string | undefined,
  suites: string,
): Promise<TestPostgres> {
  const skip = (why: string): TestPostgres => {
    console.info(`${suites} skipped: ${why}`);
    return { skipped: why };
  };
  if (!databaseUrl) {
    return skip('TEST_DATABASE_URL is not set (postgres://…; .ci/run starts a server for it).');
  }
  let timer: NodeJS.Timeout | undefined;
  const late = new Promise<never>((_, reject) => {
    timer = setTimeout(
      () => reject(new Error(`no connection within ${CONNECT_WITHIN_MS / 1000} s`)),
      CONNECT_WITHIN_MS,
    );
  });
  const connecting = createPgDatabase({ databaseUrl });
  try {
    const database = await Promise.race([connecting, late]);
    await database.close();
    return { url: databaseUrl };
  } catch (error) {
    void connecting.then((database) => database.close()).catch(() => {});
    return skip(
      `TEST_DATABASE_URL is set, but no server answers there. ${(error as Error).message}`,
    );
  } finally {
    clearTimeout(timer);
  }
}
