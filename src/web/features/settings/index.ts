/** The settings feature's public face (ADR 0045): all that app/ and other features may import from it. */
export { useAthleteProfile } from './api/athlete-profile.ts';
export { useUserSettings } from './api/user-settings.ts';
export { UnitsSwitch } from './units-switch.tsx';
export { parsePacePerKm } from './coaching-profile-form.ts';
export { useUnitSystem } from './use-unit-system.ts';
