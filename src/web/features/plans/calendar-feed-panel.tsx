import { CalendarSync, Copy, RefreshCw, Unlink } from 'lucide-react';
import { useState } from 'react';
import type { CalendarFeedCreated } from '../../../shared/api/plan-files.ts';
import { formatDateTime } from '../../../shared/format.ts';
import { userFacingMessage } from '../../lib/api-request.ts';
import { Button } from '../../ui/button.tsx';
import { buttonClasses } from '../../ui/button-classes.ts';
import { Skeleton } from '../../ui/skeleton.tsx';
import { showToast } from '../../ui/toast-store.ts';
import { useCalendarFeed, useCreateCalendarFeed, useRevokeCalendarFeed } from './api/plan-files.ts';

/**
 * The plan's private calendar subscription (ADR 0040): a webcal URL calendar apps poll, so the
 * sessions follow the plan as it changes. The URL is shown once, when made (only its hash is
 * kept); it can be replaced, which stops the old one, or revoked.
 */
export function CalendarFeedPanel({ planId }: { planId: string }) {
  const feed = useCalendarFeed(planId);
  const [created, setCreated] = useState<CalendarFeedCreated | null>(null);
  const create = useCreateCalendarFeed(planId, setCreated);
  const revoke = useRevokeCalendarFeed(planId, () => {
    setCreated(null);
    showToast({ title: 'Calendar link revoked: calendars using it stop updating' });
  });
  const failed = (error: unknown) => showToast({ tone: 'error', title: userFacingMessage(error, 'That did not work. Please try again.') });

  if (feed.isPending) return <Skeleton className="h-28 w-full rounded-2xl" />;
  const active = feed.data?.active ?? false;
  const copy = async (url: string) => {
    try {
      await navigator.clipboard.writeText(url);
      showToast({ title: 'Link copied' });
    } catch {
      showToast({ tone: 'error', title: 'Copying failed: select the link and copy it yourself' });
    }
  };

  return (
    <div className="flex flex-col gap-3 rounded-2xl border border-line bg-surface p-5 text-sm">
      <p className="text-fg-muted">
        Subscribe in Google Calendar, Apple Calendar or Outlook: every session appears on its day with the workout, and changes to the plan show up on their own.
        Anyone with the link can see this plan's sessions, so keep it to yourself.
      </p>
      {created && (
        <div className="flex flex-col gap-2">
          <label htmlFor="calendar-feed-url" className="font-medium text-fg">
            Your calendar link (shown only now)
          </label>
          <div className="flex flex-wrap gap-2">
            <input
              id="calendar-feed-url"
              readOnly
              value={created.webcalUrl}
              onFocus={(event) => event.currentTarget.select()}
              className="h-9 min-w-0 flex-1 rounded-lg border border-line-strong bg-canvas px-3 font-mono text-xs text-fg"
            />
            <Button variant="secondary" size="sm" onClick={() => void copy(created.webcalUrl)}>
              <Copy aria-hidden className="size-4" />
              Copy link
            </Button>
            <a href={created.webcalUrl} className={buttonClasses({ variant: 'secondary', size: 'sm' })}>
              <CalendarSync aria-hidden className="size-4" />
              Open in calendar app
            </a>
          </div>
        </div>
      )}
      {active && !created && feed.data?.createdAt && (
        <p className="text-fg">A calendar link is active since {formatDateTime(feed.data.createdAt)}. Replace it to see a new link; the old one then stops working.</p>
      )}
      <div className="flex flex-wrap gap-2">
        {!active ? (
          <Button size="sm" disabled={create.isPending} onClick={() => create.mutate(undefined, { onError: failed })}>
            <CalendarSync aria-hidden className="size-4" />
            {create.isPending ? 'Making the link...' : 'Make a calendar link'}
          </Button>
        ) : (
          <>
            <Button variant="secondary" size="sm" disabled={create.isPending} onClick={() => create.mutate(undefined, { onError: failed })}>
              <RefreshCw aria-hidden className="size-4" />
              Replace link
            </Button>
            <Button variant="ghost" size="sm" disabled={revoke.isPending} onClick={() => revoke.mutate(undefined, { onError: failed })}>
              <Unlink aria-hidden className="size-4" />
              Revoke link
            </Button>
          </>
        )}
      </div>
    </div>
  );
}
