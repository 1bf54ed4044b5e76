import { describe, expect, it } from 'vitest';
import type { ActivityListItem } from '../../src/shared/api/activities.ts';
import { HttpError, throwIfNotOk } from '../../src/web/lib/api-request.ts';
import { tryAgainMessage } from '../../src/web/features/analysis/refresh-limit.ts';
import { activityPath, routedActivity } from '../../src/web/features/activities/selection.ts';
import { returnPathFrom, signInPathReturningTo, withReturnParam } from '../../src/web/features/auth/return-path.ts';

const item = (id: string) => ({ id, name: `Ride ${id}` }) as ActivityListItem;

describe('the activity a Home URL shows (issue 12 item 5)', () => {
  const list = [item('a'), item('b')];

  it('is the newest at / and the named one at /activities/:id', () => {
    expect(routedActivity(list, null)).toEqual({ kind: 'listed', activity: list[0] });
    expect(routedActivity(list, 'b')).toEqual({ kind: 'listed', activity: list[1] });
  });

  it('is loaded on its own when the list does not hold it, and is nothing for an empty list at /', () => {
    expect(routedActivity(list, 'older')).toEqual({ kind: 'elsewhere', id: 'older' });
    expect(routedActivity([], null)).toEqual({ kind: 'none' });
    expect(routedActivity([], 'a')).toEqual({ kind: 'elsewhere', id: 'a' });
  });

  it('has a URL per activity', () => {
    expect(activityPath('7f3c')).toBe('/activities/7f3c');
    expect(activityPath('a/b')).toBe('/activities/a%2Fb');
  });
});

describe('the way back after signing in (issue 12 item 6)', () => {
  it('carries the deep link through /login and /register', () => {
    const login = signInPathReturningTo('/activities/42');
    expect(login).toBe('/login?next=%2Factivities%2F42');
    const search = login.split('?')[1]!;
    expect(returnPathFrom(search)).toBe('/activities/42');
    expect(withReturnParam('/register', search)).toBe('/register?next=%2Factivities%2F42');
    expect(signInPathReturningTo('/')).toBe('/login');
  });

  it('never leaves the site, whatever ?next= says', () => {
    for (const next of ['//evil.example/x', '/\\evil.example', 'https://evil.example', 'javascript:alert(1)', '']) {
      expect(returnPathFrom(new URLSearchParams({ next }).toString()), next).toBe('/');
    }
    expect(returnPathFrom('')).toBe('/');
    expect(withReturnParam('/register', '')).toBe('/register');
  });
});

describe('a refused refresh (issue 12 item 9)', () => {
  it('reads the wait from Retry-After', async () => {
    const response = new Response(JSON.stringify({ message: 'Rate limit reached. Try again in 8 minutes.' }), {
      status: 429,
      headers: { 'retry-after': '452' },
    });
    const error = await throwIfNotOk(response).catch((caught: unknown) => caught);
    expect(error).toBeInstanceOf(HttpError);
    expect((error as HttpError).retryAfterS).toBe(452);
    const plain = await throwIfNotOk(new Response('', { status: 500 })).catch((caught: unknown) => caught);
    expect((plain as HttpError).retryAfterS).toBeNull();
  });

  it('says the wait in whole minutes, rounded up', () => {
    expect(tryAgainMessage(452_000)).toBe('Rate limit reached. Try again in 8 minutes.');
    expect(tryAgainMessage(30_000)).toBe('Rate limit reached. Try again in 1 minute.');
    expect(tryAgainMessage(0)).toBe('Rate limit reached. Try again in 1 minute.');
  });
});
