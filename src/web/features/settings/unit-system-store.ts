import { DEFAULT_UNIT_SYSTEM, isUnitSystem, type UnitSystem } from '../../../shared/domain/unit-system.ts';

/**
 * The device's copy of the athlete's unit choice (spec §4): it starts metric and survives reloads in
 * localStorage. The settings saved on the server decide; this copy mirrors them (useUnitSystem) so
 * a screen painted before settings load already uses the athlete's units.
 */
export const UNIT_SYSTEM_STORAGE_KEY = 'kairo.unitSystem';

/** What a stored value means: anything but a known unit system (missing, tampered) is the default. */
export function parseStoredUnitSystem(stored: string | null): UnitSystem {
  return isUnitSystem(stored) ? stored : DEFAULT_UNIT_SYSTEM;
}

const listeners = new Set<() => void>();

function readStorage(): string | null {
  try {
    return window.localStorage.getItem(UNIT_SYSTEM_STORAGE_KEY);
  } catch {
    // Storage can be blocked (privacy settings): the default still works.
    return null;
  }
}

let current: UnitSystem | null = null;

export function getUnitSystem(): UnitSystem {
  current ??= parseStoredUnitSystem(readStorage());
  return current;
}

export function setUnitSystem(next: UnitSystem): void {
  current = next;
  try {
    window.localStorage.setItem(UNIT_SYSTEM_STORAGE_KEY, next);
  } catch {
    // Not persisted, but this visit still uses the choice.
  }
  for (const listener of listeners) listener();
}

/** Follows changes made here and in other tabs of the same browser. */
export function subscribeToUnitSystem(listener: () => void): () => void {
  const onStorage = (event: StorageEvent) => {
    if (event.key !== UNIT_SYSTEM_STORAGE_KEY) return;
    current = parseStoredUnitSystem(event.newValue);
    listener();
  };
  listeners.add(listener);
  window.addEventListener('storage', onStorage);
  return () => {
    listeners.delete(listener);
    window.removeEventListener('storage', onStorage);
  };
}
