import { existsSync, readFileSync } from 'node:fs';
import { networkInterfaces } from 'node:os';
import type { WorkerEnv } from '../../../worker.env';
import { BuildExchange } from './build-exchange';
import { KubernetesApi } from './kubernetes-api';
import { KubernetesBuilds } from './kubernetes-builds';

const SERVICE_ACCOUNT = '/var/run/secrets/kubernetes.io/serviceaccount';

/**
 * The cluster builds of a worker with `DEPLOY_BUILD_SANDBOX=kubernetes`: its exchange listening, the API
 * reached with the pod's service account (token read for each call, the cluster's CA). Throws at start,
 * naming the variable, when something it needs is missing.
 */
export async function startClusterBuilds(
  env: WorkerEnv,
  serviceAccount = SERVICE_ACCOUNT,
): Promise<{ builds: KubernetesBuilds; exchangeUrl: string; close: () => Promise<void> }> {
  if (!env.DEPLOY_BUILD_K8S_IMAGE)
    throw new Error('DEPLOY_BUILD_SANDBOX=kubernetes needs DEPLOY_BUILD_K8S_IMAGE');
  const tokenFile = `${serviceAccount}/token`;
  if (!existsSync(tokenFile))
    throw new Error(
      `DEPLOY_BUILD_SANDBOX=kubernetes needs the worker's service account token (${tokenFile})`,
    );
  const namespace =
    env.DEPLOY_BUILD_K8S_NAMESPACE || readFileSync(`${serviceAccount}/namespace`, 'utf8').trim();
  const exchange = new BuildExchange();
  const port = await exchange.listen(env.DEPLOY_BUILD_K8S_EXCHANGE_PORT);
  const exchangeUrl = env.DEPLOY_BUILD_K8S_EXCHANGE_URL || podUrl(port);
  const api = new KubernetesApi({
    url: env.DEPLOY_BUILD_K8S_API_URL,
    token: () => readFileSync(tokenFile, 'utf8').trim(),
    ca: existsSync(`${serviceAccount}/ca.crt`) ? readFileSync(`${serviceAccount}/ca.crt`, 'utf8') : undefined,
  });
  const builds = new KubernetesBuilds({
    api,
    exchange,
    namespace,
    image: env.DEPLOY_BUILD_K8S_IMAGE,
    exchangeUrl,
  });
  return { builds, exchangeUrl, close: () => exchange.close() };
}

/** `http://<the pod's own IPv4 address>:<port>` (a pod has one non-loopback interface). */
function podUrl(port: number): string {
  const address = Object.values(networkInterfaces())
    .flat()
    .find((a) => a && a.family === 'IPv4' && !a.internal)?.address;
  if (!address)
    throw new Error(
      'DEPLOY_BUILD_SANDBOX=kubernetes: no pod address found; set DEPLOY_BUILD_K8S_EXCHANGE_URL',
    );
  return `http://${address}:${port}`;
}
