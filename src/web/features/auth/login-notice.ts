import { z } from 'zod';

/**
 * History state the login screen reads to show a message it did not cause, such as "your password
 * has been reset". History state, not the URL, so nobody can put words on the screen with a link.
 */
export const loginNoticeState = z.object({ notice: z.string().min(1) });
export type LoginNoticeState = z.infer<typeof loginNoticeState>;
