import { spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, readdirSync, readFileSync, statSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { SERVICE_PINGS } from '@pc/platform';
import { parse as parseYaml } from 'yaml';
import {
  APP_SCHEMAS,
  appOfImage,
  approximateBuild,
  composeFile,
  configMaps,
  containersOf,
  DEPLOYED_APPS,
  documentedVariables,
  deployCopyWithDevSecrets,
  EMBEDDED_SCHEMA,
  envExampleVariables,
  generatedSecretNames,
  type K8sObject,
  kustomizeBuild,
  MIGRATION_SCHEMA,
  read,
  requiredOf,
  ROOT,
  SERVICES_WITH_SCHEMA,
  variablesOf,
  workloadsOf,
} from '../testing/deploy-files';

/** Every variable some app reads: the union of the schemas, `npm start`'s included. */
const ALL_VARIABLES = [
  ...new Set([...Object.values(APP_SCHEMAS), EMBEDDED_SCHEMA].flatMap((schema) => variablesOf(schema))),
].sort();
/** What `npm run env:generate` writes: the only secrets compose and the manifests may take. */
const GENERATED = generatedSecretNames();

const schemaOf = (app: string): string[] => variablesOf(APP_SCHEMAS[app]);

describe('the configuration schemas, docs/configuration.md, .env.example, compose and manifests agree', () => {
  it('docs/configuration.md names exactly the variables the apps read', () => {
    expect(documentedVariables()).toEqual(ALL_VARIABLES);
  });

  it('.env.example names exactly the variables the apps read', () => {
    expect(envExampleVariables()).toEqual(ALL_VARIABLES);
  });

  it('npm run env:generate writes fresh random secrets (0600) and never overwrites them', () => {
    const dir = mkdtempSync(path.join(os.tmpdir(), 'pc-envgen-'));
    const file = path.join(dir, '.env');
    const run = (...args: string[]) =>
      spawnSync(process.execPath, [path.join(ROOT, 'tools', 'generate-env.js'), '--out', file, ...args], {
        encoding: 'utf8',
      });
    expect(run().status).toBe(0);
    const first = readFileSync(file, 'utf8');
    expect(statSync(file).mode & 0o777).toBe(0o600);
    expect(run().status).toBe(1);
    expect(readFileSync(file, 'utf8')).toBe(first);
    expect(run('--force').status).toBe(0);
    const second = readFileSync(file, 'utf8');
    const value = (text: string, name: string) => new RegExp(`^${name}=(.+)$`, 'm').exec(text)![1];
    for (const name of ['POSTGRES_PASSWORD', 'BOOTSTRAP_ADMIN_PASSWORD', 'CONNECTIONS_ENCRYPTION_KEYS'])
      expect(value(second, name)).not.toBe(value(first, name));
    expect(Buffer.from(value(first, 'CONNECTIONS_ENCRYPTION_KEYS').split(':')[1], 'base64')).toHaveLength(32);
  });

  describe('docker-compose.yml', () => {
    const { services, volumes } = composeFile();
    const appServices = Object.entries(services).filter(
      ([name, s]) => s.build?.args?.APP && !name.startsWith('migrate-'),
    );

    it('runs every app, each from its own image, with a health check', () => {
      expect(appServices.map(([, s]) => s.build!.args!.APP).sort()).toEqual(Object.keys(APP_SCHEMAS).sort());
      for (const [name, s] of appServices) {
        expect(name).toBe(s.build!.args!.APP);
        expect(s.healthcheck?.test).toEqual(['CMD', 'node', 'dist/tools/healthcheck.js']);
      }
      expect(services['deployment-worker'].deploy?.replicas).toBeGreaterThanOrEqual(2);
    });

    it('gives each app only variables of its schema, and the ones it cannot start without', () => {
      for (const [name, s] of appServices) {
        const names = Object.keys(s.environment ?? {});
        expect({ app: name, unknown: names.filter((n) => !schemaOf(name).includes(n)) }).toEqual({
          app: name,
          unknown: [],
        });
        expect(names).toEqual(expect.arrayContaining(requiredOf(name)));
      }
    });

    it('migrates each service in a step of its own that the service waits for', () => {
      for (const service of SERVICES_WITH_SCHEMA) {
        const step = services[`migrate-${service}`];
        expect(step.command).toEqual(['node', 'dist/tools/migrate.js', service]);
        expect(
          Object.keys(step.environment ?? {}).every((n) => variablesOf(MIGRATION_SCHEMA).includes(n)),
        ).toBe(true);
        expect(services[service].depends_on?.[`migrate-${service}`]).toEqual({
          condition: 'service_completed_successfully',
        });
      }
    });

    it('keeps PostgreSQL and NATS (JetStream) on volumes and starts the apps once they are healthy', () => {
      expect(services.postgres.volumes).toContain('pgdata:/var/lib/postgresql/data');
      expect(services.nats.volumes).toContain('natsdata:/data');
      expect(Object.keys(volumes).sort()).toEqual(['auditoutbox', 'natsdata', 'pgdata']);
      expect(services.gateway.volumes).toContain('auditoutbox:/var/lib/policy-catalog/audit-outbox');
      for (const service of [...SERVICES_WITH_SCHEMA, 'deployment-worker'])
        expect(services[service].depends_on).toMatchObject({
          postgres: { condition: 'service_healthy' },
          nats: { condition: 'service_healthy' },
        });
      expect(services.gateway.depends_on?.identity).toEqual({ condition: 'service_healthy' });
    });

    it('starts the gateway and the tool server once every service their readiness asks is healthy', () => {
      // Both are ready only when each of these answers (SERVICE_PINGS): started before one, they report
      // not ready, and compose's `up --wait` gives up on them.
      for (const edge of ['gateway', 'mcp'])
        for (const service of Object.keys(SERVICE_PINGS))
          expect({ edge, service, waits: services[edge].depends_on?.[service] }).toEqual({
            edge,
            service,
            waits: { condition: 'service_healthy' },
          });
    });

    it('takes every secret from the generated .env, with no default', () => {
      const text = read('docker-compose.yml');
      const references = [...text.matchAll(/\$\{([A-Z0-9_]+)(:[?-])?([^}]*)\}/g)];
      for (const [whole, name, operator] of references) {
        if (operator === ':-') {
          // A default only for what is not secret.
          expect(GENERATED).not.toContain(name);
          continue;
        }
        expect({ whole, generated: GENERATED.includes(name), required: operator === ':?' }).toEqual({
          whole,
          generated: true,
          required: true,
        });
      }
      expect(text).not.toMatch(/change-me|POSTGRES_PASSWORD: postgres/);
      for (const [, s] of Object.entries(services))
        for (const [name, value] of Object.entries(s.environment ?? {}))
          if (/PASSWORD|DATABASE_URL|NATS_URL|KEYS/.test(name)) expect(value).toMatch(/^\$\{[A-Z0-9_]+:\?/);
      expect(read('.gitignore').split('\n')).toContain('.env');
    });

    it("gives a stopping deployment worker longer than a build may take before it is killed (and the other apps' grace)", () => {
      // Compose's durations: 45s, 5m30s, 1h, 500ms...
      const seconds = (duration: string): number => {
        const parts = [...duration.matchAll(/(\d+(?:\.\d+)?)(ms|h|m|s)/g)];
        expect(parts.map((p) => p[0]).join('')).toBe(duration);
        const unit = { h: 3600, m: 60, s: 1, ms: 0.001 } as const;
        return parts.reduce((sum, [, n, u]) => sum + Number(n) * unit[u as keyof typeof unit], 0);
      };
      const grace = (name: string): number =>
        seconds((services[name] as { stop_grace_period?: string }).stop_grace_period ?? '10s');
      const worker = services['deployment-worker'];
      const buildTimeout = Number(worker.environment!.DEPLOY_BUILD_TIMEOUT_MS) / 1000;
      expect(buildTimeout).toBeGreaterThan(0);
      expect(grace('deployment-worker')).toBeGreaterThan(buildTimeout);
      // The other apps drain requests in hand: the shared grace, not the worker's.
      for (const [name] of appServices)
        if (name !== 'deployment-worker') expect({ name, grace: grace(name) }).toEqual({ name, grace: 45 });
    });

    it("lets the deployment workers' builds make user namespaces with a seccomp profile that still refuses the kernel's riskiest calls", () => {
      const worker = services['deployment-worker'].security_opt ?? [];
      expect(worker.sort()).toEqual(
        [
          'apparmor=unconfined',
          'no-new-privileges:true',
          'seccomp=./deploy/compose/build-sandbox.seccomp.json',
        ].sort(),
      );
      // No other service is relaxed.
      for (const [name, s] of Object.entries(services))
        if (name !== 'deployment-worker') expect({ name, security_opt: s.security_opt }).toEqual({ name });
      // The profile as Docker reads it: a default action, the architectures, rules of names and an action.
      const profile = JSON.parse(read('deploy/compose/build-sandbox.seccomp.json')) as {
        defaultAction: string;
        architectures: string[];
        syscalls: Array<{ names: string[]; action: string; errnoRet?: number }>;
      };
      const ACTIONS = ['SCMP_ACT_ALLOW', 'SCMP_ACT_ERRNO', 'SCMP_ACT_KILL', 'SCMP_ACT_TRAP', 'SCMP_ACT_LOG'];
      expect(ACTIONS).toContain(profile.defaultAction);
      for (const arch of profile.architectures) expect(arch).toMatch(/^SCMP_ARCH_[A-Z0-9_]+$/);
      expect(profile.architectures).toContain('SCMP_ARCH_X86_64');
      for (const rule of profile.syscalls) {
        expect(ACTIONS).toContain(rule.action);
        expect(rule.names.length).toBeGreaterThan(0);
        for (const name of rule.names) expect(name).toMatch(/^[a-z_][a-z0-9_]*$/);
      }
      const refused = new Set(
        profile.syscalls.filter((r) => r.action !== 'SCMP_ACT_ALLOW').flatMap((r) => r.names),
      );
      if (profile.defaultAction !== 'SCMP_ACT_ALLOW')
        throw new Error('an allow-list profile is not expected here');
      // What bubblewrap needs stays allowed...
      for (const call of ['clone', 'clone3', 'unshare', 'mount', 'umount2', 'pivot_root', 'prctl'])
        expect({ call, refused: refused.has(call) }).toEqual({ call, refused: false });
      // ...and what reaches the kernel's riskiest code, neither the worker nor a build needs, stays refused.
      for (const call of [
        'init_module',
        'finit_module',
        'kexec_load',
        'bpf',
        'keyctl',
        'userfaultfd',
        'perf_event_open',
        'ptrace',
        'io_uring_setup',
        'open_by_handle_at',
        'fsopen',
        'reboot',
      ])
        expect({ call, refused: refused.has(call) }).toEqual({ call, refused: true });
    });
  });

  describe('the kustomize base', () => {
    const { objects, by } = kustomizeBuild(path.join(ROOT, 'deploy', 'base'));
    const maps = configMaps(objects);
    const of = (kind: string): K8sObject[] => objects.filter((o) => o.kind === kind);
    const workloads = workloadsOf(objects);

    it(`(built by ${by}) has a workload, a Service and a PodDisruptionBudget for every app`, () => {
      const deployed = workloads.map((d) => appOfImage(containersOf(d)[0].image));
      expect(deployed.sort()).toEqual([...DEPLOYED_APPS].sort());
      for (const kind of ['Service', 'PodDisruptionBudget'])
        expect(
          of(kind)
            .map((o) => o.metadata.name)
            .sort(),
        ).toEqual([...DEPLOYED_APPS].sort());
    });

    it("gives each app's container only variables of its schema, the required ones, probes and resources", () => {
      for (const deployment of workloads) {
        const [container] = containersOf(deployment);
        const app = appOfImage(container.image);
        const names = [
          ...(container.env ?? []).map((e) => e.name),
          ...(container.envFrom ?? []).flatMap((from) => {
            const map = maps.get(from.configMapRef!.name.replace(/-[a-z0-9]{10}$/, ''));
            expect(map).toBeDefined();
            return Object.keys(map!);
          }),
        ];
        expect({ app, unknown: names.filter((n) => !schemaOf(app).includes(n)) }).toEqual({
          app,
          unknown: [],
        });
        expect(names).toEqual(expect.arrayContaining(requiredOf(app)));
        for (const e of container.env ?? []) {
          const ref = e.valueFrom?.secretKeyRef;
          if (ref) expect(ref.optional || GENERATED.includes(ref.key)).toBe(true);
        }
        expect(container.readinessProbe?.httpGet?.path).toBe('/health/ready');
        expect(container.livenessProbe?.httpGet?.path).toBe('/health/live');
        expect(container.resources?.requests).toEqual(
          expect.objectContaining({ cpu: expect.any(String), memory: expect.any(String) }),
        );
        expect(container.resources?.limits?.memory).toBeDefined();
        expect(deployment.spec.template.spec.securityContext.runAsNonRoot).toBe(true);
      }
    });

    it('names no ConfigMap variable that no app reads', () => {
      const read = new Set(
        workloads.flatMap((d) =>
          (containersOf(d)[0].envFrom ?? []).map((f) => f.configMapRef!.name.replace(/-[a-z0-9]{10}$/, '')),
        ),
      );
      read.add('policy-catalog-common'); // the migration Jobs
      expect([...maps.keys()].filter((name) => !read.has(name))).toEqual([]);
    });

    it('autoscales the gateway and the deployment workers, whose workloads leave replicas to it', () => {
      const hpas = of('HorizontalPodAutoscaler');
      expect(hpas.map((h) => h.spec.scaleTargetRef.name).sort()).toEqual(['deployment-worker', 'gateway']);
      for (const hpa of hpas) {
        expect(hpa.spec.metrics[0].resource.name).toBe('cpu');
        const target = of(hpa.spec.scaleTargetRef.kind).find(
          (d) => d.metadata.name === hpa.spec.scaleTargetRef.name,
        )!;
        expect(target).toBeDefined();
        expect(target.spec.replicas).toBeUndefined();
      }
    });

    it('runs each service migrations as a Job from that service image', () => {
      const jobs = of('Job');
      expect(jobs.map((j) => j.metadata.name).sort()).toEqual(
        SERVICES_WITH_SCHEMA.map((s) => `migrate-${s}`).sort(),
      );
      for (const job of jobs) {
        const [container] = containersOf(job);
        const service = job.metadata.name.replace('migrate-', '');
        expect(appOfImage(container.image)).toBe(service);
        expect(container.command).toEqual(['node', 'dist/tools/migrate.js', service]);
        const names = (container.env ?? []).map((e) => e.name);
        expect(names.every((n) => variablesOf(MIGRATION_SCHEMA).includes(n))).toBe(true);
      }
    });

    it('lets only the gateway take traffic from outside', () => {
      const policies = of('NetworkPolicy');
      const denyAll = policies.find((p) => !p.spec.ingress)!;
      expect(denyAll.spec.podSelector.matchLabels).toEqual({ 'app.kubernetes.io/part-of': 'policy-catalog' });
      const open = policies.filter((p) => p.spec.ingress);
      expect(open).toHaveLength(1);
      const edgeLabel = open[0].spec.podSelector.matchLabels as Record<string, string>;
      const edge = workloads.filter((d) =>
        Object.entries(edgeLabel).every(([k, v]) => d.spec.template.metadata.labels[k] === v),
      );
      expect(edge.map((d) => d.metadata.name)).toEqual(['gateway']);
    });

    it("keeps each gateway replica's audit outbox on a claim of its own that outlives the pod", () => {
      // Every app but the gateway is stateless: a Deployment.
      expect(of('StatefulSet').map((s) => s.metadata.name)).toEqual(['gateway']);
      const gateway = of('StatefulSet')[0];
      const outboxDir = maps.get('gateway-config')!.AUDIT_OUTBOX_DIR;
      const mounts = gateway.spec.template.spec.containers[0].volumeMounts as {
        name: string;
        mountPath: string;
      }[];
      const mount = mounts.find((m) => m.mountPath === outboxDir);
      expect(mount).toBeDefined();
      // The mount is a claim from the template, not a volume of the pod (an emptyDir dies with it).
      const podVolumes = (gateway.spec.template.spec.volumes as { name: string }[]).map((v) => v.name);
      expect(podVolumes).not.toContain(mount!.name);
      const claim = (gateway.spec.volumeClaimTemplates as K8sObject[]).find(
        (c) => c.metadata.name === mount!.name,
      )!;
      expect(claim.spec.accessModes).toEqual(['ReadWriteOnce']);
      // Room for more than the bound at which audited routes answer 503 (AUDIT_OUTBOX_MAX_BYTES).
      const mebibytes = Number(/^(\d+)Mi$/.exec(claim.spec.resources.requests.storage as string)![1]);
      expect(mebibytes * 2 ** 20).toBeGreaterThan(Number(maps.get('gateway-config')!.AUDIT_OUTBOX_MAX_BYTES));
      // A scale-in or a deleted StatefulSet keeps the claims (and the records waiting on them).
      expect(gateway.spec.persistentVolumeClaimRetentionPolicy).toEqual({
        whenDeleted: 'Retain',
        whenScaled: 'Retain',
      });
      expect(gateway.spec.podManagementPolicy).toBe('Parallel');
      const service = of('Service').find((s) => s.metadata.name === gateway.spec.serviceName);
      expect(service).toBeDefined();
    });

    it('carries no Secret: only references to one', () => {
      expect(of('Secret')).toEqual([]);
    });

    it('is what the approximation without kustomize reads too', () => {
      const approx = approximateBuild(path.join(ROOT, 'deploy', 'base'));
      const names = (list: K8sObject[]): string[] =>
        list.map((o) => `${o.kind}/${o.metadata.name.replace(/-[a-z0-9]{10}$/, '')}`).sort();
      expect(names(approx)).toEqual(names(objects));
    });
  });

  describe('the overlays', () => {
    it('production generates no Secret and pins every image to a version', () => {
      const kustomization = parseYaml(read('deploy/overlays/production/kustomization.yaml')) as Record<
        string,
        unknown
      >;
      expect(kustomization.secretGenerator).toBeUndefined();
      const { objects } = kustomizeBuild(path.join(ROOT, 'deploy', 'overlays', 'production'));
      expect(objects.filter((o) => o.kind === 'Secret')).toEqual([]);
      const images = objects.flatMap((o) => containersOf(o).map((c) => c.image));
      expect(images.length).toBeGreaterThan(0);
      for (const image of images) expect(image).toMatch(/:\d+\.\d+\.\d+$/);
      expect(new Set(images.map(appOfImage))).toEqual(new Set(DEPLOYED_APPS));
    });

    it('dev adds the sandbox and a Secret from the generated file holding every referenced key', () => {
      const dir = deployCopyWithDevSecrets();
      const { objects } = kustomizeBuild(path.join(dir, 'overlays', 'dev'));
      const apps = workloadsOf(objects).map((d) => appOfImage(containersOf(d)[0].image));
      expect(apps.sort()).toEqual([...DEPLOYED_APPS, 'sandbox'].sort());
      const kustomization = parseYaml(read('deploy/overlays/dev/kustomization.yaml')) as {
        secretGenerator: { name: string; envs: string[] }[];
      };
      expect(kustomization.secretGenerator[0].envs).toEqual(['secrets.env']);
      const generated = readFileSync(path.join(dir, 'overlays', 'dev', 'secrets.env'), 'utf8');
      for (const name of GENERATED) expect(generated).toMatch(new RegExp(`^${name}=.+$`, 'm'));
      expect(read('.gitignore')).toContain('deploy/overlays/*/secrets.env');
    });
  });

  describe('the image recipe', () => {
    const dockerfile = read('Dockerfile');

    it('builds in stages, installs production dependencies only, runs as a non-root user with a health check', () => {
      expect(dockerfile.match(/^FROM /gm)!.length).toBeGreaterThanOrEqual(3);
      expect(dockerfile).toMatch(/^ARG APP=/m);
      expect(dockerfile).toMatch(/npm ci --omit=dev/);
      const user = /^USER (\S+)/m.exec(dockerfile)?.[1];
      expect(user).toBeDefined();
      expect(user).not.toMatch(/^(root|0)(:|$)/);
      expect(dockerfile).toMatch(/^HEALTHCHECK .*dist\/tools\/healthcheck\.js/m);
      expect(dockerfile).toContain('dist/apps/${APP}/main.js');
      expect(dockerfile).not.toMatch(/register/);
    });

    it('copies only what exists and what .dockerignore lets through', () => {
      const ignored = read('.dockerignore')
        .split('\n')
        .filter((l) => l && !l.startsWith('#') && !l.startsWith('!'));
      for (const m of dockerfile.matchAll(/^COPY (?!--from)(.+) \S+$/gm))
        for (const source of m[1].split(' ')) {
          expect(existsSync(path.join(ROOT, source))).toBe(true);
          expect(ignored).not.toContain(source);
        }
    });

    it("copies into the build stage every root file and folder that npm run build's scripts read", () => {
      // The build stage: from `FROM ... AS build` to the next FROM.
      const stage = /^FROM \S+ AS build$([\s\S]*?)^FROM /m.exec(dockerfile)![1];
      const copied = [...stage.matchAll(/^COPY (?!--from)(.+) \S+$/gm)].flatMap((m) =>
        m[1].split(' ').map((source) => source.replace(/\/$/, '')),
      );
      expect(stage).toMatch(/^RUN npm run build$/m);
      // The scripts `npm run build` runs (tools/*.js), and the root entries they name: './x', '../x' or
      // 'x/...' of something at the root (what `npm ci` installs and what the build writes excepted).
      const scripts = JSON.parse(read('package.json')).scripts as Record<string, string>;
      const tools = [
        ...new Set(
          [scripts.build, scripts['build:apps']].flatMap((line) =>
            [...line.matchAll(/node (tools\/[\w-]+\.js)/g)].map((m) => m[1]),
          ),
        ),
      ];
      expect(tools).toEqual(expect.arrayContaining(['tools/build.js', 'tools/copy-assets.js']));
      const atRoot = new Set(readdirSync(ROOT));
      const needed = new Set<string>();
      for (const tool of tools)
        for (const m of read(tool).matchAll(/'(?:\.\.\/)?([^'\s/]+)(?:\/[^'\s]*)?'/g))
          if (atRoot.has(m[1]) && !['node_modules', 'dist'].includes(m[1])) needed.add(m[1]);
      expect(needed).toContain('.swcrc');
      expect([...needed].filter((entry) => !copied.includes(entry)).sort()).toEqual([]);
    });
  });
});
