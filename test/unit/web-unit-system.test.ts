import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { isUnitSystem } from '../../src/shared/domain/unit-system.ts';

/** A window with just enough localStorage for the store, reset per test. */
function fakeWindow(initial: Record<string, string> = {}) {
  const values = new Map(Object.entries(initial));
  return {
    localStorage: {
      getItem: (key: string) => values.get(key) ?? null,
      setItem: (key: string, value: string) => void values.set(key, value),
    },
    addEventListener: vi.fn(),
    removeEventListener: vi.fn(),
    values,
  };
}

async function freshStore() {
  vi.resetModules();
  return import('../../src/web/features/settings/unit-system-store.ts');
}

describe('unit system (spec §4: starts metric, the local copy is used while no settings load)', () => {
  beforeEach(() => vi.unstubAllGlobals());
  afterEach(() => vi.unstubAllGlobals());

  it('reads only known unit systems', async () => {
    const { parseStoredUnitSystem } = await freshStore();
    expect(parseStoredUnitSystem(null)).toBe('metric');
    expect(parseStoredUnitSystem('imperial')).toBe('imperial');
    expect(parseStoredUnitSystem('metric')).toBe('metric');
    expect(parseStoredUnitSystem('IMPERIAL')).toBe('metric');
    expect(parseStoredUnitSystem('{"x":1}')).toBe('metric');
    expect(isUnitSystem('imperial')).toBe(true);
  });

  it('starts metric and remembers a change on the device', async () => {
    const window = fakeWindow();
    vi.stubGlobal('window', window);
    const store = await freshStore();
    expect(store.getUnitSystem()).toBe('metric');

    const listener = vi.fn();
    const unsubscribe = store.subscribeToUnitSystem(listener);
    store.setUnitSystem('imperial');
    expect(store.getUnitSystem()).toBe('imperial');
    expect(listener).toHaveBeenCalledTimes(1);
    expect(window.values.get(store.UNIT_SYSTEM_STORAGE_KEY)).toBe('imperial');
    unsubscribe();
  });

  it('picks up the stored choice on the next visit', async () => {
    vi.stubGlobal('window', fakeWindow({ 'kairo.unitSystem': 'imperial' }));
    const store = await freshStore();
    expect(store.getUnitSystem()).toBe('imperial');
  });

  it('still works when storage is blocked', async () => {
    const blocked = {
      getItem: () => {
        throw new Error('SecurityError');
      },
      setItem: () => {
        throw new Error('SecurityError');
      },
    };
    vi.stubGlobal('window', { ...fakeWindow(), localStorage: blocked });
    const store = await freshStore();
    expect(store.getUnitSystem()).toBe('metric');
    store.setUnitSystem('imperial');
    expect(store.getUnitSystem()).toBe('imperial');
  });
});
