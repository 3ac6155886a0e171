#!/usr/bin/env node
// The `agent-chat-service` command. A committed launcher, so npm links the command at install
// time, before anything is built; it runs the compiled CLI, or says how to build it.
import { existsSync } from 'node:fs';

const cli = new URL('../dist/cli.js', import.meta.url);
if (!existsSync(cli)) {
  process.stderr.write(
    'agent-chat-service is not built yet: run `npm run build` in the agent-chat repository (or `npm run build -w @agent-chat/agent-service`), then try again.\n',
  );
  process.exit(1);
}
await import(cli.href);
