import { startMailSink } from '../test/support/mail-sink.ts';

/**
 * The test mail sink in a process of its own, for benches that time answers: receiving and parsing
 * a mail must not take CPU from the process that measures. Prints its smtp:// URL as the first line
 * of stdout, then runs until it is killed.
 */
const sink = await startMailSink();
process.stdout.write(`${sink.url}\n`);
process.on('SIGTERM', () => {
  void sink.close().then(() => process.exit(0));
});
