import type { AddressInfo } from 'node:net';
import Fastify from 'fastify';
import type { FakeIdpClient } from './protocol.ts';
import { mountFakeIdp } from './provider.ts';

export interface FakeIdpServer {
  /** The issuer identifier, e.g. http://127.0.0.1:41234; discovery lives under it. */
  issuer: string;
  /** Registers a client after start, for one whose redirect URI is known only once it listens. */
  registerClient(client: FakeIdpClient): void;
  close(): Promise<void>;
}

/** The provider on its own loopback server, on an ephemeral port unless one is given. */
export async function startFakeIdp(options: { port?: number; clients: readonly FakeIdpClient[] }): Promise<FakeIdpServer> {
  const clients = [...options.clients];
  const app = Fastify({ logger: false });
  let issuer = '';
  await mountFakeIdp(app, { prefix: '', issuer: () => issuer, clients: () => clients });
  await app.listen({ host: '127.0.0.1', port: options.port ?? 0 });
  issuer = `http://127.0.0.1:${(app.server.address() as AddressInfo).port}`;
  return {
    issuer,
    registerClient(client) {
      clients.push(client);
    },
    close: () => app.close(),
  };
}
