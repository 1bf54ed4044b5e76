import { useState } from 'react';
import type { AuthUser } from '../../../shared/api/auth.ts';
import { FREE_PLAN_LIMIT } from '../../../shared/api/training-plans.ts';
import { hasProAccess } from '../../../shared/domain/account-plan.ts';
import { AppLayout, AppSidebar } from '../shell/index.ts';
import { PlanDialog, type PlanDraft, useTrainingPlans } from '../plans/index.ts';
import { draftFromEvent, draftFromGoal } from './card-drafts.ts';
import { HistoryPendingNote } from './history-pending-note.tsx';
import { ProfileDocument } from './profile-document.tsx';
import { ProfileHeader } from './profile-header.tsx';
import { ProfileContents } from './profile-contents.tsx';
import { ProfilePending } from './profile-pending.tsx';
import { analysedNote, profileGreeting } from './profile-words.ts';
import { RegenerateProfileButton } from './regenerate-profile-button.tsx';
import { useProfilePage } from './use-profile-page.ts';

/** /profile for a connected athlete (spec §2 Profile, §4 Profile page). */
export function ProfileScreen({ user }: { user: AuthUser }) {
  const page = useProfilePage();
  const plans = useTrainingPlans();
  const [draft, setDraft] = useState<PlanDraft | null>(null);
  const now = new Date();
  const isPro = hasProAccess(user.plan, user.trialExpiryDate, now);
  // Spec §6: a non-Pro account that already has a plan cannot create another one from here.
  const createBlocked = !isPro && (plans.data?.length ?? 0) >= FREE_PLAN_LIMIT;

  return (
    <AppLayout sidebar={<AppSidebar user={user}>{page.status === 'ready' && <ProfileContents />}</AppSidebar>}>
      <div className="mx-auto flex w-full max-w-5xl flex-col gap-8 px-4 py-6 sm:px-8 sm:py-10">
        <ProfileHeader
          greeting={profileGreeting(user.firstName, now)}
          note={page.status === 'ready' ? analysedNote(page.profile.activityCount, page.profile.generatedAt, now) : undefined}
          action={
            page.status === 'ready' && (
              <RegenerateProfileButton allowed={isPro} regenerating={page.regenerating} onRegenerate={page.regenerate} />
            )
          }
        />
        {page.status === 'ready' && page.profile.historyPending && <HistoryPendingNote />}
        {page.status === 'ready' ? (
          <ProfileDocument
            profile={page.profile}
            eventsLoading={page.eventsLoading}
            createBlocked={createBlocked}
            onCreateFromGoal={(goal) => setDraft(draftFromGoal(goal))}
            onCreateFromEvent={(event) => setDraft(draftFromEvent(event))}
          />
        ) : (
          <ProfilePending state={page} />
        )}
      </div>
      <PlanDialog
        open={draft !== null}
        onOpenChange={(open) => {
          if (!open) setDraft(null);
        }}
        plan={null}
        draft={draft}
      />
    </AppLayout>
  );
}
