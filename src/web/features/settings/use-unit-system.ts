import { useSyncExternalStore } from 'react';
import type { UnitSystem } from '../../../shared/domain/unit-system.ts';
import { getUnitSystem, setUnitSystem, subscribeToUnitSystem } from './unit-system-store.ts';

/** The unit system every number on screen uses, and the way to change it. */
export function useUnitSystem(): [UnitSystem, (next: UnitSystem) => void] {
  const units = useSyncExternalStore(subscribeToUnitSystem, getUnitSystem);
  return [units, setUnitSystem];
}
