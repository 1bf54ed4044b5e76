import type { Database } from '../../db/client.ts';
import { createAuthRepo } from './repo.ts';
import { createAuthService } from './service.ts';

/** Accounts and sign-in: passwords, sessions, Google; the HTTP layer reads sessions through here. */
export type { AuthService } from './service.ts';
export { toAuthUser } from './service.ts';
export { registerAuthRoutes } from './routes.ts';
export { GOOGLE_CALLBACK_PATH, registerGoogleAuth, type OidcClientSettings } from './google.ts';
export { googleProvider } from './google-provider.ts';

type AuthDeps = Omit<Parameters<typeof createAuthService>[0], 'repo'>;

export function createAuth(deps: AuthDeps & { database: Database }) {
  const { database, ...rest } = deps;
  const repo = createAuthRepo(database);
  return {
    service: createAuthService({ repo, ...rest }),
    /** The account's access (plan, suspension) as the analysis reads it before writing. */
    accountAccess: (accountId: string) => repo.findAccountById(accountId),
  };
}
