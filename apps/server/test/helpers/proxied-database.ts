/**
 * A database of its own on the PostgreSQL server, reached through a loopback proxy the test controls,
 * so it can take the database away, make it go silent, or bring it back (tcp-proxy.ts).
 */
import { randomBytes } from 'node:crypto';
import pg from 'pg';
import { TcpProxy } from './tcp-proxy.js';

export interface ProxiedDatabase {
  proxy: TcpProxy;
  /** The database through the proxy: what the app under test uses. */
  url: string;
  /** The same database, straight to the server (for a second party, such as a lock holder). */
  directUrl: string;
  /** Closes the proxy and drops the database. */
  drop(): Promise<void>;
}

async function admin(serverUrl: string, statement: string): Promise<void> {
  const client = new pg.Client({ connectionString: serverUrl });
  await client.connect();
  try {
    await client.query(statement);
  } finally {
    await client.end();
  }
}

export async function createProxiedDatabase(serverUrl: string, prefix: string): Promise<ProxiedDatabase> {
  const name = `${prefix}_${randomBytes(5).toString('hex')}`;
  await admin(serverUrl, `create database ${name}`);
  const upstream = new URL(serverUrl);
  const proxy = new TcpProxy(upstream.hostname, Number(upstream.port || 5432));
  await proxy.start();
  const direct = new URL(serverUrl);
  direct.pathname = `/${name}`;
  const proxied = new URL(direct);
  proxied.host = `127.0.0.1:${proxy.port}`;
  return {
    proxy,
    url: proxied.toString(),
    directUrl: direct.toString(),
    drop: async () => {
      await proxy.close();
      await admin(serverUrl, `drop database if exists ${name} with (force)`);
    },
  };
}
