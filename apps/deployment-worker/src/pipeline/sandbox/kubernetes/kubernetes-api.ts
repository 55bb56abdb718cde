import http from 'node:http';
import https from 'node:https';
import type { Readable } from 'node:stream';

/** A Kubernetes object as the API server answers it (only what the worker reads is typed). */
export interface K8sPod {
  metadata: { name: string };
  status?: {
    phase?: 'Pending' | 'Running' | 'Succeeded' | 'Failed' | 'Unknown';
    reason?: string;
    containerStatuses?: {
      name: string;
      state?: {
        waiting?: { reason?: string; message?: string };
        terminated?: { exitCode: number; reason?: string; signal?: number };
      };
    }[];
  };
}

export class KubernetesApiError extends Error {
  constructor(
    message: string,
    readonly status: number,
  ) {
    super(message);
  }
}

export interface KubernetesApiOptions {
  /** `https://kubernetes.default.svc` in a pod (`DEPLOY_BUILD_K8S_API_URL`). */
  url: string;
  /** The service account's bearer token (read again for each call: the kubelet rotates it). */
  token: string | (() => string);
  /** The cluster's CA certificate (PEM); unset: the system's. */
  ca?: string;
  timeoutMs?: number;
}

/**
 * The worker's one adapter to the Kubernetes API: plain HTTPS calls for the five things a build needs
 * (create a Job, find its pod, read the pod, follow its log, delete the Job), each a documented REST
 * path of the core and batch APIs, authorized by the worker's service account (deploy/components/
 * kubernetes-builds grants exactly these verbs in the builds' namespace).
 */
export class KubernetesApi {
  constructor(private readonly options: KubernetesApiOptions) {}

  createJob(namespace: string, job: object): Promise<unknown> {
    return this.json('POST', `/apis/batch/v1/namespaces/${enc(namespace)}/jobs`, job);
  }

  async podsOfJob(namespace: string, job: string): Promise<K8sPod[]> {
    const list = (await this.json(
      'GET',
      `/api/v1/namespaces/${enc(namespace)}/pods?labelSelector=${enc(`job-name=${job}`)}`,
    )) as { items?: K8sPod[] };
    return list.items ?? [];
  }

  pod(namespace: string, name: string): Promise<K8sPod> {
    return this.json('GET', `/api/v1/namespaces/${enc(namespace)}/pods/${enc(name)}`) as Promise<K8sPod>;
  }

  /** The container's log, followed until the container ends. */
  async followLog(namespace: string, pod: string, container: string): Promise<Readable> {
    const res = await this.request(
      'GET',
      `/api/v1/namespaces/${enc(namespace)}/pods/${enc(pod)}/log?container=${enc(container)}&follow=true`,
      undefined,
      false,
    );
    return res;
  }

  /** Deletes the Job and its pods (background propagation); a Job already gone is fine. */
  async deleteJob(namespace: string, name: string): Promise<void> {
    try {
      await this.json(
        'DELETE',
        `/apis/batch/v1/namespaces/${enc(namespace)}/jobs/${enc(name)}?propagationPolicy=Background`,
      );
    } catch (error) {
      if (!(error instanceof KubernetesApiError && error.status === 404)) throw error;
    }
  }

  private async json(method: string, path: string, body?: object): Promise<unknown> {
    const res = await this.request(method, path, body, true);
    const chunks: Buffer[] = [];
    for await (const chunk of res) chunks.push(chunk as Buffer);
    const text = Buffer.concat(chunks).toString('utf8');
    return text ? (JSON.parse(text) as unknown) : {};
  }

  private request(
    method: string,
    path: string,
    body: object | undefined,
    timed: boolean,
  ): Promise<http.IncomingMessage> {
    const url = new URL(path, this.options.url);
    const client = url.protocol === 'https:' ? https : http;
    const payload = body ? Buffer.from(JSON.stringify(body)) : undefined;
    return new Promise((resolve, reject) => {
      const req = client.request(
        url,
        {
          method,
          ca: this.options.ca,
          // A connection per call: a followed log must not inherit another call's socket timeout.
          agent: false,
          headers: {
            authorization: `Bearer ${typeof this.options.token === 'function' ? this.options.token() : this.options.token}`,
            accept: 'application/json',
            ...(payload ? { 'content-type': 'application/json', 'content-length': payload.length } : {}),
          },
          timeout: timed ? (this.options.timeoutMs ?? 10_000) : 0,
        },
        (res) => {
          if ((res.statusCode ?? 500) < 300) return resolve(res);
          const chunks: Buffer[] = [];
          res.on('data', (c: Buffer) => chunks.length < 16 && chunks.push(c));
          res.on('end', () => {
            let message = Buffer.concat(chunks).toString('utf8').slice(0, 500);
            try {
              message = (JSON.parse(message) as { message?: string }).message ?? message;
            } catch {
              /* not JSON */
            }
            reject(
              new KubernetesApiError(
                `Kubernetes API ${method} ${url.pathname}: ${res.statusCode} ${message}`,
                res.statusCode ?? 500,
              ),
            );
          });
        },
      );
      req.on('timeout', () => req.destroy(new Error(`Kubernetes API ${method} ${url.pathname} timed out`)));
      req.on('error', reject);
      req.end(payload);
    });
  }
}

const enc = encodeURIComponent;
