import { buffer as readStreamBytes } from 'node:stream/consumers';
import yauzl from 'yauzl';

/**
 * Every entry of a .zip by name, in the archive's order, with its bytes: read with yauzl, the
 * library the Strava import uses, not yazl that Kairo writes its zips with.
 */
export async function readZip(bytes: Buffer): Promise<Map<string, Buffer>> {
  const zip = await yauzl.fromBufferPromise(bytes, { lazyEntries: true, autoClose: false });
  const files = new Map<string, Buffer>();
  for await (const entry of zip.eachEntry()) files.set(entry.fileName, await readStreamBytes(await zip.openReadStreamPromise(entry)));
  zip.close();
  return files;
}
