// Placeholder until the widget issue lands: the widget size budget check.
console.log('agent-chat: `npm run size` checks the widget gzip budget once the widget is built.');
