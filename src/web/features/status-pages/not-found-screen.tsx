import { Compass } from 'lucide-react';
import { Link } from 'wouter';
import { buttonClasses } from '../../ui/button-classes.ts';

/** Any path the router does not know (spec §2). */
export function NotFoundScreen() {
  return (
    <main className="flex min-h-svh items-center justify-center px-4">
      <div className="w-full max-w-md rounded-2xl border border-line bg-surface p-8 shadow-xl shadow-black/20">
        <div className="flex items-center gap-3">
          <Compass aria-hidden className="size-7 shrink-0 text-danger" />
          <h1 className="text-2xl font-bold tracking-tight text-fg">404 Page Not Found</h1>
        </div>
        <p className="mt-4 text-sm text-fg-muted">Did you forget to add the page to the router?</p>
        <Link href="/" className={buttonClasses({ variant: 'secondary' }, 'mt-6')}>
          Back to Kairo
        </Link>
      </div>
    </main>
  );
}
