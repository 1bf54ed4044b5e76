/** The athlete's calendar day lives in lib/ (the day plan reads it too); wellness keeps its import. */
export { localDay } from '../../lib/local-day.ts';
