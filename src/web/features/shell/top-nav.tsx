import clsx from 'clsx';
import { Activity, CalendarDays, CalendarRange, MessagesSquare, Settings, TrendingUp, UserRound, type LucideIcon } from 'lucide-react';
import { Link, useLocation } from 'wouter';
import { IconButton } from '../../ui/icon-button.tsx';
import { KairoLogo } from '../../ui/kairo-logo.tsx';

interface Tab {
  label: string;
  href: string;
  icon: LucideIcon;
  isActive: (path: string) => boolean;
}

/**
 * Spec §2's three tabs, the calendar and the season (issue 30) and Ask Kai (issue 28); 'Training plan' covers
 * every route under /training-plan, 'Activities' each activity's page, 'Ask Kai' each conversation.
 */
const tabs: readonly Tab[] = [
  { label: 'Activities', href: '/', icon: Activity, isActive: (path) => path === '/' || path.startsWith('/activities/') },
  { label: 'Calendar', href: '/calendar', icon: CalendarDays, isActive: (path) => path === '/calendar' },
  { label: 'Season', href: '/season', icon: TrendingUp, isActive: (path) => path === '/season' },
  { label: 'Training plan', href: '/training-plan', icon: CalendarRange, isActive: (path) => path.startsWith('/training-plan') },
  { label: 'Ask Kai', href: '/ask', icon: MessagesSquare, isActive: (path) => path === '/ask' || path.startsWith('/ask/') },
  { label: 'Profile', href: '/profile', icon: UserRound, isActive: (path) => path === '/profile' },
];

interface TopNavProps {
  /** When supplied, a Settings button shows at the right. */
  onOpenSettings?: () => void;
}

/**
 * The app's top bar. Below the `sm` breakpoint the tab labels and the wordmark give way to icons
 * and the short mark; each tab keeps its name as its accessible label.
 */
export function TopNav({ onOpenSettings }: TopNavProps) {
  const [path] = useLocation();
  return (
    <header className="sticky top-0 z-30 border-b border-line bg-canvas/85 backdrop-blur-md">
      <div className="flex h-14 items-center gap-3 px-3 sm:gap-6 sm:px-5">
        <Link href="/" aria-label="Kairo home" className="flex shrink-0 items-center rounded-lg">
          <span className="sm:hidden">
            <KairoLogo variant="mark" />
          </span>
          <span className="hidden sm:block">
            <KairoLogo variant="full" />
          </span>
        </Link>
        <nav aria-label="Main" className="min-w-0 flex-1">
          <ul className="flex items-center gap-1">
            {tabs.map(({ label, href, icon: Icon, isActive }) => {
              const active = isActive(path);
              return (
                <li key={href}>
                  <Link
                    href={href}
                    aria-label={label}
                    aria-current={active ? 'page' : undefined}
                    className={clsx(
                      'relative flex h-10 items-center gap-2 rounded-lg px-3 text-sm font-medium transition-colors',
                      active ? 'bg-surface-raised text-fg' : 'text-fg-muted hover:bg-surface hover:text-fg',
                    )}
                  >
                    <Icon aria-hidden className={clsx('size-4.5', active && 'text-accent')} />
                    <span className="hidden sm:inline">{label}</span>
                    {active && <span aria-hidden className="absolute inset-x-3 -bottom-2 h-0.5 rounded-full bg-accent" />}
                  </Link>
                </li>
              );
            })}
          </ul>
        </nav>
        {onOpenSettings && <IconButton label="Settings" icon={<Settings aria-hidden className="size-5" />} onClick={onOpenSettings} />}
      </div>
    </header>
  );
}
