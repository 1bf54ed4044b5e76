import { useMutation } from '@tanstack/react-query';
import { messageResponse, type ResetPasswordBody } from '../../../../shared/api/auth.ts';
import { apiRequest, readJson } from '../../../lib/api-request.ts';

/** POST /api/auth/reset-password: sets a new password with the token from the e-mailed link. */
export async function resetPassword(body: ResetPasswordBody) {
  return readJson(await apiRequest('POST', '/api/auth/reset-password', body), messageResponse);
}

export function useResetPassword() {
  return useMutation({ mutationFn: resetPassword });
}
