import { resolve } from 'node:path';
import { RuleTester } from 'eslint';
import { describe, it } from 'vitest';
import rule from '../../tools/eslint/import-direction.js';

RuleTester.describe = describe;
RuleTester.it = it;
const tester = new RuleTester({ languageOptions: { ecmaVersion: 2024, sourceType: 'module' } });
const at = (path: string) => resolve(import.meta.dirname, '../..', path);

tester.run('kairo/import-direction', rule, {
  valid: [
    { filename: at('src/web/app/main.tsx'), code: "import { x } from '../../shared/api/auth.ts';" },
    { filename: at('src/server/features/auth/routes.ts'), code: "import { x } from '../../http/route.ts';" },
    { filename: at('src/server/features/tracking/routes.ts'), code: "import { x } from '../auth/index.ts';" },
    { filename: at('src/server/kairo.ts'), code: "import { createAuth } from './features/auth/index.ts';" },
    { filename: at('src/server/features/auth/routes.ts'), code: "import { x } from './service.ts';" },
    { filename: at('src/metrics/power.ts'), code: "import { x } from './zones.ts';" },
    { filename: at('src/shared/api/auth.ts'), code: "import { z } from 'zod';" },
    { filename: at('src/server/demo/strava.ts'), code: "const sim = await import('../../../tools/strava-sim/sim.ts');" },
  ],
  invalid: [
    { filename: at('src/web/app/main.tsx'), code: "import { x } from '../../server/config.ts';", errors: 1 },
    { filename: at('src/server/http/app.ts'), code: "import { x } from '../../web/app/main.tsx';", errors: 1 },
    { filename: at('src/metrics/power.ts'), code: "import { x } from '../shared/api/auth.ts';", errors: 1 },
    { filename: at('src/metrics/power.ts'), code: "import { z } from 'zod';", errors: 1 },
    { filename: at('src/shared/api/auth.ts'), code: "import { x } from '../../server/config.ts';", errors: 1 },
    { filename: at('src/server/features/tracking/routes.ts'), code: "import { x } from '../auth/repo.ts';", errors: 1 },
    { filename: at('src/server/features/tracking/routes.ts'), code: "export { x } from '../auth/google.ts';", errors: 1 },
    // A service.ts is internal too: the public face is index.ts, for kairo.ts and the rest of the server as well.
    { filename: at('src/server/features/tracking/routes.ts'), code: "import { x } from '../auth/service.ts';", errors: 1 },
    { filename: at('src/server/kairo.ts'), code: "import { createAuthRepo } from './features/auth/repo.ts';", errors: 1 },
    { filename: at('src/server/admin/accounts.ts'), code: "import { toAuthUser } from '../features/auth/service.ts';", errors: 1 },
    { filename: at('src/server/features/facts/analysis/context.ts'), code: "import { planOnDay } from '../../plans/plan-on-day.ts';", errors: 1 },
    // Test doubles: never statically, and dynamically only from the demo wiring.
    { filename: at('src/server/demo/strava.ts'), code: "import { createStravaSim } from '../../../tools/strava-sim/sim.ts';", errors: 1 },
    { filename: at('src/server/features/strava/setup.ts'), code: "const sim = await import('../../../../tools/strava-sim/sim.ts');", errors: 1 },
    { filename: at('src/server/features/auth/google-provider.ts'), code: "import { mountFakeIdp } from '../../../../tools/fake-idp/provider.ts';", errors: 1 },
    { filename: at('src/web/app/main.tsx'), code: "import { x } from '../../../tools/fake-llm/server.ts';", errors: 1 },
  ],
});

// The web app's zones (ADR 0045): app composes features; features meet through index.ts; ui and lib know no feature.
tester.run('kairo/import-direction (web zones)', rule, {
  valid: [
    { filename: at('src/web/app/router.tsx'), code: "import { x } from '../features/plans/index.ts';" },
    { filename: at('src/web/app/router.tsx'), code: "const s = import('../features/plans/plan-view-screen.tsx');" },
    { filename: at('src/web/app/router.tsx'), code: "import { x } from '../lib/api-request.ts';" },
    { filename: at('src/web/features/plans/plan-card.tsx'), code: "import { x } from './plan-labels.ts';" },
    { filename: at('src/web/features/plans/api/training-plans.ts'), code: "import { X } from '../../exports/index.ts';" },
    { filename: at('src/web/features/plans/plan-card.tsx'), code: "import { x } from '../../ui/badge.tsx';" },
    { filename: at('src/web/features/plans/plan-card.tsx'), code: "import { x } from '../../lib/api-request.ts';" },
    { filename: at('src/web/features/plans/plan-card.tsx'), code: "import { x } from '../../../shared/format.ts';" },
    { filename: at('src/web/features/plans/index.ts'), code: "export { x } from './plan-dialog.tsx';" },
    { filename: at('src/web/ui/dialog.tsx'), code: "import { x } from './modal-dialog.tsx';" },
    { filename: at('src/web/ui/dialog.tsx'), code: "import { x } from '../lib/use-media-query.ts';" },
    { filename: at('src/web/lib/app-info.ts'), code: "import { x } from './api-request.ts';" },
  ],
  invalid: [
    // Past another feature's public face, statically or dynamically, by import or re-export.
    { filename: at('src/web/features/auth/login-screen.tsx'), code: "import { x } from '../strava/strava-error.ts';", errors: 1 },
    { filename: at('src/web/features/plans/api/training-plans.ts'), code: "import { X } from '../../exports/api/generate-workout-file.ts';", errors: 1 },
    { filename: at('src/web/features/plans/plan-card.tsx'), code: "const d = import('../exports/workout-file-button.tsx');", errors: 1 },
    { filename: at('src/web/features/plans/index.ts'), code: "export { x } from '../exports/save-file.ts';", errors: 1 },
    { filename: at('src/web/app/router.tsx'), code: "import { x } from '../features/plans/plan-labels.ts';", errors: 1 },
    // Up into app/, or from the shared kit into features.
    { filename: at('src/web/features/plans/plan-card.tsx'), code: "import { x } from '../../app/router.tsx';", errors: 1 },
    { filename: at('src/web/ui/dialog.tsx'), code: "import { x } from '../features/auth/index.ts';", errors: 1 },
    { filename: at('src/web/ui/dialog.tsx'), code: "import { x } from '../app/providers.tsx';", errors: 1 },
    { filename: at('src/web/lib/app-info.ts'), code: "import { x } from '../ui/toast-store.ts';", errors: 1 },
    { filename: at('src/web/lib/app-info.ts'), code: "import { x } from '../features/auth/index.ts';", errors: 1 },
  ],
});
