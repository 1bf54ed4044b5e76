import { createContext, useContext } from 'react';
import type { EditedSession } from '../plans/index.ts';

/** The data type a dragged planned session carries, so a drop of anything else (a file, text) is not taken for one. */
export const SESSION_DRAG_TYPE = 'application/x-kairo-planned-session';

/** The planned session being dragged across the calendar. */
export interface DraggedSession {
  planId: string;
  date: string;
  session: EditedSession;
}

export interface SessionDrag {
  /** The athlete's today: days before it take no edits. */
  today: string;
  dragged: DraggedSession | null;
  start: (dragged: DraggedSession) => void;
  end: () => void;
  /** Moves the dragged session to `to` (POST …/edits, kind 'move'). */
  drop: (to: string) => void;
}

/**
 * Dragging a planned session to another day (issue 30, desktop): the calendar screen holds the
 * drag, day cells read it. Outside the calendar (no provider) nothing is draggable.
 */
export const SessionDragContext = createContext<SessionDrag | null>(null);

export const useSessionDrag = (): SessionDrag | null => useContext(SessionDragContext);
