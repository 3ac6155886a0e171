// Placeholder until the benchmarks issue lands.
console.log('agent-chat: `npm run bench` runs the relay and widget benchmarks once they exist.');
