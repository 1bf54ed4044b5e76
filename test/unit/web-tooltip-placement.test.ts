import { describe, expect, it } from 'vitest';
import { placeTooltip } from '../../src/web/ui/tooltip.tsx';

const viewport = { width: 1280, height: 800 };
const size = { width: 100, height: 30 };
const rect = (left: number, top: number, width = 40, height = 40) => ({ left, top, width, height, right: left + width, bottom: top + height });

describe('placeTooltip', () => {
  it('centres the tooltip above its trigger, 11 px away (6 px gap and the 5 px arrow)', () => {
    expect(placeTooltip(rect(600, 400), size, viewport, 'top')).toEqual({ side: 'top', left: 570, top: 359, arrow: 50 });
  });

  it('goes below when there is no room above, and keeps 8 px from the window edge, the arrow still on the trigger', () => {
    expect(placeTooltip(rect(2, 10), size, viewport, 'top')).toEqual({ side: 'bottom', left: 8, top: 61, arrow: 14 });
  });

  it('stays on the asked side when the other has even less room', () => {
    expect(placeTooltip(rect(600, 20, 40, 770), size, viewport, 'top').side).toBe('top');
  });

  it('places beside the trigger for left and right, flipping at the right edge', () => {
    expect(placeTooltip(rect(600, 400), size, viewport, 'right')).toEqual({ side: 'right', left: 651, top: 405, arrow: 15 });
    expect(placeTooltip(rect(1230, 400), size, viewport, 'right')).toMatchObject({ side: 'left', left: 1119 });
  });
});
