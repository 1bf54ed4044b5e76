import { expect } from 'vitest';
import type { TestClient } from './http-client.ts';
import { fixtureFile } from './strava-export.ts';

/** Uploads a file from test/fixtures as the athlete (POST /api/imports), expects it stored and answers the new activity's id. */
export async function uploadFixture(athlete: TestClient, fileName: string, fixture: string): Promise<string> {
  const response = await athlete.upload('/api/imports', fileName, fixtureFile(fixture));
  expect(response.status, `upload of ${fixture}`).toBe(201);
  return response.body.activity.id as string;
}
