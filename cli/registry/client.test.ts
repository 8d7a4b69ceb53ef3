import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterEach, describe, expect, it } from 'vitest';
import { RegistryClient } from './client.ts';
import { parseRef } from './ref.ts';

const DIGEST = `sha256:${'ab'.repeat(32)}` as const;

/** A loopback server answering each request from a script of statuses, recording what it was asked. */
async function scripted(statuses: number[]) {
  const seen: string[] = [];
  const server = http.createServer((req, res) => {
    seen.push(req.method ?? '?');
    const status = statuses.shift() ?? 404;
    res.writeHead(status, status === 200 ? { 'content-length': '3', 'docker-content-digest': DIGEST } : { 'content-type': 'application/json' });
    res.end(req.method === 'HEAD' || status === 200 ? undefined : JSON.stringify({ errors: [{ code: 'UNKNOWN', message: 'transient' }] }));
  });
  await new Promise<void>((done) => server.listen(0, '127.0.0.1', done));
  servers.push(server);
  const client = new RegistryClient(parseRef(`127.0.0.1:${(server.address() as AddressInfo).port}/team/evals:v1`), { credentials: null, actions: 'pull', concurrency: 1 });
  client.retryPauses = [1, 1, 1];
  clients.push(client);
  return { client, seen };
}

const servers: http.Server[] = [];
const clients: RegistryClient[] = [];
afterEach(() => {
  for (const c of clients.splice(0)) c.close();
  for (const s of servers.splice(0)) s.close();
});

describe('registry client', () => {
  it('asks a GET or HEAD again after a 429 or 5xx answer, and takes the answer that follows', async () => {
    const { client, seen } = await scripted([500, 503, 200]);
    expect(await client.headBlob(DIGEST)).toBe(3);
    expect(seen).toEqual(['HEAD', 'HEAD', 'HEAD']);
  });

  it('gives up after its pauses, with the status in a coded error', async () => {
    const { client, seen } = await scripted([500, 500, 500, 500, 500]);
    await expect(client.headBlob(DIGEST)).rejects.toMatchObject({ code: 'EREGISTRY', data: { status: 500 } });
    expect(seen).toHaveLength(4); // the first ask and one per pause
  });

  it('never repeats a write', async () => {
    const { client, seen } = await scripted([500, 201]);
    const r = await client.request('POST', '/v2/team/evals/blobs/uploads/');
    expect(r.status).toBe(500);
    r.body.resume();
    expect(seen).toEqual(['POST']);
  });
});
