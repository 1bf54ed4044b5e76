/** Where Kairo posts updates (the maintenance page names the same account) and where athletes write to us. */
export const SOCIAL_URL = 'https://www.instagram.com/kairo.coach/';
export const FEEDBACK_URL = 'mailto:feedback@kairo.coach?subject=Kairo%20feedback';
