/**
 * The facts layer (issue 28, docs/decisions/0076-ask-kai.md): every figure of the athlete's data
 * computed, worded and traced once — value, unit, text, window, source and provenance — for Kai's
 * analyses, Ask Kai, the MCP tools and the exports.
 */
export * from './format.ts';
export * from './fact.ts';
export * from './activities.ts';
export * from './fitness.ts';
export * from './totals.ts';
export * from './builders.ts';
// The analysis's facts: what one activity's analysis is written from, stored with it (ADR 0088).
export * from './analysis/context.ts';
export * from './analysis/activity.ts';
export * from './analysis/intervals.ts';
export * from './analysis/thresholds.ts';
export * from './analysis/training.ts';
export * from './analysis/readiness.ts';
export * from './analysis/plan-compliance.ts';
export * from './analysis/stored.ts';
