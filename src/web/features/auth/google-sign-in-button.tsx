import { Button } from '../../ui/button.tsx';
import { GoogleIcon } from './google-icon.tsx';
import { GOOGLE_SIGN_IN_PATH } from './google-sign-in.ts';

export function GoogleSignInButton() {
  return (
    <Button variant="secondary" size="lg" fullWidth onClick={() => window.location.assign(GOOGLE_SIGN_IN_PATH)}>
      <GoogleIcon />
      Continue with Google
    </Button>
  );
}
