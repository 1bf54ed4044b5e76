/** Ask Kai's addresses: a new conversation, one conversation (deep-linkable), and a new one about an activity. */
export const NEW_CONVERSATION_PATH = '/ask';

export const conversationPath = (id: string) => `/ask/${encodeURIComponent(id)}`;

/** The query an activity's "Ask about this activity" link carries; the screen starts the conversation. */
export const ABOUT_ACTIVITY_PARAM = 'activity';
