import { cleanStreams } from '../src/metrics/sample-cleaning.ts';
import { checkCorpus, importCorpusFile, reference } from '../test/support/device-corpus.ts';
import { median, timeMs } from './measure.ts';
import { syntheticRide } from './metrics.ts';

export interface FidelityRun {
  /** Every device recording imported as an upload is, in this process: parse, clean, summary, metrics. */
  corpusImport: { files: number; activities: number; wallS: number; activitiesPerS: number };
  /** The cleaning step alone on a 4 h ride at 1 Hz with a few faults in it (median of the runs). */
  cleaning4hMs: number;
  /** Figures within the tolerances of the independent reference, out of all checked. */
  corpusFiguresWithinTolerance: number;
  corpusFiguresChecked: number;
}

const RUNS = 5;
const CORPUS_PASSES = 3;

/** Import throughput over the real device corpus, the cost of the cleaning step, and the corpus score. */
export async function benchFidelity(): Promise<FidelityRun> {
  const files = Object.keys(reference.files);
  for (const file of files) await importCorpusFile(file); // warm-up: the first pass also compiles
  let activities = 0;
  const startedAt = performance.now();
  for (let pass = 0; pass < CORPUS_PASSES; pass++) for (const file of files) activities += (await importCorpusFile(file)).length;
  const wallS = (performance.now() - startedAt) / 1000;

  const ride = syntheticRide(4);
  const faulty = {
    ...ride,
    powerW: ride.powerW!.map((watts, k) => (k % 3600 === 1800 ? 21_733 : watts)),
    heartrateBpm: ride.heartrateBpm!.map((bpm, k) => (k % 1000 < 20 ? 0 : bpm)),
  };
  cleanStreams(faulty);
  const timings = Array.from({ length: RUNS }, () => timeMs(() => cleanStreams(faulty)));

  const checks = await checkCorpus();
  return {
    corpusImport: {
      files: files.length,
      activities: activities / CORPUS_PASSES,
      wallS: Number(wallS.toFixed(2)),
      activitiesPerS: Number((activities / wallS).toFixed(1)),
    },
    cleaning4hMs: Number(median(timings).toFixed(2)),
    corpusFiguresWithinTolerance: checks.filter((check) => check.ok).length,
    corpusFiguresChecked: checks.length,
  };
}
