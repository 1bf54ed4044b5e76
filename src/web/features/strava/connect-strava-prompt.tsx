import { Activity, ShieldCheck, Target, TrendingUp, type LucideIcon } from 'lucide-react';
import { buttonClasses } from '../../ui/button-classes.ts';
import { STRAVA_CONNECT_PATH } from './strava-connect-path.ts';

const benefits: readonly { title: string; text: string; icon: LucideIcon }[] = [
  { title: 'Activity Analysis', text: 'Kai reads every ride, run and session and explains what it did for you.', icon: Activity },
  { title: 'Performance Tracking', text: 'Watch fitness, fatigue and form build week by week.', icon: TrendingUp },
  { title: 'Training Recommendations', text: 'Know what your next session should be, and why.', icon: Target },
];

/** The body of every "Connect with Strava" step (spec §2): three benefits, the way in, the privacy promise. */
export function ConnectStravaPrompt() {
  return (
    <div className="flex flex-col gap-6">
      <ul className="flex flex-col gap-4">
        {benefits.map(({ title, text, icon: Icon }) => (
          <li key={title} className="flex gap-3.5">
            <span className="flex size-10 shrink-0 items-center justify-center rounded-xl border border-line-strong bg-surface-raised">
              <Icon aria-hidden className="size-5 text-accent" />
            </span>
            <div>
              <p className="font-semibold text-fg">{title}</p>
              <p className="text-sm text-fg-muted">{text}</p>
            </div>
          </li>
        ))}
      </ul>
      <a href={STRAVA_CONNECT_PATH} className={buttonClasses({ variant: 'strava', size: 'lg', fullWidth: true })}>
        Connect with Strava
      </a>
      <p className="flex items-start gap-2 text-xs text-fg-subtle">
        <ShieldCheck aria-hidden className="size-4 shrink-0 text-fg-muted" />
        Your data is only used to give you coaching insights and is never shared.
      </p>
    </div>
  );
}
