import { McpServer } from '@modelcontextprotocol/sdk/server/mcp.js';
import type { CallToolResult } from '@modelcontextprotocol/sdk/types.js';
import type { FastifyBaseLogger } from 'fastify';
import { AppError } from '../../http/errors.ts';
import { fitnessAt } from '../facts/index.ts';
import * as schemas from './schemas.ts';
import type { McpService } from './service.ts';

/** What the server says it is, and what it tells an assistant about the tools as a whole. */
const SERVER_INFO = { name: 'kairo', version: '1.0.0' };
const INSTRUCTIONS =
  "Kairo holds one athlete's training: activities with their metrics and laps, the fitness series, power curves, " +
  "the active training plan, readiness and Kai, the built-in coach. Figures are SI (metres, seconds, watts). " +
  "Activities synced from Strava, and figures computed from them, are never shared here (Strava's API terms); " +
  "each answer's `leftOut` says what it left out, and should be passed on to the athlete.";

const READ_ONLY = { readOnlyHint: true, destructiveHint: false, idempotentHint: true, openWorldHint: false } as const;

/** A tool's answer: the structured result, with a short text for clients that only read text. */
function answer(structured: { leftOut: string[] }, summary: string): CallToolResult {
  const text = [summary, ...structured.leftOut].join('\n\n');
  return { structuredContent: structured, content: [{ type: 'text', text }] };
}

const plural = (count: number, one: string, many: string) => `${count} ${count === 1 ? one : many}`;

/**
 * One MCP server with Kairo's tools, bound to the token's account: /mcp is stateless (ADR 0077),
 * so each request gets its own. A failure the athlete can act on (not found, Strava's activity)
 * becomes a tool error with its message; anything else is logged and answered in general terms.
 */
export function createMcpServer(service: McpService, accountId: string, log: FastifyBaseLogger): McpServer {
  const server = new McpServer(SERVER_INFO, { instructions: INSTRUCTIONS });
  const run = async (work: () => Promise<CallToolResult>): Promise<CallToolResult> => {
    try {
      return await work();
    } catch (error) {
      if (error instanceof AppError && error.status < 500) return { isError: true, content: [{ type: 'text', text: error.message }] };
      log.error({ err: error }, 'MCP tool failed');
      return { isError: true, content: [{ type: 'text', text: 'Something went wrong on our side. Please try again.' }] };
    }
  };

  server.registerTool(
    'list_activities',
    {
      title: 'List activities',
      description: 'Your activities, newest first, in a date range (default the last 90 days) and sport, a page at a time.',
      inputSchema: schemas.listActivitiesInput,
      outputSchema: schemas.listActivitiesOutput,
      annotations: READ_ONLY,
    },
    (input) =>
      run(async () => {
        const result = await service.listActivities(accountId, input);
        const shown = result.activities.length;
        return answer(result, `${plural(result.total, 'activity', 'activities')} from ${result.from} to ${result.to}; ${shown} on this page.`);
      }),
  );

  server.registerTool(
    'get_activity',
    {
      title: 'Get an activity',
      description: "One activity's summary, metrics (power, heart rate, pace, load, zones) and laps, by its id from list_activities.",
      inputSchema: schemas.getActivityInput,
      outputSchema: schemas.getActivityOutput,
      annotations: READ_ONLY,
    },
    ({ activityId }) =>
      run(async () => {
        const result = await service.getActivity(accountId, activityId);
        return answer(result, `${result.activity.name} (${result.activity.sportType}, ${result.activity.startDate}): ${plural(result.laps.length, 'lap', 'laps')}.`);
      }),
  );

  server.registerTool(
    'fitness_series',
    {
      title: 'Fitness series',
      description: 'Daily training load with fitness (CTL), fatigue (ATL) and form (TSB) for the last `days` days.',
      inputSchema: schemas.fitnessSeriesInput,
      outputSchema: schemas.fitnessSeriesOutput,
      annotations: READ_ONLY,
    },
    ({ days }) =>
      run(async () => {
        const result = await service.fitnessSeries(accountId, days);
        const last = result.days.at(-1);
        // The figures Home shows for the day, from the facts layer: as of its morning, whole, form their difference.
        const morning = last && fitnessAt(last, 'morning');
        const today = morning
          ? `On the morning of ${last.date}: fitness ${morning.fitness.text}, fatigue ${morning.fatigue.text}, form ${morning.form.text}.`
          : 'No days.';
        return answer(result, `${plural(result.days.length, 'day', 'days')} of fitness. ${today}`);
      }),
  );

  server.registerTool(
    'best_power_curve',
    {
      title: 'Best power curve',
      description: 'The best power held for each duration over the activities of the last `days` days, with critical power and W′.',
      inputSchema: schemas.bestPowerCurveInput,
      outputSchema: schemas.bestPowerCurveOutput,
      annotations: READ_ONLY,
    },
    ({ days }) =>
      run(async () => {
        const result = await service.bestPowerCurve(accountId, days);
        const cp = result.criticalPower ? ` Critical power ${result.criticalPower.criticalPowerW} W, W′ ${result.criticalPower.wPrimeJ} J.` : '';
        return answer(result, `Best power curve of ${plural(result.activityCount, 'activity', 'activities')} with power in the last ${days} days.${cp}`);
      }),
  );

  server.registerTool(
    'active_plan',
    {
      title: 'Active plan',
      description: 'The active training plan and what it holds for each of the next `days` days, today first.',
      inputSchema: schemas.activePlanInput,
      outputSchema: schemas.activePlanOutput,
      annotations: READ_ONLY,
    },
    ({ days }) =>
      run(async () => {
        const result = await service.activePlan(accountId, days);
        const next = result.days.find((day) => day.session !== null);
        const summary =
          result.plans.length === 0
            ? 'No active plan is shared here.'
            : `${result.plans.map((plan) => plan.name).join(', ')}. ${next ? `Next session: ${next.session!.title} on ${next.date}.` : 'No session in these days.'}`;
        return answer(result, summary);
      }),
  );

  server.registerTool(
    'readiness',
    {
      title: 'Readiness',
      description: "The day's readiness (today when no date is given) from HRV, resting heart rate, sleep, how you feel and form.",
      inputSchema: schemas.readinessInput,
      outputSchema: schemas.readinessOutput,
      annotations: READ_ONLY,
    },
    ({ date }) =>
      run(async () => {
        const result = await service.readiness(accountId, date);
        return answer(result, `Readiness on ${result.date}: ${result.state ?? 'not shared'}.`);
      }),
  );

  if (service.hasAsk) {
    server.registerTool(
      'ask_kai',
      {
        title: 'Ask Kai',
        description: "A question to Kai, Kairo's coach, answered from the athlete's own data: every number in the answer is one of its facts, checked.",
        inputSchema: schemas.askKaiInput,
        outputSchema: schemas.askKaiOutput,
        annotations: { ...READ_ONLY, idempotentHint: false },
      },
      ({ question }) =>
        run(async () => {
          const result = await service.askKai(accountId, question);
          return answer(result, result.answer ?? "Kai's answer is not shared here.");
        }),
    );
  }
  return server;
}
