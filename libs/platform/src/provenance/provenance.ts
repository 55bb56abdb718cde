import { createHash } from 'node:crypto';
import { dsseSign, dsseVerify, type DsseEnvelope, IN_TOTO_PAYLOAD_TYPE } from './dsse';
import type { PublicJwk, SigningKey } from './signing-keys';

export const IN_TOTO_STATEMENT_V1 = 'https://in-toto.io/Statement/v1';
export const SLSA_PROVENANCE_V1 = 'https://slsa.dev/provenance/v1';
/** The builder id: the deployment service's workers. */
export const PROVENANCE_BUILDER_ID = 'urn:policy-catalog:deployments:deployment-worker';
/** The build types: a policy's implementation archive and definition, or a ruleset's profile asset. */
export const PROVENANCE_BUILD_TYPES = {
  policy: 'urn:policy-catalog:build:policy:v1',
  ruleset: 'urn:policy-catalog:build:ruleset:v1',
} as const;

export interface ProvenanceSubject {
  name: string;
  digest: { sha256: string };
}

/** One source the build read: repository, commit, and the content digest of its tree. */
export interface ProvenanceSource {
  uri: string;
  ref: string;
  commit: string;
  contentDigest: string;
  /** The commit the review pinned (null for a dev build of another ref). */
  pinnedCommit: string | null;
  pinnedContentDigest: string | null;
}

export interface ProvenanceInput {
  assetType: 'policy' | 'ruleset';
  /** The catalog item (its page shows the pin a verifier compares with). */
  itemId: string | null;
  subjects: ProvenanceSubject[];
  sources: ProvenanceSource[];
  /** Whether it builds what the review pinned. */
  reviewed: boolean;
  build: {
    command: string | null;
    network: string | null;
    version: string;
    release: boolean;
    publish: boolean;
  };
  deploymentId: string;
  jobId: string;
  startedOn: Date;
  finishedOn: Date;
}

/** The in-toto Statement v1 with a SLSA Provenance v1 predicate (https://slsa.dev/spec/v1.0/provenance). */
export function provenanceStatement(input: ProvenanceInput): Record<string, unknown> {
  return {
    _type: IN_TOTO_STATEMENT_V1,
    subject: input.subjects,
    predicateType: SLSA_PROVENANCE_V1,
    predicate: {
      buildDefinition: {
        buildType: PROVENANCE_BUILD_TYPES[input.assetType],
        externalParameters: {
          item: { type: input.assetType, id: input.itemId },
          sources: input.sources.map((s) => ({ uri: s.uri, ref: s.ref })),
          reviewed: input.reviewed,
          version: input.build.version,
          release: input.build.release,
          publish: input.build.publish,
        },
        internalParameters: {
          buildCommand: input.build.command,
          buildNetwork: input.build.network,
          deploymentId: input.deploymentId,
          jobId: input.jobId,
        },
        resolvedDependencies: input.sources.map((s) => ({
          uri: `git+${s.uri}@${s.ref}`,
          digest: { gitCommit: s.commit },
          annotations: {
            contentDigest: s.contentDigest,
            pinnedCommit: s.pinnedCommit,
            pinnedContentDigest: s.pinnedContentDigest,
          },
        })),
      },
      runDetails: {
        builder: { id: PROVENANCE_BUILDER_ID },
        metadata: {
          invocationId: `${input.deploymentId}/${input.jobId}`,
          startedOn: input.startedOn.toISOString(),
          finishedOn: input.finishedOn.toISOString(),
        },
      },
    },
  };
}

/** The statement, serialized once and signed in a DSSE envelope by the first key of the ring. */
export function signProvenance(input: ProvenanceInput, key: SigningKey): DsseEnvelope {
  return dsseSign(IN_TOTO_PAYLOAD_TYPE, Buffer.from(JSON.stringify(provenanceStatement(input)), 'utf8'), key);
}

export interface ProvenanceCheck {
  name: 'signature' | 'subject' | 'source';
  ok: boolean;
  message: string;
}

export interface ProvenanceVerification {
  ok: boolean;
  checks: ProvenanceCheck[];
  /** From the verified statement: the source commits built and whether they are the reviewed ones. */
  sources: Array<{ uri: string; commit: string; contentDigest: string | null; reviewed: boolean }>;
  keyId: string | null;
}

/**
 * Verifies an attestation: the signature against the served public keys, the artifact's sha256 against
 * the statement's subjects (when an artifact is given, or its digest), and each source's commit and
 * content digest against the pin the review made (`expectedPin`, else the pin the statement records).
 * Every check is reported, each saying what does not hold.
 */
export function verifyProvenance(input: {
  envelope: unknown;
  keys: readonly PublicJwk[];
  artifact?: Buffer;
  artifactSha256?: string;
  expectedPin?: { commit: string; contentDigest: string | null } | null;
}): ProvenanceVerification {
  const checks: ProvenanceCheck[] = [];
  const signature = dsseVerify(input.envelope, input.keys);
  if (!signature.ok) {
    checks.push({ name: 'signature', ok: false, message: signature.message });
    return { ok: false, checks, sources: [], keyId: null };
  }
  checks.push({ name: 'signature', ok: true, message: `Signature verified (key ${signature.keyId})` });
  const statement = parseStatement(signature.payload);
  if (!statement) {
    checks.push({
      name: 'subject',
      ok: false,
      message: 'The payload is not an in-toto Statement v1 with SLSA provenance',
    });
    return { ok: false, checks, sources: [], keyId: signature.keyId };
  }
  const digest =
    input.artifactSha256 ??
    (input.artifact ? createHash('sha256').update(input.artifact).digest('hex') : null);
  if (digest !== null) {
    const match = statement.subjects.find((s) => s.digest.sha256 === digest);
    checks.push(
      match
        ? { name: 'subject', ok: true, message: `The artifact is ${match.name} (sha256 ${digest})` }
        : {
            name: 'subject',
            ok: false,
            message: `The artifact's sha256 ${digest} is none of the attested subjects (${statement.subjects
              .map((s) => `${s.name} ${s.digest.sha256}`)
              .join(', ')})`,
          },
    );
  }
  const sources = statement.sources.map((s) => {
    const pin =
      input.expectedPin !== undefined
        ? input.expectedPin
        : s.pinnedCommit
          ? { commit: s.pinnedCommit, contentDigest: s.pinnedContentDigest }
          : null;
    const reviewed =
      pin !== null &&
      s.commit === pin.commit &&
      (pin.contentDigest === null || s.contentDigest === pin.contentDigest);
    return { uri: s.uri, commit: s.commit, contentDigest: s.contentDigest, reviewed, pin };
  });
  const main = sources[0];
  if (!main) checks.push({ name: 'source', ok: false, message: 'The statement names no source' });
  else if (!main.pin)
    checks.push({
      name: 'source',
      ok: false,
      message: `Built from ${main.commit}, which is not a reviewed commit (a dev build of another ref)`,
    });
  else if (main.commit !== main.pin.commit)
    checks.push({
      name: 'source',
      ok: false,
      message: `Built from ${main.commit}, not from the reviewed commit ${main.pin.commit}`,
    });
  else if (main.pin.contentDigest !== null && main.contentDigest !== main.pin.contentDigest)
    checks.push({
      name: 'source',
      ok: false,
      message: `The sources' content digest ${main.contentDigest} is not the reviewed ${main.pin.contentDigest}`,
    });
  else
    checks.push({
      name: 'source',
      ok: sources.every((s) => s.reviewed),
      message: sources.every((s) => s.reviewed)
        ? `Built from the reviewed commit ${main.commit}`
        : `Built from the reviewed commit ${main.commit}, but the implementation is not its reviewed commit`,
    });
  return {
    ok: checks.every((c) => c.ok),
    checks,
    sources: sources.map(({ uri, commit, contentDigest, reviewed }) => ({
      uri,
      commit,
      contentDigest,
      reviewed,
    })),
    keyId: signature.keyId,
  };
}

export interface ParsedStatement {
  item: { type: string; id: string | null } | null;
  subjects: ProvenanceSubject[];
  sources: Array<{
    uri: string;
    commit: string;
    contentDigest: string | null;
    pinnedCommit: string | null;
    pinnedContentDigest: string | null;
  }>;
}

/** The statement of a (verified) payload: its item, subjects and sources; null when it is not one. */
export function parseStatement(payload: Buffer): ParsedStatement | null {
  let value: unknown;
  try {
    value = JSON.parse(payload.toString('utf8'));
  } catch {
    return null;
  }
  const s = value as {
    _type?: unknown;
    subject?: unknown;
    predicateType?: unknown;
    predicate?: {
      buildDefinition?: {
        resolvedDependencies?: unknown;
        externalParameters?: { item?: { type?: unknown; id?: unknown } };
      };
    };
  };
  if (
    s?._type !== IN_TOTO_STATEMENT_V1 ||
    s.predicateType !== SLSA_PROVENANCE_V1 ||
    !Array.isArray(s.subject)
  )
    return null;
  const subjects = (s.subject as unknown[]).filter((raw): raw is ProvenanceSubject => {
    const x = (raw ?? {}) as { name?: unknown; digest?: { sha256?: unknown } };
    return typeof x.name === 'string' && typeof x.digest?.sha256 === 'string';
  });
  const deps = s.predicate?.buildDefinition?.resolvedDependencies;
  const str = (v: unknown): string | null => (typeof v === 'string' ? v : null);
  const sources = (Array.isArray(deps) ? (deps as unknown[]) : []).flatMap((raw) => {
    const d = (raw ?? {}) as { uri?: unknown; digest?: { gitCommit?: unknown }; annotations?: unknown };
    const uri = str(d.uri);
    const commit = str(d.digest?.gitCommit);
    if (uri === null || commit === null) return [];
    const a = (d.annotations ?? {}) as Record<string, unknown>;
    return [
      {
        uri,
        commit,
        contentDigest: str(a.contentDigest),
        pinnedCommit: str(a.pinnedCommit),
        pinnedContentDigest: str(a.pinnedContentDigest),
      },
    ];
  });
  const item = s.predicate?.buildDefinition?.externalParameters?.item;
  return {
    item:
      item && typeof item.type === 'string'
        ? { type: item.type, id: typeof item.id === 'string' ? item.id : null }
        : null,
    subjects,
    sources,
  };
}
