import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { WEAK_PASSWORD_MESSAGE } from '../../src/server/features/auth/password-rule.ts';
import { createClient } from '../support/http-client.ts';
import { startTestKairo, uniqueEmail, type TestKairo, signUp } from '../support/kairo.ts';

/** Issue 12 item 12: a common or guessable password is refused on the server, whatever the form does. */
describe('the password rule', () => {
  let server: TestKairo;
  beforeAll(async () => {
    server = await startTestKairo('pglite');
  });
  afterAll(async () => {
    await server?.close();
  });

  const accountsWith = (email: string) => server.database.handle.query('select 1 from accounts where email = $1', [email]);

  it.each(['password', 'password123', 'qwertyuiop', '12345678', 'adalovelace'])('refuses %j at sign-up and creates no account', async (password) => {
    const email = uniqueEmail();
    const response = await signUp(createClient(server.url), { email, password, firstName: 'Ada', lastName: 'Lovelace' });
    expect(response.status).toBe(400);
    expect(response.body).toEqual({ message: WEAK_PASSWORD_MESSAGE });
    expect(await accountsWith(email)).toHaveLength(0);
  });

  it('accepts a few unrelated words', async () => {
    const email = uniqueEmail();
    const response = await signUp(createClient(server.url), { email, password: 'correct horse', firstName: 'Ada', lastName: 'Lovelace' });
    expect(response.status).toBe(201);
    expect(await accountsWith(email)).toHaveLength(1);
  });

  it('refuses a common password as the new one on reset', async () => {
    const response = await createClient(server.url).post('/api/auth/reset-password', { token: 'any-token', password: 'password1' });
    expect(response.status).toBe(400);
    expect(response.body).toEqual({ message: WEAK_PASSWORD_MESSAGE });
  });
});
