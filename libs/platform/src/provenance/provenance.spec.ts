import { createHash } from 'node:crypto';
import { dsseVerify, pae } from './dsse';
import { type ProvenanceInput, signProvenance, verifyProvenance } from './provenance';
import { generateSigningKeyEntry, parseSigningKeys } from './signing-keys';

const artifact = Buffer.from('the archive');
const input: ProvenanceInput = {
  assetType: 'policy',
  itemId: '7d5a1c4e-0000-4000-8000-000000000001',
  subjects: [{ name: 'p-implementation/implementation.tar', digest: { sha256: sha(artifact) } }],
  sources: [
    {
      uri: 'https://source.example/o/r',
      ref: 'a'.repeat(40),
      commit: 'a'.repeat(40),
      contentDigest: `sha256:${'b'.repeat(64)}`,
      pinnedCommit: 'a'.repeat(40),
      pinnedContentDigest: `sha256:${'b'.repeat(64)}`,
    },
  ],
  reviewed: true,
  build: { command: null, network: null, version: '1.0.0', release: true, publish: false },
  deploymentId: 'd',
  jobId: 'j',
  startedOn: new Date('2026-01-01T00:00:00Z'),
  finishedOn: new Date('2026-01-01T00:00:05Z'),
};

function sha(b: Buffer): string {
  return createHash('sha256').update(b).digest('hex');
}

describe('provenance attestations (DSSE, Ed25519, in-toto Statement v1, SLSA Provenance v1)', () => {
  const [oldKey] = parseSigningKeys(generateSigningKeyEntry('old'));
  const ring = parseSigningKeys(`${generateSigningKeyEntry('new')},${generateSigningKeyEntry('old2')}`);

  it('uses the DSSE pre-authentication encoding', () => {
    expect(pae('t', Buffer.from('ab')).toString()).toBe('DSSEv1 1 t 2 ab');
  });

  it('verifies a signed statement, the artifact and the reviewed source', () => {
    const envelope = signProvenance(input, oldKey);
    const result = verifyProvenance({ envelope, keys: [oldKey.publicJwk], artifact });
    expect(result.ok).toBe(true);
    expect(result.checks.map((c) => c.name)).toEqual(['signature', 'subject', 'source']);
    expect(result.sources[0]).toMatchObject({ reviewed: true });
  });

  it('keeps attestations verifiable across a rotation: the old key still verifies, a forgotten one does not', () => {
    const envelope = signProvenance(input, oldKey);
    const rotated = [...ring.map((k) => k.publicJwk), oldKey.publicJwk];
    expect(verifyProvenance({ envelope, keys: rotated, artifact }).ok).toBe(true);
    const forgotten = dsseVerify(
      envelope,
      ring.map((k) => k.publicJwk),
    );
    expect(forgotten).toMatchObject({ ok: false, problem: 'unknown_key' });
  });

  it('says which part was tampered with', () => {
    const envelope = signProvenance(input, oldKey);
    const keys = [oldKey.publicJwk];
    const changed = Buffer.from(artifact);
    changed[0] ^= 1;
    expect(verifyProvenance({ envelope, keys, artifact: changed }).checks[1]).toMatchObject({
      name: 'subject',
      ok: false,
    });
    const payload = Buffer.from(envelope.payload, 'base64');
    payload[5] ^= 1;
    expect(
      verifyProvenance({ envelope: { ...envelope, payload: payload.toString('base64') }, keys }).checks[0],
    ).toMatchObject({ name: 'signature', ok: false, message: expect.stringContaining('does not verify') });
    expect(
      verifyProvenance({
        envelope,
        keys,
        artifact,
        expectedPin: { commit: 'c'.repeat(40), contentDigest: null },
      }).checks[2],
    ).toMatchObject({ name: 'source', ok: false, message: expect.stringContaining('not from the reviewed') });
  });

  it('refuses malformed key rings naming the variable, never the key', () => {
    const seed = Buffer.alloc(16, 3).toString('base64');
    expect(() => parseSigningKeys(`k:${seed}`)).toThrow(/^PROVENANCE_SIGNING_KEYS: entry 1 must be/);
    expect(() => parseSigningKeys(`k:${seed}`)).not.toThrow(seed);
  });
});
