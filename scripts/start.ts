import { buildWebIfStale } from './web-build.ts';

/** `npm start`: build the web app if needed, then serve API + web app in this process. */
buildWebIfStale();
await import('../src/server/main.ts');
