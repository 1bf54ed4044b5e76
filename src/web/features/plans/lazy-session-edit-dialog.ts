import { lazyDialog } from '../../ui/lazy-dialog.tsx';
import type { SessionEditDialogProps } from './session-edit-dialog.tsx';

/** What the edit dialog does: move, change or replace a day's session, or add one on a free day. */
export type SessionEditMode = 'move' | 'change' | 'replace' | 'add';

/** The plan editor's dialog and the workout builder (issue 30), loaded at the first opening: most visits edit nothing. */
export const LazySessionEditDialog = lazyDialog<SessionEditDialogProps>(() => import('./session-edit-dialog.tsx').then((module) => module.SessionEditDialog));
