import { buildWebIfStale } from '../../../scripts/web-build.ts';

/** Vitest global setup of the e2e tier: the browser tests run against the current web app, however they are started. */
export default function setup(): void {
  buildWebIfStale();
}
