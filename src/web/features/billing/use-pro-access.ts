import { hasProAccess } from '../../../shared/domain/account-plan.ts';
import { useAuth } from '../auth/index.ts';

/** Whether the signed-in account may use Pro features now (a running trial counts, spec §6). */
export function useProAccess(): boolean {
  const auth = useAuth();
  return auth.status === 'authenticated' && hasProAccess(auth.user.plan, auth.user.trialExpiryDate);
}
