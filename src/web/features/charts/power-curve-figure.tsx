import { useMemo } from 'react';
import { useActivityPowerCurve } from './api/activity-power-curve.ts';
import { useBestPowerCurve } from './api/best-power-curve.ts';
import { ChartFigure } from './chart-figure.tsx';
import { CriticalPowerLine } from './critical-power-line.tsx';
import { overlayPowerCurves } from './power-curve-overlay.ts';
import { POWER_CURVE_HEIGHT_PX } from './chart-sizes.ts';
import { PowerCurveChart } from './lazy-charts.ts';

/** The athlete's best is taken over this many days (the 90-day window). */
export const BEST_POWER_DAYS = 90;

/** The power-duration card of an activity with measured power. */
export function PowerCurveFigure({ activityId }: { activityId: string }) {
  const curve = useActivityPowerCurve(activityId, true);
  const best = useBestPowerCurve(BEST_POWER_DAYS, true);
  const overlay = useMemo(
    () => (curve.data && best.data ? overlayPowerCurves(curve.data, best.data) : null),
    [curve.data, best.data],
  );
  const state =
    curve.isError || best.isError
      ? { empty: 'The power curve could not be loaded.' }
      : overlay === null
        ? ('loading' as const)
        : ('ready' as const);

  return (
    <ChartFigure
      title="Power-duration curve"
      caption={`Best power held for each duration: this activity against your best of the last ${BEST_POWER_DAYS} days`}
      state={state}
      heightPx={POWER_CURVE_HEIGHT_PX + 28}
    >
      {overlay && (
        <>
          <PowerCurveChart overlay={overlay} days={BEST_POWER_DAYS} />
          {best.data?.criticalPower && <CriticalPowerLine {...best.data.criticalPower} days={BEST_POWER_DAYS} />}
        </>
      )}
    </ChartFigure>
  );
}
