import { execFileSync, spawnSync } from 'node:child_process';
import { cpSync, existsSync, mkdtempSync, readFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { CatalogEnv } from '@pc/catalog';
import { ConnectionsEnv } from '@pc/connections';
import { WorkerEnv } from '@pc/deployment-worker';
import { DeploymentsEnv } from '@pc/deployments';
import { GatewayEnv } from '@pc/gateway';
import { IdentityEnv } from '@pc/identity';
import { McpEnv } from '@pc/mcp';
import { ServiceEnv } from '@pc/platform';
import { RulesetsEnv } from '@pc/rulesets';
import { SandboxEnv } from '@pc/sandbox';
import { WorkspacesEnv } from '@pc/workspaces';
import { getMetadataStorage } from 'class-validator';
import { parseAllDocuments, parse as parseYaml } from 'yaml';
import { EmbeddedEnv } from '../embedded.env';

/**
 * Readers of the operations files (docs/configuration.md, .env.example, docker-compose.yml, deploy/) for the tests
 * that hold them to the apps' configuration schemas.
 */
export const ROOT = path.join(__dirname, '..', '..', '..', '..');

type Schema = new () => object;

/** Each app's configuration schema (what `loadEnv` validates at its start). */
export const APP_SCHEMAS: Record<string, Schema> = {
  gateway: GatewayEnv,
  mcp: McpEnv,
  identity: IdentityEnv,
  catalog: CatalogEnv,
  rulesets: RulesetsEnv,
  connections: ConnectionsEnv,
  workspaces: WorkspacesEnv,
  deployments: DeploymentsEnv,
  'deployment-worker': WorkerEnv,
  sandbox: SandboxEnv,
};

/** `npm start` (every app in one process) and the migration tool have schemas of their own. */
export const EMBEDDED_SCHEMA: Schema = EmbeddedEnv;
export const MIGRATION_SCHEMA: Schema = ServiceEnv;

/** The apps deployed on their own (the sandbox is a development stand-in). */
export const DEPLOYED_APPS = Object.keys(APP_SCHEMAS).filter((app) => app !== 'sandbox');
export const SERVICES_WITH_SCHEMA = [
  'identity',
  'catalog',
  'rulesets',
  'connections',
  'workspaces',
  'deployments',
];

/** The variables a schema names (every property carries a validation decorator). */
export function variablesOf(schema: Schema): string[] {
  const names = getMetadataStorage()
    .getTargetValidationMetadatas(schema, '', true, false)
    .map((m) => m.propertyName);
  return [...new Set(names)].sort();
}

/** Variables an app refuses to start without (no default), when it runs alone. */
export function requiredOf(app: string): string[] {
  const required = app === 'sandbox' ? [] : ['NATS_URL'];
  if (SERVICES_WITH_SCHEMA.includes(app) || app === 'deployment-worker') required.push('DATABASE_URL');
  if (app === 'connections') required.push('CONNECTIONS_ENCRYPTION_KEYS');
  if (app === 'identity') required.push('WEBHOOKS_ENCRYPTION_KEYS');
  if (app === 'deployments' || app === 'deployment-worker') required.push('PROVENANCE_SIGNING_KEYS');
  return required;
}

export function read(relative: string): string {
  return readFileSync(path.join(ROOT, relative), 'utf8');
}

/** The variables named in the first column of docs/configuration.md's tables. */
export function documentedVariables(): string[] {
  const names = new Set<string>();
  for (const line of read('docs/configuration.md').split('\n')) {
    if (!line.startsWith('| `')) continue;
    for (const m of line.split('|')[1].matchAll(/`([A-Z][A-Z0-9_]+)`/g)) names.add(m[1]);
  }
  return [...names].sort();
}

/** The variables .env.example names, set or commented out. */
export function envExampleVariables(): string[] {
  return [...read('.env.example').matchAll(/^#?\s?([A-Z][A-Z0-9_]+)=/gm)].map((m) => m[1]).sort();
}

export interface ComposeService {
  image?: string;
  build?: { context: string; args?: Record<string, string> };
  command?: string[];
  environment?: Record<string, string>;
  depends_on?: Record<string, { condition: string }>;
  healthcheck?: { test: string[] };
  deploy?: { replicas?: number };
  ports?: string[];
  volumes?: string[];
  security_opt?: string[];
}

export function composeFile(): {
  services: Record<string, ComposeService>;
  volumes: Record<string, unknown>;
} {
  return parseYaml(read('docker-compose.yml'), { merge: true }) as {
    services: Record<string, ComposeService>;
    volumes: Record<string, unknown>;
  };
}

export type K8sObject = {
  apiVersion: string;
  kind: string;
  metadata: { name: string; labels?: Record<string, string> };
} & Record<
  string,
  any // eslint-disable-line @typescript-eslint/no-explicit-any
>;

function onPath(command: string): boolean {
  return spawnSync('sh', ['-c', `command -v ${command}`]).status === 0;
}

/**
 * `kustomize build` of a kustomization: by kubectl's or kustomize's own when either is installed,
 * else an approximation of it in this file (resources, ConfigMap generators from env files, images;
 * enough for the base).
 */
export function kustomizeBuild(dir: string): { objects: K8sObject[]; by: string } {
  let text: string | undefined;
  let by = 'yaml parse';
  if (onPath('kubectl')) {
    text = execFileSync('kubectl', ['kustomize', dir], { encoding: 'utf8' });
    by = 'kubectl kustomize';
  } else if (onPath('kustomize')) {
    text = execFileSync('kustomize', ['build', dir], { encoding: 'utf8' });
    by = 'kustomize build';
  }
  if (text === undefined) return { objects: approximateBuild(dir), by };
  return { objects: parseAllDocuments(text).map((d) => d.toJS() as K8sObject), by };
}

/** The base as kustomize builds it, without kustomize: resource files and generated ConfigMaps. */
export function approximateBuild(dir: string): K8sObject[] {
  const k = parseYaml(readFileSync(path.join(dir, 'kustomization.yaml'), 'utf8')) as {
    resources?: string[];
    configMapGenerator?: { name: string; envs: string[] }[];
    images?: { name: string; newName?: string; newTag?: string }[];
  };
  const objects: K8sObject[] = [];
  for (const resource of k.resources ?? []) {
    const full = path.join(dir, resource);
    if (existsSync(path.join(full, 'kustomization.yaml'))) objects.push(...approximateBuild(full));
    else
      objects.push(
        ...parseAllDocuments(readFileSync(full, 'utf8'))
          .map((d) => d.toJS() as K8sObject)
          .filter(Boolean),
      );
  }
  for (const generator of k.configMapGenerator ?? []) {
    const data: Record<string, string> = {};
    for (const file of generator.envs)
      for (const line of readFileSync(path.join(dir, file), 'utf8').split('\n')) {
        const m = /^([A-Z][A-Z0-9_]*)=(.*)$/.exec(line);
        if (m) data[m[1]] = m[2];
      }
    objects.push({ apiVersion: 'v1', kind: 'ConfigMap', metadata: { name: generator.name }, data });
  }
  for (const image of k.images ?? [])
    for (const o of objects)
      for (const c of containersOf(o))
        if (c.image === image.name) c.image = `${image.newName ?? image.name}:${image.newTag ?? 'latest'}`;
  return objects;
}

export interface Container {
  name: string;
  image: string;
  command?: string[];
  env?: {
    name: string;
    value?: string;
    valueFrom?: { secretKeyRef?: { name: string; key: string; optional?: boolean } };
  }[];
  envFrom?: { configMapRef?: { name: string }; secretRef?: { name: string } }[];
  readinessProbe?: { httpGet?: { path: string } };
  livenessProbe?: { httpGet?: { path: string } };
  resources?: { requests?: Record<string, string>; limits?: Record<string, string> };
}

/**
 * The kinds that run an app: Deployments, and the gateway's StatefulSet (a claim per replica for its
 * audit outbox).
 */
export const WORKLOAD_KINDS = ['Deployment', 'StatefulSet'];

/** The objects that run an app (see WORKLOAD_KINDS). */
export function workloadsOf(objects: K8sObject[]): K8sObject[] {
  return objects.filter((o) => WORKLOAD_KINDS.includes(o.kind));
}

export function containersOf(o: K8sObject): Container[] {
  return (o.spec?.template?.spec?.containers as Container[] | undefined) ?? [];
}

/** The app an image runs: `registry/policy-catalog/catalog:1.0.0` -> catalog. */
export function appOfImage(image: string): string {
  return /policy-catalog\/([a-z-]+)(?::[^/]*)?$/.exec(image)?.[1] ?? image;
}

/** ConfigMaps by name without kustomize's hash suffix. */
export function configMaps(objects: K8sObject[]): Map<string, Record<string, string>> {
  const maps = new Map<string, Record<string, string>>();
  for (const o of objects.filter((x) => x.kind === 'ConfigMap')) {
    maps.set(o.metadata.name.replace(/-[a-z0-9]{10}$/, ''), (o.data ?? {}) as Record<string, string>);
  }
  return maps;
}

/** A copy of deploy/ with the dev overlay's secrets generated (the real file is never committed). */
export function deployCopyWithDevSecrets(): string {
  const dir = mkdtempSync(path.join(os.tmpdir(), 'pc-deploy-'));
  cpSync(path.join(ROOT, 'deploy'), dir, { recursive: true });
  execFileSync(process.execPath, [
    path.join(ROOT, 'tools', 'generate-env.js'),
    '--out',
    path.join(dir, 'overlays', 'dev', 'secrets.env'),
    '--force',
  ]);
  return dir;
}

/** The variables `npm run env:generate` writes (run into a temporary file). */
export function generatedSecretNames(): string[] {
  const file = path.join(mkdtempSync(path.join(os.tmpdir(), 'pc-env-')), '.env');
  execFileSync(process.execPath, [path.join(ROOT, 'tools', 'generate-env.js'), '--out', file]);
  return [...readFileSync(file, 'utf8').matchAll(/^([A-Z][A-Z0-9_]*)=/gm)].map((m) => m[1]);
}
