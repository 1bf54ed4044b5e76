import { randomBytes, timingSafeEqual } from 'node:crypto';

/** An API application registered with the simulator, like one made at strava.com/settings/api. */
export interface SimClient {
  clientId: string;
  clientSecret: string;
  name: string;
}

export interface RegisterClientInput {
  clientId?: string;
  clientSecret?: string;
  name?: string;
}

export class ClientRegistry {
  private readonly clients = new Map<string, SimClient>();
  private nextId = 100_001;

  /** Registers (or replaces) an application; Strava's client ids are numbers, written as strings. */
  register(input: RegisterClientInput = {}): SimClient {
    const clientId = input.clientId ?? String(this.nextId++);
    const client: SimClient = {
      clientId,
      clientSecret: input.clientSecret ?? randomBytes(20).toString('hex'),
      name: input.name ?? `Application ${clientId}`,
    };
    this.clients.set(clientId, client);
    return client;
  }

  get(clientId: string | undefined): SimClient | undefined {
    return clientId === undefined ? undefined : this.clients.get(clientId);
  }

  /** The client when the secret matches, compared in constant time. */
  verify(clientId: string | undefined, clientSecret: string | undefined): SimClient | undefined {
    const client = this.get(clientId);
    if (!client || clientSecret === undefined) return undefined;
    const expected = Buffer.from(client.clientSecret);
    const given = Buffer.from(clientSecret);
    return expected.length === given.length && timingSafeEqual(expected, given) ? client : undefined;
  }

  list(): SimClient[] {
    return [...this.clients.values()];
  }
}
