import type { ReactNode } from 'react';
import { Link } from 'wouter';
import { KairoLogo } from '../../ui/kairo-logo.tsx';
import { TextLink } from '../../ui/text-link.tsx';

/** Below the card: a question and the link to the auth screen that answers it ("New to Kairo? Create an account"). */
export interface OtherAuthScreen {
  question: string;
  href: string;
  link: string;
}

interface AuthLayoutProps {
  title: string;
  subtitle: ReactNode;
  children: ReactNode;
  otherScreen: OtherAuthScreen;
}

/** The frame of the sign-in, registration and password screens: brand, one card, one job. */
export function AuthLayout({ title, subtitle, children, otherScreen }: AuthLayoutProps) {
  return (
    <div className="relative flex min-h-svh flex-col overflow-hidden">
      <div
        aria-hidden
        className="pointer-events-none absolute -top-40 left-1/2 -z-10 h-[36rem] w-[56rem] -translate-x-1/2 rounded-full bg-[radial-gradient(closest-side,color-mix(in_oklab,var(--color-accent)_16%,transparent),transparent)]"
      />
      <header className="flex h-16 items-center px-5 sm:px-8">
        <Link href="/" aria-label="Kairo home" className="rounded-lg">
          <KairoLogo variant="full" />
        </Link>
      </header>
      <main className="flex flex-1 flex-col items-center px-4 pt-6 pb-16 sm:pt-12">
        <div className="w-full max-w-md animate-rise">
          <div className="rounded-2xl border border-line bg-surface/90 p-6 shadow-xl shadow-black/20 backdrop-blur sm:p-8">
            <h1 className="text-2xl font-bold tracking-tight text-fg">{title}</h1>
            <p className="mt-1.5 text-sm text-fg-muted">{subtitle}</p>
            <div className="mt-6">{children}</div>
          </div>
          <p className="mt-6 text-center text-sm text-fg-muted">
            {otherScreen.question} <TextLink href={otherScreen.href}>{otherScreen.link}</TextLink>
          </p>
        </div>
      </main>
    </div>
  );
}
