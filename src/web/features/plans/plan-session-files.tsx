import { ChevronDown, Download } from 'lucide-react';
import { PRO_ONLY_MESSAGES } from '../../../shared/api/exports.ts';
import { WORKOUT_FORMAT_LABELS, type PlanSessionFiles } from '../../../shared/api/plan-files.ts';
import { formatCalendarDay, formatDurationWords } from '../../../shared/format.ts';
import { Button } from '../../ui/button.tsx';
import { DropdownMenu, DropdownMenuItem } from '../../ui/dropdown-menu.tsx';
import { Skeleton } from '../../ui/skeleton.tsx';
import { showToast } from '../../ui/toast-store.ts';
import { useProAccess } from '../billing/index.ts';
import { downloadSessionFile, usePlanSessionFiles } from './api/plan-files.ts';

type Session = PlanSessionFiles['sessions'][number];

/** One session's download menu: every format, those it does not offer disabled with the reason. */
function SessionDownloadMenu({ planId, session, pro }: { planId: string; session: Session; pro: boolean }) {
  const label = `Files for ${session.activityType} on ${formatCalendarDay(session.date)}`;
  return (
    <DropdownMenu
      trigger={
        <Button variant="secondary" size="sm" aria-label={label}>
          <Download aria-hidden className="size-4" />
          Files
          <ChevronDown aria-hidden className="size-3.5" />
        </Button>
      }
    >
      {session.files.map((file) => (
        <DropdownMenuItem
          key={file.format}
          icon={<Download className="size-4" />}
          label={WORKOUT_FORMAT_LABELS[file.format]}
          hint={!pro ? PRO_ONLY_MESSAGES.workoutFile : (file.reason ?? undefined)}
          disabled={!pro || !file.available}
          onSelect={() => {
            downloadSessionFile(planId, session.date, file.format).then(
              (fileName) => showToast({ title: `Downloaded ${fileName}` }),
              (error: unknown) => showToast({ tone: 'error', title: error instanceof Error ? error.message : 'Download failed' }),
            );
          }}
        />
      ))}
    </DropdownMenu>
  );
}

/** The next two weeks' sessions, each with its workout files for head units, watches and trainer apps (ADR 0039). */
export function PlanSessionFilesList({ planId }: { planId: string }) {
  const pro = useProAccess();
  const sessions = usePlanSessionFiles(planId);
  if (sessions.isPending) return <Skeleton className="h-32 w-full rounded-2xl" />;
  if (sessions.isError) return <p className="text-sm text-fg-muted">The sessions could not be loaded. Reload the page to try again.</p>;
  const withFiles = sessions.data.sessions.filter((session) => session.files.length > 0);
  if (withFiles.length === 0) return <p className="text-sm text-fg-muted">No rides or runs in the next two weeks.</p>;
  return (
    <ul className="divide-y divide-line rounded-2xl border border-line bg-surface">
      {withFiles.map((session) => (
        <li key={session.date} className="flex flex-wrap items-center justify-between gap-3 px-4 py-3">
          <div className="min-w-0">
            <p className="text-sm font-semibold text-fg">{session.activityType}</p>
            <p className="text-xs text-fg-muted">
              <time dateTime={session.date}>{formatCalendarDay(session.date)}</time> · {formatDurationWords(session.durationMin * 60)}
            </p>
          </div>
          <SessionDownloadMenu planId={planId} session={session} pro={pro} />
        </li>
      ))}
    </ul>
  );
}
