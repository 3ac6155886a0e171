import { LIMITS } from '@agent-chat/protocol';
import { commandOptionsHelp } from '../options/index.js';

/** `agent-chat-service --help`. */
export const MAIN_HELP = `Usage: agent-chat-service <command> [options]

The agent-chat Conversational Agent Service.

Commands:
  serve                          Run the HTTP API
  keys create [--org <name>]     Create an organization and print its API key
  seed-demo [--key <key>]        Create/refresh the demo agent "demo" and print its key
  ingest <datastoreId> <items…>  Ingest files, folders, web pages or sites
  purge-conversations [--days n] Delete conversations inactive for more than n days, once
  reembed [--datastore <id>]     Embed the chunks again after an embeddings model change
  eval --agent <id> <questions>  Ask an agent a question set and score its answers
  discord register <agentId>     Register the /ask command of the agent's Discord app

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
  discord: `Usage: agent-chat-service discord register <agentId>

Registers the slash command /ask question:<text> of the Discord application saved for
the agent (POST /api/agents/{id}/integrations/discord), with its bot token. Run it once
per application; Discord then sends /ask to the agent's Interactions Endpoint URL.
Environment:
${commandOptionsHelp('discord')}
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
         [--url <url>] [--key <key>] [--crawl] [--max-pages <n>] [--exclude <prefix>]…
         [--sync-every <30m|1h|1d|1w>]

Sends each item to a running service and waits until every one is synched or in error
(a progress bar on a terminal, one line per item otherwise), then lists the failures.
  file           uploaded as is (.md, .markdown, .html, .htm, .pdf, .docx, .txt)
  folder         every file under it with one of those extensions
  URL            that page, as a web_page datasource
  sitemap URL    (a URL ending in .xml) the site it lists, as a web_site datasource
  --crawl        URLs are crawled as sites from there (same origin, robots.txt)
  --max-pages <n>  Most pages of each site (default ${LIMITS.crawlPages.default}, at most ${LIMITS.crawlPages.max}); when
                 it ends a crawl the command says so ("stopped at … pages (max_pages)")
  --exclude <prefix>  Skip a site's pages under this URL prefix or path (/fr/, /blog/);
                 repeat it for several
  --sync-every <interval>  Re-sync the pages and sites on a schedule: 30m, 1h, 1d or 1w
                 (a number and m, h, d or w; 5m to 30d); without it they are synched
                 only when ingested again. Re-syncs ask for changes only (ETag,
                 Last-Modified) and keep a page's content while the site is down
${commandOptionsHelp('ingest')}
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
  sectionIds  other ids inside that section (sub-headings, API entries) that count as it
  phrases   key phrases a correct answer contains, all of them (optional)
Prints, with a line per miss:
  source@1, source@3  the page is the first / among the first three cited sources
  section@3           one of the first three cited URLs is page#heading (or page#id, id in sectionIds)
  phrase              every phrase is in the answer (case, whitespace, Markdown and HTML ignored)
  declined            unanswerable: no sources, and "I don't know" in the first 200
                      characters (the service's "I don't know: …" counts) or an
                      answer of at most 200 characters
  refused             answerable: no sources, or "I don't know"
  latency             p50 / p95 per query over HTTP
  code blocks         answers that leave a fenced code block open, listed
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
