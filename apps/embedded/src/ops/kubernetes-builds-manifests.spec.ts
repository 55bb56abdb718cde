import path from 'node:path';
import { BUILD_POD_LABEL } from '@pc/deployment-worker';
import { configMaps, type K8sObject, kustomizeBuild, ROOT, workloadsOf } from '../testing/deploy-files';

type Json = Record<string, any>; // eslint-disable-line @typescript-eslint/no-explicit-any

/**
 * Builds on the cluster (deploy/components/kubernetes-builds, shown by overlays/kubernetes-builds): the
 * worker gets the least RBAC builds need, build pods reach only the workers' exchange port, and the
 * workers switch to DEPLOY_BUILD_SANDBOX=kubernetes.
 */
describe('the kubernetes-builds component', () => {
  const { objects, by } = kustomizeBuild(path.join(ROOT, 'deploy', 'overlays', 'kubernetes-builds'));
  const find = (kind: string, name: string): Json =>
    objects.find((o: K8sObject) => o.kind === kind && o.metadata.name === name) as Json;

  it(`(built by ${by}) grants the worker only what builds take: Jobs, their pods and logs, in its namespace`, () => {
    expect(objects.filter((o) => o.kind === 'ClusterRole' || o.kind === 'ClusterRoleBinding')).toEqual([]);
    expect(find('Role', 'deployment-builds').rules).toEqual([
      { apiGroups: ['batch'], resources: ['jobs'], verbs: ['create', 'get', 'delete'] },
      { apiGroups: [''], resources: ['pods'], verbs: ['get', 'list'] },
      { apiGroups: [''], resources: ['pods/log'], verbs: ['get'] },
    ]);
    expect(find('RoleBinding', 'deployment-builds').subjects).toEqual([
      { kind: 'ServiceAccount', name: 'deployment-worker' },
    ]);
    const worker = find('Deployment', 'deployment-worker').spec.template.spec;
    expect(worker).toMatchObject({
      serviceAccountName: 'deployment-worker',
      automountServiceAccountToken: true,
    });
    // Every other app keeps running without a token.
    for (const d of workloadsOf(objects).filter((o) => o.metadata.name !== 'deployment-worker'))
      expect((d as Json).spec.template.spec.automountServiceAccountToken).toBe(false);
  });

  it('lets build pods reach only the workers’ exchange port, and nothing reach them', () => {
    const policy = find('NetworkPolicy', 'deployment-build-isolation').spec;
    expect(policy.podSelector.matchLabels).toEqual({
      'app.kubernetes.io/name': BUILD_POD_LABEL['app.kubernetes.io/name'],
    });
    expect(policy.policyTypes).toEqual(['Ingress', 'Egress']);
    expect(policy.ingress).toBeUndefined();
    expect(policy.egress).toEqual([
      {
        to: [{ podSelector: { matchLabels: { 'app.kubernetes.io/name': 'deployment-worker' } } }],
        ports: [{ protocol: 'TCP', port: 8081 }],
      },
    ]);
    const exchange = find('NetworkPolicy', 'deployment-worker-exchange').spec;
    expect(exchange.ingress).toEqual([
      {
        from: [{ podSelector: { matchLabels: { 'app.kubernetes.io/name': 'deployment-build' } } }],
        ports: [{ protocol: 'TCP', port: 8081 }],
      },
    ]);
  });

  it('switches the workers to kubernetes builds, with an image for the build pods', () => {
    const config = [...configMaps(objects).entries()].find(
      ([name]) => name === 'deployment-worker-config',
    )![1];
    expect(config).toMatchObject({
      DEPLOY_BUILD_SANDBOX: 'kubernetes',
      DEPLOY_BUILD_K8S_EXCHANGE_PORT: '8081',
    });
    expect(config.DEPLOY_BUILD_K8S_IMAGE).not.toBe('');
  });
});
