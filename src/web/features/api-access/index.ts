/** Settings → API access: the athlete's personal access tokens (issue 31, ADR 0074). */
export { ApiAccessScreen } from './api-access-screen.tsx';
