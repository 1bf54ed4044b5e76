import { useQuery } from '@tanstack/react-query';
import { appInfo, type AppInfo } from '../../shared/api/app-info.ts';
import { apiRequest, readJson } from './api-request.ts';

/** GET /api/app-info: public, so the signed-out pages can show the operator's links too. */
export async function fetchAppInfo(signal?: AbortSignal): Promise<AppInfo> {
  return readJson(await apiRequest('GET', '/api/app-info', undefined, { signal }), appInfo);
}

/** Read once per page load: the answer comes from the server's configuration, which changes only with a restart. */
export function useAppInfo() {
  return useQuery({ queryKey: ['/api/app-info'], queryFn: ({ signal }) => fetchAppInfo(signal) });
}
