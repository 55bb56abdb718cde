import { spawnSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { type Browser, type BrowserContext, chromium, type Page } from 'playwright-core';
import { DeploymentsWorld } from './testing/deployments-e2e';

const ROOT = path.join(__dirname, '..', '..', '..');
/** Screenshots of each main page, for people to look at (gitignored). */
const SHOTS = path.join(ROOT, 'tmp', 'web-screenshots');
const CHROMIUM = '/usr/bin/chromium';
const AXE_SOURCE = readFileSync(require.resolve('axe-core/axe.min.js'), 'utf8');

interface AxeViolation {
  id: string;
  impact: string | null;
  help: string;
  nodes: Array<{ target: string[] }>;
}

/** The web app built from the current sources into a folder of this run, with its first-load size. */
function buildWebApp(dir: string): { gzipBytes: number; budget: number } {
  const result = spawnSync(process.execPath, [path.join(ROOT, 'tools', 'build-web.js'), dir], {
    cwd: ROOT,
    encoding: 'utf8',
  });
  if (result.status !== 0) throw new Error(`web build failed:\n${result.stdout}\n${result.stderr}`);
  return JSON.parse(readFileSync(path.join(dir, 'build-size.json'), 'utf8'));
}

describe('the web app in a browser (headless chromium, one system)', () => {
  const world = new DeploymentsWorld();
  let webDir: string;
  let browser: Browser;
  let userContext: BrowserContext;
  let page: Page;
  let size: { gzipBytes: number; budget: number };
  const browserErrors: string[] = [];

  beforeAll(async () => {
    webDir = path.join(mkdtempSync(path.join(os.tmpdir(), 'web-e2e-')), 'web');
    size = buildWebApp(webDir);
    mkdirSync(SHOTS, { recursive: true });
    await world.start('in-process', { WEB_DIR: webDir });
    browser = await chromium.launch({
      executablePath: CHROMIUM,
      args: [
        '--headless',
        '--no-sandbox',
        '--disable-gpu',
        '--disable-quic',
        '--no-first-run',
        '--disable-background-networking',
        '--disable-component-update',
        '--disable-sync',
      ],
      // playwright gives the browser a fresh temporary profile (user data directory) of its own.
    });
    userContext = await browser.newContext({
      baseURL: world.system.url,
      viewport: { width: 1280, height: 900 },
    });
    page = await newPage(userContext);
  }, 120_000);

  afterAll(async () => {
    await browser?.close();
    await world.stop();
    if (webDir) rmSync(path.dirname(webDir), { recursive: true, force: true });
  });

  async function newPage(context: BrowserContext): Promise<Page> {
    const p = await context.newPage();
    p.on('pageerror', (error) => browserErrors.push(`pageerror: ${error.message}`));
    p.on('console', (message) => {
      // A 4xx the page shows (a 401 before sign-in, a 404) is logged by the browser too: not an error.
      if (message.type() === 'error' && !message.text().startsWith('Failed to load resource'))
        browserErrors.push(`console: ${message.text()}`);
    });
    return p;
  }

  /** Serious or critical accessibility violations axe-core finds on the page as it is now. */
  async function axeViolations(p: Page): Promise<string[]> {
    // Evaluated through the debugging protocol: the page's CSP (script-src 'self') stays on.
    await p.evaluate(AXE_SOURCE);
    const violations = await p.evaluate(async () => {
      const axe = (
        window as unknown as { axe: { run: (o: object) => Promise<{ violations: AxeViolation[] }> } }
      ).axe;
      const result = await axe.run({ runOnly: { type: 'tag', values: ['wcag2a', 'wcag2aa', 'wcag21aa'] } });
      return result.violations;
    });
    return violations
      .filter((v) => v.impact === 'serious' || v.impact === 'critical')
      .map((v) => `${v.id} (${v.impact}): ${v.help} at ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`);
  }

  /** Saves a screenshot and checks the page for serious accessibility violations. */
  async function look(p: Page, name: string): Promise<void> {
    await p.screenshot({ path: path.join(SHOTS, `${name}.png`), fullPage: true });
    expect({ page: name, violations: await axeViolations(p) }).toEqual({ page: name, violations: [] });
  }

  it('serves the app at / with its first load under the budget, and falls back to it for app paths', async () => {
    expect(size.gzipBytes).toBeLessThan(size.budget);
    const response = await page.goto('/');
    expect(response?.status()).toBe(200);
    expect(response?.headers()['content-security-policy']).toContain("default-src 'self'");
    await page.getByRole('heading', { level: 1, name: 'Policies' }).waitFor();
    await look(page, 'catalog');
    const deep = await page.goto('/policies/00000000-0000-4000-8000-000000000000');
    expect(deep?.status()).toBe(200);
    await page.getByRole('alert').waitFor();
  });

  it('a new user signs up and creates a token, shown once', async () => {
    const email = `web-${Date.now()}@example.com`;
    await page.goto('/signup');
    await page.getByLabel('Name').fill('Web User');
    await page.getByLabel('Email').fill(email);
    await page.getByLabel('Password').fill('correct horse');
    await page.getByRole('button', { name: 'Create account' }).click();
    await page.getByRole('heading', { level: 1, name: 'Access tokens' }).waitFor();
    await page.getByLabel('Name').fill('laptop');
    await page.getByRole('button', { name: 'Create token' }).click();
    const token = (await page.getByTestId('new-token').textContent())!.trim();
    expect(token).toMatch(/^pcat_/);
    const me = await world.http.get<Record<string, any>>('/api/me', { token }); // eslint-disable-line @typescript-eslint/no-explicit-any
    expect(me.status).toBe(200);
    expect(me.body.user.email).toBe(email);
    await page.getByRole('cell', { name: 'laptop', exact: true }).waitFor();
    await look(page, 'tokens');
  });

  afterAll(() => {
    expect(browserErrors).toEqual([]);
  });
});
