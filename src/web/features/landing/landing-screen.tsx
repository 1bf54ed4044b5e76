import { CalendarCheck, Lightbulb, MessagesSquare, Share2, Users } from 'lucide-react';
import { Link } from 'wouter';
import { buttonClasses } from '../../ui/button-classes.ts';
import { KairoLogo } from '../../ui/kairo-logo.tsx';
import { useTrackPageView } from '../tracking/index.ts';
import { ContourBackground } from './contour-background.tsx';
import { FeatureCard } from './feature-card.tsx';
import { GetStartedActions } from './get-started-actions.tsx';

const coachingStyles = ['Chill', 'Performance', 'Marginal gains'] as const;
const sports = ['Cycling', 'Running', 'Strength', 'Hiking'] as const;

interface LandingScreenProps {
  /** How the backdrop's lines are drawn; see ContourBackground. */
  contourLines?: 'inline' | 'deferred';
}

/** What a signed-out visitor sees at / (spec §2). Rendered at build time too (render-static.tsx, ADR 0054). */
export function LandingScreen({ contourLines = 'inline' }: LandingScreenProps) {
  useTrackPageView('/');
  return (
    <div className="relative min-h-svh">
      <ContourBackground lines={contourLines} />
      <header className="mx-auto flex h-16 max-w-6xl items-center justify-between px-5 sm:px-8">
        <KairoLogo variant="full" />
        <nav aria-label="Account" className="flex items-center gap-2">
          <Link href="/login" className={buttonClasses({ variant: 'ghost', size: 'sm' })}>
            Sign in
          </Link>
          <Link href="/register" className={buttonClasses({ variant: 'secondary', size: 'sm' })}>
            Create account
          </Link>
        </nav>
      </header>

      <main>
        <section className="relative mx-auto flex min-h-[calc(100svh-4rem)] max-w-4xl flex-col items-center justify-center px-5 pb-24 text-center sm:px-8">
          {/* A soft shade behind the words keeps them readable whichever line drifts past. */}
          <div
            aria-hidden
            className="absolute inset-x-0 top-1/2 -z-10 h-3/4 -translate-y-1/2 bg-[radial-gradient(closest-side,color-mix(in_oklab,var(--color-canvas)_75%,transparent),transparent)]"
          />
          <p className="animate-rise rounded-full border border-line-strong bg-surface/70 px-4 py-1.5 text-xs font-semibold tracking-wider text-fg-muted uppercase backdrop-blur sm:tracking-widest">
            AI coaching for endurance athletes
          </p>
          <h1 className="mt-7 animate-rise text-5xl leading-[1.02] font-black tracking-tighter text-balance text-fg [animation-delay:80ms] sm:text-7xl">
            No more guesswork <span className="text-accent">in your training.</span>
          </h1>
          <p className="mt-6 max-w-2xl animate-rise text-lg text-pretty text-fg-muted [animation-delay:160ms] sm:text-xl">
            Kai, your AI coach, reads every session you record, tells you what it did for you and what to do next, in the
            tone that keeps you going.
          </p>
          <GetStartedActions className="mt-10 w-full animate-rise [animation-delay:240ms]" />
          <ul aria-label="Sports" className="mt-12 flex flex-wrap justify-center gap-x-6 gap-y-2 text-sm text-fg-subtle">
            {sports.map((sport) => (
              <li key={sport} className="flex items-center gap-2">
                <span aria-hidden className="size-1.5 rounded-full bg-accent/70" />
                {sport}
              </li>
            ))}
          </ul>
        </section>

        <section aria-labelledby="features-heading" className="mx-auto max-w-6xl px-5 py-20 sm:px-8">
          <div className="max-w-2xl">
            <p className="text-sm font-semibold tracking-widest text-accent uppercase">What you get</p>
            <h2 id="features-heading" className="mt-3 text-3xl font-bold tracking-tight text-fg sm:text-4xl">
              A coach's read on every session, not just a chart.
            </h2>
          </div>
          <div className="mt-10 grid gap-4 sm:grid-cols-2 lg:grid-cols-3">
            <FeatureCard icon={Lightbulb} title="Key insights" className="lg:col-span-2">
              Every activity gets a subject line, a summary and the insights that matter: pacing, power, heart rate,
              recovery and the session that should come next.
            </FeatureCard>
            <FeatureCard icon={MessagesSquare} title="Coaching that adapts">
              <p>Pick the voice that moves you, or write your own.</p>
              <ul aria-label="Coaching styles" className="mt-3 flex flex-wrap gap-2">
                {coachingStyles.map((style) => (
                  <li key={style} className="rounded-full border border-accent/30 bg-accent/10 px-3 py-1 text-xs font-semibold text-accent">
                    {style}
                  </li>
                ))}
              </ul>
            </FeatureCard>
            <FeatureCard icon={CalendarCheck} title="Plan and progress">
              Build a plan for an event, a personal record or general fitness, and see each session measured against it.
            </FeatureCard>
            <FeatureCard icon={Share2} title="Share to Strava">
              Add any part of your analysis to the activity's description on Strava in one click.
            </FeatureCard>
            <FeatureCard icon={Users} title="Community" badge="Coming soon">
              Train alongside athletes chasing the same goals as you.
            </FeatureCard>
          </div>
        </section>

        <section aria-labelledby="cta-heading" className="px-5 pt-8 pb-24 sm:px-8">
          <div className="mx-auto flex max-w-4xl flex-col items-center rounded-3xl border border-line bg-surface/80 px-6 py-14 text-center backdrop-blur-md sm:px-12">
            <h2 id="cta-heading" className="text-3xl font-bold tracking-tight text-balance text-fg sm:text-4xl">
              Your next session deserves a plan.
            </h2>
            <p className="mt-3 max-w-xl text-fg-muted">Connect your training and get your first analysis in minutes.</p>
            <GetStartedActions className="mt-8 w-full" />
          </div>
        </section>
      </main>

      <footer className="border-t border-line/70 px-5 py-8 text-center text-sm text-fg-subtle sm:px-8">
        © Kairo. Coaching for athletes who train with purpose.
      </footer>
    </div>
  );
}
