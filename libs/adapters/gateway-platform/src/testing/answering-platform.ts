import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';

/** What the platform answers, as JSON text (a tree deep enough to matter cannot be stringified). */
export interface PlatformAnswers {
  /** The root organization's id, in the credential's profile. */
  rootId: string;
  deployableIds: string[];
  /** `GET .../organizations/{root}/hierarchy`. */
  hierarchy: string;
  /** `GET .../applied/{assetId}`, for every organization and asset. */
  applied: string;
  /** `GET .../applied/{assetId}/status`, for every organization and asset. */
  status: string;
  /**
   * A failure to answer instead, to any request it returns one for (the token request included): its
   * status and body text.
   */
  failure: ((request: SeenRequest) => { status: number; body: string } | undefined) | null;
  /**
   * How long it waits before it answers a request, in milliseconds (`Infinity`: it never answers, as a
   * platform that hangs); by default at once.
   */
  delay: ((request: SeenRequest) => number) | null;
}

/** A request the platform received: what a failure may echo back. */
export interface SeenRequest {
  method: string;
  path: string;
  authorization: string | undefined;
  body: string;
}

export interface AnsweringPlatform {
  /** Its base URL, for `PLATFORM_US_URL` or a custom domain (loopback: allowlist `127.0.0.1`). */
  url: string;
  /** Change them between tests. */
  answers: PlatformAnswers;
  /** The requests it received, in order (the paths of a check, how many times one was tried). */
  seen: SeenRequest[];
  close(): Promise<void>;
}

/**
 * A platform on a local port that answers whatever a test sets: a token for any credentials, a profile, the
 * organization tree, an applied item and its status, each as the text given, or the failure a test makes of a request.
 * Where the sandbox's platform keeps to its contract, this one answers what a hostile or broken platform (a
 * user's custom domain) could.
 */
export async function startAnsweringPlatform(
  answers: Partial<PlatformAnswers> = {},
): Promise<AnsweringPlatform> {
  const current: PlatformAnswers = {
    rootId: 'root',
    deployableIds: [],
    hierarchy: JSON.stringify({ id: 'root', name: 'Root', subOrganizations: [] }),
    applied: '{}',
    status: '{}',
    failure: null,
    delay: null,
    ...answers,
  };
  const seenRequests: SeenRequest[] = [];
  const server: Server = createServer((request, response) => {
    const chunks: Buffer[] = [];
    request.on('data', (chunk: Buffer) => chunks.push(chunk));
    request.on('end', () => {
      const seen: SeenRequest = {
        method: request.method ?? 'GET',
        path: request.url ?? '',
        authorization: request.headers.authorization,
        body: Buffer.concat(chunks).toString('utf8'),
      };
      seenRequests.push(seen);
      const respond = (): void => {
        const failure = current.failure?.(seen);
        if (failure !== undefined)
          response.writeHead(failure.status, { 'content-type': 'application/json' }).end(failure.body);
        else answer(seen.path);
      };
      const delay = current.delay?.(seen) ?? 0;
      if (delay === Infinity) return;
      if (delay > 0) setTimeout(respond, delay);
      else respond();
    });
    const json = (body: string): void => {
      response.writeHead(200, { 'content-type': 'application/json' }).end(body);
    };
    const answer = (path: string): void => {
      if (request.method === 'POST' && path === '/oauth2/token')
        return json(JSON.stringify({ access_token: 'answering-token', expires_in: 3600 }));
      if (path === '/accounts/api/me')
        return json(
          JSON.stringify({
            organization: { id: current.rootId },
            deployableOrganizationIds: current.deployableIds,
          }),
        );
      if (/^\/accounts\/api\/organizations\/[^/]+\/hierarchy$/.test(path)) return json(current.hierarchy);
      if (/^\/api\/v1\/organizations\/[^/]+\/applied\/[^/]+$/.test(path)) return json(current.applied);
      if (/^\/api\/v1\/organizations\/[^/]+\/applied\/[^/]+\/status$/.test(path)) return json(current.status);
      response.writeHead(404, { 'content-type': 'application/json' }).end('{"message":"no such route"}');
    };
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    answers: current,
    seen: seenRequests,
    close: () =>
      new Promise<void>((resolve, reject) => {
        server.close((e) => (e ? reject(e) : resolve()));
        // Requests it never answered (or has not yet) end with it.
        server.closeAllConnections();
      }),
  };
}

/**
 * The JSON text of a tree that is one chain: `depth` organizations (`o1` the root), each the only child
 * of the one before, named by `nameOf` (by default `Org <n>`).
 */
export function organizationChain(depth: number, nameOf: (n: number) => string = (n) => `Org ${n}`): string {
  const open: string[] = [];
  for (let n = 1; n <= depth; n++)
    open.push(`{"id":"o${n}","name":${JSON.stringify(nameOf(n))},"subOrganizations":[`);
  return `${open.join('')}${']}'.repeat(depth)}`;
}
