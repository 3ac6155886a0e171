// Placeholder until the demo issue lands: says what `npm start` will do.
console.log(
  'agent-chat: `npm start` will start the embedded agent service, the BFF and a demo page.',
);
console.log('It is not wired yet: the agent service, BFF and widget packages are being built.');
