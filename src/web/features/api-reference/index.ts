/** The API reference page (issue 31, ADR 0079): its own feature, so Swagger UI loads only when it is opened. */
export { ApiReferenceScreen } from './api-reference-screen.tsx';
