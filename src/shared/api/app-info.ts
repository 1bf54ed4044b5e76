import { z } from 'zod';

/**
 * `GET /api/app-info` (public): facts about this Kairo installation that the web app shows
 * before anyone signs in. Kairo is self-hosted, so where athletes send feedback and where updates
 * are posted are the operator's addresses (FEEDBACK_URL, SOCIAL_URL), and absent when unset.
 */

const WEB_ADDRESS = /^https?:\/\/[^\s/?#]+\S*$/i;
const MAIL_ADDRESS = /^mailto:[^\s@?]+@[^\s@?]+(\?\S*)?$/i;

/**
 * Only these schemes: the value becomes a link's href, where a `javascript:` address would run
 * code. The same rules check the setting at boot and the answer in the browser.
 */
export const feedbackAddress = z
  .string()
  .refine((value) => (WEB_ADDRESS.test(value) || MAIL_ADDRESS.test(value)) && URL.canParse(value), 'must be an http(s):// URL or a mailto: address');
export const socialAddress = z.string().refine((value) => WEB_ADDRESS.test(value) && URL.canParse(value), 'must be an http(s):// URL');

export const appInfo = z.object({
  feedbackUrl: feedbackAddress.nullable(),
  socialUrl: socialAddress.nullable(),
});
export type AppInfo = z.infer<typeof appInfo>;
