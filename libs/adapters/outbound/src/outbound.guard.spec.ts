import { OutboundError } from './outbound.errors';
import { OutboundGuard, parseAllowlist } from './outbound.guard';
import { blockedAddressReason } from './address-policy';

async function refusal(guard: OutboundGuard, url: string): Promise<OutboundError> {
  try {
    await guard.vet(url);
  } catch (error) {
    if (error instanceof OutboundError) return error;
    throw error;
  }
  throw new Error(`${url} was accepted`);
}

describe('OutboundGuard', () => {
  const guard = new OutboundGuard();

  it.each([
    ['http://127.0.0.1', 'loopback'],
    ['http://169.254.169.254/latest/meta-data', 'metadata'],
    ['http://10.0.0.1', 'private'],
    ['http://localhost:8080', 'loopback'],
    ['http://[::1]/', 'loopback'],
    ['http://[fd00:ec2::254]/', 'metadata'],
    ['http://[::ffff:127.0.0.1]/', 'loopback'],
    ['http://0.0.0.0/', 'unspecified'],
    ['http://100.64.1.1/', 'cgnat'],
    ['http://192.168.1.10/', 'private'],
    ['http://172.20.0.5/', 'private'],
    ['http://[fe80::1]/', 'link-local'],
    ['http://[::127.0.0.1]/', 'reserved'],
    ['http://[::ffff:0:7f00:1]/', 'reserved'],
    ['http://[fec0::1]/', 'reserved'],
    ['http://[2002:7f00:1::]/', 'reserved'],
    ['http://[64:ff9b:1::a00:1]/', 'reserved'],
    ['http://198.18.0.1/', 'reserved'],
    ['http://192.0.0.8/', 'reserved'],
    ['http://2130706433/', 'loopback'],
    ['http://0x7f.1/', 'loopback'],
  ])('refuses %s when it is not allowlisted', async (url, reason) => {
    const error = await refusal(guard, url);
    expect(error.kind).toBe('blocked_address');
    expect(error.message).toContain(reason);
  });

  it('refuses a host name when any of its addresses is private (no partial trust)', async () => {
    const rebinding = new OutboundGuard({
      resolver: () =>
        Promise.resolve([
          { address: '93.184.216.34', family: 4 },
          { address: '10.1.2.3', family: 4 },
        ]),
    });
    expect((await refusal(rebinding, 'https://repos.example.org/a/b')).kind).toBe('blocked_address');
  });

  it('returns the vetted address, which is the one connections use', async () => {
    const pinned = new OutboundGuard({
      resolver: () => Promise.resolve([{ address: '93.184.216.34', family: 4 }]),
    });
    const target = await pinned.vet('https://repos.example.org/a/b');
    expect(target).toMatchObject({
      hostname: 'repos.example.org',
      port: 443,
      address: '93.184.216.34',
      family: 4,
    });
    expect(target.allowlisted).toBe(false);
  });

  it('accepts an allowlisted host:port and only that port', async () => {
    const allowing = new OutboundGuard({ allowlist: parseAllowlist(' 127.0.0.1:3001 , sandbox.internal ') });
    await expect(allowing.vet('http://127.0.0.1:3001/source-host')).resolves.toMatchObject({
      allowlisted: true,
    });
    expect((await refusal(allowing, 'http://127.0.0.1:3002/')).kind).toBe('blocked_address');
  });

  it('accepts an allowlisted host name on any port', async () => {
    const allowing = new OutboundGuard({
      allowlist: ['sandbox.internal'],
      resolver: () => Promise.resolve([{ address: '10.0.0.7', family: 4 }]),
    });
    await expect(allowing.vet('http://sandbox.internal:9000/')).resolves.toMatchObject({
      address: '10.0.0.7',
    });
  });

  it.each(['ftp://example.org/x', 'file:///etc/passwd', 'gopher://example.org', 'not a url'])(
    'refuses %s as an invalid URL',
    async (url) => {
      expect((await refusal(guard, url)).kind).toBe('invalid_url');
    },
  );

  it('gives up on a name server that does not answer in time', async () => {
    const slow = new OutboundGuard({ resolver: () => new Promise(() => undefined), resolveTimeoutMs: 50 });
    const error = await refusal(slow, 'http://slow.example.org/');
    expect(error.kind).toBe('unresolvable');
  });

  it('refuses URLs that carry credentials', async () => {
    expect((await refusal(guard, 'https://user:secret@example.org/')).kind).toBe('invalid_url');
  });

  it('reports a host that does not resolve as unresolvable', async () => {
    expect((await refusal(guard, 'https://does-not-exist.invalid/')).kind).toBe('unresolvable');
  });
});

describe('blockedAddressReason', () => {
  it('lets public unicast addresses through', () => {
    expect(blockedAddressReason('93.184.216.34')).toBeUndefined();
    expect(blockedAddressReason('2606:2800:220:1:248:1893:25c8:1946')).toBeUndefined();
    expect(blockedAddressReason('172.32.0.1')).toBeUndefined();
  });

  it('treats anything that is not an IP literal as refused', () => {
    expect(blockedAddressReason('example.org')).toBe('not_an_ip');
  });
});
