/** What the web app shows about the instance (community links). */
export { registerAppInfoRoutes } from './routes.ts';
