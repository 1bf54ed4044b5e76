import { startFakeLlm } from './server.ts';

/**
 * `npm run fake-llm`: the fake model on its own port, with the /_fake control API.
 *
 *   FAKE_LLM_PORT   port on 127.0.0.1 (default 4500; 0 picks a free one)
 *   FAKE_LLM_LOG=1  log every request
 */
const port = Number(process.env.FAKE_LLM_PORT ?? 4500);
if (!Number.isInteger(port) || port < 0 || port > 65_535) {
  console.error(`FAKE_LLM_PORT must be a port number, not "${process.env.FAKE_LLM_PORT}"`);
  process.exit(1);
}

const fake = await startFakeLlm({ port, controlRoutes: true, log: process.env.FAKE_LLM_LOG === '1' ? (line) => console.log(line) : undefined });
const origin = fake.url.replace(/\/v1$/, '');
console.log(`Fake LLM on ${fake.url}
  Kairo:    AI_PROVIDER=openai-compatible AI_MODEL=fake AI_BASE_URL=${fake.url}
  script:   curl -X POST ${origin}/_fake/script -d '[{"kind":"slow","delayMs":60000}]'
  requests: curl ${origin}/_fake/requests`);

for (const signal of ['SIGINT', 'SIGTERM'] as const) {
  process.once(signal, () => {
    void fake.close().then(() => process.exit(0));
  });
}
