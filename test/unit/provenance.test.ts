import { spawnSync } from 'node:child_process';
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join, relative, resolve } from 'node:path';
import { describe, expect, it } from 'vitest';

/**
 * The repository commits no recording, export or API sample copied from elsewhere (ADR 0061):
 * those live in ../shared/fixtures. What tests need in every clone, Kairo generates itself
 * (tools/recordings). This runs on the files a clone has: `git ls-files` where there is a Git
 * repository, else every file under the root but the ignored build and data folders (CI tests a
 * copy without .git).
 */
const root = resolve(import.meta.dirname, '../..');
const IGNORED = new Set(['node_modules', '.git', 'dist', 'data', 'test-results', 'bench/results']);

function walk(dir: string, files: string[]): void {
  for (const name of readdirSync(dir)) {
    const path = join(dir, name);
    if (IGNORED.has(relative(root, path))) continue;
    if (statSync(path).isDirectory()) walk(path, files);
    else files.push(relative(root, path));
  }
}

function repositoryFiles(): string[] {
  const listed = spawnSync('git', ['ls-files', '-z', '--cached', '--others', '--exclude-standard'], { cwd: root, encoding: 'utf8' });
  if (listed.status === 0 && listed.stdout.length > 0) return listed.stdout.split('\0').filter(Boolean);
  const files: string[] = [];
  walk(root, files);
  return files;
}

/** Extensions of activity recordings and of the archives that carry them. */
const RECORDING = /\.(fit|gpx|tcx|zip|fit\.gz|gpx\.gz|tcx\.gz|kml|kmz|pwx|srm|hrm)$/i;

/** A FIT file says so in its header, whatever its name: bytes 8–11 are ".FIT". */
function isFitData(path: string): boolean {
  const bytes = readFileSync(join(root, path));
  return bytes.length >= 12 && bytes.subarray(8, 12).toString('latin1') === '.FIT';
}

/** Text that only a recorded Strava API response or a device export would hold. */
const RECORDED_TEXT = [/<TrainingCenterDatabase/, /<gpx[\s>]/, /"resource_state"\s*:/, /"original_size"\s*:/];

describe('provenance: no copied recordings in the repository', () => {
  const files = repositoryFiles().filter((path) => statSync(join(root, path), { throwIfNoEntry: false })?.isFile());

  it('has files to look at', () => {
    expect(files.length).toBeGreaterThan(100);
    expect(files).toContain('package.json');
  });

  it('holds no activity file or archive', () => {
    expect(files.filter((path) => RECORDING.test(path))).toEqual([]);
  });

  it('holds no FIT data under another name', () => {
    expect(files.filter((path) => !path.endsWith('.md') && isFitData(path))).toEqual([]);
  });

  it('holds no recorded activity or API response as data (JSON, XML)', () => {
    const data = files.filter((path) => /\.(json|xml|txt)$/i.test(path) && !path.startsWith('test/corpus/reference/') && !/(^|\/)(package(-lock)?|tsconfig)\.json$/.test(path));
    const recorded = data.filter((path) => {
      const text = readFileSync(join(root, path), 'utf8');
      return RECORDED_TEXT.some((pattern) => pattern.test(text));
    });
    expect(recorded).toEqual([]);
  });

  it("keeps no copy of the team's brief or of the shared fixtures' folders", () => {
    expect(files.filter((path) => path.startsWith('test/fixtures/') || path === 'docs/product/spec.txt')).toEqual([]);
  });
});
