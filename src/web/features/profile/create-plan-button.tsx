import { Plus } from 'lucide-react';
import { Button } from '../../ui/button.tsx';
import { DisabledHint } from '../../ui/disabled-hint.tsx';
import { Tooltip } from '../../ui/tooltip.tsx';

/** Spec §6: the tooltips of a profile card's Create plan button. */
export const MULTIPLE_PLANS_PRO_MESSAGE = 'Multiple plans available on Pro subscription';
const CREATE_PLAN_HINT = 'Create training plan';

interface CreatePlanButtonProps {
  /** A non-Pro account that already has a plan may not create another (spec §6). */
  blocked: boolean;
  onClick: () => void;
}

/** A profile card's way into the plan dialog. */
export function CreatePlanButton({ blocked, onClick }: CreatePlanButtonProps) {
  const button = (
    <Button size="sm" disabled={blocked} onClick={onClick}>
      <Plus aria-hidden className="size-4" />
      Create plan
    </Button>
  );
  if (blocked) return <DisabledHint hint={MULTIPLE_PLANS_PRO_MESSAGE}>{button}</DisabledHint>;
  return <Tooltip content={CREATE_PLAN_HINT}>{button}</Tooltip>;
}
