import { parseArgs } from 'node:util';
import { startFakeIdp } from './server.ts';

/**
 * `npm run fake-idp`: the development OpenID provider on its own port, for pointing a Kairo you run
 * yourself at it. Without credentials Kairo mounts the same provider in-process at /dev/idp; this
 * standalone one exercises the real configuration path (GOOGLE_ISSUER, GOOGLE_CLIENT_ID/SECRET).
 */
const USAGE = `Usage: npm run fake-idp -- [--port 4010] [--client-id kairo-dev] [--client-secret kairo-dev-secret]
                             [--redirect-uri http://localhost:3000/api/auth/google/callback ...]`;

function readOptions() {
  try {
    const { values } = parseArgs({
      options: {
        port: { type: 'string', default: '4010' },
        'client-id': { type: 'string', default: 'kairo-dev' },
        'client-secret': { type: 'string', default: 'kairo-dev-secret' },
        'redirect-uri': { type: 'string', multiple: true, default: ['http://localhost:3000/api/auth/google/callback'] },
      },
      strict: true,
    });
    const port = Number(values.port);
    if (!Number.isInteger(port) || port < 0 || port > 65_535) throw new Error(`--port must be a port number, got '${values.port}'`);
    for (const uri of values['redirect-uri']) {
      if (!URL.canParse(uri)) throw new Error(`--redirect-uri must be an absolute URL, got '${uri}'`);
    }
    return { port, clientId: values['client-id'], clientSecret: values['client-secret'], redirectUris: values['redirect-uri'] };
  } catch (error) {
    console.error(`${error instanceof Error ? error.message : String(error)}\n${USAGE}`);
    process.exit(2);
  }
}

const options = readOptions();
const idp = await startFakeIdp({
  port: options.port,
  clients: [{ clientId: options.clientId, clientSecret: options.clientSecret, redirectUris: options.redirectUris }],
});
console.log(`Fake OpenID provider listening at ${idp.issuer}
Start Kairo against it with:
  GOOGLE_ISSUER=${idp.issuer} GOOGLE_CLIENT_ID=${options.clientId} GOOGLE_CLIENT_SECRET=${options.clientSecret} npm start
Registered redirect URIs: ${options.redirectUris.join(', ')}`);

for (const signal of ['SIGINT', 'SIGTERM'] as const) {
  process.once(signal, () => {
    idp.close().then(
      () => process.exit(0),
      () => process.exit(1),
    );
  });
}
