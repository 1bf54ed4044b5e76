import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useSyncExternalStore } from 'react';
import { DEFAULT_UNIT_SYSTEM, type UnitSystem } from '../../../shared/domain/unit-system.ts';
import { showToast } from '../../ui/toast-store.ts';
import { settingsSaved, updateUserSettings, useUserSettings, userSettingsQueryKey } from './api/user-settings.ts';
import { getUnitSystem, setUnitSystem, subscribeToUnitSystem } from './unit-system-store.ts';

/**
 * The unit system every number on screen uses, and the way to change it (spec §4): the device's
 * copy until settings load, then the settings' value, saved with PUT; metric when settings fail.
 * A switch shows the new units at once and goes back if the save fails. The device's copy follows
 * the settings, so the next visit paints its first screen in the athlete's units instead of
 * flashing the default until settings arrive.
 */
export function useUnitSystem(): [UnitSystem, (next: UnitSystem) => void] {
  const local = useSyncExternalStore(subscribeToUnitSystem, getUnitSystem);
  const settings = useUserSettings();
  const queryClient = useQueryClient();
  const loaded = settings.data;
  const units = loaded ? loaded.unitSystem : settings.isError ? DEFAULT_UNIT_SYSTEM : local;
  const saved = loaded?.unitSystem;

  useEffect(() => {
    if (saved !== undefined && saved !== getUnitSystem()) setUnitSystem(saved);
  }, [saved]);

  function change(next: UnitSystem) {
    if (!loaded) {
      setUnitSystem(next);
      return;
    }
    queryClient.setQueryData(userSettingsQueryKey, { ...loaded, unitSystem: next });
    updateUserSettings({ unitSystem: next }).then(
      (saved) => settingsSaved(queryClient, saved),
      () => {
        queryClient.setQueryData(userSettingsQueryKey, loaded);
        showToast({ tone: 'error', title: 'Failed to update units' });
      },
    );
  }
  return [units, change];
}
