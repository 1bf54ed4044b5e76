import { useMutation } from '@tanstack/react-query';
import { messageResponse, type ForgotPasswordBody } from '../../../../shared/api/auth.ts';
import { apiRequest, readJson } from '../../../lib/api-request.ts';

/** POST /api/auth/forgot-password: the answer is the same whether or not the account exists. */
export async function requestPasswordReset(body: ForgotPasswordBody) {
  return readJson(await apiRequest('POST', '/api/auth/forgot-password', body), messageResponse);
}

export function useForgotPassword() {
  return useMutation({ mutationFn: requestPasswordReset });
}
