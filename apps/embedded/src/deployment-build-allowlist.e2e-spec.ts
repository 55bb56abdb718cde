import http from 'node:http';
import { DeploymentsWorld, type Json } from './testing/deployments-e2e';

// A deployment whose build command fetches from two hosts on the worker's loopback: the listed one is
// reached through the worker's build proxy, the other is refused, and the deployment's log says so.
describe('the build allow-list, as a deployment shows it (in-process bus)', () => {
  const world = new DeploymentsWorld();
  const servers: http.Server[] = [];
  const ports: number[] = [];

  beforeAll(async () => {
    for (const name of ['mirror', 'elsewhere']) {
      const server = http.createServer((_req, res) => res.end(`from ${name}`));
      await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
      servers.push(server);
      ports.push((server.address() as { port: number }).port);
    }
    const fetch = (port: number) =>
      `out=$(curl -s -S --max-time 5 -w ' [%{http_code}]' http://127.0.0.1:${port}/ 2>&1); echo "$out"`;
    await world.start('in-process', {
      DEPLOY_BUILD_COMMAND: `${fetch(ports[0])}; ${fetch(ports[1])}`,
      DEPLOY_BUILD_ALLOWLIST: `127.0.0.1:${ports[0]}`,
    });
  });
  afterAll(async () => {
    await world.stop();
    for (const s of servers) await new Promise<void>((resolve) => s.close(() => resolve()));
  });

  it('reaches the listed host only, and logs the refusal of the other', async () => {
    const d = await world.deployer();
    const { id: policyId } = await world.newDeployablePolicy(d.user);
    const id = await world.deployedPolicy(d, policyId, { version: '1.2.3', doPublish: true });
    expect((await world.settled(d.user.token, id)).status).toBe('succeeded');
    const stream = await world.readStream(d.user.token, id);
    const texts = stream.events
      .filter((e) => e.event === 'log')
      .map((e) => (JSON.parse(e.data) as Json).text as string);
    expect(texts).toEqual(
      expect.arrayContaining([
        expect.stringMatching(
          new RegExp(
            `^Building: .* \\(network: only 127\\.0\\.0\\.1:${ports[0]}, through the build proxy\\)$`,
          ),
        ),
        'from mirror [200]',
        expect.stringMatching(/\[403\]$/),
        `Build proxy: refused GET http://127.0.0.1:${ports[1]}/ (403): 127.0.0.1:${ports[1]} is not in DEPLOY_BUILD_ALLOWLIST`,
      ]),
    );
    expect(texts.join('\n')).not.toContain('from elsewhere');
  });
});
