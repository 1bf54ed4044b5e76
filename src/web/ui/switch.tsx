import clsx from 'clsx';
import { Switch as RadixSwitch } from 'radix-ui';
import type { ComponentProps } from 'react';

type SwitchProps = Omit<ComponentProps<typeof RadixSwitch.Root>, 'children'>;

/** An on/off switch (role=switch); name it with aria-label or a <label htmlFor>. */
export function Switch({ className, ...props }: SwitchProps) {
  return (
    <RadixSwitch.Root
      className={clsx(
        'relative inline-flex h-6 w-11 shrink-0 cursor-pointer items-center rounded-full border border-line-strong bg-surface-raised transition-colors',
        'data-[state=checked]:border-accent data-[state=checked]:bg-accent disabled:cursor-not-allowed disabled:opacity-50',
        className,
      )}
      {...props}
    >
      <RadixSwitch.Thumb className="pointer-events-none block size-4.5 translate-x-0.5 rounded-full bg-fg shadow-sm transition-transform data-[state=checked]:translate-x-5.5 data-[state=checked]:bg-accent-fg" />
    </RadixSwitch.Root>
  );
}
