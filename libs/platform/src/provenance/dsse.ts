import { createPublicKey, type KeyObject, sign, verify } from 'node:crypto';
import type { PublicJwk, SigningKey } from './signing-keys';

/** The DSSE payload type of an in-toto Statement. */
export const IN_TOTO_PAYLOAD_TYPE = 'application/vnd.in-toto+json';

/** A DSSE envelope (https://github.com/secure-systems-lab/dsse, envelope.md). */
export interface DsseEnvelope {
  payloadType: string;
  /** Base64 of the serialized payload. */
  payload: string;
  signatures: Array<{ keyid: string; sig: string }>;
}

/** DSSE's pre-authentication encoding: `DSSEv1 <len(type)> <type> <len(body)> <body>`. */
export function pae(payloadType: string, payload: Buffer): Buffer {
  const type = Buffer.from(payloadType, 'utf8');
  return Buffer.concat([
    Buffer.from(`DSSEv1 ${type.length} `, 'utf8'),
    type,
    Buffer.from(` ${payload.length} `, 'utf8'),
    payload,
  ]);
}

/** Signs `payload` with the key (Ed25519 over the PAE). */
export function dsseSign(payloadType: string, payload: Buffer, key: SigningKey): DsseEnvelope {
  const sig = sign(null, pae(payloadType, payload), key.privateKey);
  return {
    payloadType,
    payload: payload.toString('base64'),
    signatures: [{ keyid: key.keyId, sig: sig.toString('base64') }],
  };
}

export type DsseVerification =
  | { ok: true; keyId: string; payload: Buffer }
  | { ok: false; problem: 'malformed' | 'unknown_key' | 'bad_signature'; message: string };

/** Verifies an envelope against public keys (JWKs): one signature by a known key over the PAE must hold. */
export function dsseVerify(envelope: unknown, keys: readonly PublicJwk[]): DsseVerification {
  if (!isEnvelope(envelope))
    return {
      ok: false,
      problem: 'malformed',
      message: 'Not a DSSE envelope (payloadType, payload, signatures)',
    };
  const payload = Buffer.from(envelope.payload, 'base64');
  if (payload.toString('base64') !== envelope.payload.replace(/\s/g, ''))
    return { ok: false, problem: 'malformed', message: 'The envelope payload is not valid base64' };
  const message = pae(envelope.payloadType, payload);
  let known = false;
  for (const s of envelope.signatures) {
    const jwk = keys.find((k) => k.kid === s.keyid);
    if (!jwk) continue;
    known = true;
    if (verify(null, message, publicKeyOf(jwk), Buffer.from(s.sig, 'base64')))
      return { ok: true, keyId: s.keyid, payload };
  }
  return known
    ? {
        ok: false,
        problem: 'bad_signature',
        message: 'The signature does not verify: the payload or the signature was changed',
      }
    : {
        ok: false,
        problem: 'unknown_key',
        message: `No signature by a served key (signed by ${envelope.signatures.map((s) => s.keyid).join(', ') || 'nobody'})`,
      };
}

function publicKeyOf(jwk: PublicJwk): KeyObject {
  return createPublicKey({ key: { kty: 'OKP', crv: 'Ed25519', x: jwk.x }, format: 'jwk' });
}

function isEnvelope(value: unknown): value is DsseEnvelope {
  if (!value || typeof value !== 'object') return false;
  const e = value as Record<string, unknown>;
  return (
    typeof e.payloadType === 'string' &&
    typeof e.payload === 'string' &&
    Array.isArray(e.signatures) &&
    e.signatures.every(
      (s) =>
        s !== null &&
        typeof s === 'object' &&
        typeof (s as Record<string, unknown>).keyid === 'string' &&
        typeof (s as Record<string, unknown>).sig === 'string',
    )
  );
}
