import { readFileSync } from 'node:fs';
import { Client } from 'pg';
import { type BrowserContext, type Locator, type Page } from 'playwright-core';
import { Webhook } from 'standardwebhooks';
import { WORKSPACE_LIMITS } from '@pc/contracts';
import { inOneWindow, memberOfOtherWorkspaces } from '@pc/testing';
import { AuditWorld, eventually } from './testing/audit-e2e';
import { ADMIN, type Tenant } from './testing/connections-e2e';
import { PROFILE, REGISTRY } from './testing/rulesets-e2e';
import { axeViolations, DESKTOP, PHONE, screenshot, sideways, WebBrowser } from './testing/web-browser';

/**
 * The catalog card of the user's own unpublished item says where it stands (`words`), not merely that it
 * is not published, and opened, the item's own page says it in the same words.
 */
async function ownCardSays(page: Page, card: Locator, name: string, words: string): Promise<void> {
  await card.getByText(words, { exact: true }).waitFor();
  expect(await card.getByText('not published').count()).toBe(0);
  await card.getByRole('link', { name }).click();
  await page.getByRole('heading', { level: 1, name }).waitFor();
  await page.getByRole('main').locator('p.meta').first().getByText(words, { exact: true }).waitFor();
}

/**
 * Waits until the focused element is the one named `name` (its text, or its label's), for at most 10 s.
 * Read through the browser's protocol: the app's CSP allows no eval, which `waitForFunction` needs.
 */
async function focusOn(page: Page, name: string): Promise<void> {
  const focused =
    'document.activeElement?.labels?.[0]?.textContent ?? document.activeElement?.textContent ?? null';
  await eventually(
    async () => ((await page.evaluate<string | null>(focused)) === name ? true : undefined),
    10_000,
  );
}

/**
 * The README's tour of the dashboard: with `PC_WEB_SCREENSHOTS=1` these pages, as this test leaves them,
 * are written to docs/images (the desktop viewport), so the pictures are the dashboard of the code they
 * are committed with.
 */
const README_SHOTS: Record<string, string> = {
  policy: 'dashboard-policy.png',
  review: 'dashboard-review.png',
  deployment: 'dashboard-deployment.png',
};
/** The story's pages are looked at 1280x900 (the pages of #43 at DESKTOP, a laptop's screen). */
const STORY_SIZE = { width: 1280, height: 900 };
/** The texts the dashboard writes for errors (apps/web/src/api/client.ts MESSAGES): one case each below. */
const SHOWN = {
  wrongCredentials: 'The email or password is wrong.',
  signInFirst: 'Please sign in first.',
  tooManyRequests: 'Too many requests: wait a moment and try again.',
  unavailable: 'The service is unavailable right now (503). Try again shortly.',
  unreachable: 'The server could not be reached. Check your connection and try again.',
  unexpected: 'The server answered 502.',
};

/** The API's body of a 503 (apps/gateway's error filter). */
const UNAVAILABLE = {
  statusCode: 503,
  error: 'Service Unavailable',
  message: 'The service is unavailable; try again shortly',
  code: 'SERVICE_UNAVAILABLE',
};

/** The gateway's 429 for a log stream past the open-stream limit. */
const TOO_MANY_STREAMS = {
  statusCode: 429,
  error: 'Too Many Requests',
  message: 'Too many open log streams; close one first',
  code: 'TOO_MANY_REQUESTS',
};

/** Documentation a hostile author might write: a heading survives, the rest must not run or load. */
const HOSTILE_MARKDOWN = [
  '## Rate limits per client',
  '',
  'Counts requests per client id.',
  '',
  '<script>window.pwned = 1</script>',
  '<img src="x" onerror="window.pwned = 2">',
  '<iframe src="https://example.com/"></iframe>',
  '<a href="#" onclick="window.pwned = 3">click</a>',
  '',
  '![chart](https://example.com/chart.png)',
].join('\n');

describe('the web app in a browser (headless chromium, one system)', () => {
  const world = new AuditWorld();
  const web = new WebBrowser();
  let userContext: BrowserContext;
  let page: Page;
  /** What the signed-up user made, for the steps after (one story, told in order). */
  const story = {
    token: '',
    email: '',
    policyId: '',
    policyName: '',
    rulesetName: '',
    workspaceId: '',
    deploymentId: '',
    rulesetId: '',
    /** The deployment of a ruleset to Payments, and the ruleset's asset id on the platform. */
    rulesetDeploymentId: '',
    rulesetAssetId: '',
    /** The name of that ruleset. */
    rulesetDeployedName: '',
  };
  /** The platform tenant the user connects (Payments and Cards run the policy after the deploy test). */
  let tenant: Tenant;

  beforeAll(async () => {
    web.build('web-e2e-');
    await world.startWorld('in-process', { WEB_DIR: web.webDir });
    await web.launch();
    userContext = await web.browser.newContext({ baseURL: world.system.url, viewport: STORY_SIZE });
    page = await web.newPage(userContext);
  }, 120_000);

  afterAll(async () => {
    await web.close();
    await world.stopWorld();
  });

  /**
   * The story's page on the deploy form for its policy, filled in for the workspace's connection to the
   * corporate platform and both of Payments and Cards.
   */
  async function deployFormForPaymentsAndCards(): Promise<void> {
    await page.goto(`/deploy?policyId=${story.policyId}`);
    await page.getByRole('heading', { level: 1, name: 'Deploy a policy' }).waitFor();
    await page.getByLabel('Workspace').selectOption({ label: 'Web deployers' });
    await page.getByLabel('Connection').selectOption({ label: 'Corp platform (yours)' });
    await page.getByLabel('Payments').check();
    await page.getByLabel('Cards').check();
  }

  /**
   * A new browser session of the administrator, signed in through the form on its way to `next`, once
   * that page's heading `heading` shows.
   */
  async function signedInAdmin(next: string, heading: string): Promise<Page> {
    const admin = await web.newPage(await web.browser.newContext({ baseURL: world.system.url }));
    await admin.goto(`/signin?next=${next}`);
    await admin.getByLabel('Email').fill(ADMIN.email);
    await admin.getByLabel('Password').fill(ADMIN.password);
    await admin.getByRole('button', { name: 'Sign in' }).click();
    await admin.getByRole('heading', { level: 1, name: heading }).waitFor();
    return admin;
  }

  /** Checks the page for serious accessibility violations. */
  async function look(p: Page, name: string): Promise<void> {
    await screenshot(p, name, {
      docsImage: p.viewportSize()?.width !== PHONE.width ? README_SHOTS[name] : undefined,
    });
    expect({ page: name, violations: await axeViolations(p) }).toEqual({ page: name, violations: [] });
  }

  /**
   * The page as it is now on a 390x844 phone: screenshot, axe, and nothing scrolls sideways; then back
   * to the desktop size it had.
   */
  async function phone(p: Page, name: string): Promise<void> {
    const desktop = p.viewportSize();
    await p.setViewportSize(PHONE);
    try {
      expect({ page: name, sideways: await sideways(p) }).toEqual({ page: name, sideways: 0 });
      await look(p, `${name}-phone`);
    } finally {
      if (desktop) await p.setViewportSize(desktop);
    }
  }

  /** The page at desktop and phone sizes. */
  async function both(p: Page, name: string): Promise<void> {
    await look(p, name);
    await phone(p, name);
  }

  /**
   * The roll-out of the story's policy at `version` in the list of roll-outs, once its heading shows
   * `status`: its list item and the items of its steps.
   */
  async function listedRollout(version: string, status: string): Promise<{ item: Locator; steps: Locator }> {
    const item = page
      .getByRole('list', { name: 'Your roll-outs, newest first' })
      .getByRole('listitem')
      .filter({ has: page.getByRole('link', { name: `${story.policyName} ${version}` }) });
    await item.getByRole('heading').getByText(status, { exact: true }).waitFor();
    const steps = item
      .getByRole('list', { name: `Steps of the roll-out of ${story.policyName}` })
      .getByRole('listitem');
    return { item, steps };
  }

  /** `both` at a laptop's size (DESKTOP), then back at the story's size. */
  async function bothOnALaptop(p: Page, name: string): Promise<void> {
    await p.setViewportSize(DESKTOP);
    await both(p, name);
    await p.setViewportSize(STORY_SIZE);
  }

  /**
   * The form controls under `selector` that overlap another (by their bounding boxes) or reach past the
   * right edge of the content (main's box less its padding), by their labels.
   */
  async function crowdedControls(p: Page, selector: string): Promise<string[]> {
    return p.evaluate<string[]>(`(() => {
      const main = document.querySelector('main');
      const edge = main.getBoundingClientRect().right - parseFloat(getComputedStyle(main).paddingRight);
      const controls = Array.from(document.querySelectorAll(${JSON.stringify(selector)}))
        .filter((c) => c.getClientRects().length > 0)
        .map((c) => ({ name: (c.labels && c.labels[0] ? c.labels[0].textContent : c.name) || c.tagName, box: c.getBoundingClientRect() }));
      const problems = [];
      for (const c of controls) if (c.box.right > edge + 0.5) problems.push(c.name + ' past the content edge');
      controls.forEach((a, i) => controls.slice(i + 1).forEach((b) => {
        const apart = a.box.right <= b.box.left || b.box.right <= a.box.left || a.box.bottom <= b.box.top || b.box.bottom <= a.box.top;
        if (!apart) problems.push(a.name + ' overlaps ' + b.name);
      }));
      return problems;
    })()`);
  }

  /**
   * The selects under `selector` whose longest option does not fit: their text scrolls, or they are
   * narrower than the same select left to size itself to its options.
   */
  async function clippedSelects(p: Page, selector: string): Promise<string[]> {
    return p.evaluate<string[]>(`(() => Array.from(document.querySelectorAll(${JSON.stringify(selector)}))
      .filter((s) => s.getClientRects().length > 0)
      .filter((s) => {
        const natural = s.cloneNode(true);
        natural.removeAttribute('id');
        natural.style.cssText = 'position:absolute;visibility:hidden;width:auto;min-width:0;max-width:none';
        document.body.appendChild(natural);
        const needed = natural.getBoundingClientRect().width;
        natural.remove();
        return s.scrollWidth > s.clientWidth || s.getBoundingClientRect().width + 0.5 < needed;
      })
      .map((s) => (s.labels && s.labels[0] ? s.labels[0].textContent : s.name) || 'select'))()`);
  }

  /** The main navigation's links lie on one row (the header does not wrap). */
  async function navRows(p: Page): Promise<number> {
    // A second row starts below the bottom of the highest item.
    return p.evaluate<number>(`(() => {
      const boxes = Array.from(document.querySelectorAll('header nav a, header .account > *')).map((a) =>
        a.getBoundingClientRect(),
      );
      const firstRowBottom = Math.min(...boxes.map((b) => b.bottom));
      return boxes.some((b) => b.top >= firstRowBottom) ? 2 : 1;
    })()`);
  }

  /**
   * Every page of the app at phone size: no sideways scroll, no axe violation, the heading shown; and the
   * menu button opens the navigation.
   */
  async function everyPageOnAPhone(p: Page, paths: string[], label: string): Promise<void> {
    const desktop = p.viewportSize();
    await p.setViewportSize(PHONE);
    try {
      for (const at of paths) {
        await p.goto(at);
        await p.getByRole('heading', { level: 1 }).waitFor();
        await p
          .locator('.loading')
          .first()
          .waitFor({ state: 'detached', timeout: 10_000 })
          .catch(() => undefined);
        const name = `${label}${at.replace(/[^a-z0-9]+/gi, '-').replace(/-$/, '') || '-home'}`;
        expect({ page: at, sideways: await sideways(p) }).toEqual({ page: at, sideways: 0 });
        expect({ page: at, violations: await axeViolations(p) }).toEqual({ page: at, violations: [] });
        await screenshot(p, `phone-${name}`, { fullPage: false });
      }
      const menu = p.getByRole('button', { name: 'Menu' });
      await menu.click();
      expect(await menu.getAttribute('aria-expanded')).toBe('true');
      await p.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Rulesets' }).waitFor();
      expect(await sideways(p)).toBe(0);
      await look(p, `phone-${label}-menu-open`);
      await p.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Rulesets' }).click();
      await p.getByRole('heading', { level: 1, name: 'Rulesets' }).waitFor();
      expect(await p.getByRole('navigation', { name: 'Main' }).isVisible()).toBe(false);
    } finally {
      if (desktop) await p.setViewportSize(desktop);
    }
  }

  it('serves the app at / with its first load under the budget, and falls back to it for app paths', async () => {
    expect(web.size.gzipBytes).toBeLessThan(web.size.budget);
    const response = await page.goto('/');
    expect(response?.status()).toBe(200);
    expect(response?.headers()['content-security-policy']).toContain("default-src 'self'");
    await page.getByRole('heading', { level: 1, name: 'Policies' }).waitFor();
    await look(page, 'catalog');
    // Responsive: on a phone-sized screen nothing scrolls sideways.
    await phone(page, 'catalog');
    const deep = await page.goto('/policies/00000000-0000-4000-8000-000000000000');
    expect(deep?.status()).toBe(200);
    const missing = page.getByRole('alert');
    await missing.getByText(/not found/i).waitFor();
    // Asking again cannot find it: no Try again (which an unavailable service's error offers).
    expect(await missing.getByRole('button', { name: 'Try again' }).count()).toBe(0);
  });

  it('the catalog opens on both kinds and both catalogs with their counts; the policy filters read the policy list', async () => {
    await page.setViewportSize(DESKTOP);
    await page.goto('/');
    const counts = page.getByRole('region', { name: 'Counts' });
    await counts.getByText(/\d+ policies · \d+ rulesets · 0 community · \d+ vendor/).waitFor();
    // No community item yet: one word on adding one, the vendor's row, and everything by name below.
    await page.getByText(/^No community item yet: submit a policy or a ruleset\./).waitFor();
    const vendorRow = page.getByRole('region', { name: 'From the vendor' });
    await vendorRow.locator('.card').first().waitFor();
    expect(await vendorRow.locator('.card').count()).toBe(4);
    expect(await vendorRow.locator('.card .listing-icon svg').count()).toBe(4);
    expect(await page.getByRole('region', { name: 'Most liked' }).count()).toBe(0);
    // Each filter select as wide as its longest option ("Community and vendor" whole), none crowded.
    expect(await clippedSelects(page, 'form[role=search] select')).toEqual([]);
    expect(await crowdedControls(page, 'form[role=search] input, form[role=search] select')).toEqual([]);
    await both(page, 'catalog-first-screen-empty');
    await page.setViewportSize(STORY_SIZE);
    await page.locator('.card h3 a[href^="/vendor-policies/"]').first().waitFor();
    await page.locator('.card h3 a[href^="/vendor-rulesets/"]').first().waitFor();
    expect(await page.getByText('Nothing matches these filters.').count()).toBe(0);
    await page.getByLabel('Search').fill('spike');
    await page.getByRole('link', { name: 'Spike Control' }).waitFor();
    await counts.getByText('1 policy · 0 rulesets · 0 community · 1 vendor').waitFor();
    await page.getByLabel('Kind').selectOption('policy');
    await page.getByLabel('Catalog').selectOption('vendor');
    await page.getByLabel('Direction').selectOption('outbound');
    await page.getByText('Nothing matches these filters.').waitFor();
    await page.getByLabel('Direction').selectOption('inbound');
    await page.getByRole('link', { name: 'Spike Control' }).waitFor();
    // With the policy filters too (seven controls), each select still fits at 1366.
    await page.setViewportSize(DESKTOP);
    expect(await clippedSelects(page, 'form[role=search] select')).toEqual([]);
    expect(await crowdedControls(page, 'form[role=search] input, form[role=search] select')).toEqual([]);
    await both(page, 'catalog-search');
    await page.setViewportSize(STORY_SIZE);
  });

  it('a page still on its way when the search changes is not added to the new results', async () => {
    // The vendor catalog answers as if a second page followed; that page is held until the search changed.
    const search = (url: URL) =>
      url.pathname === '/api/search' && url.searchParams.get('catalog') === 'vendor';
    let release!: () => void;
    const held = new Promise<void>((resolve) => (release = resolve));
    let delivered!: () => void;
    const stalePageDelivered = new Promise<void>((resolve) => (delivered = resolve));
    let firstPage: { items: Array<Record<string, unknown>> } | undefined;
    await page.route(search, async (route) => {
      const url = new URL(route.request().url());
      if (url.searchParams.has('q')) return route.continue();
      if (url.searchParams.get('cursor') !== 'held') {
        const real = await route.fetch();
        firstPage = (await real.json()) as { items: Array<Record<string, unknown>> };
        return route.fulfill({ json: { ...firstPage, hasMore: true, nextCursor: 'held' } });
      }
      await held;
      const stale = { ...firstPage!.items[0], name: 'Stale Page Item', slug: 'stale-page-item' };
      await route.fulfill({ json: { ...firstPage, items: [stale], hasMore: false, nextCursor: null } });
      delivered();
    });
    await page.goto('/?catalog=vendor');
    await page.getByRole('heading', { level: 1, name: 'Policies and rulesets' }).waitFor();
    await page.getByRole('button', { name: 'Load more' }).click();
    await page.getByLabel('Search').fill('spike');
    await page.getByRole('link', { name: 'Spike Control' }).waitFor();
    await page.locator('.cards .card').nth(1).waitFor({ state: 'detached' });
    release();
    await stalePageDelivered;
    // What the page would do with it, it has done within a few frames.
    await page.evaluate(() => new Promise((resolve) => setTimeout(resolve, 300)));
    expect(await page.getByText('Stale Page Item').count()).toBe(0);
    expect(await page.locator('.cards .card').count()).toBe(1);
    await page.unroute(search);
  });

  it('sign-in says a wrong password is wrong; each error the dashboard shows is driven once, with the API body behind it', async () => {
    const signIn = async (email: string, password: string) => {
      await page.goto('/signin');
      await page.getByLabel('Email').fill(email);
      await page.getByLabel('Password').fill(password);
      await page.getByRole('button', { name: 'Sign in' }).click();
    };
    const alert = page.getByRole('alert');
    // 401 IDENTITY.INVALID_CREDENTIALS: the document's body, and the dashboard's words for it.
    const refused = await world.http.post<Record<string, unknown>>('/api/auth/login', {
      email: ADMIN.email,
      password: 'not the password',
    });
    expect([refused.status, refused.body.code]).toEqual([401, 'IDENTITY.INVALID_CREDENTIALS']);
    await signIn(ADMIN.email, 'not the password');
    await alert.getByText(SHOWN.wrongCredentials).waitFor();
    expect(await alert.textContent()).not.toContain(SHOWN.signInFirst);
    await both(page, 'signin-wrong-password');
    // 429 after too many failures for one email from one address (counted in windows aligned to the
    // clock: once more, with another email, when the failures straddled a window's end).
    let throttled = '';
    await inOneWindow(async () => {
      throttled = `throttled-${Date.now()}@example.com`;
      for (let i = 0; i < 10; i++)
        await world.http.post('/api/auth/login', { email: throttled, password: 'wrong one' });
      expect(
        (await world.http.post('/api/auth/login', { email: throttled, password: 'wrong one' })).status,
      ).toBe(429);
    });
    await signIn(throttled, 'wrong one');
    await alert.getByText(SHOWN.tooManyRequests).waitFor();
    // A 4xx the dashboard shows in the API's own words (409), and a 400 with its field errors beside the field.
    const taken = await world.http.post<Record<string, unknown>>('/api/auth/signup', {
      name: 'Someone',
      email: ADMIN.email,
      password: 'long enough password',
    });
    expect(taken.status).toBe(409);
    await page.goto('/signup');
    await page.getByLabel('Name').fill('Someone');
    await page.getByLabel('Email').fill(ADMIN.email);
    await page.getByLabel('Password').fill('long enough password');
    await page.getByRole('button', { name: 'Create account' }).click();
    await alert.getByText(String(taken.body.message), { exact: true }).waitFor();
    const malformed = await world.http.post<{ details: Array<{ field: string; message: string }> }>(
      '/api/auth/signup',
      { name: 'Someone', email: 'not-an-email', password: 'long enough password' },
    );
    expect(malformed.status).toBe(400);
    await page.getByLabel('Email').fill('not-an-email');
    await page.getByRole('button', { name: 'Create account' }).click();
    // The API's message, after the field's label.
    const emailError = `Email ${malformed.body.details.find((d) => d.field === 'email')!.message}`;
    await page
      .locator('.field.invalid')
      .filter({ hasText: 'Email' })
      .getByText(emailError, { exact: true })
      .waitFor();
    // The field's error said once, beside the field, which has the focus; not listed again in the alert.
    expect(await page.getByText(emailError).count()).toBe(1);
    expect(await page.evaluate<string | null>("document.activeElement?.getAttribute('type')")).toBe('email');
    await both(page, 'signup-field-errors');
    // What no API body says: a service down (5xx), no answer at all, an answer that is not the API's.
    const cases: Array<[string, Parameters<Page['route']>[1]]> = [
      [
        SHOWN.unavailable,
        (route) =>
          route.fulfill({
            status: 503,
            contentType: 'application/json',
            body: JSON.stringify({
              statusCode: 503,
              error: 'Service Unavailable',
              message: 'The service is unavailable; try again shortly',
              code: 'SERVICE_UNAVAILABLE',
            }),
          }),
      ],
      [SHOWN.unreachable, (route) => route.abort('connectionrefused')],
      [
        SHOWN.unexpected,
        (route) => route.fulfill({ status: 502, contentType: 'text/html', body: '<h1>Bad gateway</h1>' }),
      ],
    ];
    for (const [text, handler] of cases) {
      await page.route('**/api/auth/login', handler);
      await signIn(ADMIN.email, ADMIN.password);
      await alert.getByText(text, { exact: true }).waitFor();
      await page.unroute('**/api/auth/login');
    }
    // A session that ended (signed out elsewhere): the generic 401 text, not the sign-in one.
    const other = await web.newPage(
      await web.browser.newContext({ baseURL: world.system.url, viewport: STORY_SIZE }),
    );
    await other.goto('/signin?next=/tokens');
    await other.getByLabel('Email').fill(ADMIN.email);
    await other.getByLabel('Password').fill(ADMIN.password);
    await other.getByRole('button', { name: 'Sign in' }).click();
    await other.getByRole('heading', { level: 1, name: 'Access tokens' }).waitFor();
    // At 1280 px the administrator's navigation (the longest) stays on one row.
    await look(other, 'nav-admin-1280');
    expect(await navRows(other)).toBe(1);
    await other.context().clearCookies();
    await other.getByLabel('Name').fill('after the session');
    await other.getByRole('button', { name: 'Create token' }).click();
    await other.getByRole('alert').getByText(SHOWN.signInFirst, { exact: true }).waitFor();
    await other.context().close();
  });

  it('a new user signs up and creates a token, shown once', async () => {
    const email = `web-${Date.now()}@example.com`;
    story.email = email;
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
    story.token = token;
    const me = await world.http.get<Record<string, any>>('/api/me', { token }); // eslint-disable-line @typescript-eslint/no-explicit-any
    expect(me.status).toBe(200);
    expect(me.body.user.email).toBe(email);
    await page.getByRole('cell', { name: 'laptop', exact: true }).waitFor();
    // With no scope chosen the button cannot create one, and the form says why.
    const scopes = page.getByRole('group', { name: 'Scopes' });
    await scopes.getByLabel(/^api:read/).uncheck();
    await scopes.getByLabel(/^api:write/).uncheck();
    expect(await page.getByRole('button', { name: 'Create token' }).isDisabled()).toBe(true);
    await scopes.getByText('At least one: with none chosen, Create token stays disabled.').waitFor();
    await scopes.getByLabel(/^api:read/).check();
    await scopes.getByLabel(/^api:write/).check();
    // One token in the table: on a phone the table scrolls inside its box, the page does not.
    await both(page, 'tokens');
  });

  it('the user validates a sandbox repository, sees the findings and submits it', async () => {
    const { webUrl } = await world.control.createRepository({
      owner: 'community',
      name: `web-rate-guard-${Date.now()}`,
      files: {
        'definition/gcl.yaml':
          'apiVersion: gateway.vendor/v1alpha1\nkind: Extension\nmetadata:\n  name: rate-guard\n  labels:\n' +
          '    title: Rate Guard\n    category: Security\nspec:\n  properties: {}\n',
        'Cargo.toml': '[package]\nname = "rate_guard"\nversion = "2.1.0"\n',
        'src/lib.rs': '// the filter\n',
      },
    });
    story.policyName = `Rate Guard ${Date.now()}`;
    await page.getByRole('link', { name: 'Submit', exact: true }).click();
    await page.getByRole('heading', { level: 1, name: 'Submit a policy' }).waitFor();
    // A repository that does not exist: its findings in the form's words, and no step 2 to submit.
    await page.getByLabel('Repository URL').fill(`${webUrl}-missing`);
    await page.getByRole('button', { name: 'Validate repository' }).click();
    await page.getByRole('heading', { name: /The repository has problems/ }).waitFor();
    const findings = page.getByRole('status', { name: 'Validation result' });
    expect(await findings.textContent()).not.toContain('sourceHostUrl');
    await findings
      .getByText(/^Repository URL: /)
      .first()
      .waitFor();
    expect(await findings.getByText('Asset kinds').count()).toBe(0);
    expect(await page.getByRole('heading', { name: '2. The policy' }).count()).toBe(0);
    expect(await page.getByRole('button', { name: 'Submit for review' }).count()).toBe(0);
    await page.getByText('Fix the errors above').waitFor();
    await both(page, 'submit-failed-validation');
    await page.getByLabel('Repository URL').fill(webUrl);
    await page.getByRole('button', { name: 'Validate repository' }).click();
    await page.getByRole('heading', { name: /The repository is valid/ }).waitFor();
    expect(await page.getByLabel('Category', { exact: true }).inputValue()).toBe('Security');
    await page.getByLabel('Name', { exact: true }).fill(story.policyName);
    await page
      .getByLabel('Description')
      .fill('Limits requests per client so that no client starves the others.');
    await page.getByRole('button', { name: 'Add a tab' }).click();
    await page.getByLabel('Tab 1 key').fill('usage');
    await page.getByLabel('Tab 1 title').fill('Usage');
    await page.getByLabel('Tab 1 Markdown').fill(HOSTILE_MARKDOWN);
    // Delivered ideas: the field says where an idea's id comes from (ideas have no page here).
    await page.getByText('Where do idea ids come from?').click();
    await page.getByText(/lists\s+approved ideas with the/).waitFor();
    // Two ids that are not ids, refused in the same words: the summary says it once, by the field's label.
    await page.getByLabel('Delivered ideas (optional)').fill('abc, 12');
    await page.getByRole('button', { name: 'Submit for review' }).click();
    const refused = page.getByRole('alert').filter({ hasText: 'Validation failed' });
    await refused.waitFor();
    expect(await refused.getByRole('listitem').allTextContents()).toEqual([
      'Delivered ideas must be an id (a UUID)',
    ]);
    await page.getByLabel('Delivered ideas (optional)').fill('');
    await both(page, 'submit');
    await page.getByRole('button', { name: 'Submit for review' }).click();
    await page.getByRole('heading', { level: 1, name: 'My submissions' }).waitFor();
    const card = page.getByRole('listitem').filter({ hasText: story.policyName });
    await card.getByText('under review', { exact: true }).waitFor();
    story.policyId = (await card.getByRole('link', { name: story.policyName }).getAttribute('href'))!
      .split('/')
      .pop()!;
    await look(page, 'submissions');

    // Load more reads each next page from the cursor of the page before, and stops after the last: two
    // pages of older submissions stand in here (fetched as the first two), then the real one.
    const pages: Record<string, string[]> = { '': ['Older A1', 'Older A2'], p2: ['Older B1', 'Older B2'] };
    const listed = (url: URL) => url.pathname === '/api/submissions';
    await page.route(listed, async (route) => {
      const url = new URL(route.request().url());
      const cursor = url.searchParams.get('cursor') ?? '';
      if (cursor === 'p3') {
        url.searchParams.delete('cursor');
        return route.continue({ url: url.toString() });
      }
      const real = await route.fetch({ url: url.toString().replace(/[?&]cursor=[^&]*/, '') });
      const body = (await real.json()) as { submissions: Array<Record<string, unknown>> };
      const names = pages[cursor];
      const submissions = names.map((name, i) => ({
        ...body.submissions[0],
        id: `${cursor || 'p1'}-${i}`,
        name,
      }));
      return route.fulfill({ json: { submissions, hasMore: true, nextCursor: cursor === '' ? 'p2' : 'p3' } });
    });
    await page.reload();
    const names = page.getByRole('main').locator('.cards > li h2');
    await names.first().waitFor();
    await page.getByRole('button', { name: 'Load more' }).click();
    await page.getByRole('listitem').filter({ hasText: 'Older B2' }).waitFor();
    await page.getByRole('button', { name: 'Load more' }).click();
    await page.getByRole('listitem').filter({ hasText: story.policyName }).waitFor();
    expect(await names.allTextContents()).toEqual([
      'Older A1',
      'Older A2',
      'Older B1',
      'Older B2',
      story.policyName,
    ]);
    expect(await page.getByRole('button', { name: 'Load more' }).count()).toBe(0);
    await page.unroute(listed);

    // On the first screen the policy under review is the user's alone: its card says where it stands in
    // the words of My submissions and of its own page, not merely that it is not published.
    await page.goto('/');
    const own = page
      .getByRole('region', { name: 'Newest' })
      .getByRole('listitem')
      .filter({ hasText: story.policyName });
    await ownCardSays(page, own, story.policyName, 'under review');
  });

  it('the user validates a ruleset repository (every finding shown), fixes the input and submits it', async () => {
    const { webUrl } = await world.control.createRepository({
      owner: 'governance',
      name: `web-ruleset-${Date.now()}`,
      files: {
        'ruleset.yaml': PROFILE,
        'registry.json': JSON.stringify({
          assetId: `web-payments-rules-${Date.now()}`,
          name: 'Payments API Rules',
          description: 'What every payments API must do.',
          main: 'ruleset.yaml',
        }),
      },
    });
    story.rulesetName = `Payments Rules ${Date.now()}`;
    await page.getByRole('link', { name: 'Submit', exact: true }).click();
    await page.getByRole('link', { name: 'Submit a ruleset instead' }).click();
    await page.getByRole('heading', { level: 1, name: 'Submit a ruleset' }).waitFor();
    await page.getByLabel('Repository URL').fill(webUrl);
    await page.getByLabel('Profile file (optional)').fill('nope.yaml');
    await page.getByRole('button', { name: 'Validate ruleset' }).click();
    await page.getByRole('heading', { name: /The ruleset has problems/ }).waitFor();
    await page.getByText('Profile file: nope.yaml does not exist at main').waitFor();
    expect(await page.getByRole('button', { name: 'Submit ruleset for review' }).count()).toBe(0);
    await page.getByLabel('Profile file (optional)').fill('');
    await page.getByRole('button', { name: 'Validate ruleset' }).click();
    await page.getByRole('heading', { name: /The ruleset is valid/ }).waitFor();
    await page.getByText('2 violations, 1 warning, 1 info').waitFor();
    expect(await page.getByLabel('Name', { exact: true }).inputValue()).toBe('Payments API Rules');
    // Another repository: its own name and description replace the ones the first filled in.
    const other = await world.control.createRepository({
      owner: 'governance',
      name: `web-ruleset-orders-${Date.now()}`,
      files: {
        'ruleset.yaml': PROFILE,
        'registry.json': JSON.stringify({
          assetId: `web-orders-rules-${Date.now()}`,
          name: 'Orders API Rules',
          description: 'What every orders API must do.',
          main: 'ruleset.yaml',
        }),
      },
    });
    await page.getByLabel('Repository URL').fill(other.webUrl);
    await page.getByRole('button', { name: 'Validate ruleset' }).click();
    await page.getByRole('heading', { name: /The ruleset is valid/ }).waitFor();
    await eventually(async () =>
      (await page.getByLabel('Name', { exact: true }).inputValue()) === 'Orders API Rules' ? true : undefined,
    );
    expect(await page.getByLabel('Description').inputValue()).toBe('What every orders API must do.');
    // What the author typed stays when they validate another repository.
    await page.getByLabel('Name', { exact: true }).fill('My own name');
    await page.getByLabel('Repository URL').fill(webUrl);
    await page.getByRole('button', { name: 'Validate ruleset' }).click();
    await page.getByRole('heading', { name: /The ruleset is valid/ }).waitFor();
    await eventually(async () =>
      (await page.getByLabel('Description').inputValue()) === 'What every payments API must do.'
        ? true
        : undefined,
    );
    expect(await page.getByLabel('Name', { exact: true }).inputValue()).toBe('My own name');
    expect(await page.getByLabel('mcp', { exact: true }).isChecked()).toBe(true);
    await page.getByLabel('Name', { exact: true }).fill(story.rulesetName);
    await page.getByLabel('Category').selectOption('API Design');
    await page.getByLabel('Tab 1 Markdown').fill('## Why\n\nPayments APIs fail in the same ways.');
    await look(page, 'submit-ruleset');
    await page.getByRole('button', { name: 'Submit ruleset for review' }).click();
    await page.getByRole('heading', { level: 1, name: 'My ruleset submissions' }).waitFor();
    const card = page.getByRole('listitem').filter({ hasText: story.rulesetName });
    await card.getByText('under review', { exact: true }).waitFor();
    await look(page, 'ruleset-submissions');

    // Ruleset submissions page as policy submissions do: two pages of older ones stand in (fetched as
    // the first two), each "Load more" reads the next from the cursor before, then the real one ends it.
    const olderPages: Record<string, string[]> = {
      '': ['Older R1', 'Older R2'],
      r2: ['Older S1', 'Older S2'],
    };
    const rulesetSubmissions = (url: URL) => url.pathname === '/api/ruleset-submissions';
    await page.route(rulesetSubmissions, async (route) => {
      const url = new URL(route.request().url());
      const cursor = url.searchParams.get('cursor') ?? '';
      url.searchParams.delete('cursor');
      if (cursor === 'r3') return route.continue({ url: url.toString() });
      const real = await route.fetch({ url: url.toString() });
      const body = (await real.json()) as { submissions: Array<Record<string, unknown>> };
      const submissions = olderPages[cursor].map((name, i) => ({
        ...body.submissions[0],
        id: `${cursor || 'r1'}-${i}`,
        name,
      }));
      return route.fulfill({ json: { submissions, hasMore: true, nextCursor: cursor === '' ? 'r2' : 'r3' } });
    });
    await page.reload();
    const rulesetNames = page.getByRole('main').locator('.cards > li h2');
    await rulesetNames.first().waitFor();
    await page.getByRole('button', { name: 'Load more' }).click();
    await page.getByRole('listitem').filter({ hasText: 'Older S2' }).waitFor();
    await page.getByRole('button', { name: 'Load more' }).click();
    await page.getByRole('listitem').filter({ hasText: story.rulesetName }).waitFor();
    expect(await rulesetNames.allTextContents()).toEqual([
      'Older R1',
      'Older R2',
      'Older S1',
      'Older S2',
      story.rulesetName,
    ]);
    expect(await page.getByRole('button', { name: 'Load more' }).count()).toBe(0);
    await page.unroute(rulesetSubmissions);

    const mine = await world.http.get<{ submissions: Array<{ name: string; ruleset_id: string }> }>(
      '/api/ruleset-submissions',
      { token: story.token },
    );
    story.rulesetId = mine.body.submissions.find((s) => s.name === story.rulesetName)!.ruleset_id;
  });

  it('an administrator approves it from the review queue and sends the ruleset back for improvement', async () => {
    const admin = await signedInAdmin('/admin/review', 'Review queue');
    // Each kind says when more wait than it shows (the oldest 50 of each): ruleset submissions too.
    const queue = (url: URL) => url.pathname === '/api/admin/queue';
    await admin.route(queue, async (route) => {
      const real = await route.fetch();
      const body = (await real.json()) as { hasMore: Record<string, boolean> };
      return route.fulfill({ json: { ...body, hasMore: { ...body.hasMore, rulesetSubmissions: true } } });
    });
    await admin.reload();
    await admin.getByRole('heading', { level: 2, name: /^Ruleset submissions \(\d+\+\)$/ }).waitFor();
    await admin.unroute(queue);
    // Typed as people say it, /review lands on the queue.
    await admin.goto('/review');
    await admin.getByRole('heading', { level: 1, name: 'Review queue' }).waitFor();
    expect(new URL(admin.url()).pathname).toBe('/admin/review');
    const item = admin.getByRole('listitem').filter({ hasText: story.policyName });
    // The card says who submitted it, what it is, what validation found and what changed since the
    // last review (a first submission: nothing reviewed before).
    await item.getByText(/^Submitted by /).waitFor();
    expect(await item.getByText(/^Submitted by /).textContent()).toContain('Web User');
    await item.getByText('Limits requests per client so that no client starves the others.').waitFor();
    const report = item.getByRole('region', { name: `Validation report of ${story.policyName}` });
    await report.getByText(/version 2\.1\.0/).waitFor();
    await item
      .getByRole('region', { name: `Changes since the last review of ${story.policyName}` })
      .getByText('First review: nothing of this policy was reviewed before.')
      .waitFor();
    await admin.setViewportSize(DESKTOP);
    await both(admin, 'review');
    // Approve asks first; Cancel changes nothing.
    await item.getByRole('button', { name: 'Approve' }).click();
    const dialog = admin.getByRole('dialog', { name: `Approve: ${story.policyName}?` });
    await dialog.getByText('the submitter is told', { exact: false }).waitFor();
    await look(admin, 'review-confirm');
    await dialog.getByRole('button', { name: 'Cancel' }).click();
    expect(await item.getByText('Done.', { exact: false }).count()).toBe(0);
    // Reject does not call itself final: a rejected policy submission can be edited and resubmitted.
    await item.getByLabel('Feedback').fill('Not yet.');
    await item.getByRole('button', { name: 'Reject' }).click();
    const rejecting = admin.getByRole('dialog', { name: `Reject: ${story.policyName}?` });
    await rejecting.getByText('they may edit the submission and resubmit it', { exact: false }).waitFor();
    expect(await rejecting.getByText('final', { exact: false }).count()).toBe(0);
    // It opens on Cancel, the choice that changes nothing: Enter pressed at once does no harm.
    await focusOn(admin, 'Cancel');
    await rejecting.getByRole('button', { name: 'Cancel' }).click();
    await item.getByLabel('Feedback').fill('');
    await item.getByRole('button', { name: 'Approve' }).click();
    await dialog.getByRole('button', { name: 'Approve' }).click();
    await item.getByText('Done.', { exact: false }).waitFor();
    const ruleset = admin.getByRole('listitem').filter({ hasText: story.rulesetName });
    expect(await ruleset.getByRole('button', { name: 'Needs improvement' }).isDisabled()).toBe(true);
    await ruleset.getByLabel('Feedback').fill('Add an example for each rule.');
    await ruleset.getByRole('button', { name: 'Needs improvement' }).click();
    await admin
      .getByRole('dialog', { name: `Needs improvement: ${story.rulesetName}?` })
      .getByRole('button', { name: 'Needs improvement' })
      .click();
    await ruleset.getByText('Done.', { exact: false }).waitFor();
    await admin.context().close();
    // The submitter reads both decisions in their inbox, the feedback with the ruleset's.
    await page.goto('/inbox');
    const inbox = page.getByRole('listitem');
    await eventually(async () => {
      await page.reload();
      await page.getByRole('heading', { level: 1 }).waitFor();
      return (await inbox
        .filter({ hasText: `Your ruleset ${story.rulesetName} needs improvement` })
        .count()) > 0
        ? true
        : undefined;
    }, 20_000);
    await inbox.filter({ hasText: `Your policy ${story.policyName} was approved` }).waitFor();
    await inbox.filter({ hasText: 'The reviewer wrote: Add an example for each rule.' }).waitFor();
    await both(page, 'inbox-decisions');
    const policy = await world.http.get<Record<string, any>>(`/api/policies/${story.policyId}`); // eslint-disable-line @typescript-eslint/no-explicit-any
    expect(policy.body.policy.status).toBe('published');
    // The catalog's card of the ruleset sent back says so to its submitter, as the ruleset's page does.
    await page.goto(`/?q=${encodeURIComponent(story.rulesetName)}`);
    const sentBack = page.getByRole('main').getByRole('listitem').filter({ hasText: story.rulesetName });
    await ownCardSays(page, sentBack, story.rulesetName, 'needs improvement');
  });

  it('a stranger sees why Like is disabled; the tab bar waits for the documentation tabs in place', async () => {
    const stranger = await web.newPage(
      await web.browser.newContext({ baseURL: world.system.url, viewport: STORY_SIZE }),
    );
    // The documentation answers late: no tab bar shows before it, so no tab moves when it comes.
    let release!: () => void;
    const held = new Promise<void>((resolve) => (release = resolve));
    await stranger.route('**/api/policies/*/docs', async (route) => {
      await held;
      await route.continue();
    });
    await stranger.goto(`/policies/${story.policyId}`);
    await stranger.getByRole('heading', { level: 1, name: story.policyName }).waitFor();
    await stranger.getByText('Loading documentation…').waitFor();
    expect(await stranger.getByRole('tab').count()).toBe(0);
    const reserved = await stranger.locator('.tablist-placeholder').boundingBox();
    release();
    await stranger.getByRole('tab', { name: 'Usage' }).waitFor();
    expect(await stranger.getByRole('tab').allTextContents()).toEqual([
      'Overview',
      'Usage',
      'Comments',
      'History',
    ]);
    expect(await stranger.getByRole('tab', { name: 'Overview' }).getAttribute('aria-selected')).toBe('true');
    const bar = await stranger.getByRole('tablist').boundingBox();
    expect(Math.abs(bar!.y - reserved!.y)).toBeLessThan(2);
    // Like: disabled for a stranger, with the way to enable it beside it (as Comments does).
    const like = stranger.getByRole('button', { name: /Like/ });
    expect(await like.isDisabled()).toBe(true);
    const hint = stranger.locator(`#${await like.getAttribute('aria-describedby')}`);
    expect(await hint.textContent()).toBe('Sign in to like this policy.');
    await hint.getByRole('link', { name: 'Sign in' }).waitFor();
    await both(stranger, 'policy-stranger');
    await stranger.context().close();
  });

  it('the published policy page shows its documentation, takes a like and a comment', async () => {
    await page.goto(`/policies/${story.policyId}`);
    await page.getByRole('heading', { level: 1, name: story.policyName }).waitFor();
    await page.getByText('published', { exact: true }).waitFor();
    await page.getByRole('button', { name: /Like/ }).click();
    await page.getByRole('button', { name: /Liked/ }).waitFor();
    // Followed from its page: the API says so (its new versions reach the user's webhooks).
    await page.getByRole('button', { name: 'Follow', exact: true }).click();
    await page.getByRole('button', { name: 'Following', exact: true }).waitFor();
    const follows = await world.http.get<{ following: boolean }>(`/api/policies/${story.policyId}/follow`, {
      token: story.token,
    });
    expect(follows.body).toEqual({ following: true });
    // Tabs by keyboard: the arrow keys move the selection and the focus.
    await page.getByRole('tab', { name: 'Comments' }).click();
    await page.keyboard.press('ArrowRight');
    expect(await page.getByRole('tab', { name: 'History' }).getAttribute('aria-selected')).toBe('true');
    await page.keyboard.press('ArrowLeft');
    expect(await page.getByRole('tab', { name: 'Comments' }).getAttribute('aria-selected')).toBe('true');
    await page.getByLabel('Add a comment').fill('Works well behind the gateway.');
    await page.getByRole('button', { name: 'Post' }).click();
    await page.getByText('Works well behind the gateway.').waitFor();
    // The focus is back in the emptied box, not lost with the button disabled while it posted (once the
    // post has answered: the thread can show the comment a moment before, read by another refresh).
    await focusOn(page, 'Add a comment');
    await look(page, 'policy');
    // The documentation tab is rendered, sanitized: no script ran, no handler, no remote image loaded.
    await page.getByRole('tab', { name: 'Usage' }).click();
    await page.getByRole('heading', { name: 'Rate limits per client' }).waitFor();
    await page.getByText('[remote image not loaded: chart]').waitFor();
    const panel = page.getByRole('tabpanel');
    await panel.getByText('<script>window.pwned = 1</script>').waitFor(); // shown as text
    expect(await panel.locator('script, img, iframe, [onerror], [onclick]').count()).toBe(0);
    expect(await page.evaluate('window.pwned')).toBeUndefined();
  });

  it('comments past the first page load, a comment posted shows at once, and the history pages to its start', async () => {
    // Comments are oldest first: a page of older ones stands in for the first (of 200), the real thread
    // is the page after it.
    const thread = (url: URL) => url.pathname === `/api/policies/${story.policyId}/comments`;
    await page.route(thread, async (route) => {
      // The post goes through as it is.
      if (route.request().method() !== 'GET') return route.continue();
      const url = new URL(route.request().url());
      if (url.searchParams.get('cursor') === 'newer') {
        url.searchParams.delete('cursor');
        return route.continue({ url: url.toString() });
      }
      const at = new Date(Date.now() - 30 * 86_400_000).toISOString();
      const early = {
        id: '00000000-0000-4000-8000-00000000c0de',
        policyId: story.policyId,
        parentId: null,
        deleted: false,
        body: 'An early comment.',
        authorName: 'An early reader',
        authorId: '00000000-0000-4000-8000-0000000000e1',
        createdAt: at,
        updatedAt: at,
      };
      return route.fulfill({ json: { comments: [early], hasMore: true, nextCursor: 'newer' } });
    });
    await page.goto(`/policies/${story.policyId}`);
    await page.getByRole('tab', { name: 'Comments' }).click();
    await page.getByText('An early comment.').waitFor();
    expect(await page.getByText('Works well behind the gateway.').count()).toBe(0);
    await page.getByRole('button', { name: 'Load newer comments' }).click();
    await page.getByText('Works well behind the gateway.').waitFor();
    expect(await page.getByRole('button', { name: 'Load newer comments' }).count()).toBe(0);
    // Opened again on the first page: a comment posted is the newest, on the last page, and shows.
    await page.reload();
    await page.getByRole('tab', { name: 'Comments' }).click();
    await page.getByText('An early comment.').waitFor();
    await page.getByLabel('Add a comment').fill('Posted past the first page.');
    await page.getByRole('button', { name: 'Post' }).click();
    await page.getByText('Posted past the first page.').waitFor();
    await page.unroute(thread);

    // The history, newest first: a page of newer entries stands in for the first, the real one follows.
    const history = (url: URL) => url.pathname === `/api/policies/${story.policyId}/history`;
    const real = await world.http.get<{ entries: Array<Record<string, unknown>> }>(
      `/api/policies/${story.policyId}/history`,
      { token: story.token },
    );
    expect(real.body.entries.length).toBeGreaterThan(0);
    await page.route(history, async (route) => {
      const url = new URL(route.request().url());
      if (url.searchParams.get('before') === 'older') {
        url.searchParams.delete('before');
        return route.continue({ url: url.toString() });
      }
      const newer = { ...real.body.entries[0], id: '00000000-0000-4000-8000-0000000e0000' };
      return route.fulfill({ json: { entries: [newer], nextCursor: 'older' } });
    });
    await page.getByRole('tab', { name: 'History' }).click();
    const entries = page.getByRole('tabpanel').locator('ol.history > li');
    await entries.first().waitFor();
    expect(await entries.count()).toBe(1);
    await page.getByRole('button', { name: 'Load older entries' }).click();
    await entries.nth(real.body.entries.length).waitFor();
    expect(await entries.count()).toBe(1 + real.body.entries.length);
    expect(await page.getByRole('button', { name: 'Load older entries' }).count()).toBe(0);
    await page.unroute(history);
  });

  it('the first screen ranks the liked policy among the most liked and newest, on cards with icon, kind, category and counts; See all sets the order', async () => {
    await page.setViewportSize(DESKTOP);
    try {
      await page.goto('/');
      const liked = page.getByRole('region', { name: 'Most liked' });
      const card = liked.locator('.card').first();
      await card.getByRole('link', { name: story.policyName }).waitFor();
      expect(await card.locator('.listing-icon svg').count()).toBe(1);
      expect(await card.locator('.meta').allTextContents()).toEqual([
        expect.stringMatching(/^policy\s+Security$/),
        expect.stringMatching(/^\s*1 like\s+0 deployments$/),
      ]);
      await page
        .getByRole('region', { name: 'Newest' })
        .getByRole('link', { name: story.policyName })
        .waitFor();
      await page.getByRole('region', { name: 'Most deployed' }).locator('.card').first().waitFor();
      const vendorRow = page.getByRole('region', { name: 'From the vendor' });
      expect(await vendorRow.locator('.card .badge', { hasText: 'vendor' }).count()).toBe(4);
      await page.getByRole('heading', { name: 'Everything, by name' }).waitFor();
      expect(await page.getByText('Nothing matches these filters.').count()).toBe(0);
      await both(page, 'catalog-first-screen');
      // On a phone the filters past the search fold away: the first row's first card is on the first screen.
      await page.setViewportSize(PHONE);
      const firstCard = await liked.locator('.card').first().boundingBox();
      expect(firstCard!.y).toBeLessThan(PHONE.height - 100);
      expect(await page.getByLabel('Kind').isVisible()).toBe(false);
      const toggle = page.getByRole('button', { name: 'Filters and order' });
      await toggle.click();
      expect(await toggle.getAttribute('aria-expanded')).toBe('true');
      await page.getByLabel('Kind').waitFor();
      await toggle.click();
      await page.setViewportSize(DESKTOP);

      await liked.getByRole('button', { name: 'See all most liked' }).click();
      await page.waitForURL(/[?&]sort=likes/);
      expect(await page.getByLabel('Sort').inputValue()).toBe('likes');
      // The button went with the rows: the focus is at the page's start, not lost.
      expect(await page.evaluate<string | undefined>('document.activeElement?.id')).toBe('page-title');
      await page.getByRole('region', { name: 'Most liked' }).waitFor({ state: 'detached' });
      const cards = page.locator('.cards .card');
      await cards.first().getByRole('link', { name: story.policyName }).waitFor();
      // Vendor items, which have no likes, follow every community item.
      expect(await cards.count()).toBeGreaterThan(4);
      const vendorFrom = await cards.evaluateAll((all) =>
        all.findIndex((card) => card.textContent?.includes('Vendor index: no likes')),
      );
      const lastCommunity = await cards.evaluateAll((all) =>
        all.map((card) => card.textContent?.includes('Vendor index: no likes') ?? false).lastIndexOf(false),
      );
      expect(vendorFrom).toBeGreaterThan(0);
      expect(lastCommunity).toBeLessThan(vendorFrom);
    } finally {
      await page.setViewportSize(STORY_SIZE);
    }
  });

  it('the user connects a platform tenant, creates a workspace, deploys to two organizations and watches the live log to success', async () => {
    tenant = await world.newTenant();
    await page.getByRole('link', { name: 'Connections' }).click();
    await page.getByRole('heading', { level: 1, name: 'Connections' }).waitFor();
    await page.getByLabel('Connection name').fill('Corp platform');
    await page.getByLabel('Client id').fill(tenant.clientId);
    await page.getByLabel('Client secret').fill(tenant.clientSecret);
    // Tested before an organization is chosen: refused, in the form's words; the refusal goes once
    // Find organizations has answered.
    await page.getByRole('button', { name: 'Test credentials' }).click();
    const refusedTest = page.getByRole('alert').filter({ hasText: 'Validation failed' });
    // Named by its label, the rule in plain words (the API says `organizationId must be longer than...`).
    await refusedTest.getByText(/^Organization id (is required|must be at least \d+ characters)$/).waitFor();
    // The organization is chosen among those the credentials reach, the root first, not typed.
    await page.getByRole('button', { name: 'Find organizations' }).click();
    const organization = page.getByLabel('Organization', { exact: true });
    await organization.waitFor();
    expect(await refusedTest.count()).toBe(0);
    expect(await organization.inputValue()).toBe(tenant.rootId);
    expect(await organization.locator('option').allTextContents()).toEqual(
      expect.arrayContaining([expect.stringMatching(/^Corp \d+ \/ Payments \/ Cards \(/)]),
    );
    await page.getByRole('button', { name: 'Test credentials' }).click();
    await page.getByText('The credentials work.').waitFor();
    await page.getByRole('button', { name: 'Create connection' }).click();
    // The form empties and says what it made; the old test result is gone with the fields it tested.
    await page.getByText('Connection “Corp platform” created: its credentials work.').waitFor();
    expect(await page.getByText('The credentials work.', { exact: true }).count()).toBe(0);
    expect(await page.getByLabel('Connection name').inputValue()).toBe('');
    const card = page.getByRole('listitem').filter({ hasText: 'Corp platform' });
    await card.getByRole('button', { name: 'Organizations' }).click();
    await card.getByText('Cards').waitFor();
    await both(page, 'connections');

    // A tree the API cut (`truncated`, here two organizations stand in for a large one): the card says the
    // list is cut, and the form takes an organization not listed by its id, offering those listed.
    const cutTree = (url: URL) =>
      url.pathname === '/api/connections/organizations' ||
      /^\/api\/connections\/[^/]+\/orgs$/.test(url.pathname);
    await page.route(cutTree, async (route) => {
      const real = (await (await route.fetch()).json()) as { orgs: Array<{ id: string }> };
      return route.fulfill({ json: { orgs: real.orgs.slice(0, 2), truncated: true } });
    });
    await card.getByRole('button', { name: 'Organizations' }).click();
    await card.getByRole('button', { name: 'Organizations' }).click();
    await card.getByText('The list was cut at 2 organizations: the connection reaches more').waitFor();
    await page.getByLabel('Connection name').fill('Corp cards');
    await page.getByLabel('Client id').fill(tenant.clientId);
    await page.getByLabel('Client secret').fill(tenant.clientSecret);
    await page.getByRole('button', { name: 'Find organizations' }).click();
    await page.getByText('An organization not listed is checked when the connection is created.').waitFor();
    const typedOrganization = page.getByLabel('Organization id', { exact: true });
    expect(await typedOrganization.inputValue()).toBe(tenant.rootId);
    expect(await page.locator('#found-organizations option').count()).toBe(2);
    await typedOrganization.fill(tenant.cardsId);
    await page.getByRole('button', { name: 'Test credentials' }).click();
    await page.getByText('The credentials work.').waitFor();
    await page.unroute(cutTree);

    // With one workspace (the personal one) and one connection, the deploy form has both chosen. The
    // policy of the link is chosen though the first 200 by name do not hold it (they stand in here, the
    // story's policy left out), and typing its name finds it.
    const firstPolicies = (url: URL) => url.pathname === '/api/policies' && !url.searchParams.has('q');
    await page.route(firstPolicies, async (route) => {
      const real = await route.fetch();
      const body = (await real.json()) as { policies: Array<{ id?: string }> };
      const others = body.policies.filter((p) => p.id !== story.policyId);
      return route.fulfill({ json: { ...body, policies: others, hasMore: true } });
    });
    await page.goto(`/deploy?policyId=${story.policyId}`);
    await page.getByRole('heading', { level: 1, name: 'Deploy a policy' }).waitFor();
    const chosenPolicy = page.getByLabel('Policy', { exact: true });
    await chosenPolicy.locator(`option[value="${story.policyId}"]`).waitFor({ state: 'attached' });
    expect(await chosenPolicy.inputValue()).toBe(story.policyId);
    await page.getByText('The first 200 by name are offered below').waitFor();
    await page.getByLabel('Find a policy').fill(story.policyName);
    await chosenPolicy.locator('option').nth(2).waitFor({ state: 'detached' });
    expect(await chosenPolicy.inputValue()).toBe(story.policyId);
    await page.unroute(firstPolicies);
    await eventually(async () =>
      (await page.getByLabel('Connection', { exact: true }).inputValue()) !== '' ? true : undefined,
    );
    expect(await page.getByLabel('Connection', { exact: true }).locator('option:checked').textContent()).toBe(
      'Corp platform (yours)',
    );
    expect(await page.getByLabel('Workspace', { exact: true }).inputValue()).not.toBe('');

    await page.getByRole('link', { name: 'Workspaces' }).click();
    await page.getByLabel('Workspace name').fill('Web deployers');
    // A slug the API would refuse is held back by the field itself (its pattern is one the browser keeps).
    const slug = page.getByLabel('Slug (optional)');
    await slug.fill('Web deployers!');
    expect(
      await slug.evaluate(
        (input: { validity: { patternMismatch: boolean } }) => input.validity.patternMismatch,
      ),
    ).toBe(true);
    await slug.fill('');
    await page.getByRole('button', { name: 'Create workspace' }).click();
    await page.getByRole('link', { name: 'Web deployers' }).waitFor();
    await look(page, 'workspaces');

    // Members and roles: add a colleague by email, promote them, and see what disabling would touch.
    const colleague = await world.newUser();
    await page.getByRole('link', { name: 'Web deployers' }).click();
    await page.getByRole('heading', { level: 1, name: 'Web deployers' }).waitFor();
    await page.getByLabel('Add a member (username or email)').fill(colleague.email);
    await page.getByRole('button', { name: 'Add member' }).click();
    story.workspaceId = page.url().split('/').pop()!;
    const row = page.getByRole('row').filter({ hasText: `@${colleague.username}` });
    await row.getByRole('cell', { name: 'member', exact: true }).waitFor();
    await row.getByRole('button', { name: 'Make admin' }).click();
    await page.getByRole('dialog').getByRole('button', { name: 'Make admin' }).click();
    await row.getByRole('cell', { name: 'admin', exact: true }).waitFor();
    // Every cell of the members table is a table cell, the owner's empty actions cell too: rows align.
    const members =
      "Array.from(document.querySelectorAll('main table')).find((t) => t.caption?.textContent?.startsWith('Members of'))";
    expect(
      await page.evaluate<string[]>(
        `[...new Set(Array.from(${members}.querySelectorAll('td')).map((c) => getComputedStyle(c).display))]`,
      ),
    ).toEqual(['table-cell']);
    const rowHeights = await page.evaluate<number[][]>(
      `Array.from(${members}.querySelectorAll('tbody tr')).map((r) => Array.from(r.children).map((c) => Math.round(c.getBoundingClientRect().height)))`,
    );
    for (const heights of rowHeights) expect(new Set(heights).size).toBe(1);
    await both(page, 'workspace-members');
    await row.getByRole('button', { name: 'Disable' }).click();
    const dialog = page.getByRole('dialog');
    await dialog.getByText(/deployment\(s\) they made keep their attribution/).waitFor();
    await look(page, 'workspace-disable-member');
    await dialog.getByRole('button', { name: 'Cancel' }).click();
    await dialog.waitFor({ state: 'hidden' });
    expect(await row.getByRole('button', { name: 'Make member' }).isVisible()).toBe(true);

    // A tree larger than one answer holds is cut by the API (`truncated`): the form says so, and takes an
    // organization past the cut by its id (Cards stands in, left out of the answer), Enter adding it, not
    // deploying; the plan checks each one as any other, and says so of an id the connection cannot reach.
    const policyOrgs = (url: URL) => url.pathname === `/api/policies/${story.policyId}/orgs`;
    await page.route(policyOrgs, async (route) => {
      const body = (await (await route.fetch()).json()) as { orgs: Array<{ id: string }> };
      return route.fulfill({
        json: { orgs: body.orgs.filter((o) => o.id !== tenant.cardsId), truncated: true },
      });
    });
    await page.goto(`/deploy?policyId=${story.policyId}`);
    await page.getByRole('heading', { level: 1, name: 'Deploy a policy' }).waitFor();
    await page.getByLabel('Workspace').selectOption({ label: 'Web deployers' });
    await page.getByLabel('Connection').selectOption({ label: 'Corp platform (yours)' });
    await page.getByLabel('Payments').check();
    await page
      .getByRole('group', { name: 'Target organizations' })
      .getByRole('note')
      .getByText(/^The list was cut at \d+ organizations: the connection reaches more than the API lists\./)
      .waitFor();
    expect(await page.getByLabel('Cards').count()).toBe(0);
    const unlistedId = page.getByLabel('Organization id (not listed)');
    await unlistedId.fill(tenant.cardsId);
    await unlistedId.press('Enter');
    await unlistedId.fill('no-such-organization');
    await page.getByRole('button', { name: 'Add organization' }).click();
    const unlisted = page.getByRole('list', { name: 'Organizations not listed' });
    expect(await unlisted.getByRole('listitem').allTextContents()).toEqual([
      expect.stringContaining(tenant.cardsId),
      expect.stringContaining('no-such-organization'),
    ]);
    const cutPlan = page.getByRole('list', { name: 'Plan' });
    await cutPlan.getByText(/^Cards: create /).waitFor();
    await cutPlan
      .getByRole('listitem')
      .filter({ hasText: 'no-such-organization' })
      .locator('.field-error')
      .waitFor();
    await unlisted.getByRole('button', { name: 'Remove no-such-organization' }).click();
    await page.getByRole('button', { name: 'Deploy to 2 organizations' }).waitFor();
    expect(await page.getByRole('region', { name: 'Results' }).count()).toBe(0);
    await page.unroute(policyOrgs);

    await deployFormForPaymentsAndCards();
    await both(page, 'deploy');
    // A double click deploys once: the button is busy at once, the Idempotency-Key is the same.
    await page.getByRole('button', { name: 'Deploy to 2 organizations' }).dblclick();
    const toCards = page.getByRole('link', { name: 'follow the deployment to Cards' });
    await toCards.waitFor();
    const cardsId = (await toCards.getAttribute('href'))!.split('/').pop()!;
    // The form stays as sent but locked, and each result follows its deployment live to the end.
    expect(await page.getByLabel('Workspace').isDisabled()).toBe(true);
    expect(await page.getByRole('button', { name: /Deploy to/ }).count()).toBe(0);
    const results = page.getByRole('region', { name: 'Results' });
    for (const org of ['Payments', 'Cards']) {
      await results
        .getByRole('listitem')
        .filter({ hasText: `follow the deployment to ${org}` })
        .getByText('succeeded')
        .waitFor({ timeout: 30_000 });
    }
    const made = await world.http.get<{ deployments: unknown[] }>(
      `/api/deployments?policyId=${story.policyId}`,
      {
        token: story.token,
      },
    );
    expect(made.body.deployments).toHaveLength(2);
    await both(page, 'deploy-results');
    await page.getByRole('link', { name: 'follow the deployment to Payments' }).click();
    await page.getByRole('heading', { level: 1, name: `${story.policyName} → Payments` }).waitFor();
    await page.getByText('— succeeded').waitFor({ timeout: 30_000 });
    await page.getByRole('status').filter({ hasText: 'Status:' }).getByText('succeeded').waitFor();
    const log = (await page.getByLabel('Deployment log').textContent())!;
    expect(log).toMatch(/\[apply\]/);
    story.deploymentId = page.url().split('/').pop()!;
    await look(page, 'deployment');
    // On a phone a long line (a sha256, a URL) wraps inside the log instead of running past its edge.
    await page.setViewportSize(PHONE);
    const logBox = page.getByLabel('Deployment log');
    expect(await logBox.evaluate((el) => el.scrollWidth - el.clientWidth)).toBe(0);
    await page.setViewportSize(STORY_SIZE);
    await phone(page, 'deployment');

    expect((await world.settled(story.token, cardsId)).status).toBe('succeeded');
    const state = await world.control.platformState();
    const applied = (id: string) => state.organizations.find((o) => o.id === id)?.applied.length ?? 0;
    expect([applied(tenant.paymentsId), applied(tenant.cardsId)]).toEqual([1, 1]);

    // A stream cut short after three lines: the browser reconnects on its own with Last-Event-ID, so
    // the gateway sends only what it missed (no line arrives twice), and the page shows each line once.
    const logs = (await world.readStream(story.token, cardsId)).events.filter((e) => e.event === 'log');
    expect(logs.length).toBeGreaterThan(3);
    const cut = logs
      .slice(0, 3)
      .map((e) => `id: ${e.id}\nevent: log\ndata: ${e.data}\n\n`)
      .join('');
    let asked = 0;
    await page.route(`**/api/deployments/${cardsId}/logs`, async (route) => {
      if (++asked > 1) return route.continue();
      return route.fulfill({ status: 200, contentType: 'text/event-stream', body: `retry: 200\n\n${cut}` });
    });
    await page.goto(`/deployments/${cardsId}`);
    await page.getByText('— succeeded').waitFor();
    expect(asked).toBe(2);
    expect(await page.getByLabel('Deployment log').getAttribute('data-received')).toBe(String(logs.length));
    const shown = (await page.getByLabel('Deployment log').textContent())!;
    for (const e of logs) {
      const text = (JSON.parse(e.data) as { text: string }).text;
      expect([text, shown.split(text).length - 1]).toEqual([text, 1]);
    }
    await page.unroute(`**/api/deployments/${cardsId}/logs`);

    // A poll that fails (503) while the deployment runs leaves the page as it was read, says so beside it,
    // and the next poll reads it again: here the deployment reads as running, its log held back.
    const cardsPage = new URL(`/api/deployments/${cardsId}`, world.system.url).toString();
    let answer: 'running' | 'unavailable' | 'real' = 'running';
    await page.route(cardsPage, async (route) => {
      if (answer === 'unavailable') return route.fulfill({ status: 503, json: UNAVAILABLE });
      if (answer === 'real') return route.continue();
      const body = (await (await route.fetch()).json()) as { deployment: Record<string, unknown> };
      return route.fulfill({
        json: { deployment: { ...body.deployment, status: 'running', finished_at: null } },
      });
    });
    let releaseLog!: () => void;
    const logHeld = new Promise<void>((resolve) => (releaseLog = resolve));
    await page.route(`**/api/deployments/${cardsId}/logs`, async (route) => {
      await logHeld;
      await route.continue();
    });
    await page.goto(`/deployments/${cardsId}`);
    const cardsHeading = page.getByRole('heading', { level: 1, name: `${story.policyName} → Cards` });
    const status = page.getByRole('status').filter({ hasText: 'Status:' });
    await status.getByText('running').waitFor();
    answer = 'unavailable';
    await page.getByRole('alert').getByText(SHOWN.unavailable, { exact: true }).waitFor({ timeout: 10_000 });
    expect(await cardsHeading.isVisible()).toBe(true);
    expect(await page.getByLabel('Deployment log').isVisible()).toBe(true);
    expect(await status.getByText('running').isVisible()).toBe(true);
    answer = 'real';
    releaseLog();
    await page.getByText('— succeeded').waitFor();
    await status.getByText('succeeded').waitFor();
    await page.getByRole('alert').waitFor({ state: 'detached' });
    await page.unroute(cardsPage);
    await page.unroute(`**/api/deployments/${cardsId}/logs`);

    // A log stream refused (429: too many open) or closed by the gateway before the end (an expired
    // session) is not the log's end: the page says it stopped, and why, with a retry.
    const logHeading = page.getByRole('heading', { name: /^Log / });
    await page.route(`**/api/deployments/${cardsId}/logs`, (route) =>
      route.fulfill({ status: 429, headers: { 'retry-after': '5' }, json: TOO_MANY_STREAMS }),
    );
    await page.goto(`/deployments/${cardsId}`);
    const stopped = page.getByRole('alert').filter({ hasText: 'The log stopped' });
    await stopped.getByText(/refused or closed the stream/).waitFor();
    expect(await logHeading.textContent()).toBe('Log (stopped)');
    await page.unroute(`**/api/deployments/${cardsId}/logs`);
    await page.route(`**/api/deployments/${cardsId}/logs`, (route) =>
      route.fulfill({
        status: 200,
        contentType: 'text/event-stream',
        body: `${cut}event: closed\ndata: {"reason":"credentials_expired"}\n\n`,
      }),
    );
    await stopped.getByRole('button', { name: 'Try again' }).click();
    await stopped.getByText('The log stopped: your session expired. Sign in again to follow it.').waitFor();
    expect(await logHeading.textContent()).toBe('Log (stopped)');
    await page.unroute(`**/api/deployments/${cardsId}/logs`);
    await stopped.getByRole('button', { name: 'Try again' }).click();
    await page.getByText('— succeeded').waitFor();
    expect(await logHeading.textContent()).toBe('Log (complete)');
    expect(await page.getByRole('alert').count()).toBe(0);
    // Each line once, those shown before the stream stopped included.
    expect(await page.getByLabel('Deployment log').locator('span').count()).toBe(logs.length);
    // A gateway replica stopping closes its streams (`shutting_down`): the page does not stop, the browser
    // connects again on its own (with Last-Event-ID: each line once) and the log reads to its end.
    let reopened = 0;
    await page.route(`**/api/deployments/${cardsId}/logs`, async (route) => {
      if (++reopened > 1) return route.continue();
      return route.fulfill({
        status: 200,
        contentType: 'text/event-stream',
        body: `retry: 200\n\n${cut}event: closed\ndata: {"reason":"shutting_down"}\n\n`,
      });
    });
    await page.goto(`/deployments/${cardsId}`);
    await page.getByText('— succeeded').waitFor();
    expect(reopened).toBe(2);
    expect(await logHeading.textContent()).toBe('Log (complete)');
    expect(await page.getByRole('alert').count()).toBe(0);
    expect(await page.getByLabel('Deployment log').locator('span').count()).toBe(logs.length);
    expect(await page.getByLabel('Deployment log').getAttribute('data-received')).toBe(String(logs.length));
    await page.unroute(`**/api/deployments/${cardsId}/logs`);
    // The browser reports the refused stream in its console: expected here.
    for (let i = web.errors.length - 1; i >= 0; i--)
      if (/EventSource/.test(web.errors[i])) web.errors.splice(i, 1);

    await page.getByRole('link', { name: 'Deployments' }).click();
    await page.getByRole('cell', { name: 'Cards' }).waitFor();
    await look(page, 'deployments');

    // The policy's page says which release runs in how many organizations, and draws it.
    await page.goto(`/policies/${story.policyId}`);
    const adoption = page.getByRole('region', { name: 'Adoption' });
    await adoption.getByText('Runs in 2 organizations: 2 on 2.1.0.').waitFor();
    expect(await adoption.locator('canvas').count()).toBe(1);
    await page.setViewportSize(DESKTOP);
    await adoption.scrollIntoViewIfNeeded();
    await both(page, 'policy-adoption');
    await page.setViewportSize(STORY_SIZE);
  });

  it('the user rolls a new version out in steps and watches steps and organizations change live; pauses, resumes, rolls back', async () => {
    // Step 1 (Payments) reports `progressing` for 3 s after its apply; step 2 (Cards) for a minute, so
    // the roll-out is still going (Cards' job waiting for its health) when the user rolls it back.
    await world.control.setHealth(tenant.paymentsId, { health: 'healthy', delayMs: 3000 });
    await world.control.setHealth(tenant.cardsId, { health: 'healthy', delayMs: 60_000 });
    try {
      await deployFormForPaymentsAndCards();
      await page.getByLabel('Version (optional)').fill('2.0.0');
      await page.getByLabel("Roll out in steps, each gated on the platform's health").check();
      await page.getByLabel('Step sizes').fill('1, rest');
      await page.getByLabel('Bake time (seconds)').fill('0');
      // The plan before the button: both organizations run the first version and would get 2.0.0.
      const plan = page.getByRole('list', { name: 'Plan' });
      await plan.getByText(/Payments: update .+ → 2\.0\.0$/).waitFor();
      await plan.getByText(/Cards: update .+ → 2\.0\.0$/).waitFor();
      await page.getByRole('button', { name: 'Roll out to 2 organizations' }).click();

      // The roll-out page: from here on the page is never reloaded; what changes comes over the stream.
      await page.getByRole('heading', { level: 1, name: `Roll-out of ${story.policyName} 2.0.0` }).waitFor();
      const rolloutId = page.url().split('/').pop()!;
      const status = page.getByRole('status').filter({ hasText: 'Roll-out:' });
      const step = (n: number) => page.getByRole('region', { name: new RegExp(`^Step ${n} `) });
      const org = (n: number, name: string) => step(n).getByRole('row').filter({ hasText: name });
      const events = page.getByRole('list', { name: 'Roll-out events' });
      await status.getByText('running').waitFor();
      await step(1).getByText('active').waitFor({ timeout: 30_000 });
      expect(await org(2, 'Cards').getByText('pending').count()).toBe(1);

      await page.getByRole('button', { name: 'Pause' }).click();
      await status.getByText('paused').waitFor();
      expect(
        (
          await world.http.get<{ rollout: { status: string } }>(`/api/rollouts/${rolloutId}`, {
            token: story.token,
          })
        ).body.rollout.status,
      ).toBe('paused');
      await page.getByRole('button', { name: 'Resume' }).waitFor();
      await both(page, 'rollout-paused');
      await page.getByRole('button', { name: 'Resume' }).click();
      await status.getByText('running').waitFor();

      // Payments turns healthy, step 1 is done and step 2 starts: each change arrives as it happens.
      await org(1, 'Payments').getByText('healthy').first().waitFor({ timeout: 60_000 });
      await step(1).getByText('done').waitFor();
      await step(2).getByText('active').waitFor({ timeout: 30_000 });
      // Cards' job has applied 2.0.0 and waits for the platform's health inside the job (a minute of
      // `progressing`): the page shows it deploying, and its health once the job has seen it.
      await org(2, 'Cards').getByText('deploying').waitFor({ timeout: 60_000 });
      expect(await events.getByRole('listitem').count()).toBeGreaterThan(3);
      await both(page, 'rollout-running');

      await page.getByRole('button', { name: 'Roll back' }).click();
      const dialog = page.getByRole('dialog');
      await dialog
        .getByText('every organization changed gets back the version it ran before', { exact: false })
        .waitFor();
      // A roll-back refused (the service away) says so in the dialog still open over the page.
      const rollback = `**/api/rollouts/${rolloutId}/rollback`;
      await page.route(rollback, (route) => route.fulfill({ status: 503, json: UNAVAILABLE }));
      await dialog.getByRole('button', { name: 'Roll back' }).click();
      await dialog.getByRole('alert').getByText(SHOWN.unavailable, { exact: true }).waitFor();
      await page.unroute(rollback);
      await dialog.getByRole('button', { name: 'Roll back' }).click();
      await status.getByText('rolled back').waitFor({ timeout: 60_000 });
      await org(1, 'Payments').getByText('restored').waitFor();
      await org(2, 'Cards').getByText('restored').waitFor();
      expect(await page.getByRole('button', { name: /Pause|Resume|Abort|Roll back/ }).count()).toBe(0);
      await page.getByText('complete', { exact: true }).waitFor();
      // The progress, drawn as steps, says each step was rolled back: none shows done.
      const progress = page.getByRole('list', { name: 'Progress' }).getByRole('listitem');
      expect(await progress.allTextContents()).toEqual([
        expect.stringMatching(/^\S*Step 1: rolled back \(1 organization\)$/),
        expect.stringMatching(/^\S*Step 2: rolled back \(1 organization\)$/),
      ]);
      await both(page, 'rollout-rolled-back');

      // Found again later: Deployments in the main navigation, then its Roll-outs tab.
      await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Deployments' }).click();
      await page.getByRole('heading', { level: 1, name: 'Deployments' }).waitFor();
      await page
        .getByRole('navigation', { name: 'Deployments section' })
        .getByRole('link', { name: 'Roll-outs' })
        .click();
      await page.getByRole('heading', { level: 1, name: 'Roll-outs' }).waitFor();
      const listed = await listedRollout('2.0.0', 'rolled back');
      expect(await listed.steps.count()).toBe(2);
      await bothOnALaptop(page, 'rollouts');
      await listed.item.getByRole('link', { name: `${story.policyName} 2.0.0` }).click();
      await page.getByRole('heading', { level: 1, name: `Roll-out of ${story.policyName} 2.0.0` }).waitFor();
      expect(page.url()).toContain(`/rollouts/${rolloutId}`);

      // Its event stream refused (429: too many open) or closed by the gateway before the roll-out ended
      // (an expired session) is not "reconnecting…" for ever: the page says live updates stopped, and
      // why, with a retry. The roll-out is read as still running here (its own answer, status changed).
      const rolledBack = (
        await world.http.get<{ rollout: Record<string, unknown> }>(`/api/rollouts/${rolloutId}`, {
          token: story.token,
        })
      ).body.rollout;
      const rolloutRead = `**/api/rollouts/${rolloutId}`;
      const rolloutEvents = `**/api/rollouts/${rolloutId}/events`;
      await page.route(rolloutRead, (route) =>
        route.fulfill({ json: { rollout: { ...rolledBack, status: 'running' } } }),
      );
      await page.route(rolloutEvents, (route) =>
        route.fulfill({ status: 429, headers: { 'retry-after': '5' }, json: TOO_MANY_STREAMS }),
      );
      await page.reload();
      const updatesStopped = page.getByRole('alert').filter({ hasText: 'Live updates stopped' });
      await updatesStopped.getByText(/refused or closed the stream/).waitFor();
      await page.getByText('stopped', { exact: true }).waitFor();
      await page.unroute(rolloutEvents);
      await page.route(rolloutEvents, (route) =>
        route.fulfill({
          status: 200,
          contentType: 'text/event-stream',
          body: 'event: closed\ndata: {"reason":"credentials_expired"}\n\n',
        }),
      );
      await updatesStopped.getByRole('button', { name: 'Try again' }).click();
      await updatesStopped
        .getByText('Live updates stopped: your session expired. Sign in again to follow the roll-out.')
        .waitFor();
      // The stream's `end` says the roll-out is over, as the deployment log's does: "complete", not
      // "reconnecting…", while the read after it fails (the page keeps the running roll-out it read).
      const updates = page.locator('dt:has-text("Updates") + dd');
      await page.unroute(rolloutEvents);
      await page.route(rolloutEvents, (route) =>
        route.fulfill({
          status: 200,
          contentType: 'text/event-stream',
          body: `event: end\ndata: ${JSON.stringify({ rollout_id: rolloutId, status: 'rolled_back', halt_reason: null })}\n\n`,
        }),
      );
      await page.unroute(rolloutRead);
      await page.route(rolloutRead, (route) => route.fulfill({ status: 503, json: UNAVAILABLE }));
      await updatesStopped.getByRole('button', { name: 'Try again' }).click();
      await page.getByRole('alert').getByText(SHOWN.unavailable, { exact: true }).waitFor();
      await status.getByText('running').waitFor();
      const settled = await eventually(async () => {
        const said = await updates.textContent();
        return said === 'complete' || said === 'reconnecting…' ? said : undefined;
      }, 10_000);
      expect(settled).toBe('complete');
      await page.unroute(rolloutEvents);
      await page.unroute(rolloutRead);

      // A roll-out that halts (Payments reports degraded after its apply): its step shows halted, not done.
      await world.control.setHealth(tenant.paymentsId, { health: 'degraded', delayMs: 0 });
      const [earlier] = (
        await world.http.get<{ deployments: Array<{ connection_id: string; workspace_id: string }> }>(
          `/api/deployments?policyId=${story.policyId}`,
          { token: story.token },
        )
      ).body.deployments;
      const started = await world.http.post<{ rollout: { id: string } }>(
        '/api/rollouts',
        {
          policyId: story.policyId,
          workspaceId: earlier.workspace_id,
          connectionId: earlier.connection_id,
          doRelease: true,
          version: '2.0.1',
          steps: [[tenant.paymentsId], [tenant.cardsId]],
          bakeSeconds: 0,
          healthTimeoutSeconds: 60,
        },
        { token: story.token },
      );
      expect(started.status).toBe(201);
      await eventually(async () => {
        const { body } = await world.http.get<{ rollout: { status: string } }>(
          `/api/rollouts/${started.body.rollout.id}`,
          { token: story.token },
        );
        return body.rollout.status === 'halted' ? true : undefined;
      }, 90_000);
      await page.goto('/rollouts');
      const halted = await listedRollout('2.0.1', 'halted');
      expect(await halted.steps.allTextContents()).toEqual([
        expect.stringMatching(/Step 1: halted \(1 organization\)$/),
        expect.stringMatching(/Step 2: skipped \(1 organization\)$/),
      ]);
      await halted.item.getByText('degraded', { exact: false }).first().waitFor();
      await bothOnALaptop(page, 'rollouts-halted');
      // The list pages by the API's cursor: read one roll-out a page, the newest shows first, and
      // "Load older roll-outs" brings the one before it, then is gone.
      const rolloutsList = (url: URL) => url.pathname === '/api/rollouts';
      await page.route(rolloutsList, (route) => {
        const url = new URL(route.request().url());
        url.searchParams.set('limit', '1');
        return route.continue({ url: url.toString() });
      });
      await page.reload();
      const listedVersions = page
        .getByRole('list', { name: 'Your roll-outs, newest first' })
        .locator('> li h2 a');
      await listedVersions.first().waitFor();
      expect(await listedVersions.allTextContents()).toEqual([expect.stringMatching(/ 2\.0\.1$/)]);
      await page.getByRole('button', { name: 'Load older roll-outs' }).click();
      await listedVersions.nth(1).waitFor();
      expect(await listedVersions.allTextContents()).toEqual([
        expect.stringMatching(/ 2\.0\.1$/),
        expect.stringMatching(/ 2\.0\.0$/),
      ]);
      expect(await page.getByRole('button', { name: 'Load older roll-outs' }).count()).toBe(0);
      await page.unroute(rolloutsList);
      // Each organization runs again what the roll-out recorded it ran before, and not 2.0.0.
      const { rollout } = (
        await world.http.get<{
          rollout: {
            steps: Array<{ organizations: Array<{ organization_id: string; previous_version: string }> }>;
          };
        }>(`/api/rollouts/${rolloutId}`, { token: story.token })
      ).body;
      const state = await world.control.platformState();
      for (const o of rollout.steps.flatMap((s) => s.organizations)) {
        const versions = state.organizations
          .find((x) => x.id === o.organization_id)!
          .applied.map((a) => a.version);
        expect(o.previous_version).toBeTruthy();
        expect(versions).toContain(o.previous_version);
        expect(versions).not.toContain('2.0.0');
      }
    } finally {
      await world.control.clearHealth(tenant.paymentsId);
      await world.control.clearHealth(tenant.cardsId);
    }
    // Four changes run one after the other (two builds and applies, two restores): more than the
    // minute one page's story takes.
  }, 180_000);

  it('the user deploys a ruleset from its page as a policy is: the form with its plan, deploy, live log', async () => {
    const stamp = Date.now();
    const { webUrl } = await world.control.createRepository({
      owner: 'governance',
      name: `web-deploy-ruleset-${stamp}`,
      files: {
        'ruleset.yaml': PROFILE,
        'registry.json': JSON.stringify({ ...JSON.parse(REGISTRY), assetId: `web-rules-${stamp}` }),
        'icon.svg': '<svg/>',
      },
    });
    const name = `Deployable Rules ${stamp}`;
    const submitted = await world.http.post<{ submission: { id: string; ruleset_id: string } }>(
      '/api/ruleset-submissions',
      {
        name,
        description: 'What every payments API must do, checked on every API description.',
        repoUrl: webUrl,
      },
      { token: story.token },
    );
    expect(submitted.status).toBe(201);
    const approved = await world.http.post(
      `/api/admin/ruleset-submissions/${submitted.body.submission.id}/approve`,
      {},
      { token: world.admin.token },
    );
    expect(approved.status).toBe(200);
    const rulesetId = submitted.body.submission.ruleset_id;

    await page.goto(`/rulesets/${rulesetId}`);
    await page.getByRole('heading', { level: 1, name }).waitFor();
    // Submitted without documentation: the overview holds the description, and the predefined tabs
    // left blank are not shown as empty tabs.
    await page.getByRole('tab', { name: 'Overview' }).waitFor();
    expect(await page.getByRole('tab', { name: /^(Rules|Examples|FAQ)$/ }).count()).toBe(0);
    expect(await page.getByText('This tab is empty').count()).toBe(0);
    await page.getByRole('link', { name: 'Deploy', exact: true }).click();
    await page.getByRole('heading', { level: 1, name: 'Deploy a ruleset' }).waitFor();
    // The form opens on the ruleset of the page once the rulesets have loaded.
    const chosen = page.getByLabel('Ruleset', { exact: true });
    await chosen.locator(`option[value="${rulesetId}"]`).waitFor({ state: 'attached' });
    expect(await chosen.inputValue()).toBe(rulesetId);
    await page.getByLabel('Workspace').selectOption({ label: 'Web deployers' });
    await page.getByLabel('Connection').selectOption({ label: 'Corp platform (yours)' });
    await page.getByLabel('Payments').check();
    // Its registry.json names no version: the user gives one, as for a policy.
    await page.getByLabel('Version (optional)').fill('1.0.0');
    // The plan before the button, as for a policy: what the organization would get.
    await page.getByRole('list', { name: 'Plan' }).getByText('Payments: create 1.0.0').waitFor();
    await both(page, 'deploy-ruleset');
    await page.getByRole('button', { name: 'Deploy to 1 organization' }).click();
    const toPayments = page.getByRole('link', { name: 'follow the deployment to Payments' });
    await toPayments.waitFor();
    const deploymentId = (await toPayments.getAttribute('href'))!.split('/').pop()!;
    const settled = await world.settled(story.token, deploymentId, 90_000);
    expect({ status: settled.status, error: settled.error }).toEqual({ status: 'succeeded', error: null });
    story.rulesetDeploymentId = deploymentId;
    story.rulesetAssetId = `web-rules-${stamp}`;
    story.rulesetDeployedName = name;
    await page
      .getByRole('region', { name: 'Results' })
      .getByRole('listitem')
      .filter({ hasText: 'follow the deployment to Payments' })
      .getByText('succeeded')
      .waitFor();
    await toPayments.click();
    await page.getByRole('heading', { level: 1, name: `${name} → Payments` }).waitFor();
    await page.getByText('— succeeded').waitFor({ timeout: 30_000 });
    expect((await page.getByLabel('Deployment log').textContent())!).toMatch(/\[apply\]/);
    await look(page, 'deployment-ruleset');
    const made = await world.http.get<{ deployments: Array<{ asset_type: string; ruleset_id: string }> }>(
      `/api/deployments?rulesetId=${rulesetId}`,
      { token: story.token },
    );
    expect(made.body.deployments).toEqual([
      expect.objectContaining({ asset_type: 'ruleset', ruleset_id: rulesetId }),
    ]);

    // An update of the published ruleset waits for review; withdrawing it keeps the ruleset published,
    // and the dialog says so (not that the ruleset is deleted).
    const updated = await world.http.patch(
      `/api/ruleset-submissions/${submitted.body.submission.id}`,
      { description: 'What every payments API must do, checked on every API description and event.' },
      { token: story.token },
    );
    expect(updated.status).toBe(200);
    await page.goto('/ruleset-submissions');
    const update = page.getByRole('listitem').filter({ hasText: name });
    await update.getByText('under review', { exact: true }).waitFor();
    await update.getByRole('button', { name: 'Withdraw' }).click();
    const withdraw = page.getByRole('dialog', { name: `Withdraw ${name}?` });
    await withdraw
      .getByText('The ruleset stays published as it is: only this change waiting for review is withdrawn.')
      .waitFor();
    await withdraw.getByRole('button', { name: 'Withdraw the change' }).click();
    await update.waitFor({ state: 'detached' });
    const kept = await world.http.get<{ ruleset: { lifecycle_status: string } }>(
      `/api/rulesets/${rulesetId}`,
    );
    expect(kept.body.ruleset.lifecycle_status).toBe('published');
  }, 120_000);

  it("the workspace's page lists the rulesets it installed beside its policies, and counts both through each connection", async () => {
    // The story's connection, shared into the workspace: its line counts the deployments made through it.
    const connections = await world.http.get<{ connections: Array<{ id: string; name: string }> }>(
      '/api/connections',
      { token: story.token },
    );
    const corp = connections.body.connections.find((c) => c.name === 'Corp platform')!;
    const shared = await world.http.post(
      `/api/workspaces/${story.workspaceId}/connections`,
      { connection_id: corp.id },
      { token: story.token },
    );
    expect(shared.status).toBe(200);
    const read = await world.http.get<{
      workspace: { connectionStats: Record<string, { deployments: number; ruleset_deployments: number }> };
    }>(`/api/workspaces/${story.workspaceId}`, { token: story.token });
    const stats = read.body.workspace.connectionStats[corp.id];
    expect(stats.ruleset_deployments).toBeGreaterThan(0);
    await page.goto(`/workspaces/${story.workspaceId}`);
    await page.getByRole('heading', { level: 1, name: 'Web deployers' }).waitFor();
    const rulesets = page.getByRole('region', { name: 'Installed rulesets' });
    await rulesets.getByRole('link', { name: story.rulesetDeployedName }).waitFor();
    expect(await rulesets.getByText('No ruleset deployed from this workspace yet.').count()).toBe(0);
    await page
      .getByRole('region', { name: 'Installed policies' })
      .getByRole('link', { name: story.policyName })
      .waitFor();
    // The shared connection counts every deployment made through it, of a policy or of a ruleset.
    await page
      .getByRole('region', { name: 'Shared connections' })
      .getByText(`${stats.deployments + stats.ruleset_deployments} deployment(s)`)
      .waitFor();
  });

  it("an archived workspace's governance page says it is archived, and offers no form it does not show", async () => {
    const made = await world.http.post<{ workspace: { id: string } }>(
      '/api/workspaces',
      { name: 'Web archived governance' },
      { token: story.token },
    );
    expect(made.status).toBe(201);
    const id = made.body.workspace.id;
    expect((await world.http.post(`/api/workspaces/${id}/archive`, {}, { token: story.token })).status).toBe(
      200,
    );
    await page.goto(`/workspaces/${id}/governance`);
    await page.getByRole('heading', { level: 1, name: 'Web archived governance: governance' }).waitFor();
    await page.getByText('No API is governed here yet').waitFor();
    await page.getByText(/This workspace is archived: it is read-only/).waitFor();
    expect(await page.getByText('register one below').count()).toBe(0);
    expect(await page.getByRole('heading', { name: 'Register an API' }).count()).toBe(0);
  });

  /** A new workspace of the story's user, named `name`, with a new user added as a member. */
  async function workspaceWithColleague(name: string) {
    const made = await world.http.post<{ workspace: { id: string } }>(
      '/api/workspaces',
      { name },
      { token: story.token },
    );
    const id = made.body.workspace.id;
    const colleague = await world.newUser();
    const added = await world.http.post(
      `/api/workspaces/${id}/members`,
      { email: colleague.email, role: 'member' },
      { token: story.token },
    );
    expect(added.status).toBe(200);
    return { id, colleague };
  }

  it('an archived workspace offers no member change the API would refuse there', async () => {
    const { id, colleague } = await workspaceWithColleague('Web archived members');
    await page.goto(`/workspaces/${id}`);
    await page.getByRole('heading', { level: 1, name: 'Web archived members' }).waitFor();
    const row = page.getByRole('row').filter({ hasText: `@${colleague.username}` });
    await row.getByRole('button', { name: 'Make admin' }).waitFor();
    await page.getByRole('button', { name: 'Archive' }).click();
    await page
      .getByRole('dialog', { name: 'Archive this workspace?' })
      .getByRole('button', { name: 'Archive' })
      .click();
    await page.getByRole('button', { name: 'Unarchive' }).waitFor();
    // The API refuses a role change, a disable or a re-enable here (409 WORKSPACES.ARCHIVED): none is offered.
    expect(await row.getByRole('button').count()).toBe(0);
    await page
      .getByText('Archived: members and their roles stay as they are until it is unarchived.')
      .waitFor();
    // Meanwhile the colleague joined as many workspaces as a user may: unarchiving disables them here, and
    // the page says whom, where the API's answer names them.
    await memberOfOthers(colleague.id, WORKSPACE_LIMITS.membershipsMax - 1);
    await page.getByRole('button', { name: 'Unarchive' }).click();
    const dialog = page.getByRole('dialog', { name: 'Unarchive this workspace?' });
    await dialog.getByText(/A member who already belongs to 500 workspaces.* is disabled here/).waitFor();
    await dialog.getByRole('button', { name: 'Unarchive' }).click();
    await page
      .getByRole('status')
      .filter({ hasText: `already belonged to 500 workspaces` })
      .filter({ hasText: `@${colleague.username}` })
      .waitFor();
    await row.getByRole('button', { name: 'Re-enable' }).waitFor();
    // Their row says why, after the badge, in the words a screen reader reads with the cell.
    await row
      .getByRole('cell', { name: /disabled Already in 500 workspaces when this one was unarchived$/ })
      .waitFor();
  });

  /** Makes `userId` a member of `count` workspaces of other owners (as many joins, written at once). */
  async function memberOfOthers(userId: string, count: number): Promise<void> {
    const db = new Client({ connectionString: world.db.url });
    await db.connect();
    try {
      await memberOfOtherWorkspaces((sql, params) => db.query(sql, params), userId, count);
    } finally {
      await db.end();
    }
  }

  it('a manager changes a role or re-enables a member only after a confirm that says what it changes, as disabling and leaving are', async () => {
    const { id, colleague } = await workspaceWithColleague('Web role changes');
    const role = async () =>
      (
        await world.http.get<{ members: Array<{ user_id: string; role: string }> }>(
          `/api/workspaces/${id}/members`,
          { token: story.token },
        )
      ).body.members.find((m) => m.user_id === colleague.id)?.role;
    await page.goto(`/workspaces/${id}`);
    await page.getByRole('heading', { level: 1, name: 'Web role changes' }).waitFor();
    const row = page.getByRole('row').filter({ hasText: `@${colleague.username}` });
    // Cancelled: nothing changes.
    await row.getByRole('button', { name: 'Make admin' }).click();
    const promote = page.getByRole('dialog', { name: /^Make .+ an admin\?$/ });
    await promote.getByText(/add, disable and re-enable members/).waitFor();
    await promote.getByRole('button', { name: 'Cancel' }).click();
    await promote.waitFor({ state: 'hidden' });
    expect(await role()).toBe('member');
    // Confirmed: promoted, then demoted the same way.
    await row.getByRole('button', { name: 'Make admin' }).click();
    await promote.getByRole('button', { name: 'Make admin' }).click();
    await row.getByRole('cell', { name: 'admin', exact: true }).waitFor();
    expect(await role()).toBe('admin');
    await row.getByRole('button', { name: 'Make member' }).click();
    const demote = page.getByRole('dialog', { name: /^Make .+ a member\?$/ });
    await demote.getByText(/no longer manage members/).waitFor();
    await demote.getByRole('button', { name: 'Make member' }).click();
    await row.getByRole('cell', { name: 'member', exact: true }).waitFor();
    expect(await role()).toBe('member');
    // Re-enabling a disabled member is confirmed too, saying it asks them nothing. Their row says a
    // manager removed them (not that they left), beside the badge.
    await row.getByRole('button', { name: 'Disable' }).click();
    await page.getByRole('dialog').getByRole('button', { name: 'Disable member' }).click();
    await row.getByText('disabled', { exact: true }).waitFor();
    await row.getByRole('cell', { name: /disabled Removed by a manager$/ }).waitFor();
    await row.getByRole('button', { name: 'Re-enable' }).click();
    const reenable = page.getByRole('dialog', { name: /^Re-enable .+\?$/ });
    await reenable.getByText(/adds them back without asking them/).waitFor();
    await reenable.getByRole('button', { name: 'Re-enable member' }).click();
    await row.getByRole('button', { name: 'Make admin' }).waitFor();
    expect(await row.getByText('disabled', { exact: true }).count()).toBe(0);
    expect(await row.getByText('Removed by a manager').count()).toBe(0);
  });

  it('a member leaves a workspace from its page, after a confirm that says what leaving touches', async () => {
    const { id, colleague } = await workspaceWithColleague('Web leavers');
    const theirs = await web.newPage(
      await web.browser.newContext({ baseURL: world.system.url, viewport: STORY_SIZE }),
    );
    await theirs.goto(`/signin?next=/workspaces/${id}`);
    await theirs.getByLabel('Email').fill(colleague.email);
    await theirs.getByLabel('Password').fill('password123');
    await theirs.getByRole('button', { name: 'Sign in' }).click();
    await theirs.getByRole('heading', { level: 1, name: 'Web leavers' }).waitFor();
    // Their own row offers Leave; the owner's row offers them nothing.
    const own = theirs.getByRole('row').filter({ hasText: `@${colleague.username}` });
    const owner = theirs.getByRole('row').filter({ hasText: 'owner' });
    expect(await owner.getByRole('button').count()).toBe(0);
    await own.getByRole('button', { name: 'Leave' }).click();
    const dialog = theirs.getByRole('dialog', { name: 'Leave Web leavers?' });
    await dialog.getByText(/deployment\(s\) you made keep your attribution/).waitFor();
    await dialog.getByRole('button', { name: 'Leave workspace' }).click();
    await theirs.getByRole('heading', { level: 1, name: 'Workspaces' }).waitFor();
    expect(await theirs.getByRole('link', { name: 'Web leavers' }).count()).toBe(0);
    const after = await world.http.get(`/api/workspaces/${id}`, { token: colleague.token });
    expect(after.status).toBe(404);
    await theirs.context().close();
    // The owner's page says they left, beside their badge: not a removal to undo.
    await page.goto(`/workspaces/${id}`);
    await page
      .getByRole('row')
      .filter({ hasText: `@${colleague.username}` })
      .getByRole('cell', { name: /disabled Left the workspace$/ })
      .waitFor();
  });

  it("the workspace's owner turns self-heal on and off on its page, saved at once; a member reads it there", async () => {
    const saved = async () =>
      (
        await world.http.get<{ settings: { self_heal: boolean } }>(
          `/api/workspaces/${story.workspaceId}/deployment-settings`,
          { token: story.token },
        )
      ).body.settings.self_heal;
    await page.goto(`/workspaces/${story.workspaceId}`);
    await page.getByRole('heading', { level: 1, name: 'Web deployers' }).waitFor();
    const section = page.getByRole('region', { name: 'Drift and self-heal' });
    const toggle = section.getByRole('checkbox', { name: 'Self-heal drifted deployments' });
    const said = section.getByRole('status');
    const OFF = 'Self-heal is off: drifted deployments stay as they are until someone deploys again.';
    const ON = 'Self-heal is on: drifted deployments are applied again.';
    await said.getByText(OFF).waitFor();
    expect(await toggle.isChecked()).toBe(false);

    await toggle.check();
    await said.getByText(ON).waitFor();
    expect(await saved()).toBe(true);
    await page.reload();
    await said.getByText(ON).waitFor();
    expect(await toggle.isChecked()).toBe(true);
    await look(page, 'workspace-self-heal');

    await toggle.uncheck();
    await said.getByText(OFF).waitFor();
    expect(await saved()).toBe(false);

    // A member (the workspace read as a member's) sees the setting, and no control to change it.
    const detail = (url: URL) => url.pathname === `/api/workspaces/${story.workspaceId}`;
    await page.route(detail, async (route) => {
      const real = (await (await route.fetch()).json()) as { workspace: Record<string, unknown> };
      return route.fulfill({ json: { workspace: { ...real.workspace, role: 'member' } } });
    });
    try {
      await page.reload();
      await said.getByText(`${OFF} Only the workspace's owner and admins change it.`).waitFor();
      expect(await section.getByRole('checkbox').count()).toBe(0);
    } finally {
      await page.unroute(detail);
    }
  });

  it('a drifted deployment whose self-heal failed says so, when and why, on its page and in the list; its jobs and log tell each heal from the deploy', async () => {
    const id = story.rulesetDeploymentId;
    const selfHeal = async (on: boolean) =>
      expect(
        (
          await world.http.put(
            `/api/workspaces/${story.workspaceId}/deployment-settings`,
            { selfHeal: on },
            { token: story.token },
          )
        ).status,
      ).toBe(200);
    const refresh = async () =>
      (
        await world.http.post<{ outcome: string }>(
          `/api/deployments/${id}/refresh`,
          {},
          { token: story.token },
        )
      ).body.outcome;
    type Read = {
      asset_name: string;
      status: string;
      drifted: boolean;
      drift: {
        heal_failure: { job_id: string; status: string; error: string | null; at: string } | null;
      } | null;
    };
    const read = async () =>
      (await world.http.get<{ deployment: Read }>(`/api/deployments/${id}`, { token: story.token })).body
        .deployment;

    // The workspace heals drift; the ruleset is removed from Payments behind the service's back while the
    // registry answers 500 to every request: the drift check finds it, and the heal's job fails.
    await selfHeal(true);
    let failure: NonNullable<NonNullable<Read['drift']>['heal_failure']>;
    try {
      await world.control.removeApplied(tenant.paymentsId, story.rulesetAssetId);
      await world.control.injectFault({ system: 'registry', kind: 'error' });
      expect(await refresh()).toBe('healing');
      failure = await eventually(async () => (await read()).drift?.heal_failure ?? undefined, 90_000);
    } finally {
      await world.control.clearFaults();
    }
    expect(failure).toMatchObject({ status: 'failed', error: expect.stringContaining('500') });
    expect(await read()).toMatchObject({ status: 'succeeded', drifted: true });

    // Its page: still succeeded, drifted, and the drift says the last self-heal failed, when and why,
    // with a link to that job's log (the log the page shows).
    await page.goto(`/deployments/${id}`);
    const status = page.getByRole('status').filter({ hasText: 'Status:' });
    await status.getByText('drifted', { exact: true }).waitFor();
    expect((await status.textContent())!.replace(/\s+/g, ' ').trim()).toBe(
      'Status: succeeded drifted self-heal failed',
    );
    const drift = page.getByRole('region', { name: 'Drift' });
    const note = drift.getByRole('note');
    const at = note.locator('time');
    expect(await at.getAttribute('datetime')).toBe(failure.at);
    expect(await note.textContent()).toBe(
      `The last self-heal (${await at.textContent()}) failed: ${failure.error}`,
    );
    await drift.getByText('the next drift check applies it again').waitFor();
    const toLog = drift.getByRole('link', { name: "The self-heal's log" });
    await toLog.waitFor();
    const log = page.getByLabel('Deployment log');
    await log.getByText(/Attempt 1 failed/).waitFor();
    // The log shown is the heal's, and its first line says so; the jobs list the heal apart from the deploy.
    const firstLine = async () =>
      (await log.locator('span').first().textContent())!.replace(/^[^[]*\[start\] /, '').trim();
    const healLine =
      'Self-heal after drift (removed from the organization): re-applying ruleset ' +
      `${(await read()).asset_name} to organization ${tenant.paymentsId} (publish and release)`;
    expect(await firstLine()).toBe(healLine);
    const jobs = page.getByRole('region', { name: "The deployment's jobs, newest first" });
    /** The jobs table's rows as the user reads them: what each job was, and its status (and error). */
    const jobRows = () =>
      jobs.locator('tbody tr').evaluateAll((rows) =>
        rows.map((row) =>
          Array.from(row.querySelectorAll('td'))
            .slice(0, 2)
            .map((cell) => (cell as HTMLElement).innerText.replace(/\s+/g, ' ').trim()),
        ),
      );
    await jobs.getByRole('cell', { name: 'Self-heal after drift' }).waitFor();
    expect(await jobRows()).toEqual([
      ['Self-heal after drift', `failed ${failure.error}`],
      ['Deploy', 'succeeded'],
    ]);
    await toLog.click();
    expect(new URL(page.url()).hash).toBe('#deployment-log');
    await look(page, 'deployment-heal-failed');
    // The drift leads to where self-heal is set: the workspace's page, where it is on.
    await drift.getByRole('link', { name: "the workspace's self-heal setting" }).click();
    const toggle = page
      .getByRole('region', { name: 'Drift and self-heal' })
      .getByRole('checkbox', { name: 'Self-heal drifted deployments' });
    await toggle.waitFor();
    expect(await toggle.isChecked()).toBe(true);

    // The list says it too, beside the drift.
    await page.goto('/deployments');
    const row = page.getByRole('row').filter({ has: page.locator(`a[href="/deployments/${id}"]`) });
    await row.getByText('drifted', { exact: true }).waitFor();
    expect((await row.getByRole('cell').nth(2).textContent())!.replace(/\s+/g, ' ').trim()).toBe(
      'succeeded drifted self-heal failed',
    );

    // Once the registry answers, the next check heals it: the drift and its failure are gone.
    try {
      expect(await refresh()).toBe('healing');
      await eventually(async () => ((await read()).drifted ? undefined : true), 90_000);
    } finally {
      await selfHeal(false);
    }
    await page.goto(`/deployments/${id}`);
    await page.getByRole('status').filter({ hasText: 'Status:' }).getByText('succeeded').waitFor();
    expect(await page.getByRole('region', { name: 'Drift' }).count()).toBe(0);
    expect(await page.getByText('self-heal failed').count()).toBe(0);
    // The heal that succeeded is a job of its own, a self-heal too, and the log shown (its own) says so.
    await page.getByText('— succeeded').waitFor({ timeout: 30_000 });
    await jobs.getByRole('cell', { name: 'Self-heal after drift' }).first().waitFor();
    expect(await jobRows()).toEqual([
      ['Self-heal after drift', 'succeeded'],
      ['Self-heal after drift', `failed ${failure.error}`],
      ['Deploy', 'succeeded'],
    ]);
    expect(await firstLine()).toBe(healLine);
    await look(page, 'deployment-healed');
  }, 240_000);

  it('the user subscribes a webhook (secret shown once), sends a test, reads the delivery log and redelivers', async () => {
    await page.goto('/webhooks');
    await page.getByRole('heading', { level: 1, name: 'Webhooks' }).waitFor();
    // A URL the API refuses: the summary names the field as the form does.
    await page.getByLabel('URL').fill('ftp://example.com/hook');
    await page.getByRole('button', { name: 'Create endpoint' }).click();
    const refusedUrl = page.getByRole('alert').filter({ hasText: 'Invalid webhook URL' });
    await refusedUrl.waitFor();
    expect(await refusedUrl.getByRole('listitem').allTextContents()).toEqual([
      expect.stringMatching(/^URL: Only http and https URLs are allowed/),
    ]);
    await page.getByLabel('URL').fill(world.receiver.url('/web'));
    await page.getByLabel('Description').fill('Web CI');
    await page.getByLabel(/^deployment\.failed/).check();
    await page.getByRole('button', { name: 'Create endpoint' }).click();
    const secret = (await page.getByTestId('webhook-secret').textContent())!.trim();
    expect(secret).toMatch(/^whsec_/);
    const row = page.getByRole('row').filter({ hasText: 'Web CI' });
    await row.getByRole('cell', { name: /deployment\.failed/ }).waitFor();
    await page.getByRole('button', { name: 'Done' }).click();
    expect(await page.getByTestId('webhook-secret').count()).toBe(0);

    await row.getByRole('button', { name: 'Send test' }).click();
    const log = page.getByRole('region', { name: 'Delivery log' });
    const delivered = log.getByRole('row').filter({ hasText: 'webhook.ping' });
    // The log reads again by itself while the delivery is on its way: no Refresh click.
    await delivered.getByText('succeeded').waitFor({ timeout: 20_000 });
    const [message] = world.receiver.received.filter((r) => r.body.includes('"webhook.ping"'));
    expect(new Webhook(secret).verify(message.body, message.headers)).toMatchObject({ type: 'webhook.ping' });
    await delivered.getByRole('button', { name: 'Redeliver' }).click();
    await delivered.getByRole('cell', { name: '2', exact: true }).waitFor({ timeout: 20_000 });
    await delivered.getByText('succeeded').waitFor({ timeout: 20_000 });
    expect(world.receiver.withId(message.headers['webhook-id'])).toHaveLength(2);
    await both(page, 'webhooks');
  });

  it("the workspace's owner subscribes its endpoint and reads its audit log; the user their own events; an administrator everything", async () => {
    await page.goto(`/workspaces/${story.workspaceId}`);
    await page.getByRole('heading', { level: 1, name: 'Web deployers' }).waitFor();
    const hooks = page.getByRole('region', { name: 'Workspace webhooks' });
    // A workspace endpoint takes the workspace's event types only.
    expect(await hooks.getByLabel(/^submission\.decided/).count()).toBe(0);
    // It follows nothing: a new version reaches it for what was deployed in it.
    await hooks
      .getByRole('checkbox', {
        name: 'version.published (a new reviewed version of something deployed in this workspace)',
      })
      .waitFor();
    await hooks.getByLabel('URL').fill(world.receiver.url('/web-team'));
    await hooks.getByLabel('Description').fill('Team CI');
    await hooks.getByRole('button', { name: 'Create endpoint' }).click();
    expect((await hooks.getByTestId('webhook-secret').textContent())!.trim()).toMatch(/^whsec_/);
    await hooks.getByRole('row').filter({ hasText: 'Team CI' }).waitFor();

    const audit = page.getByRole('region', { name: 'Audit entries' });
    await audit.getByLabel('Action').selectOption('workspace.member_added');
    await audit.getByRole('cell', { name: 'workspace.member_added' }).first().waitFor();
    await audit.getByLabel('Action').selectOption('webhook.created');
    await audit.getByRole('cell', { name: 'webhook.created' }).first().waitFor();
    expect(await audit.getByRole('row').count()).toBe(2);
    await look(page, 'workspace-webhooks-audit');

    await page.getByRole('link', { name: 'Web User' }).click();
    await page.getByRole('link', { name: 'Your security events' }).click();
    await page.getByRole('heading', { level: 1, name: 'Your security events' }).waitFor();
    await page.getByRole('cell', { name: 'token.created' }).first().waitFor();
    await both(page, 'audit-mine');

    const admin = await signedInAdmin('/admin/audit', 'Audit log');
    await admin.getByLabel('Action').selectOption('deployment.created');
    await admin.getByRole('cell', { name: 'deployment.created' }).first().waitFor();
    await both(admin, 'audit-admin');

    // Actors and targets by name; filters by actor, a whole area of actions and the target's name.
    const entries = admin.getByRole('region', { name: 'Audit entries' });
    await admin.getByLabel('Action').selectOption('group:workspace');
    await admin.getByLabel('Actor').fill('web user');
    // While the answer for a changed filter is on its way (held here), the rows shown stay where they are
    // under the pointer: the wait is said to screen readers, no line is pushed in above them.
    const forTarget = (url: URL) => url.searchParams.get('target') === 'Web deployers';
    let answer!: () => void;
    const held = new Promise<void>((resolve) => (answer = resolve));
    await admin.route(forTarget, async (route) => {
      await held;
      await route.continue();
    });
    const table = entries.getByRole('table');
    const top = async () => (await table.boundingBox())?.y;
    await table.waitFor();
    const before = await top();
    const filtered = admin.waitForResponse((r) => forTarget(new URL(r.url())));
    await admin.getByLabel('Target').fill('Web deployers');
    await entries.getByRole('status').filter({ hasText: 'Loading…' }).waitFor({ state: 'attached' });
    expect(await top()).toBe(before);
    answer();
    // Rows shown for the filters before (other workspaces' among them) go once this answer is read.
    await filtered;
    await admin.unroute(forTarget);
    const created = entries.getByRole('row').filter({ hasText: 'workspace.created' });
    await created.waitFor();
    expect(await created.getByRole('cell').nth(1).textContent()).toBe('Web User (signed in)');
    expect(await created.getByRole('cell').nth(3).textContent()).toBe('workspace Web deployers');
    expect(await entries.getByRole('row').filter({ hasText: 'deployment.created' }).count()).toBe(0);
    // The user agent is in the entry's details, shown when they open.
    const agent = created.getByText(/HeadlessChrome/);
    expect(await agent.isVisible()).toBe(false);
    await created.getByText('Details').click();
    await agent.waitFor();
    await admin.setViewportSize(DESKTOP);
    // The five filters (From and Until among them) side by side without overlap, inside the content.
    const filters =
      '[aria-label="Audit entries"] [role=group] input, [aria-label="Audit entries"] [role=group] select';
    expect(await crowdedControls(admin, filters)).toEqual([]);
    await admin.setViewportSize(PHONE);
    expect(await crowdedControls(admin, filters)).toEqual([]);
    await admin.setViewportSize(DESKTOP);
    await both(admin, 'audit-admin-filtered');
    // What the filters show, downloaded as CSV.
    const [download] = await Promise.all([
      admin.waitForEvent('download'),
      admin.getByRole('link', { name: 'Download CSV' }).click(),
    ]);
    expect(download.suggestedFilename()).toMatch(/^audit-.*\.csv$/);
    const csv = readFileSync(await download.path(), 'utf8').split('\r\n');
    expect(csv[0]).toContain('"at","actor_name","actor_user_id"');
    expect(
      csv.filter((row) => row.includes('"workspace.created"') && row.includes('"Web deployers"')),
    ).toHaveLength(1);
    expect(csv.filter((row) => row.includes('"deployment.created"'))).toEqual([]);
    // The API gives the same with Accept: text/csv.
    const asked = await fetch(`${world.http.baseUrl}/api/admin/audit/export?limit=2`, {
      headers: { authorization: `Bearer ${world.admin.token}`, accept: 'text/csv' },
    });
    expect(asked.headers.get('content-type')).toMatch(/^text\/csv/);
    expect((await asked.text()).split('\r\n')).toHaveLength(4);
    await admin.context().close();
  });

  it('the profile shows each field rule and the API refusal beside its field; inbox and rulesets load', async () => {
    await page.getByRole('link', { name: 'Web User' }).click();
    await page.getByRole('heading', { level: 1, name: 'Your profile' }).waitFor();
    await page.getByText('3 to 30 characters: lowercase letters').waitFor();
    await page.getByLabel('Username').fill('-no');
    await page.getByRole('button', { name: 'Save profile' }).click();
    await page.locator('.field.invalid').filter({ hasText: 'Username' }).locator('.field-error').waitFor();
    await page.getByLabel('Username').fill(`web-${Date.now().toString(36)}`);
    await page.getByLabel('Company').fill('Analytical Engines');
    await page.getByRole('button', { name: 'Save profile' }).click();
    await page.getByText('Saved.').waitFor();
    await look(page, 'profile');

    await page.getByRole('link', { name: 'Inbox' }).click();
    await page.getByText('No transfers.').waitFor();
    // The review decisions are there, and the inbox says where each status is kept.
    await page
      .getByRole('listitem')
      .filter({ hasText: `Your policy ${story.policyName} was approved` })
      .waitFor();
    await page.getByRole('main').getByRole('link', { name: 'My submissions' }).waitFor();
    await both(page, 'inbox');
    // Transfers past the first page: an older one stands in for the first page, the real (empty) one follows.
    const transfers = (url: URL) => url.pathname === '/api/me/transfers';
    await page.route(transfers, async (route) => {
      const url = new URL(route.request().url());
      if (url.searchParams.get('cursor') === 'older') {
        url.searchParams.delete('cursor');
        return route.continue({ url: url.toString() });
      }
      const offered = new Date(Date.now() - 20 * 86_400_000).toISOString();
      return route.fulfill({
        json: {
          transfers: [
            {
              id: '00000000-0000-4000-8000-00000000f0f0',
              resource_type: 'policy',
              resource_id: story.policyId,
              resource_name: 'An older offer',
              status: 'expired',
              role: 'initiator',
              counterparty_name: 'Someone',
              counterparty_email: 'someone@example.com',
              feedback: null,
              created_at: offered,
              expires_at: offered,
              decided_at: null,
            },
          ],
          hasMore: true,
          nextCursor: 'older',
        },
      });
    });
    await page.reload();
    await page.getByRole('listitem').filter({ hasText: 'An older offer' }).waitFor();
    await page.getByRole('button', { name: 'Load older transfers' }).click();
    await page.getByRole('button', { name: 'Load older transfers' }).waitFor({ state: 'detached' });
    expect(await page.getByRole('listitem').filter({ hasText: 'An older offer' }).count()).toBe(1);
    await page.unroute(transfers);

    // Notifications past the first page: with pages of one (the API's real cursor), "Load older
    // notifications" reads on until none follows, each notification shown once, newest first.
    const inbox = await world.http.get<{ notifications: Array<{ id: string; title: string }> }>(
      '/api/me/notifications',
      { token: story.token },
    );
    const titles = inbox.body.notifications.map((n) => n.title);
    expect(titles.length).toBeGreaterThanOrEqual(2);
    const notifications = (url: URL) => url.pathname === '/api/me/notifications';
    await page.route(notifications, async (route) => {
      const url = new URL(route.request().url());
      url.searchParams.set('limit', '1');
      return route.continue({ url: url.toString() });
    });
    await page.reload();
    const shown = page.getByRole('list', { name: 'Notifications' }).getByRole('listitem');
    await shown.filter({ hasText: titles[0] }).waitFor();
    expect(await shown.filter({ hasText: titles[1] }).count()).toBe(0);
    for (let n = 1; n < titles.length; n++) {
      await page.getByRole('button', { name: 'Load older notifications' }).click();
      await shown.filter({ hasText: titles[n] }).waitFor();
    }
    await page.getByRole('button', { name: 'Load older notifications' }).waitFor({ state: 'detached' });
    expect(await shown.locator('strong').allTextContents()).toEqual(titles);
    await page.unroute(notifications);

    await page.goto('/ruleset-submissions');
    const sentBack = page.getByRole('listitem').filter({ hasText: story.rulesetName });
    await sentBack.getByText('needs improvement', { exact: true }).waitFor();
    await sentBack.getByText('Add an example for each rule.').waitFor();
    await sentBack.getByRole('button', { name: 'Edit and resubmit' }).waitFor();
    // Its page says what validation found with the engine: no tested examples, and (MCP tools among its
    // rules) that it cannot be tried on an API specification.
    await page.goto(`/rulesets/${story.rulesetId}`);
    await page.getByRole('heading', { name: 'Tested examples' }).waitFor();
    await page.getByText('This ruleset carries no tested examples').waitFor();
    await page.getByText(/governs something other than an API specification/).waitFor();
    expect(await page.getByRole('button', { name: 'Evaluate' }).count()).toBe(0);

    await page.getByRole('link', { name: 'Rulesets' }).click();
    await page.getByRole('heading', { level: 1, name: 'Rulesets' }).waitFor();
    await page.getByLabel('Catalog').selectOption('vendor');
    // The community list stays on screen until the vendor page arrives: wait for a vendor entry.
    const vendorEntry = page.locator('.card h2 a[href^="/vendor-rulesets/"]').first();
    await vendorEntry.waitFor();
    await look(page, 'rulesets');
    await vendorEntry.click();
    await page.locator('.markdown').waitFor();
    await page.getByText('vendor', { exact: true }).waitFor();
    await phone(page, 'vendor-ruleset');

    // Try on your API: each radio button sits on the line of its label; an error of one source goes
    // when the user switches to the other.
    await page.goto('/vendor-rulesets/owasp-api-top-ten');
    await page.getByRole('heading', { name: 'Try on your API' }).waitFor();
    for (const label of ['Paste or upload', 'From a repository']) {
      const radio = await page.getByRole('radio', { name: label }).boundingBox();
      const text = await page.getByText(label, { exact: true }).boundingBox();
      expect(Math.abs(radio!.y + radio!.height / 2 - (text!.y + text!.height / 2))).toBeLessThan(4);
    }
    await page.getByRole('radio', { name: 'From a repository' }).check();
    await page.getByRole('button', { name: 'Evaluate' }).click();
    const refused = page.getByRole('region', { name: 'Try on your API' }).getByRole('alert');
    await refused.waitFor();
    await bothOnALaptop(page, 'try-api-error');
    await page.getByRole('radio', { name: 'Paste or upload' }).check();
    expect(await refused.count()).toBe(0);
  });

  it("an API refusal of a field says it with the field's label, beside it and in the summary", async () => {
    const admin = await signedInAdmin('/connections', 'Connections');
    // Spaces pass the browser's minLength; the API trims them and refuses the name in its own words.
    await admin.getByLabel('Connection name').fill('   ');
    await admin.getByLabel('Client id').fill('client-1');
    await admin.getByLabel('Client secret').fill('secret-1');
    await admin.getByLabel('Organization id').fill('org-0001');
    await admin.getByRole('button', { name: 'Create connection' }).click();
    const said = 'Connection name must be at least 2 characters';
    const beside = admin
      .locator('.field.invalid')
      .filter({ hasText: 'Connection name' })
      .locator('.field-error');
    await beside.waitFor();
    expect(await beside.textContent()).toBe(said);
    const summary = admin.getByRole('alert').filter({ hasText: 'Validation failed' });
    expect(await summary.getByRole('listitem').allTextContents()).toEqual([said]);
    // The API's wording, which names the property, is not shown.
    expect(await admin.getByText(/name must be longer than/).count()).toBe(0);
    await admin.context().close();
  });

  it('a reviewer reads what the edit of a ruleset submission sent back changed, field by field', async () => {
    const mine = await world.http.get<{
      submissions: Array<{ id: string; name: string; description: string }>;
    }>('/api/ruleset-submissions', { token: story.token });
    const sentBack = mine.body.submissions.find((s) => s.name === story.rulesetName)!;
    const before = sentBack.description;
    const after = `${before} Each rule now has an example.`;
    const edited = await world.http.patch(
      `/api/ruleset-submissions/${sentBack.id}`,
      { description: after, tags: ['payments', 'rest'], resubmit: true },
      { token: story.token },
    );
    expect(edited.status).toBe(200);
    const admin = await signedInAdmin('/admin/review', 'Review queue');
    const item = admin.getByRole('listitem').filter({ hasText: story.rulesetName });
    const changed = item.getByRole('region', { name: `What the last edit of ${story.rulesetName} changed` });
    const description = changed.getByRole('listitem').filter({ hasText: 'Description' });
    await description.waitFor();
    expect(await description.locator('del').textContent()).toBe(before);
    expect(await description.locator('ins').textContent()).toBe(after);
    const tags = changed.getByRole('listitem').filter({ hasText: 'Tags' });
    expect(await tags.locator('del').textContent()).toBe('none');
    expect(await tags.locator('ins').textContent()).toBe('payments, rest');
    // Only what changed is listed: the name, the repository and the rules stayed.
    expect(await changed.getByRole('listitem').count()).toBe(2);
    await admin.context().close();
  });

  it('the catalog offers the categories that exist, with their counts, and finds what one holds', async () => {
    const search = await world.http.get<{
      facets: { categories: Array<{ category: string; count: number }> };
    }>('/api/search');
    const { category, count } = search.body.facets.categories[0];
    await page.setViewportSize(DESKTOP);
    await page.goto('/');
    await page.getByRole('region', { name: 'Counts' }).waitFor();
    const chosen = page.getByLabel('Category', { exact: true });
    expect(await chosen.locator('option').allTextContents()).toContain(`${category} (${count})`);
    await chosen.selectOption({ label: `${category} (${count})` });
    await page.waitForURL((url) => url.searchParams.get('category') === category);
    await page
      .getByRole('status')
      .getByText(count === 1 ? '1 result' : `${count} results`, { exact: true })
      .waitFor();
    const cards = page.locator('.cards > li');
    await cards.first().waitFor();
    for (const card of await cards.all()) expect(await card.textContent()).toContain(category);
    await page.setViewportSize(STORY_SIZE);
  });

  it('a busy submit keeps the keyboard focus and takes no second submit; the focus stays after the answer', async () => {
    const admin = await signedInAdmin('/tokens', 'Access tokens');
    let posts = 0;
    const tokens = (url: URL) => url.pathname === '/api/tokens';
    await admin.route(tokens, async (route) => {
      if (route.request().method() !== 'POST') return route.continue();
      posts++;
      await new Promise((resolve) => setTimeout(resolve, 1500));
      return route.continue();
    });
    await admin.getByLabel('Name').fill('focus kept');
    await admin.getByRole('button', { name: 'Create token' }).focus();
    await admin.keyboard.press('Enter');
    await admin.getByRole('button', { name: 'Creating…' }).waitFor();
    await focusOn(admin, 'Creating…');
    // Pressed again while it runs: refused, not sent twice.
    await admin.keyboard.press('Enter');
    await admin.getByTestId('new-token').waitFor();
    await focusOn(admin, 'Create token');
    expect(posts).toBe(1);
    await admin.unroute(tokens);
    await admin.context().close();
  });

  const PUBLIC_PAGES = () => ['/', '/rulesets', `/policies/${story.policyId}`, '/signin', '/signup'];
  const SIGNED_IN_PAGES = () => [
    '/profile',
    '/tokens',
    '/webhooks',
    '/audit',
    '/submit',
    '/submit/ruleset',
    '/submissions',
    '/ruleset-submissions',
    `/rulesets/${story.rulesetId}`,
    '/connections',
    '/workspaces',
    `/workspaces/${story.workspaceId}`,
    `/deploy?policyId=${story.policyId}`,
    '/deployments',
    `/deployments/${story.deploymentId}`,
    '/rollouts',
    '/inbox',
  ];

  it('every page fits a 390x844 phone signed in, with a menu instead of eight lines of links', async () => {
    await page.setViewportSize(PHONE);
    await page.goto('/');
    await page.getByRole('heading', { level: 1 }).waitFor();
    const header = await page.locator('header.top').boundingBox();
    expect(header!.height).toBeLessThan(80);
    expect(await page.getByRole('navigation', { name: 'Main' }).isVisible()).toBe(false);
    await page.setViewportSize(STORY_SIZE);
    expect(await navRows(page)).toBe(1);
    await everyPageOnAPhone(page, [...PUBLIC_PAGES(), ...SIGNED_IN_PAGES()], 'in');
  });

  it('signing out ends the session: signed-in pages ask to sign in again', async () => {
    // The catalog shows its owner's unpublished ruleset (sent back for improvement); signed out, it is
    // read again and shows only what everyone sees.
    await page.goto(`/?q=${encodeURIComponent(story.rulesetName)}`);
    const draft = page.getByRole('link', { name: story.rulesetName });
    await draft.waitFor();
    await page.getByRole('button', { name: 'Sign out' }).click();
    await page.getByRole('link', { name: 'Sign in' }).waitFor();
    await page.getByRole('heading', { name: 'Everything, by name' }).waitFor();
    await page.locator('.cards .card').first().waitFor();
    expect(await draft.count()).toBe(0);
    await page.goto('/tokens');
    await page.getByRole('heading', { level: 1, name: 'Sign in required' }).waitFor();
    // Signing in from there comes back to the page asked for, its query too.
    await page.goto(`/deploy?policyId=${story.policyId}`);
    await page.getByRole('heading', { level: 1, name: 'Sign in required' }).waitFor();
    await page.getByRole('main').getByRole('link', { name: 'Sign in' }).click();
    await page.getByLabel('Email').fill(story.email);
    await page.getByLabel('Password').fill('correct horse');
    await page.getByRole('button', { name: 'Sign in' }).click();
    await page.getByRole('heading', { level: 1, name: 'Deploy a policy' }).waitFor();
    expect(new URL(page.url()).search).toBe(`?policyId=${story.policyId}`);
    const policy = page.getByLabel('Policy', { exact: true });
    await policy.locator(`option[value="${story.policyId}"]`).waitFor({ state: 'attached' });
    expect(await policy.inputValue()).toBe(story.policyId);
    await page.getByRole('button', { name: 'Sign out' }).click();
    await page.getByRole('link', { name: 'Sign in' }).waitFor();
  });

  it('every page fits a 390x844 phone signed out', async () => {
    await everyPageOnAPhone(page, [...PUBLIC_PAGES(), '/tokens', '/nowhere'], 'out');
  });

  afterAll(() => {
    expect(web.errors).toEqual([]);
  });
});
