import { describe, expect, it } from 'vitest';
import { classifyForbidden } from '../../src/server/features/strava/client.ts';
import { applicationInactive, athleteLimitReached, badRequest, invalidApplication, missingPermission } from '../../tools/strava-sim/errors.ts';

/** Which 403 answers Kairo reads as Strava refusing the app itself (ADR 0067). */
describe("Strava's refusals of the app", () => {
  const body = (error: { body: unknown }) => JSON.stringify(error.body);

  it("recognises the simulator's bodies, the shape ADR 0067 assumes", () => {
    expect(classifyForbidden(body(applicationInactive()))).toBe('app_inactive');
    expect(classifyForbidden(body(athleteLimitReached()))).toBe('athlete_limit');
  });

  it('recognises the messages alone, in case Strava words the codes otherwise', () => {
    expect(classifyForbidden(JSON.stringify({ message: 'Application is inactive', errors: [] }))).toBe('app_inactive');
    expect(classifyForbidden(JSON.stringify({ message: 'Forbidden', errors: [{ resource: 'Application', field: 'status', code: 'inactive' }] }))).toBe(
      'app_inactive',
    );
    expect(classifyForbidden(JSON.stringify({ message: 'This application has reached its athlete limit' }))).toBe('athlete_limit');
    expect(classifyForbidden(JSON.stringify({ message: 'Limit of athletes reached for this app' }))).toBe('athlete_limit');
  });

  it('leaves every other answer as it was', () => {
    for (const other of [badRequest('RefreshToken', 'refresh_token', 'invalid'), invalidApplication(), missingPermission('activity:read_permission')]) {
      expect(classifyForbidden(body(other))).toBeNull();
    }
    expect(classifyForbidden(JSON.stringify({ message: 'Forbidden', errors: [{ resource: 'Activity', field: 'status', code: 'inactive' }] }))).toBeNull();
    expect(classifyForbidden('<html>403 Forbidden</html>')).toBeNull();
    expect(classifyForbidden('')).toBeNull();
    expect(classifyForbidden('"inactive"')).toBeNull();
    expect(classifyForbidden('null')).toBeNull();
  });
});
