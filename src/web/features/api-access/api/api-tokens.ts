import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { apiTokenList, createdApiToken, type CreateApiTokenBody } from '../../../../shared/api/api-tokens.ts';
import { messageResponse } from '../../../../shared/api/auth.ts';
import { apiRequest, readJson } from '../../../lib/api-request.ts';

const TOKENS_PATH = '/api/api-tokens';
/** Query keys are API paths. */
const tokensKey = [TOKENS_PATH] as const;

/** GET /api/api-tokens: the account's tokens (never the secrets) and how many it may hold. */
export function useApiTokens() {
  return useQuery({
    queryKey: tokensKey,
    queryFn: async ({ signal }) => readJson(await apiRequest('GET', TOKENS_PATH, undefined, { signal }), apiTokenList),
  });
}

/** POST /api/api-tokens: the answer carries the token, the one time it is ever shown. */
export function useCreateApiToken() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (body: CreateApiTokenBody) => readJson(await apiRequest('POST', TOKENS_PATH, body), createdApiToken),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: tokensKey }),
  });
}

/** DELETE /api/api-tokens/:id: the token stops working at once. */
export function useRevokeApiToken() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (id: string) => readJson(await apiRequest('DELETE', `${TOKENS_PATH}/${encodeURIComponent(id)}`), messageResponse),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: tokensKey }),
  });
}
