// Preloaded (`node --import`) into the api and the worker by scripts/start.mjs,
// which gives them an IPC channel. If start.mjs disappears without stopping them
// (e.g. it was killed with SIGKILL), the channel closes and the process gets the
// SIGTERM it would have got, so it shuts down as usual instead of lingering.
if (process.channel) {
  process.channel.unref(); // the channel alone must not keep the process alive
  process.once('disconnect', () => process.kill(process.pid, 'SIGTERM'));
}
