/**
 * How big V8 lets the server's young generation grow (ADR 0094). Left to V8, it is sized from the
 * machine's memory: on a machine with 24 GB it grew to 128 MB in the main thread and in each
 * activity worker during an archive import, while fewer than 30 MB of it were alive. Capped at
 * 16 MB per semi-space (with uploads stored in 1 MB parts), the import's RSS went from 635–732 MB
 * to 405–478 MB with no change in throughput beyond the variation between runs; the ADR has the
 * runs.
 */
export const SEMI_SPACE_MB = 16;

/**
 * The flags every start of the server passes to node: `npm start`, the Dockerfile, `npm run dev`
 * and the tests and benches that run Kairo as production does. A test holds them to each other.
 */
export const SERVER_NODE_FLAGS: readonly string[] = [`--max-semi-space-size=${SEMI_SPACE_MB}`];

/**
 * The environment every start of the server gives node, beside its flags: glibc's allocator kept
 * to two arenas (ADR 0095). By default it opens up to eight per core, one for each thread that
 * meets another in malloc: the main thread, the activity workers, libuv's pool (zlib, file reads)
 * and V8's own. Memory freed in one arena serves only that arena, so during an archive import the
 * process held 50–100 MB more than it used. glibc reads the setting once, as the process starts;
 * it cannot be set from inside. Other C libraries (macOS, musl) ignore it.
 */
export const SERVER_ENV: Readonly<Record<string, string>> = { MALLOC_ARENA_MAX: '2' };

/** The same cap for an activity worker, which takes it as a young generation: V8 counts that as three semi-spaces. */
export const WORKER_YOUNG_GENERATION_MB = 3 * SEMI_SPACE_MB;
