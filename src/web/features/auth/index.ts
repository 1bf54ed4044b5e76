/** The auth feature's public face (ADR 0045): all that app/ and other features may import from it. */
export { useLogout } from './api/logout.ts';
export { AuthProvider } from './auth-provider.tsx';
export { GoogleIcon } from './google-icon.tsx';
export { GOOGLE_SIGN_IN_PATH } from './google-sign-in.ts';
export { signInPathReturningTo } from './return-path.ts';
export { useAuth } from './use-auth.ts';
