import { commandOptionsHelp } from '../options/index.js';

/** `agent-chat-service --help`. */
export const MAIN_HELP = `Usage: agent-chat-service <command> [options]

The agent-chat Conversational Agent Service.

Commands:
  serve                          Run the HTTP API
  keys create [--org <name>]     Create an organization and print its API key
  seed-demo [--key <key>]        Create/refresh the demo agent "demo" and print its key
  ingest <datastoreId> <files…>  Upload text/markdown files to a running service
  purge-conversations [--days n] Delete conversations inactive for more than n days, once
  reembed [--datastore <id>]     Embed the chunks again after an embeddings model change

Run "agent-chat-service <command> --help" for a command's options.
`;

const PGLITE_ONE_PROCESS =
  'PGlite allows one process per data directory: stop "serve" on the same DATA_DIR first.';

/** `agent-chat-service <command> --help`, by command; also the list of known commands. */
export const HELP: Record<string, string> = {
  serve: `Usage: agent-chat-service serve

Runs the HTTP API. Configuration by environment (empty variables count as unset):
${commandOptionsHelp('serve')}
`,
  keys: `Usage: agent-chat-service keys create [--org <name>]

Creates an organization and prints its new API key (shown once, stored hashed).
  --org <name>   Organization name (default "Default")
Environment:
${commandOptionsHelp('keys')}
${PGLITE_ONE_PROCESS}
`,
  'seed-demo': `Usage: agent-chat-service seed-demo [--key <key>]

Creates (or refreshes) the demo organization, the datastore "demo-docs" filled with
agent-chat's documentation, and the agent "demo". Idempotent. Prints the API key,
agent id and datastore id.
  --key <key>    Give the demo organization this exact API key (stable across runs)
Environment:
${commandOptionsHelp('seed-demo')}
${PGLITE_ONE_PROCESS}
`,
  'purge-conversations': `Usage: agent-chat-service purge-conversations [--days <n>]

Deletes, once, every conversation (with its messages) whose last message or status
change is more than n days old. "serve" does the same hourly when
CONVERSATION_RETENTION_DAYS is set.
${commandOptionsHelp('purge-conversations')}
${PGLITE_ONE_PROCESS}
`,
  reembed: `Usage: agent-chat-service reembed [--datastore <id>]

Embeds every chunk again with EMBEDDINGS_MODEL, for hybrid retrieval after a model change
(serve also embeds chunks that lack a vector of the current model, in the background).
A progress bar on a terminal, a line every tenth otherwise. Without --datastore it also
deletes the vectors of other models, and a new vector size rebuilds the index.
  --datastore <id>  Only this datastore's chunks (the vector size cannot change then)
Environment:
${commandOptionsHelp('reembed')}
Exit codes: 0 done, 1 failed (the server was unreachable after retries, refused texts, or
the vector size differs; run it again to resume), 2 wrong usage.
${PGLITE_ONE_PROCESS}
`,
  ingest: `Usage: agent-chat-service ingest <datastoreId> <files | folders | URLs | sitemap URLs>…
         [--url <url>] [--key <key>] [--crawl]

Sends each item to a running service and waits until every one is synched or in error
(a progress bar on a terminal, one line per item otherwise), then lists the failures.
  file           uploaded as is (.md, .markdown, .html, .htm, .pdf, .docx, .txt)
  folder         every file under it with one of those extensions
  URL            that page, as a web_page datasource
  sitemap URL    (a URL ending in .xml) the site it lists, as a web_site datasource
  --crawl        URLs are crawled as sites from there (same origin, robots.txt, 200 pages)
${commandOptionsHelp('ingest')}
A datasource of the same file name (or URL) in that datastore is replaced; unchanged
content is kept as it is. Exit code 1 when anything failed.
Example: agent-chat-service ingest demo-docs https://example.com/sitemap.xml
`,
};
