import Fastify from 'fastify';

/** The API bench's baseline: Fastify with one hello route and nothing else. Usage: hello-server.ts <port> */
const port = Number(process.argv[2]);
const app = Fastify();
app.get('/', async () => ({ hello: 'world' }));
await app.listen({ port, host: '127.0.0.1' });

process.on('SIGTERM', () => {
  app.close().then(
    () => process.exit(0),
    () => process.exit(1),
  );
});
