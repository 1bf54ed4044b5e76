import { describe, expect, it } from 'vitest';
import { clearPlanSwitch, currentPlanSwitch, recordPlanSwitch } from '../../src/web/features/plans/api/plan-switch-store.ts';
import { planSwitchText } from '../../src/web/features/plans/plan-notice.tsx';

/** The plans list's notice of a switch (ADR 0070): its words, and when there is one to show. */

const winter = { id: 'w', name: 'Winter block' };
const fondo = { id: 'f', name: 'Gran Fondo Dolomiti' };
const spring = { id: 's', name: 'Spring block' };

describe('planSwitchText', () => {
  it('names the plan that became active, how, and the plan that went off', () => {
    expect(planSwitchText({ plan: winter, cause: 'created', switchedOff: [fondo] })).toBe(
      '"Winter block" is your new active plan. "Gran Fondo Dolomiti" was switched off: it ran on the same days.',
    );
    expect(planSwitchText({ plan: winter, cause: 'switched-on', switchedOff: [fondo] })).toMatch(/^"Winter block" is switched on\. /);
    expect(planSwitchText({ plan: winter, cause: 'updated', switchedOff: [fondo] })).toMatch(/^"Winter block" now runs on its new days\. /);
  });

  it('lists several plans switched off', () => {
    expect(planSwitchText({ plan: winter, cause: 'created', switchedOff: [fondo, spring] })).toBe(
      '"Winter block" is your new active plan. "Gran Fondo Dolomiti" and "Spring block" were switched off: they ran on the same days.',
    );
  });
});

describe('the last switch', () => {
  it('is kept when plans went off, replaced by a newer one, and cleared by a change that switched none off or by dismissing', () => {
    const created = { plan: winter, cause: 'created' as const, switchedOff: [fondo] };
    recordPlanSwitch(created);
    expect(currentPlanSwitch()).toEqual(created);
    const switchedOn = { plan: spring, cause: 'switched-on' as const, switchedOff: [winter] };
    recordPlanSwitch(switchedOn);
    expect(currentPlanSwitch()).toEqual(switchedOn);
    recordPlanSwitch({ plan: fondo, cause: 'updated', switchedOff: [] });
    expect(currentPlanSwitch()).toBeNull();
    recordPlanSwitch(created);
    clearPlanSwitch();
    expect(currentPlanSwitch()).toBeNull();
  });
});
