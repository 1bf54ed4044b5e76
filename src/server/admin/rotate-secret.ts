import { sql } from 'drizzle-orm';
import type { Config } from '../config.ts';
import type { DatabaseHandle } from '../db/client.ts';
import { requireCurrentSchema } from '../db/migration-level.ts';
import { sessions, stravaConnections } from '../db/schema.ts';
import { AppError } from '../http/errors.ts';
import { configuredFingerprints, recordedFingerprint, recordFingerprint, secretFingerprint, type SharedSecret } from '../security/shared-secrets.ts';
import { createTokenCipher } from '../security/token-cipher.ts';

/**
 * `npm run kairo -- secrets:rotate <SETTING>` (docs/decisions/0066): makes the value now configured
 * for a shared secret the database's own, with every instance stopped.
 * - SESSION_SECRET: every session ends (a session is found by an HMAC of its token under the
 *   secret, which the new one cannot reproduce); athletes sign in again.
 * - TOKEN_ENCRYPTION_KEY: every stored Strava token is opened with the previous key and sealed with
 *   the new one, in one transaction. Without the previous key (`forgetTokens`), every Strava
 *   connection is marked "Reconnect Strava" instead; activities stay.
 * - STRAVA_WEBHOOK_VERIFY_TOKEN: only the fingerprint changes; Strava's subscription, verified once
 *   when it was made, keeps delivering.
 */
export interface RotateOptions {
  /** The token key the database was started with, for TOKEN_ENCRYPTION_KEY. */
  previousTokenKey?: Buffer;
  forgetTokens?: boolean;
}

const rowsOf = <T>(result: unknown) => (result as { rows: T[] }).rows;

export async function rotateSecret(database: DatabaseHandle, name: SharedSecret, config: Config, options: RotateOptions = {}): Promise<string> {
  await requireCurrentSchema(database);
  const next = configuredFingerprints(config)[name];
  const recorded = await recordedFingerprint(database.db, name);
  if (recorded === next) return `${name}: the configured value is already this database's; nothing changed`;

  if (name === 'SESSION_SECRET') {
    const ended = await database.db.transaction(async (tx) => {
      const deleted = rowsOf(await tx.execute(sql`delete from ${sessions} returning 1`)).length;
      await recordFingerprint(tx, name, next);
      return deleted;
    });
    return `SESSION_SECRET rotated: ${ended} session${ended === 1 ? '' : 's'} ended; athletes sign in again`;
  }

  if (name === 'STRAVA_WEBHOOK_VERIFY_TOKEN') {
    await recordFingerprint(database.db, name, next);
    return 'STRAVA_WEBHOOK_VERIFY_TOKEN rotated: the existing Strava subscription keeps delivering; a new one is verified with the new token';
  }

  if (options.forgetTokens) {
    const renewed = await database.db.transaction(async (tx) => {
      const marked = rowsOf(await tx.execute(sql`update ${stravaConnections} set status = 'broken' returning 1`)).length;
      await recordFingerprint(tx, name, next);
      return marked;
    });
    return `TOKEN_ENCRYPTION_KEY rotated without the previous key: ${renewed} Strava connection${renewed === 1 ? '' : 's'} will show "Reconnect Strava"`;
  }

  const previous = options.previousTokenKey;
  if (!previous || previous.length !== 32) {
    throw new AppError(
      'bad_request',
      'TOKEN_ENCRYPTION_KEY: set PREVIOUS_TOKEN_ENCRYPTION_KEY to the key this database was started with (32 bytes, base64), ' +
        'or add --forget-tokens to have every athlete reconnect Strava instead. Nothing was changed',
    );
  }
  if (recorded !== null && secretFingerprint('TOKEN_ENCRYPTION_KEY', previous) !== recorded) {
    throw new AppError('bad_request', 'PREVIOUS_TOKEN_ENCRYPTION_KEY is not the key this database was started with. Nothing was changed');
  }
  const from = createTokenCipher(previous);
  const to = createTokenCipher(config.tokenEncryptionKey);
  const resealed = await database.db.transaction(async (tx) => {
    const rows = rowsOf<{ account_id: string; access_token: string; refresh_token: string }>(
      await tx.execute(sql`select account_id, access_token, refresh_token from ${stravaConnections} for update`),
    );
    let unreadable = 0;
    for (const row of rows) {
      const opened = openBoth(from, row.access_token, row.refresh_token);
      if (!opened) {
        // Sealed with some other key already (a restore with --allow-other-key): it was unusable
        // before and is marked for reconnection, as the runtime would on its first sync.
        unreadable += 1;
        await tx.execute(sql`update ${stravaConnections} set status = 'broken' where account_id = ${row.account_id}`);
        continue;
      }
      await tx.execute(
        sql`update ${stravaConnections} set access_token = ${to.encrypt(opened.access)},
            refresh_token = ${to.encrypt(opened.refresh)} where account_id = ${row.account_id}`,
      );
    }
    await recordFingerprint(tx, name, next);
    return { total: rows.length, unreadable };
  });
  const count = resealed.total - resealed.unreadable;
  const broken = resealed.unreadable > 0 ? `; ${resealed.unreadable} whose tokens no key here opens will show "Reconnect Strava"` : '';
  return `TOKEN_ENCRYPTION_KEY rotated: ${count} Strava connection${count === 1 ? '' : 's'} re-encrypted with the new key${broken}`;
}

function openBoth(cipher: ReturnType<typeof createTokenCipher>, access: string, refresh: string): { access: string; refresh: string } | null {
  try {
    return { access: cipher.decrypt(access), refresh: cipher.decrypt(refresh) };
  } catch {
    return null;
  }
}
