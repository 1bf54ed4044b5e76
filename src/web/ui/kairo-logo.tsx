import clsx from 'clsx';

interface KairoLogoProps {
  /** 'full' is the wordmark 'Kairo'; 'mark' is the short 'K' for narrow spaces. */
  variant: 'full' | 'mark';
  className?: string;
}

/** Kairo's brand: a lime tile with a pulse line, and the wordmark. Decorative text is left to the caller's label. */
export function KairoLogo({ variant, className }: KairoLogoProps) {
  if (variant === 'mark') {
    return (
      <span
        className={clsx(
          'inline-flex size-8 items-center justify-center rounded-lg bg-accent text-lg leading-none font-black text-accent-fg',
          className,
        )}
      >
        K
      </span>
    );
  }
  return (
    <span className={clsx('inline-flex items-center gap-2 text-xl font-black tracking-tight text-fg', className)}>
      <svg aria-hidden viewBox="0 0 32 32" className="size-7">
        <rect width="32" height="32" rx="8" fill="var(--color-accent)" />
        <path
          d="M5 21.5 10.5 15l4 4 6-9 3.5 4.5 3-2"
          fill="none"
          stroke="var(--color-accent-fg)"
          strokeWidth="3"
          strokeLinecap="round"
          strokeLinejoin="round"
        />
      </svg>
      Kairo
    </span>
  );
}
