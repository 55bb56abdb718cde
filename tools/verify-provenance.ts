// Verifies a provenance attestation of a deployed artifact, as a user would:
//   npm run verify-provenance -- <envelope.json> <artifact> [--api http://127.0.0.1:3000]
// <envelope.json> is the DSSE envelope (the registry's provenance.intoto.json, or the answer of
// GET /api/deployments/{id}/provenance); <artifact> the file downloaded from the registry. It checks
//   1. the signature against the public keys the service serves (GET /api/provenance/keys),
//   2. the artifact's sha256 against the statement's subjects,
//   3. the source commit and content digest against the pin of the reviewed item (GET /api/policies/{id}
//      or GET /api/rulesets/{id}).
// Each check prints ✓ or ✗ with what does not hold; the exit code is 0 only when all hold.
import 'reflect-metadata';
import { readFileSync } from 'node:fs';
import { dsseVerify, parseStatement, type PublicJwk, verifyProvenance } from '@pc/platform/provenance';

interface Pin {
  commit: string;
  content_digest: string | null;
}

async function getJson(url: string): Promise<{ status: number; body: unknown }> {
  const response = await fetch(url, { signal: AbortSignal.timeout(15_000) });
  const text = await response.text();
  let body: unknown = null;
  try {
    body = JSON.parse(text);
  } catch {
    body = text;
  }
  return { status: response.status, body };
}

async function main(argv: string[]): Promise<number> {
  const args = [...argv];
  let api = process.env.PC_API_URL ?? 'http://127.0.0.1:3000';
  const at = args.indexOf('--api');
  if (at >= 0) {
    api = args[at + 1] ?? api;
    args.splice(at, 2);
  }
  const [envelopePath, artifactPath] = args;
  if (!envelopePath || !artifactPath) {
    console.error('usage: npm run verify-provenance -- <envelope.json> <artifact> [--api <url>]');
    return 2;
  }
  const parsed = JSON.parse(readFileSync(envelopePath, 'utf8')) as Record<string, unknown>;
  const envelope =
    (parsed.provenance as { envelope?: unknown } | undefined)?.envelope ?? parsed.envelope ?? parsed;
  const artifact = readFileSync(artifactPath);
  const base = api.replace(/\/+$/, '');

  const keys = await getJson(`${base}/api/provenance/keys`);
  if (keys.status !== 200) {
    console.error(`✗ keys: GET ${base}/api/provenance/keys answered ${keys.status}`);
    return 1;
  }
  const served = (keys.body as { keys: PublicJwk[] }).keys;

  // The pin to compare with: the reviewed item's, as its public page shows it now.
  let expectedPin: { commit: string; contentDigest: string | null } | null | undefined;
  const signature = dsseVerify(envelope, served);
  const statement = signature.ok ? parseStatement(signature.payload) : null;
  const kind = statement?.item?.type;
  if (statement?.item?.id && (kind === 'policy' || kind === 'ruleset')) {
    const item = await getJson(
      `${base}/api/${kind === 'policy' ? 'policies' : 'rulesets'}/${statement.item.id}`,
    );
    const pin = (item.body as Partial<Record<typeof kind, { pin?: Pin | null }>>)[kind]?.pin;
    if (item.status === 200)
      expectedPin = pin ? { commit: pin.commit, contentDigest: pin.content_digest } : null;
    else
      console.log(
        `! the ${kind} ${statement.item.id} answered ${item.status}: comparing with the recorded pin`,
      );
  }

  const result = verifyProvenance({ envelope, keys: served, artifact, expectedPin });
  for (const check of result.checks) console.log(`${check.ok ? '✓' : '✗'} ${check.name}: ${check.message}`);
  console.log(result.ok ? 'verified' : 'NOT verified');
  return result.ok ? 0 : 1;
}

main(process.argv.slice(2)).then(
  (code) => {
    process.exitCode = code;
  },
  (error: unknown) => {
    console.error(`✗ ${error instanceof Error ? error.message : String(error)}`);
    process.exitCode = 2;
  },
);
