import { LIMITS } from '@agent-chat/protocol';

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
  eval --agent <id> <questions>  Ask an agent a question set and score its answers

Run "agent-chat-service <command> --help" for a command's options.
`;

const STORAGE_ENV = `  DATA_DIR       PGlite data directory (default: .data/agent-service under the current directory)
  DATABASE_URL   Use PostgreSQL instead of PGlite`;

const EMBEDDINGS_ENV = `  EMBEDDINGS_URL          OpenAI-compatible API for hybrid retrieval, e.g. http://127.0.0.1:11434/v1
                          (default: lexical retrieval only)
  EMBEDDINGS_MODEL        Embedding model (required with the URL), e.g. nomic-embed-text
  EMBEDDINGS_API_KEY      Its API key
  EMBEDDINGS_DIMENSIONS   Vector size to ask for and expect (default: the model's)
  EMBEDDINGS_MIN_SIMILARITY  Nearest chunks below this cosine similarity are not used (default 0.2)`;

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
${EMBEDDINGS_ENV}
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
  reembed: `Usage: agent-chat-service reembed [--datastore <id>]

Embeds every chunk again with EMBEDDINGS_MODEL, for hybrid retrieval after a model change
(serve also embeds chunks that lack a vector of the current model, in the background).
A progress bar on a terminal, a line every tenth otherwise. Without --datastore it also
deletes the vectors of other models, and a new vector size rebuilds the index.
  --datastore <id>  Only this datastore's chunks (the vector size cannot change then)
Environment:
${STORAGE_ENV}
${EMBEDDINGS_ENV}
Exit codes: 0 done, 1 failed (the server was unreachable after retries, refused texts, or
the vector size differs; run it again to resume), 2 wrong usage.
PGlite allows one process per data directory: stop "serve" on the same DATA_DIR first.
`,
  ingest: `Usage: agent-chat-service ingest <datastoreId> <files | folders | URLs | sitemap URLs>…
         [--url <url>] [--key <key>] [--crawl] [--max-pages <n>]

Sends each item to a running service and waits until every one is synched or in error
(a progress bar on a terminal, one line per item otherwise), then lists the failures.
  file           uploaded as is (.md, .markdown, .html, .htm, .pdf, .docx, .txt)
  folder         every file under it with one of those extensions
  URL            that page, as a web_page datasource
  sitemap URL    (a URL ending in .xml) the site it lists, as a web_site datasource
  --crawl        URLs are crawled as sites from there (same origin, robots.txt)
  --max-pages <n>  Most pages of each site (default ${LIMITS.crawlPages.default}, at most ${LIMITS.crawlPages.max}); when
                 it ends a crawl the command says so ("stopped at … pages (max_pages)")
  --url <url>    Service URL (default: env AGENT_SERVICE_URL or http://127.0.0.1:3001)
  --key <key>    API key (default: env AGENT_API_TOKEN)
A datasource of the same file name (or URL) in that datastore is replaced; unchanged
content is kept as it is. Exit code 1 when anything failed.
Example: agent-chat-service ingest demo-docs https://example.com/sitemap.xml
`,
  eval: `Usage: agent-chat-service eval --agent <id> <questions.json> [--url <url>] [--key <key>]
         [--json <file>] [--concurrency n] [--top-k n] [--quiet] [--min-source3 n] …

Asks a running service's agent every question of a set through the public query API
(POST /api/agents/{id}/query, a new conversation each) and scores the answers.
questions.json: {"questions": [{"id": "q1", "question": "How do I …?",
  "page": "/docs/setup", "heading": "install", "phrases": ["npm install"]}, …]}
  page      the page that answers: a URL path or URL (compared by path: origin, query,
            fragment and trailing slash ignored), or a file datasource's name;
            null when the documents do not cover it (the agent should decline)
  heading   the id of the heading whose section answers (optional)
  phrases   key phrases a correct answer contains, all of them (optional)
Prints, with a line per miss:
  source@1, source@3  the page is the first / among the first three cited sources
  section@3           one of the first three cited URLs is page#heading
  phrase              every phrase is in the answer (case, whitespace, Markdown and HTML ignored)
  declined            unanswerable: no sources, and "I don't know" in the first 200
                      characters (the service's "I could not find anything…" counts) or an
                      answer of at most 200 characters
  refused             answerable: no sources, or "I don't know"
  latency             p50 / p95 per query over HTTP
  lost by             for a miss, a datastore search (POST /api/datastores/{id}/query) for
                      the same question: retrieval when its top k lacks the page, section or
                      phrases too, else the answer
  --agent <id>        The agent to ask
  --url <url>         Service URL (default: env AGENT_SERVICE_URL or http://127.0.0.1:3001)
  --key <key>         API key of the agent's organization (default: env AGENT_API_TOKEN)
  --json <file>       Also write the full report (every answer, source, score and diagnosis)
  --concurrency <n>   Questions asked at once (default 4)
  --top-k <n>         Fragments the diagnosis searches (default 10)
  --quiet             No line per miss
  --min-source1 / --min-source3 / --min-section3 / --min-phrase / --min-declined <n | n%>
  --max-refused <n | n%>  Exit 1 when a measure misses this (a count, or a share of the
                      questions it applies to)
Exit codes: 0 the run completed (and met its thresholds), 1 a threshold was missed or the
service failed, 2 wrong usage.
Example: agent-chat-service eval --agent support questions.json --min-source3 90%
`,
};
