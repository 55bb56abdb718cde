// The container image's HEALTHCHECK (`node dist/tools/healthcheck.js`): exit 0 when the app in this
// container answers its readiness endpoint within 3 s, 1 otherwise. APP names the app (the image's
// build argument); the sandbox, a development stand-in without health endpoints, answers on its state.
const app = process.env.APP ?? 'gateway';
const port = app === 'sandbox' ? (process.env.SANDBOX_PORT ?? '3001') : (process.env.PORT ?? '3000');
const path = app === 'sandbox' ? '/_sandbox/platform/state' : '/health/ready';

fetch(`http://127.0.0.1:${port}${path}`, { signal: AbortSignal.timeout(3000) }).then(
  (response) => process.exit(response.ok ? 0 : 1),
  () => process.exit(1),
);
