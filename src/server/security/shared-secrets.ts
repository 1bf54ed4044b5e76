import { createHash } from 'node:crypto';
import { sql } from 'drizzle-orm';
import { ConfigError, type Config } from '../config.ts';
import type { Database } from '../db/client.ts';
import { installationSecrets } from '../db/schema.ts';
import { tokenKeyFingerprint } from './token-cipher.ts';

/**
 * The secrets every instance on one database must share (docs/decisions/0066). Two instances with
 * different ones both started before, and then refused each other's sessions and could not open
 * each other's Strava tokens, at random. Now the first instance records a fingerprint of each
 * (never the value) and an instance whose value has another fingerprint refuses to start, naming
 * the setting.
 */
export const SHARED_SECRETS = ['SESSION_SECRET', 'TOKEN_ENCRYPTION_KEY', 'STRAVA_WEBHOOK_VERIFY_TOKEN'] as const;
export type SharedSecret = (typeof SHARED_SECRETS)[number];

export type SecretFingerprints = Record<SharedSecret, string>;

/** A fingerprint names a value without revealing it: 64 bits of a labelled SHA-256. The token key is given as its bytes or as base64. */
export function secretFingerprint(name: SharedSecret, value: string | Buffer): string {
  // The token key's is the one backups already record (ADR 0023), so both name a key alike.
  if (name === 'TOKEN_ENCRYPTION_KEY') return tokenKeyFingerprint(typeof value === 'string' ? Buffer.from(value, 'base64') : value);
  return createHash('sha256').update(`kairo secret fingerprint\0${name}\0`).update(value).digest('hex').slice(0, 16);
}

export function configuredFingerprints(config: Pick<Config, 'sessionSecret' | 'tokenEncryptionKey' | 'strava'>): SecretFingerprints {
  return {
    SESSION_SECRET: secretFingerprint('SESSION_SECRET', config.sessionSecret),
    TOKEN_ENCRYPTION_KEY: secretFingerprint('TOKEN_ENCRYPTION_KEY', config.tokenEncryptionKey),
    STRAVA_WEBHOOK_VERIFY_TOKEN: secretFingerprint('STRAVA_WEBHOOK_VERIFY_TOKEN', config.strava.webhookVerifyToken),
  };
}

export class SecretMismatchError extends ConfigError {
  override name = 'SecretMismatchError';
  readonly settings: SharedSecret[];
  constructor(settings: SharedSecret[]) {
    super(
      `Kairo refuses to start: ${settings.join(', ')} ${settings.length === 1 ? 'differs' : 'differ'} from the value this database ` +
        'was first started with (another instance, or an earlier start of this one, uses another value). Give every instance the ' +
        'same value — copy it from the instances that run — or, to change it on purpose, stop every instance and run ' +
        '`npm run kairo -- secrets:rotate <SETTING>` (README, "Rotating a secret"). No value is shown here.',
    );
    this.settings = settings;
  }
}

/**
 * Records the fingerprints the database has none of yet, then compares: throws SecretMismatchError
 * naming every setting whose fingerprint differs. One statement, so instances starting together
 * agree on whichever recorded first.
 */
export async function checkSharedSecrets(db: Database, fingerprints: SecretFingerprints): Promise<void> {
  const rows = SHARED_SECRETS.map((name) => ({ name, fingerprint: fingerprints[name] }));
  await db.insert(installationSecrets).values(rows).onConflictDoNothing();
  const recorded = await db.select({ name: installationSecrets.name, fingerprint: installationSecrets.fingerprint }).from(installationSecrets);
  const mismatched = SHARED_SECRETS.filter((name) => recorded.some((row) => row.name === name && row.fingerprint !== fingerprints[name]));
  if (mismatched.length > 0) throw new SecretMismatchError(mismatched);
}

/** The fingerprint this database holds for `name`, or null before the first start. */
export async function recordedFingerprint(db: Pick<Database, 'execute'>, name: SharedSecret): Promise<string | null> {
  const result = await db.execute(sql`select fingerprint from ${installationSecrets} where name = ${name}`);
  const [row] = (result as unknown as { rows: { fingerprint: string }[] }).rows;
  return row?.fingerprint ?? null;
}

/** Replaces the recorded fingerprint of `name` (the rotation command, in its transaction). */
export async function recordFingerprint(db: Pick<Database, 'execute'>, name: SharedSecret, fingerprint: string): Promise<void> {
  await db.execute(
    sql`insert into ${installationSecrets} (name, fingerprint, recorded_at) values (${name}, ${fingerprint}, now())
        on conflict (name) do update set fingerprint = excluded.fingerprint, recorded_at = excluded.recorded_at`,
  );
}
