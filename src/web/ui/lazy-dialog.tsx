import { lazy, Suspense, useState, type ComponentType } from 'react';

/**
 * A dialog whose module (its form, texts and the dialog machinery) loads at its first opening,
 * like Dialog's own machinery: most visits to a screen never open it (ADR 0054). Once opened it
 * stays mounted, so closing can animate and hand focus back. `load` is a dynamic import;
 * `preload()` fetches it early when an opening is on its way.
 */
export function lazyDialog<Props extends { open: boolean }>(
  load: () => Promise<ComponentType<Props>>,
): ComponentType<Props> & { preload(): void } {
  let loading: Promise<ComponentType<Props>> | undefined;
  const loadOnce = () => (loading ??= load());
  const Loaded = lazy(async () => ({ default: await loadOnce() }));
  function LazyDialog(props: Props) {
    const [used, setUsed] = useState(props.open);
    if (props.open && !used) setUsed(true);
    if (!used) return null;
    return (
      <Suspense fallback={null}>
        <Loaded {...props} />
      </Suspense>
    );
  }
  /** Starts loading ahead of the opening, e.g. when what opens it has begun. */
  LazyDialog.preload = () => void loadOnce();
  return LazyDialog;
}
