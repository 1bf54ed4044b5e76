import { DATA_EXPORT_LINK_HOURS } from '../../../shared/api/data-export.ts';

export interface ReadmeCounts {
  /** Activities in the export. */
  activities: number;
  /** Of those, how many have the file the athlete uploaded. */
  originals: number;
  /** Of those, how many have an activity.fit Kairo wrote (no original, and samples). */
  fitFiles: number;
  /** Activities synced from Strava, left out under the strict policy. */
  stravaLeftOut: number;
  /** The fitness series, left out because Strava activities' loads are in it. */
  fitnessLeftOut: boolean;
  dataPolicy: 'strict' | 'relaxed';
}

const plural = (count: number, one: string, many: string) => `${count} ${count === 1 ? one : many}`;

/**
 * README.txt at the zip's root: what each file holds, what is not in the export and why, with
 * counts, so the athlete can tell a complete export from a partial one (ADR 0078).
 */
export function exportReadme(counts: ReadmeCounts, builtAt: Date): string {
  const lines = [
    'Your data from Kairo',
    '====================',
    '',
    `Built ${builtAt.toISOString()}. Everything Kairo holds for your account, as JSON (UTF-8, dates in ISO 8601, distances in metres, durations in seconds).`,
    '',
    'What is in it',
    '-------------',
    `- activities/<date>-<id>/: ${plural(counts.activities, 'activity', 'activities')}, each with`,
    '    activity.json  the activity as Kairo stores it (summary, laps, splits, what the importer noted)',
    '    metrics.json   the figures Kairo computed (load, scores, zones, bests, power curve); null before they were computed',
    '    streams.json   the recorded samples (time, distance, power, heart rate, cadence, position, ...); null when there are none',
    '    analysis.json  Kai\'s analysis of the activity; null when there is none',
    `    original/      the file you uploaded, byte for byte (${plural(counts.originals, 'activity has', 'activities have')} one)`,
    '    activity.fit   where there is no original/: a FIT activity file Kairo wrote from what it stores (the samples, laps and totals),',
    `                   for apps that read FIT (${plural(counts.fitFiles, 'activity has', 'activities have')} one)`,
    '- account.json: your account (name, e-mail, plan, dates); not your password, which Kairo keeps only as a hash.',
    '- settings.json: your settings and coaching profile (thresholds, zones, units, coaching style).',
    '- athletic-profile.json: your athletic profile.',
    '- plans.json: your training plans, each with its dated sessions (generated_plan); plan-adjustments.json: the changes Kai proposed and what you decided.',
    '- wellness-days.json: your daily check-ins; activity-feels.json: how each activity felt (RPE, note).',
    '- ask-kai-conversations.json: your Ask Kai conversations, every question and answer.',
    '- api-tokens.json: the names, scopes and dates of your API tokens; never the tokens, which Kairo cannot read back.',
    counts.fitnessLeftOut ? null : '- fitness.json: your daily fitness, fatigue and form series.',
    '',
    'What is not in it',
    '-----------------',
    '- Activity files are kept from uploads made since this export existed; an activity without original/ has activity.fit instead,',
    '  which is Kairo\'s copy, not your device\'s file: FIT keeps whole seconds (samples less than a second apart share one), altitude',
    '  to 0.2 m and temperature to 1 degree C, and power Strava estimated for a ride without a power meter is left out of it.',
    '  streams.json holds every sample as Kairo stores it. An activity without samples (one entered by hand, say) has no activity.fit.',
    '- Activities imported from your Strava export archive have no original/: the archive you uploaded is your own copy of them.',
  ];
  if (counts.stravaLeftOut > 0) {
    lines.push(
      `- ${plural(counts.stravaLeftOut, 'activity', 'activities')} synced from Strava ${counts.stravaLeftOut === 1 ? 'is' : 'are'} not in this export, nor their samples,`,
      '  figures, analyses or feels: Strava\'s API terms, as this Kairo applies them (the strict data policy), keep data fetched from Strava',
      '  inside Kairo. Get them from Strava itself: on strava.com, Settings -> My Account -> "Download or Delete Your Account" -> "Request Your Archive".',
      '  That archive can also be imported into Kairo (Import on Home), and activities from it are in later exports.',
    );
  }
  if (counts.fitnessLeftOut) {
    lines.push('- fitness.json is left out: the series adds up the load of the activities synced from Strava, so it is computed from Strava data.');
  }
  if (counts.dataPolicy === 'relaxed') lines.push('- This Kairo runs the relaxed data policy: activities synced from Strava are included like the others.');
  lines.push(
    '- Sessions, sign-in history, usage tracking and rate-limit counters: they describe the service, not your training.',
    '',
    `The link to this file worked once, for ${DATA_EXPORT_LINK_HOURS} hours. Start a new export in Settings whenever you want a fresh one.`,
    '',
  );
  return lines.filter((line): line is string => line !== null).join('\n');
}
