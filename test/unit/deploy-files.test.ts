import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { describe, expect, it } from 'vitest';
import { parse } from 'yaml';
import { loadConfig } from '../../src/server/config.ts';

/**
 * The deployment files an operator runs (compose.yaml, deploy/Caddyfile, Dockerfile), checked
 * without Docker: the services fit together, and the settings compose hands Kairo, filled in from
 * an operator's .env the way compose does, pass Kairo's own configuration check.
 */
const root = resolve(import.meta.dirname, '../..');
const compose = parse(readFileSync(resolve(root, 'compose.yaml'), 'utf8'));
const caddyfile = readFileSync(resolve(root, 'deploy/Caddyfile'), 'utf8');
const dockerfile = readFileSync(resolve(root, 'Dockerfile'), 'utf8');

const operatorEnv: Record<string, string> = {
  POSTGRES_PASSWORD: 'a-long-database-password',
  KAIRO_DOMAIN: 'kairo.club.example',
  SESSION_SECRET: 'x'.repeat(48),
  TOKEN_ENCRYPTION_KEY: Buffer.alloc(32, 7).toString('base64'),
  STRAVA_WEBHOOK_VERIFY_TOKEN: 'verify-token-of-the-club',
  STRAVA_CLIENT_ID: '4242',
  STRAVA_CLIENT_SECRET: 'strava-client-secret',
  SMTP_URL: 'smtp://mailer:secret@smtp.club.example:587',
};

/** Compose's variable interpolation: ${VAR}, ${VAR:-default}, ${VAR:?error}. */
function interpolate(value: string, env: Record<string, string>): string {
  return value.replace(/\$\{([A-Z_]+)(?::([-?])((?:[^{}]|\{[^}]*\}|\$\{[^}]*\})*))?\}/g, (_, name: string, kind?: string, rest?: string) => {
    const set = env[name];
    if (set) return set;
    if (kind === '?') throw new Error(`${name}: ${rest}`);
    return kind === '-' ? interpolate(rest ?? '', env) : '';
  });
}

function kairoEnvironment(env: Record<string, string>): Record<string, string> {
  const fromDockerfile = Object.fromEntries(
    [...dockerfile.matchAll(/^ENV (.+)$/gm)].flatMap((match) => match[1]!.split(/\s+/).map((pair) => pair.split('=') as [string, string])),
  );
  const fromCompose = Object.fromEntries(Object.entries(compose.services.kairo.environment as Record<string, string>).map(([key, value]) => [key, interpolate(String(value), env)]));
  return { ...fromDockerfile, ...fromCompose };
}

describe('compose.yaml', () => {
  it('runs PostgreSQL, Kairo replicas and a TLS proxy, each with what it needs', () => {
    const { db, kairo, proxy } = compose.services;
    expect(db.healthcheck.test.join(' ')).toContain('pg_isready');
    expect(db.volumes[0]).toMatch(/^pgdata:/);
    expect(kairo.depends_on.db.condition).toBe('service_healthy');
    expect(kairo.healthcheck.test.join(' ')).toContain('/readyz');
    // Several instances behind the proxy by default (issue 17), any count by KAIRO_REPLICAS.
    expect(interpolate(String(kairo.deploy.replicas), {})).toBe('3');
    expect(interpolate(String(kairo.deploy.replicas), { KAIRO_REPLICAS: '5' })).toBe('5');
    // Replicas share the one published port through the proxy: none publishes a port of its own.
    expect(kairo.ports).toBeUndefined();
    expect(kairo.container_name).toBeUndefined();
    expect(proxy.ports).toEqual(expect.arrayContaining(['80:80', '443:443']));
    expect(proxy.volumes).toContain('./deploy/Caddyfile:/etc/caddy/Caddyfile:ro');
    expect(Object.keys(compose.volumes)).toEqual(expect.arrayContaining(['pgdata', 'caddy_data']));
  });

  it("hands Kairo settings that pass its configuration check: PostgreSQL, https, a proxy, shared secrets", () => {
    const config = loadConfig(kairoEnvironment(operatorEnv));
    expect(config.env).toBe('production');
    expect(config.databaseUrl).toBe(`postgres://kairo:${operatorEnv.POSTGRES_PASSWORD}@db:5432/kairo`);
    expect(config.publicUrl).toBe('https://kairo.club.example');
    expect(config.trustProxy).toBeTruthy();
    expect(config.sessionSecret).toBe(operatorEnv.SESSION_SECRET);
    expect(config.strava.credentials).toEqual({ clientId: '4242', clientSecret: 'strava-client-secret' });
    // Metrics on their own listener, off the public port the proxy forwards to.
    expect(config.metrics).toEqual({ token: undefined, port: 9100 });
    expect(config.metrics.port).not.toBe(config.port);
    expect(caddyfile).not.toMatch(/9100/);
  });

  it('.env.example lists every setting compose requires, and a filled-in copy passes the check', () => {
    const required = [...readFileSync(resolve(root, 'compose.yaml'), 'utf8').matchAll(/\$\{([A-Z_]+):\?/g)].map((match) => match[1]!);
    const example = readFileSync(resolve(root, '.env.example'), 'utf8');
    const listed = [...example.matchAll(/^#?\s*([A-Z_]+)=/gm)].map((match) => match[1]!);
    expect(new Set(required).size).toBeGreaterThanOrEqual(8);
    for (const name of required) expect(listed, name).toContain(name);
    expect(listed).toEqual(expect.arrayContaining(['KAIRO_REPLICAS', 'METRICS_PORT', 'METRICS_TOKEN']));
  });

  it('refuses to start the stack without a shared secret, naming it', () => {
    const { SESSION_SECRET: _, ...withoutSecret } = operatorEnv;
    expect(() => kairoEnvironment(withoutSecret)).toThrow(/SESSION_SECRET: set SESSION_SECRET/);
  });
});

describe('deploy/Caddyfile and Dockerfile', () => {
  it('proxies the domain to every Kairo instance, health-checked on /readyz', () => {
    expect(caddyfile).toMatch(/^\{\$KAIRO_DOMAIN\} \{/m);
    expect(caddyfile).toMatch(/name kairo\b/);
    expect(caddyfile).toMatch(/health_uri \/readyz/);
  });

  it('runs Kairo as an unprivileged user with a health check on /readyz', () => {
    const runtime = dockerfile.slice(dockerfile.lastIndexOf('\nFROM '));
    expect(runtime).toMatch(/^USER node$/m);
    expect(runtime).toMatch(/^HEALTHCHECK .*\/readyz/m);
    // Node's own flags before the script are held to SERVER_NODE_FLAGS by server-node-flags.test.ts.
    expect(runtime).toMatch(/^CMD \["node", (?:"--[^"]+", )*"src\/server\/main\.ts"\]$/m);
  });
});
