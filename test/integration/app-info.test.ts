import { afterAll, describe, expect, it } from 'vitest';
import { createClient } from '../support/http-client.ts';
import { startTestKairo, type TestKairo } from '../support/kairo.ts';

/** The operator's links reach the web app through GET /api/app-info; it reads config only, so PGlite is enough. */
describe('GET /api/app-info', () => {
  const servers: TestKairo[] = [];
  afterAll(async () => {
    await Promise.all(servers.map((server) => server.close()));
  });

  it("answers anyone with the operator's feedback and social addresses", async () => {
    const server = await startTestKairo('pglite', {
      FEEDBACK_URL: 'mailto:coach@club.example?subject=Kairo%20feedback',
      SOCIAL_URL: 'https://social.club.example/@kairo',
      MAP_TILE_URL: 'https://tiles.club.example/{z}/{x}/{y}.png',
      MAP_TILE_ATTRIBUTION: '© Club maps',
    });
    servers.push(server);
    const response = await createClient(server.url).get('/api/app-info');
    expect(response.status).toBe(200);
    expect(response.body).toEqual({
      feedbackUrl: 'mailto:coach@club.example?subject=Kairo%20feedback',
      socialUrl: 'https://social.club.example/@kairo',
      map: { tileUrl: 'https://tiles.club.example/{z}/{x}/{y}.png', attribution: '© Club maps' },
    });
  });

  it('answers null for an address the operator did not set', async () => {
    const server = await startTestKairo('pglite');
    servers.push(server);
    const response = await createClient(server.url).get('/api/app-info');
    expect(response.status).toBe(200);
    expect(response.body).toEqual({
      feedbackUrl: null,
      socialUrl: null,
      map: { tileUrl: null, attribution: '© OpenStreetMap contributors' },
    });
    const openapi = await createClient(server.url).get('/api/openapi.json');
    expect(Object.keys(openapi.body.paths['/api/app-info'])).toEqual(['get']);
  });
});
