/**
 * The bytes in an ArrayBuffer of their own, which can be transferred between the server and a
 * worker of the activity pool (either way). A Buffer may be a view into a shared pool (small files
 * read by Node, zlib's output), which must not be transferred: it is copied.
 */
export function ownBuffer(bytes: Uint8Array): ArrayBuffer {
  const { buffer, byteOffset, byteLength } = bytes;
  if (buffer instanceof ArrayBuffer && byteOffset === 0 && byteLength === buffer.byteLength) return buffer;
  return new Uint8Array(bytes).buffer;
}
