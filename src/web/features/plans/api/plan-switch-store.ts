import { useSyncExternalStore } from 'react';
import type { NamedPlan } from '../../../../shared/api/training-plans.ts';

/**
 * The last switch of active plans (ADR 0070): a plan that became active and the plans it switched
 * off, kept outside React so the notice with its Undo outlives the dialog that caused it and the
 * navigation to the plans list. One at a time: a newer switch replaces it.
 */
export interface PlanSwitch {
  /** The plan that became active. */
  plan: NamedPlan;
  /** How: created, updated (its dates moved) or switched on. */
  cause: 'created' | 'updated' | 'switched-on';
  switchedOff: NamedPlan[];
}

let current: PlanSwitch | null = null;
const listeners = new Set<() => void>();

function publish(next: PlanSwitch | null): void {
  current = next;
  for (const listener of listeners) listener();
}

/** Records a switch when it switched plans off; a change that switched none off clears the last one. */
export function recordPlanSwitch(next: PlanSwitch): void {
  publish(next.switchedOff.length > 0 ? next : null);
}

export function clearPlanSwitch(): void {
  publish(null);
}

export function currentPlanSwitch(): PlanSwitch | null {
  return current;
}

const subscribe = (listener: () => void) => {
  listeners.add(listener);
  return () => listeners.delete(listener);
};

export function usePlanSwitch(): PlanSwitch | null {
  return useSyncExternalStore(subscribe, currentPlanSwitch);
}
