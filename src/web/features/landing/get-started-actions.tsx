import clsx from 'clsx';
import { Link } from 'wouter';
import { buttonClasses } from '../../ui/button-classes.ts';
import { TextLink } from '../../ui/text-link.tsx';
import { GOOGLE_SIGN_IN_PATH, GoogleIcon } from '../auth/index.ts';

/** The landing page's calls to action: Google in one step, or an e-mail account. */
export function GetStartedActions({ className }: { className?: string }) {
  return (
    <div className={clsx('flex flex-col items-center gap-4', className)}>
      <div className="flex w-full flex-col items-stretch gap-3 sm:w-auto sm:flex-row sm:items-center">
        <a href={GOOGLE_SIGN_IN_PATH} className={buttonClasses({ size: 'lg' })}>
          <span className="flex size-6 items-center justify-center rounded-full bg-white">
            <GoogleIcon className="size-4" />
          </span>
          Get started with Google
        </a>
        <Link href="/register" className={buttonClasses({ variant: 'secondary', size: 'lg' })}>
          Create account
        </Link>
      </div>
      <p className="text-sm text-fg-muted">
        Already training with Kairo? <TextLink href="/login">Sign in</TextLink>
      </p>
    </div>
  );
}
