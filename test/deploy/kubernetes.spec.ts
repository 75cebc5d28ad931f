import { readText, readYaml, readYamlDocuments } from './deploy-files.js';

interface Manifest {
  apiVersion: string;
  kind: string;
  metadata: { name: string; namespace?: string; labels?: Record<string, string>; annotations?: Record<string, string> };
  spec?: any; // eslint-disable-line @typescript-eslint/no-explicit-any -- read per kind below, after validation
  data?: Record<string, string>;
  stringData?: Record<string, string>;
}
interface Kustomization {
  apiVersion: string;
  kind: string;
  namespace: string;
  resources: string[];
  images?: { name: string; newName?: string; newTag?: string; digest?: string }[];
}

/** The model class for an apiVersion/kind, from kubernetes-models (its JSON schemas validate). */
async function modelFor({ apiVersion, kind }: Manifest): Promise<new (data: unknown) => { validate(): void }> {
  const group = apiVersion.includes('/') ? apiVersion : `core/${apiVersion}`;
  const path = group.startsWith('core/') ? `kubernetes-models/${apiVersion}` : `kubernetes-models/${group}`;
  const models = (await import(path)) as Record<string, new (data: unknown) => { validate(): void }>;
  if (!models[kind]) throw new Error(`no model for ${apiVersion} ${kind}`);
  return models[kind];
}

const DIR = 'deploy/k8s';
const kustomization = readYaml(`${DIR}/kustomization.yaml`) as Kustomization;
const manifests = kustomization.resources.flatMap(
  (file) => readYamlDocuments(`${DIR}/${file}`).filter(Boolean) as Manifest[],
);
const find = (kind: string, name: string) => {
  const found = manifests.find((m) => m.kind === kind && m.metadata.name === name);
  if (!found) throw new Error(`${kind} ${name} missing`);
  return found;
};
const deployments = manifests.filter((m) => m.kind === 'Deployment');
const podSpecs = manifests.flatMap((m) =>
  m.kind === 'Deployment' || m.kind === 'Job'
    ? [{ owner: `${m.kind}/${m.metadata.name}`, pod: m.spec.template.spec, labels: m.spec.template.metadata.labels }]
    : [],
);
const matches = (selector: Record<string, string>, labels: Record<string, string>) =>
  Object.entries(selector).every(([key, value]) => labels[key] === value);

describe('deploy/k8s (kustomize)', () => {
  it('lists real files that hold the expected objects', () => {
    expect(kustomization).toMatchObject({
      apiVersion: 'kustomize.config.k8s.io/v1beta1',
      kind: 'Kustomization',
      namespace: 'fanmint',
    });
    const present = manifests.map((m) => `${m.apiVersion} ${m.kind} ${m.metadata.name}`).sort();
    expect(present).toEqual([
      'apps/v1 Deployment fanmint-api',
      'apps/v1 Deployment fanmint-worker',
      'autoscaling/v2 HorizontalPodAutoscaler fanmint-api',
      'batch/v1 Job fanmint-migrate',
      'networking.k8s.io/v1 Ingress fanmint',
      'policy/v1 PodDisruptionBudget fanmint-api',
      'policy/v1 PodDisruptionBudget fanmint-worker',
      'v1 ConfigMap fanmint-config',
      'v1 Namespace fanmint',
      'v1 Service fanmint-api',
    ]);
    for (const m of manifests)
      if (m.kind !== 'Namespace')
        expect(`${m.kind}/${m.metadata.name} in ${m.metadata.namespace}`).toBe(
          `${m.kind}/${m.metadata.name} in fanmint`,
        );
  });

  it('validates every object against the Kubernetes API schemas', async () => {
    for (const manifest of manifests) {
      const Model = await modelFor(manifest);
      expect(() => new Model(manifest).validate()).not.toThrow();
    }
  });

  // kubernetes-models, like the API's own schemas, allows unknown fields: the rules below compare
  // the fields that matter exactly, so a misspelt one fails there.
  it('the schema check can fail: a wrong type and a missing required field are refused', async () => {
    const api = structuredClone(find('Deployment', 'fanmint-api'));
    const Model = await modelFor(api);
    api.spec.template.spec.containers[0].ports[0].containerPort = 'three thousand';
    expect(() => new Model(api).validate()).toThrow(/containerPort/);
    const hpa = structuredClone(find('HorizontalPodAutoscaler', 'fanmint-api'));
    delete hpa.spec.scaleTargetRef;
    const Autoscaler = await modelFor(hpa);
    expect(() => new Autoscaler(hpa).validate()).toThrow(/scaleTargetRef/);
    hpa.spec.metrics[0].resource.target.type = 7;
    expect(() => new Autoscaler(hpa).validate()).toThrow(/type/);
  });

  it('gives every app container startup, liveness (/health/live) and readiness (/health/ready) probes', () => {
    for (const deployment of deployments) {
      for (const container of deployment.spec.template.spec.containers) {
        const where = `${deployment.metadata.name}/${container.name}`;
        for (const probe of ['startupProbe', 'livenessProbe', 'readinessProbe'])
          expect({ where, probe, set: Boolean(container[probe]?.httpGet) }).toEqual({ where, probe, set: true });
      }
    }
    const api = find('Deployment', 'fanmint-api').spec.template.spec.containers[0];
    expect(api.livenessProbe.httpGet).toEqual({ path: '/health/live', port: 'http' });
    expect(api.startupProbe.httpGet).toEqual({ path: '/health/live', port: 'http' });
    expect(api.readinessProbe.httpGet).toEqual({ path: '/health/ready', port: 'http' });
    expect(api.ports).toContainEqual({ name: 'http', containerPort: 3000 });
    // The worker's only port is the metrics server's; its probes use the path that needs no token.
    const worker = find('Deployment', 'fanmint-worker').spec.template.spec.containers[0];
    for (const probe of ['startupProbe', 'livenessProbe', 'readinessProbe'])
      expect(worker[probe].httpGet).toEqual({ path: '/health/live', port: 'metrics' });
  });

  it('sets requests and limits, non-root, a read-only root with an emptyDir /tmp, no escalation and no capabilities', () => {
    for (const { owner, pod } of podSpecs) {
      expect({ owner, ...pod.securityContext }).toMatchObject({
        owner,
        runAsNonRoot: true,
        runAsUser: 1000,
        seccompProfile: { type: 'RuntimeDefault' },
      });
      expect(pod.automountServiceAccountToken).toBe(false);
      for (const container of [...(pod.initContainers ?? []), ...pod.containers]) {
        const where = `${owner}/${container.name}`;
        for (const kind of ['requests', 'limits'])
          for (const resource of ['cpu', 'memory'])
            expect({ where, kind, resource, set: Boolean(container.resources?.[kind]?.[resource]) }).toEqual({
              where,
              kind,
              resource,
              set: true,
            });
        expect({ where, ...container.securityContext }).toEqual({
          where,
          allowPrivilegeEscalation: false,
          readOnlyRootFilesystem: true,
          capabilities: { drop: ['ALL'] },
        });
      }
      for (const container of pod.containers) {
        const tmp = container.volumeMounts?.find((mount: { mountPath: string }) => mount.mountPath === '/tmp');
        expect({ owner, tmp: Boolean(tmp) }).toEqual({ owner, tmp: true });
        expect(pod.volumes.find((volume: { name: string }) => volume.name === tmp.name)?.emptyDir).toBeDefined();
      }
    }
  });

  it('holds api and worker pods until migrations are applied, which the Job does once', () => {
    for (const deployment of deployments) {
      const init = deployment.spec.template.spec.initContainers ?? [];
      expect(init.map((c: { command: string[] }) => c.command.slice(0, 3))).toEqual([
        ['node', 'dist/apps/api/src/migrate.js', '--wait'],
      ]);
      expect(init[0].image).toBe(deployment.spec.template.spec.containers[0].image);
    }
    const job = find('Job', 'fanmint-migrate').spec;
    expect(job.template.spec.containers.map((c: { command: string[] }) => c.command)).toEqual([
      ['node', 'dist/apps/api/src/migrate.js'],
    ]);
    expect(job.template.spec.restartPolicy).toBe('Never');
    expect(job.parallelism ?? 1).toBe(1);
  });

  it('autoscales the api Deployment on CPU and keeps pods through disruptions', () => {
    const hpa = find('HorizontalPodAutoscaler', 'fanmint-api').spec;
    expect(hpa.scaleTargetRef).toEqual({ apiVersion: 'apps/v1', kind: 'Deployment', name: 'fanmint-api' });
    expect(hpa.minReplicas).toBeGreaterThanOrEqual(2);
    expect(hpa.metrics).toContainEqual({
      type: 'Resource',
      resource: { name: 'cpu', target: { type: 'Utilization', averageUtilization: expect.any(Number) } },
    });
    // The HPA owns the api's replica count; a fixed one would be reset on every apply.
    expect(find('Deployment', 'fanmint-api').spec.replicas).toBeUndefined();
    expect(find('Deployment', 'fanmint-worker').spec.replicas).toBeGreaterThanOrEqual(2);
    for (const name of ['fanmint-api', 'fanmint-worker']) {
      const selector = find('PodDisruptionBudget', name).spec.selector.matchLabels;
      const owners = podSpecs.filter(({ labels }) => matches(selector, labels)).map(({ owner }) => owner);
      expect(owners).toEqual([`Deployment/${name}`]);
    }
  });

  it('selects exactly the api pods in the Service, reached by the Ingress on its http port', () => {
    for (const deployment of deployments)
      expect(matches(deployment.spec.selector.matchLabels, deployment.spec.template.metadata.labels)).toBe(true);
    const service = find('Service', 'fanmint-api').spec;
    expect(podSpecs.filter(({ labels }) => matches(service.selector, labels)).map(({ owner }) => owner)).toEqual([
      'Deployment/fanmint-api',
    ]);
    expect(service.ports).toContainEqual({ name: 'http', port: 80, targetPort: 'http' });
    const backends = find('Ingress', 'fanmint').spec.rules.flatMap(
      (rule: { http: { paths: { backend: unknown }[] } }) => rule.http.paths.map((path) => path.backend),
    );
    expect(backends).toEqual([{ service: { name: 'fanmint-api', port: { name: 'http' } } }]);
  });

  it('keeps realtime sockets open through the Ingress longer than the api idles them (90 s)', () => {
    const annotations = find('Ingress', 'fanmint').metadata.annotations ?? {};
    for (const timeout of ['proxy-read-timeout', 'proxy-send-timeout'])
      expect(Number(annotations[`nginx.ingress.kubernetes.io/${timeout}`])).toBeGreaterThanOrEqual(90);
    expect(Object.keys(annotations).filter((key) => /affinity|sticky/.test(key))).toEqual([]);
  });

  it('names the metrics port and annotates the pods for Prometheus', () => {
    for (const deployment of deployments) {
      const { annotations } = deployment.spec.template.metadata;
      expect(annotations).toEqual({
        'prometheus.io/scrape': 'true',
        'prometheus.io/port': '9464',
        'prometheus.io/path': '/metrics',
      });
      expect(deployment.spec.template.spec.containers[0].ports).toContainEqual({
        name: 'metrics',
        containerPort: 9464,
      });
    }
    expect(find('ConfigMap', 'fanmint-config').data?.METRICS_PORT).toBe('9464');
  });

  it('pins images through kustomize, never latest', () => {
    const images = new Map((kustomization.images ?? []).map((image) => [image.name, image]));
    for (const { owner, pod } of podSpecs) {
      for (const container of [...(pod.initContainers ?? []), ...pod.containers]) {
        const image: string = container.image;
        const pinned = images.get(image);
        const tag = pinned ? (pinned.digest ?? pinned.newTag) : /[:@]([^:@/]+)$/.exec(image)?.[1];
        expect({ owner, image, tag: tag && tag !== 'latest' ? 'pinned' : tag }).toEqual({
          owner,
          image,
          tag: 'pinned',
        });
      }
    }
  });

  it('holds no secret value: the pods reference the Secret fanmint-secrets, created outside the manifests, and nothing else carries one', () => {
    expect(
      manifests.filter(
        (m) => m.kind === 'Secret' || (m.data !== undefined && m.kind !== 'ConfigMap') || m.stringData !== undefined,
      ),
    ).toEqual([]);
    const config = find('ConfigMap', 'fanmint-config').data ?? {};
    expect(config.NODE_ENV).toBe('production');
    for (const key of Object.keys(config)) expect(key).not.toMatch(/SECRET|PASSWORD|KEY$|TOKEN/);
    for (const file of [...kustomization.resources, 'kustomization.yaml'])
      expect({ file, placeholder: /CHANGE-ME/.test(readText(`${DIR}/${file}`)) }).toEqual({ file, placeholder: false });
    for (const { owner, pod } of podSpecs) {
      for (const container of pod.containers) {
        expect({ owner, from: container.envFrom }).toEqual({
          owner,
          from: [{ configMapRef: { name: 'fanmint-config' } }, { secretRef: { name: 'fanmint-secrets' } }],
        });
        for (const variable of container.env ?? [])
          expect({
            owner,
            name: variable.name,
            literal: /SECRET|PASSWORD|KEY$|TOKEN/.test(variable.name) && 'value' in variable,
          }).toEqual({ owner, name: variable.name, literal: false });
      }
    }
  });
});
