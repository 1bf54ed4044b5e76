import { request as httpRequest, type IncomingMessage } from 'node:http';
import yazl from 'yazl';
import { buffer as readStreamBytes } from 'node:stream/consumers';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openStravaArchive } from '../../src/server/features/imports/strava-archive.ts';
import { testDatabaseKinds } from '../support/databases.ts';
import { createClient, type TestClient } from '../support/http-client.ts';
import { startTestKairo, uniqueEmail, type TestKairo, signUp } from '../support/kairo.ts';
import { waitForImport } from '../support/uploads.ts';
import { exportRunTcx, hikeGpx } from '../support/recordings.ts';

const [kind = 'pglite'] = await testDatabaseKinds();

/** A zip whose entry names are written as given, `../` included (yazl refuses such names itself). */
async function zipWithRawNames(files: Record<string, Uint8Array | string>): Promise<Buffer> {
  const zip = new yazl.ZipFile();
  const placeholders = new Map<string, string>();
  for (const [path, content] of Object.entries(files)) {
    // Same length as the real name, so the bytes can be swapped in afterwards.
    const placeholder = path.replaceAll('..', '__');
    placeholders.set(placeholder, path);
    zip.addBuffer(Buffer.from(typeof content === 'string' ? new TextEncoder().encode(content) : content), placeholder);
  }
  zip.end();
  let bytes = await readStreamBytes(zip.outputStream);
  for (const [placeholder, path] of placeholders) {
    if (placeholder === path) continue;
    bytes = Buffer.from(bytes.toString('latin1').replaceAll(placeholder, path), 'latin1');
  }
  return bytes;
}

const csvWith = (rows: string[]) =>
  ['Activity ID,Activity Date,Activity Name,Activity Type,Activity Description,Elapsed Time,Distance,Filename', ...rows, ''].join('\n');

describe('issue 16 item 14: a zip with a ../ entry', () => {
  it('skips and reports the unsafe entry and keeps the rest', async () => {
    const bytes = await zipWithRawNames({
      'activities.csv': csvWith([
        '201,"Aug 5, 2010, 2:23:59 PM",Lake walk,Hike,,7190,13.7,activities/201.gpx',
        '202,"Aug 6, 2010, 2:23:59 PM",Escape,Hike,,7190,13.7,../evil.gpx',
      ]),
      'activities/201.gpx': hikeGpx().bytes,
      '../evil.gpx': hikeGpx().bytes,
    });
    const archive = await openStravaArchive('export.zip', { bytes });
    try {
      expect(archive.entries.map((entry) => entry.fileName)).toEqual(['activities/201.gpx']);
      expect(archive.unsafeEntries).toEqual(['../evil.gpx']);
      expect(archive.skipped).toEqual([expect.objectContaining({ activityId: '202', reason: 'unsafe_path', message: '../evil.gpx was skipped: its path leaves the archive.' })]);
    } finally {
      archive.close();
    }
  });

  describe('through the API', () => {
    let server: TestKairo;
    let browser: TestClient;
    beforeAll(async () => {
      server = await startTestKairo(kind);
      browser = createClient(server.url);
      await signUp(browser, { email: uniqueEmail('zip'), password: 'correct horse battery', firstName: 'A', lastName: 'B' });
    });
    afterAll(async () => {
      await server?.close();
    });

    it('imports the rest of the archive and counts the bad entry as skipped', async () => {
      const bytes = await zipWithRawNames({
        'activities.csv': csvWith([
          '301,"Aug 5, 2010, 2:23:59 PM",Lake walk,Hike,,7190,13.7,activities/301.gpx',
          '302,"Aug 6, 2010, 2:23:59 PM",Escape,Hike,,7190,13.7,../../etc/evil.gpx',
        ]),
        'activities/301.gpx': hikeGpx().bytes,
        '../../etc/evil.gpx': 'not even a track',
      });
      const started = await browser.upload('/api/imports', 'export.zip', bytes);
      expect(started.status, started.text).toBe(202);
      const done = await waitForImport(browser, started.body.import.id);
      expect(done).toMatchObject({ total: 2, imported: 1, skipped: 1, failed: 0 });
    });

    it('item 4: imports an activity whose name in the archive holds a NUL byte, without it', async () => {
      const bytes = await zipWithRawNames({
        'activities.csv': csvWith(['401,"Dec 5, 2022, 0:14:28 AM",Night\u0000run,Run,,978,3.0,activities/401.tcx']),
        // Another recording than the test above imports: that one would be skipped as a duplicate.
        'activities/401.tcx': exportRunTcx().bytes,
      });
      const started = await browser.upload('/api/imports', 'named.zip', bytes);
      expect(started.status, started.text).toBe(202);
      const done = await waitForImport(browser, started.body.import.id);
      expect(done).toMatchObject({ total: 1, imported: 1, failed: 0 });
      const names = ((await browser.get('/api/activities?limit=200')).body as { name: string }[]).map((activity) => activity.name);
      expect(names).toContain('Nightrun');
    });

    it('item 5: answers 413 as soon as a non-zip upload passes 64 MB, while the client is still sending', async () => {
      const cookie = [...browser.jar].map(([name, value]) => `${name}=${value}`).join('; ');
      const boundary = 'kairo-boundary';
      const target = new URL('/api/imports', server.url);
      const response = await new Promise<IncomingMessage>((resolve, reject) => {
        const upload = httpRequest(target, {
          method: 'POST',
          headers: { cookie, origin: server.url, 'content-type': `multipart/form-data; boundary=${boundary}` },
        });
        upload.on('response', resolve);
        upload.on('error', reject);
        upload.write(`--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="huge.gpx"\r\nContent-Type: application/octet-stream\r\n\r\n`);
        const chunk = Buffer.alloc(1024 * 1024, 0x20);
        // 70 MB and the body is never finished: only an answer given while streaming can arrive.
        let sent = 0;
        const pump = () => {
          while (sent < 70) {
            sent += 1;
            if (!upload.write(chunk)) {
              upload.once('drain', pump);
              return;
            }
          }
        };
        pump();
      });
      expect(response.statusCode).toBe(413);
      const body = JSON.parse((await readStreamBytes(response)).toString('utf8'));
      expect(body.message).toBe('huge.gpx is larger than the 64 MB limit for one activity file');
      response.socket?.destroy();
    });

    it('item 5: refuses a declared length over the 1 GB limit before reading the body', async () => {
      const cookie = [...browser.jar].map(([name, value]) => `${name}=${value}`).join('; ');
      const response = await new Promise<IncomingMessage>((resolve, reject) => {
        const upload = httpRequest(new URL('/api/imports', server.url), {
          method: 'POST',
          headers: {
            cookie,
            origin: server.url,
            'content-type': 'multipart/form-data; boundary=x',
            'content-length': String(2 * 1024 ** 3),
          },
        });
        upload.on('response', resolve);
        upload.on('error', reject);
        upload.write('--x\r\n');
      });
      expect(response.statusCode).toBe(413);
      response.socket?.destroy();
    });
  });
});
