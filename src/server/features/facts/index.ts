/**
 * The facts layer (issue 28, docs/decisions/0076-ask-kai.md): every figure of the athlete's data
 * computed, worded and traced once — value, unit, text, window, source and provenance — for Kai's
 * analyses, Ask Kai, the MCP tools and the exports.
 */
export * from './format.ts';
export * from './fact.ts';
export * from './activities.ts';
export * from './builders.ts';
export * from './analysis-facts.ts';
