import clsx from 'clsx';

export type ButtonVariant = 'primary' | 'secondary' | 'ghost' | 'strava' | 'danger';
export type ButtonSize = 'sm' | 'md' | 'lg';

export interface ButtonStyle {
  variant?: ButtonVariant;
  size?: ButtonSize;
  fullWidth?: boolean;
}

const variants: Record<ButtonVariant, string> = {
  primary: 'bg-accent text-accent-fg hover:bg-accent-strong shadow-[0_0_0_1px_rgb(0_0_0/0.2),0_8px_24px_-12px_var(--color-accent)]',
  secondary: 'border border-line-strong bg-surface-raised text-fg hover:border-fg-subtle hover:bg-line',
  ghost: 'text-fg-muted hover:bg-surface-raised hover:text-fg',
  strava: 'bg-strava-button text-white hover:bg-strava-button-hover',
  danger: 'bg-danger text-canvas hover:bg-danger/85',
};

const sizes: Record<ButtonSize, string> = {
  sm: 'h-8 gap-1.5 rounded-md px-3 text-sm',
  md: 'h-10 gap-2 rounded-lg px-4 text-sm',
  lg: 'h-12 gap-2 rounded-xl px-6 text-base',
};

/**
 * Button looks as classes, so links that navigate (anchors, router links) look like buttons
 * without pretending to be buttons.
 */
export function buttonClasses({ variant = 'primary', size = 'md', fullWidth = false }: ButtonStyle = {}, className?: string): string {
  return clsx(
    'inline-flex shrink-0 items-center justify-center font-semibold whitespace-nowrap transition-colors select-none',
    'disabled:pointer-events-none disabled:opacity-50 aria-disabled:pointer-events-none aria-disabled:opacity-50',
    variants[variant],
    sizes[size],
    fullWidth && 'w-full',
    className,
  );
}
