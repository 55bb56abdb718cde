import { spawnSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { stripVTControlCharacters } from 'node:util';
import { type Browser, type BrowserContext, chromium, type Page } from 'playwright-core';

/** The repository's root. */
export const ROOT = path.join(__dirname, '..', '..', '..', '..');
/** Screenshots for people to look at (gitignored). */
export const SHOTS = path.join(ROOT, 'tmp', 'web-screenshots');
/**
 * Screenshots are for people, not for the assertions: `PC_WEB_SCREENSHOTS=1 npx jest apps/embedded/src/web`
 * writes every page the browser tests look at to `tmp/web-screenshots` and refreshes the pictures of the
 * README and the guides in `docs/images`. Off otherwise: encoding them cost the suite about 8 s of
 * CPU, and a test run leaves the working tree as it found it.
 */
const SCREENSHOTS = process.env.PC_WEB_SCREENSHOTS === '1';
/** A laptop's screen. */
export const DESKTOP = { width: 1366, height: 800 };
export const PHONE = { width: 390, height: 844 };

const CHROMIUM = '/usr/bin/chromium';
const AXE_SOURCE = readFileSync(require.resolve('axe-core/axe.min.js'), 'utf8');

interface AxeViolation {
  id: string;
  impact: string | null;
  help: string;
  nodes: Array<{ target: string[] }>;
}

/**
 * The web app built from the current sources into a folder of this run, and a headless chromium to look
 * at it: each page it opens records its uncaught errors and console errors in `errors`. The fields are
 * set once `build` and `launch` have run.
 */
export class WebBrowser {
  /** The built app, for the gateway's `WEB_DIR`. */
  webDir!: string;
  /** The app's first-load size and its budget. */
  size!: { gzipBytes: number; budget: number };
  browser!: Browser;
  readonly errors: string[] = [];

  /** Builds the app into `web` in a new temporary folder named from `prefix`. */
  build(prefix: string): void {
    this.webDir = path.join(mkdtempSync(path.join(os.tmpdir(), prefix)), 'web');
    // NODE_ENV as `npm start` and a release build have it: Jest's `test` made the bundler build React's
    // development build (StrictMode running every effect twice, 136 kB first load instead of 75 kB).
    const result = spawnSync(process.execPath, [path.join(ROOT, 'tools', 'build-web.js'), this.webDir], {
      cwd: ROOT,
      encoding: 'utf8',
      env: { ...process.env, NODE_ENV: 'production' },
    });
    if (result.status !== 0) throw new Error(`web build failed:\n${result.stdout}\n${result.stderr}`);
    // The bundler names each warning by its code ([MODULE_LEVEL_DIRECTIVE], ...): the first `npm start`
    // builds the app and shows its output, so a warning is noise a new user reads, or a real problem.
    const output = stripVTControlCharacters(`${result.stdout}\n${result.stderr}`);
    const warnings = [...new Set(output.match(/\[[A-Z][A-Z_]+\]/g) ?? [])];
    if (warnings.length > 0) throw new Error(`the web build warned (${warnings.join(', ')}):\n${output}`);
    this.size = JSON.parse(readFileSync(path.join(this.webDir, 'build-size.json'), 'utf8'));
  }

  /** Headless chromium, quiet (no background networking, updates or sync). */
  async launch(): Promise<void> {
    this.browser = await chromium.launch({
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
  }

  /** A new page of `context` whose errors go to `errors`. */
  async newPage(context: BrowserContext): Promise<Page> {
    const page = await context.newPage();
    page.on('pageerror', (error) => this.errors.push(`pageerror: ${error.message}`));
    page.on('console', (message) => {
      // A 4xx the page shows (a 401 before sign-in, a 404) is logged by the browser too: not an error.
      if (message.type() === 'error' && !message.text().startsWith('Failed to load resource'))
        this.errors.push(`console: ${page.url()}: ${message.text()}`);
    });
    return page;
  }

  /** Closes the browser and removes the built app. */
  async close(): Promise<void> {
    await this.browser?.close();
    if (this.webDir) rmSync(path.dirname(this.webDir), { recursive: true, force: true });
  }
}

/**
 * With `PC_WEB_SCREENSHOTS=1`, the page as it is now in `tmp/web-screenshots/<name>.png` (the whole page
 * unless `fullPage` is false) and, named by `docsImage`, its visible part in `docs/images`.
 */
export async function screenshot(
  p: Page,
  name: string,
  options: { fullPage?: boolean; docsImage?: string } = {},
): Promise<void> {
  if (!SCREENSHOTS) return;
  mkdirSync(SHOTS, { recursive: true });
  await p.screenshot({ path: path.join(SHOTS, `${name}.png`), fullPage: options.fullPage ?? true });
  if (options.docsImage) await p.screenshot({ path: path.join(ROOT, 'docs', 'images', options.docsImage) });
}

/** Serious or critical accessibility violations axe-core finds on the page as it is now. */
export async function axeViolations(p: Page): Promise<string[]> {
  // Evaluated through the debugging protocol: the page's CSP (script-src 'self') stays on. Once per
  // document: the app's own navigations keep it.
  if (await p.evaluate(() => !('axe' in globalThis))) await p.evaluate(AXE_SOURCE);
  const violations = await p.evaluate(async () => {
    const axe = (
      globalThis as unknown as { axe: { run: (o: object) => Promise<{ violations: AxeViolation[] }> } }
    ).axe;
    const result = await axe.run({ runOnly: { type: 'tag', values: ['wcag2a', 'wcag2aa', 'wcag21aa'] } });
    return result.violations;
  });
  return violations
    .filter((v) => v.impact === 'serious' || v.impact === 'critical')
    .map((v) => `${v.id} (${v.impact}): ${v.help} at ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`);
}

/** How far the page scrolls sideways (0: it fits the screen). */
export const sideways = (p: Page): Promise<number> =>
  p.evaluate<number>('document.documentElement.scrollWidth - document.documentElement.clientWidth');

/**
 * The hooks every browser file after the first takes: no test leaves a console error (a CSP violation
 * included), and the browser, then the file's system, stop after its tests.
 */
export function browserFileHooks(web: WebBrowser, system: { stop(): Promise<void> }): void {
  afterAll(async () => {
    await web.close();
    await system.stop();
  });
  afterEach(() => {
    expect(web.errors.splice(0)).toEqual([]);
  });
}
