import { MutationObserver } from '@tanstack/react-query';
import { describe, expect, it } from 'vitest';
import { fitnessForecastQueryKey } from '../../src/web/features/charts/api/fitness-forecast.ts';
import { createQueryClient } from '../../src/web/lib/query-client.ts';

/**
 * The forecast follows the plan (ADR 0081): after an edit on the calendar or the plan view (or its
 * undo), Home's forecast is read again rather than shown as it was. Every successful mutation marks
 * the day plan's queries stale, and the forecast's key sits under the day plan's.
 */
describe('the web forecast after a plan edit', () => {
  it('is marked stale by a successful mutation and left as it is by a failed one', async () => {
    const client = createQueryClient();
    client.setQueryData(fitnessForecastQueryKey, { planId: 'plan' });
    const failed = new MutationObserver(client, { mutationFn: () => Promise.reject(new Error('The plan could not be changed.')) });
    await expect(failed.mutate()).rejects.toThrow();
    expect(client.getQueryState(fitnessForecastQueryKey)!.isInvalidated).toBe(false);

    const edit = new MutationObserver(client, { mutationFn: (body: { kind: 'delete'; date: string }) => Promise.resolve({ id: 'adjustment', body }) });
    await edit.mutate({ kind: 'delete', date: '2026-03-12' });
    expect(client.getQueryState(fitnessForecastQueryKey)!.isInvalidated).toBe(true);
  });
});
