/** `agent-chat-service --help`. */
export const MAIN_HELP = `Usage: agent-chat-service <command> [options]

The agent-chat Conversational Agent Service.

Commands:
  serve                          Run the HTTP API
  keys create [--org <name>]     Create an organization and print its API key
  seed-demo [--key <key>]        Create/refresh the demo agent "demo" and print its key
  ingest <datastoreId> <files…>  Upload text/markdown files to a running service
  purge-conversations [--days n] Delete conversations inactive for more than n days, once

Run "agent-chat-service <command> --help" for a command's options.
`;

const STORAGE_ENV = `  DATA_DIR       PGlite data directory (default: .data/agent-service under the current directory)
  DATABASE_URL   Use PostgreSQL instead of PGlite`;

/** `agent-chat-service <command> --help`, by command; also the list of known commands. */
export const HELP: Record<string, string> = {
  serve: `Usage: agent-chat-service serve

Runs the HTTP API. Configuration by environment:
  PORT                    Port (default 3001)
  HOST                    Interface (default 127.0.0.1)
${STORAGE_ENV}
  LLM_BASE_URL            OpenAI-compatible API base URL (default: extractive answers, no model)
  LLM_API_KEY             Its API key
  LLM_MODEL               Model name (default: mapped from the agent's modelName)
  LLM_TIMEOUT_MS          Longest silence of the model before giving up (default 60000)
  LLM_CONDENSE_TIMEOUT_MS Longest time to rewrite a follow-up as a standalone question (default 5000; 0: off)
  USAGE_LIMIT_QUERIES     Default queries per organization per period (default: unlimited)
  USAGE_LIMIT_PERIOD_MS   Length of that period in ms (default 86400000, one day)
  HEARTBEAT_MS            Stream heartbeat interval in ms (default 15000)
  CONVERSATION_RETENTION_DAYS  Delete conversations inactive for longer, hourly (default: keep)
  HANDOFF_WEBHOOK_URL     POST a signed JSON notification here when a visitor asks for a person
  HANDOFF_WEBHOOK_SECRET  Its HMAC-SHA256 key (16+ characters; required with the URL)
  UPLOAD_LIMIT_BYTES      Largest uploaded file (default 26214400, 25 MiB; larger → 413)
  INGESTION_WORKERS       Ingestion jobs run at once by this process (default 2; 0: none)
  ALLOW_PRIVATE_URLS      true lets web_page/web_site fetch loopback, private and link-local
                          addresses (default false: refused, so the API cannot reach your network)
`,
  keys: `Usage: agent-chat-service keys create [--org <name>]

Creates an organization and prints its new API key (shown once, stored hashed).
  --org <name>   Organization name (default "Default")
Environment:
${STORAGE_ENV}
PGlite allows one process per data directory: stop "serve" on the same DATA_DIR first.
`,
  'seed-demo': `Usage: agent-chat-service seed-demo [--key <key>]

Creates (or refreshes) the demo organization, the datastore "demo-docs" filled with
agent-chat's documentation, and the agent "demo". Idempotent. Prints the API key,
agent id and datastore id.
  --key <key>    Give the demo organization this exact API key (stable across runs)
Environment:
${STORAGE_ENV}
PGlite allows one process per data directory: stop "serve" on the same DATA_DIR first.
`,
  'purge-conversations': `Usage: agent-chat-service purge-conversations [--days <n>]

Deletes, once, every conversation (with its messages) whose last message or status
change is more than n days old. "serve" does the same hourly when
CONVERSATION_RETENTION_DAYS is set.
  --days <n>     Days to keep (default: env CONVERSATION_RETENTION_DAYS)
Environment:
${STORAGE_ENV}
PGlite allows one process per data directory: stop "serve" on the same DATA_DIR first.
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
  --url <url>    Service URL (default: env AGENT_SERVICE_URL or http://127.0.0.1:3001)
  --key <key>    API key (default: env AGENT_API_TOKEN)
A datasource of the same file name (or URL) in that datastore is replaced; unchanged
content is kept as it is. Exit code 1 when anything failed.
Example: agent-chat-service ingest demo-docs https://example.com/sitemap.xml
`,
};
