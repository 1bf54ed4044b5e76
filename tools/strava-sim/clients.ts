import { randomBytes, timingSafeEqual } from 'node:crypto';

/** An API application registered with the simulator, like one made at strava.com/settings/api. */
export interface SimClient {
  clientId: string;
  clientSecret: string;
  name: string;
  /** An "Inactive" Standard-tier app (its owner holds no Strava subscription): every call answers 403. */
  inactive: boolean;
  /** How many athletes may authorise the app (Strava's Standard tier: 10); null = no limit. */
  athleteLimit: number | null;
}

export interface RegisterClientInput {
  clientId?: string;
  clientSecret?: string;
  name?: string;
  inactive?: boolean;
  athleteLimit?: number | null;
}

/** What the control API may change about a registered application. */
export type ClientStatusChanges = Partial<Pick<SimClient, 'inactive' | 'athleteLimit'>>;

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
      inactive: input.inactive ?? false,
      athleteLimit: input.athleteLimit ?? null,
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

  /** Switches an application Inactive or back, or sets its athlete limit; throws for an unknown one. */
  update(clientId: string, changes: ClientStatusChanges): SimClient {
    const client = this.clients.get(clientId);
    if (!client) throw new Error(`Unknown application ${clientId}`);
    if (changes.inactive !== undefined) client.inactive = changes.inactive;
    if (changes.athleteLimit !== undefined) {
      if (changes.athleteLimit !== null && (!Number.isInteger(changes.athleteLimit) || changes.athleteLimit < 0)) {
        throw new Error('athleteLimit must be a whole number of athletes, or null');
      }
      client.athleteLimit = changes.athleteLimit;
    }
    return client;
  }

  list(): SimClient[] {
    return [...this.clients.values()];
  }
}
