import { OAS3, OPERATION_IDS } from '@pc/testing';
import { type BrowserContext, type Page } from 'playwright-core';
import { type Json, RulesetsHarness, type TestUser } from './testing/rulesets-e2e';
import {
  axeViolations,
  browserFileHooks,
  DESKTOP,
  PHONE,
  screenshot,
  sideways,
  WebBrowser,
} from './testing/web-browser';

/**
 * The governance pages of the web app in a browser (headless chromium; gateway and services over NATS,
 * the real engine): a workspace's dashboard and an API's page, set up through the API (a profile, two
 * APIs, documents pushed, evaluations) and checked for what a person sees, at a laptop's and a phone's
 * size, with axe and the keyboard; an admin waives a finding on the page; a member is not offered what
 * only admins may do; a stranger reads "not found"; waivers past the first page show with "Load more
 * waivers". The API's rules are tested in governance.e2e-spec.ts.
 */
/** The guide's pictures, written to docs/images with `PC_WEB_SCREENSHOTS=1`. */
const GUIDE_SHOTS: Record<string, string> = {
  'governance-dashboard': 'governance-dashboard.png',
  'governance-api': 'governance-api.png',
};

/** OAS3's POST now has an operationId, but a new DELETE at line 20 has none: one fixed, one new. */
const OAS3_NEXT = `${OAS3.replace('    post:\n', '    post:\n      operationId: addPet\n')}  /pets/{id}:
    delete:
      responses:
        '204':
          description: Deleted.
`;
/** Every operation has an operationId: it conforms. */
const ORDERS = `openapi: 3.0.0
info:
  title: Orders
  version: 1.0.0
paths:
  /orders:
    get:
      operationId: listOrders
      responses:
        '200':
          description: The orders.
`;

describe("the governance pages in a browser: a workspace's dashboard and an API's page", () => {
  jest.setTimeout(240_000);
  const h = new RulesetsHarness();
  const web = new WebBrowser();
  let owner: TestUser;
  let member: TestUser;
  let stranger: TestUser;
  let workspaceId: string;
  const workspaceName = `Platform ${Date.now().toString(36)}`;
  let petsId: string;
  let ordersId: string;

  const post = async (url: string, body: Json, token: string, status = 201): Promise<Json> => {
    const res = await h.http.post<Json>(url, body, { token });
    expect({ url, status: res.status, body: res.status === status ? undefined : res.body }).toEqual({
      url,
      status,
      body: undefined,
    });
    return res.body;
  };

  /** An API of the workspace tagged `public`, registered by the member with its first `document`. */
  const publicApi = async (name: string, document: { content: string; filename: string }): Promise<string> =>
    (
      await post(
        `/api/workspaces/${workspaceId}/governed-apis`,
        { name, tags: ['public'], document },
        member.token,
      )
    ).api.id;

  beforeAll(async () => {
    web.build('web-governance-');
    await h.start({ env: { WEB_DIR: web.webDir } });
    [owner, member, stranger] = [await h.newUser(), await h.newUser(), await h.newUser()];
    workspaceId = (await post('/api/workspaces', { name: workspaceName }, owner.token)).workspace.id;
    await post(
      `/api/workspaces/${workspaceId}/members`,
      { username: member.username, role: 'member' },
      owner.token,
      200,
    );
    const { rulesetId } = await h.published(owner.token, {
      repoUrl: await h.newRepo({ 'ruleset.yaml': OPERATION_IDS }),
    });
    await post(
      `/api/workspaces/${workspaceId}/governance-profiles`,
      { name: 'Public APIs', rulesets: [{ rulesetId }], matchTags: ['public'] },
      owner.token,
    );
    // Two APIs: Orders conforms; Pets is evaluated twice (a document pushed in between): at risk.
    ordersId = await publicApi('Orders API', { content: ORDERS, filename: 'orders.yaml' });
    petsId = await publicApi('Pets API', { content: OAS3, filename: 'pets.yaml' });
    await post(`/api/governed-apis/${ordersId}/evaluations`, { trigger: 'ci' }, member.token);
    await post(`/api/governed-apis/${petsId}/evaluations`, { trigger: 'ci' }, member.token);
    await post(
      `/api/governed-apis/${petsId}/documents`,
      { content: OAS3_NEXT, filename: 'pets.yaml', commit: 'a1b2c3d4e5f6' },
      member.token,
    );
    await post(`/api/governed-apis/${petsId}/evaluations`, { trigger: 'ci' }, member.token);

    await web.launch();
  }, 240_000);

  browserFileHooks(web, h);

  /** A browser page signed in as `user` (their session cookie), at the laptop's size. */
  async function signedIn(user: TestUser): Promise<{ context: BrowserContext; page: Page }> {
    const context = await web.browser.newContext({ baseURL: h.system.url!, viewport: DESKTOP });
    const [name, value] = user.cookie.split(/=(.*)/s);
    await context.addCookies([{ name, value, url: h.system.url! }]);
    return { context, page: await web.newPage(context) };
  }

  /** The page at the laptop's and the phone's size: no axe violation, nothing scrolls sideways on the phone. */
  async function both(p: Page, name: string): Promise<void> {
    await screenshot(p, name, { docsImage: GUIDE_SHOTS[name] });
    expect({ page: name, violations: await axeViolations(p) }).toEqual({ page: name, violations: [] });
    await p.setViewportSize(PHONE);
    try {
      expect({ page: name, sideways: await sideways(p) }).toEqual({ page: name, sideways: 0 });
      await screenshot(p, `${name}-phone`);
      expect({ page: `${name}-phone`, violations: await axeViolations(p) }).toEqual({
        page: `${name}-phone`,
        violations: [],
      });
    } finally {
      await p.setViewportSize(DESKTOP);
    }
  }

  /** Presses Tab until the focus is on an element `selector` (CSS) matches, at most `limit` times. */
  async function tabTo(p: Page, selector: string, limit = 80): Promise<void> {
    await p.locator(selector).first().waitFor();
    for (let i = 0; i < limit; i++) {
      await p.keyboard.press('Tab');
      if (await p.evaluate<boolean>(`document.activeElement?.matches(${JSON.stringify(selector)}) ?? false`))
        return;
    }
    throw new Error(`${selector} is not reached by ${limit} presses of Tab`);
  }

  /** The text of each row of the table captioned `caption`, cells joined by " | ". */
  const rows = async (p: Page, caption: string): Promise<string[]> => {
    const body = p.getByRole('region', { name: caption }).locator('tbody tr');
    await body.first().waitFor();
    return body.evaluateAll((trs) =>
      trs.map((tr) =>
        Array.from(tr.querySelectorAll('td'))
          .map((td) => (td as HTMLElement).innerText.replace(/\s+/g, ' ').trim())
          .join(' | '),
      ),
    );
  };

  it("the dashboard lists the workspace's APIs at-risk first with conformance, trend and lines; the keyboard reaches each API", async () => {
    const { context, page } = await signedIn(owner);
    await page.goto(`/workspaces/${workspaceId}`);
    await page.getByRole('link', { name: 'API governance' }).click();
    await page.getByRole('heading', { level: 1, name: `${workspaceName}: governance` }).waitFor();
    await page
      .getByTestId('governance-totals')
      .filter({ hasText: '2 APIs governed, 2 evaluated, 1 at risk (below 70%).' })
      .waitFor();
    const apis = await rows(page, `APIs of ${workspaceName}, at-risk first`);
    expect(apis).toEqual([
      expect.stringMatching(
        /^Pets API public \| 0% at risk \| no change \| From 0% to 0% over 2 evaluations\. \| /,
      ),
      expect.stringMatching(
        /^Orders API public \| 100% conforms \| no trend yet \| 100% at its one evaluation\. \| /,
      ),
    ]);
    // A line per API and one for the workspace, drawn (canvases with pixels), each said in a sentence. The
    // workspace's is its trend (all its APIs, one point per day): every evaluation was today, so one point.
    expect(await page.locator('.conformance-chart.spark canvas').count()).toBe(2);
    expect(await page.locator('.conformance-chart:not(.spark) canvas').count()).toBe(1);
    const today = new Date().toISOString().slice(0, 10);
    expect(await page.getByTestId('workspace-trend-summary').innerText()).toBe(
      "The mean of the latest conformance of all the workspace's APIs, each day of the last 90 days. " +
        `50% on ${today}: 2 APIs evaluated, 1 at risk.`,
    );
    // The owner sets the threshold and writes profiles; the profile names its ruleset and what it matches.
    expect(await page.getByLabel('Threshold (%)').inputValue()).toBe('70');
    const profiles = await rows(page, 'Governance profiles');
    expect(profiles).toEqual([
      expect.stringMatching(
        /^Public APIs \| Payments Rules \d+ \(follows its latest\) \| tags public \| Delete/,
      ),
    ]);
    await page.getByRole('button', { name: 'Register API' }).waitFor();
    await both(page, 'governance-dashboard');

    // Keyboard: from the heading, Tab reaches the at-risk API's link and Enter opens its page.
    await page.getByRole('heading', { level: 1 }).focus();
    await tabTo(page, `a[href="/governed-apis/${petsId}"]`);
    await page.keyboard.press('Enter');
    await page.getByRole('heading', { level: 1, name: 'Pets API' }).waitFor();
    await context.close();
  });

  it('a new profile gets the ruleset its form shows, after a search replaced the one picked before', async () => {
    const { context, page } = await signedIn(owner);
    // The first choices hold another ruleset (standing in here); the owner picks it, then searches.
    const choices = (url: URL) => url.pathname === '/api/rulesets' && !url.searchParams.has('q');
    await page.route(choices, async (route) => {
      const real = await route.fetch();
      const body = (await real.json()) as { rulesets: Array<Record<string, unknown>> };
      const other = {
        ...body.rulesets[0],
        id: '00000000-0000-4000-8000-0000000a11ce',
        name: 'Retired Rules',
      };
      return route.fulfill({ json: { ...body, rulesets: [...body.rulesets, other] } });
    });
    await page.goto(`/workspaces/${workspaceId}/governance`);
    await page.getByLabel('Profile name').fill('Staging APIs');
    const ruleset = page.getByLabel('Ruleset', { exact: true });
    await ruleset.locator('option', { hasText: 'Retired Rules' }).waitFor({ state: 'attached' });
    await ruleset.selectOption({ label: 'Retired Rules' });
    await page.getByLabel('Find a ruleset').fill('Payments');
    await ruleset.locator('option', { hasText: 'Retired Rules' }).waitFor({ state: 'detached' });
    const shown = (await ruleset.locator('option:checked').textContent())!;
    expect(shown).toMatch(/^Payments Rules \d+$/);
    await page.getByLabel('Applies to tags').fill('staging');
    await page.getByRole('button', { name: 'Create profile' }).click();
    const profiles = page.getByRole('region', { name: 'Governance profiles' });
    await profiles.getByRole('row').filter({ hasText: 'Staging APIs' }).waitFor();
    expect(await rows(page, 'Governance profiles')).toEqual([
      expect.stringMatching(/^Public APIs \| /),
      expect.stringContaining(`Staging APIs | ${shown} (follows its latest) | tags staging | `),
    ]);
    await page.unroute(choices);
    await context.close();
  });

  it("the API's page shows its history, findings, the diff of two evaluations; an admin waives a finding and the API conforms", async () => {
    const { context, page } = await signedIn(owner);
    await page.goto(`/governed-apis/${petsId}`);
    await page.getByRole('heading', { level: 1, name: 'Pets API' }).waitFor();
    await page.getByTestId('api-conformance').filter({ hasText: '0% (no change) at risk' }).waitFor();
    await page.getByText('documents pushed (2 kept)').waitFor();
    const history = await rows(page, 'Evaluations, newest first');
    expect(history).toEqual([
      expect.stringMatching(
        /\| 0% \(0\/1 rules\) \| from CI, Rs \d+ \| commit a1b2c3d4e5f6 \| Payments Rules \d+ \S+ \(latest\) \| 1 violation, 0 warnings, 0 info \| Shown below$/,
      ),
      expect.stringMatching(
        /\| 0% \(0\/1 rules\) \| from CI, Rs \d+ \| digest [0-9a-f]{12} \| .* \| 1 violation, 0 warnings, 0 info \| Findings of /,
      ),
    ]);
    // The latest evaluation's finding: the DELETE without operationId, with its place in the document.
    const findings = page.getByRole('region', { name: /^Findings of/ });
    await findings.getByText('operation-id-required', { exact: true }).waitFor();
    await findings.getByText('#/paths/~1pets~1%7Bid%7D/delete', { exact: true }).waitFor();
    // With the lines of the document it read around it, its own line marked.
    const deleteLine = `19  ${OAS3_NEXT.split('\n')[18]}\n`;
    expect(deleteLine).toBe('19      delete:\n');
    const snippet = findings.getByRole('figure', {
      name: "pets.yaml, lines 17 to 21; line 19 is the finding's",
    });
    expect(await snippet.locator('mark').textContent()).toBe(deleteLine);
    // The diff: the POST's finding fixed (its lines from the earlier document), the DELETE's new.
    const fixed = page.getByRole('region', { name: 'Compare two evaluations' });
    await fixed
      .getByRole('figure', { name: "pets.yaml, lines 11 to 15; line 13 is the finding's" })
      .waitFor();
    expect(
      await fixed
        .getByRole('figure', { name: "pets.yaml, lines 11 to 15; line 13 is the finding's" })
        .locator('mark')
        .textContent(),
    ).toBe('13      post:\n');
    await page
      .getByTestId('diff-summary')
      .filter({ hasText: ': 1 new, 1 fixed, 0 waived, 0 unchanged.' })
      .waitFor();

    // Waive the new finding from its row: the form is filled in and the keyboard lands on it.
    await findings.getByRole('button', { name: /^Waive operation-id-required/ }).click();
    expect(await page.getByLabel('Rule').inputValue()).toBe('operation-id-required');
    expect(await page.getByLabel('Location').inputValue()).toBe('#/paths/~1pets~1%7Bid%7D/delete');
    await page.getByLabel('Reason').fill('Deletes go through the legacy gateway until next quarter.');
    await page.getByRole('button', { name: 'Add waiver' }).click();
    await page.getByTestId('api-conformance').filter({ hasText: '100% (up 100 points) conforms' }).waitFor();
    const waivers = await rows(page, 'Waivers');
    expect(waivers).toEqual([
      expect.stringMatching(
        /^operation-id-required \| #\/paths\/~1pets~1%7Bid%7D\/delete \| Deletes go through the legacy gateway until next quarter\. \| .+ \| Remove/,
      ),
    ]);
    await findings.getByText('waived', { exact: true }).waitFor();
    await page
      .getByTestId('diff-summary')
      .filter({ hasText: ': 1 new, 1 fixed, 1 waived, 0 unchanged.' })
      .waitFor();
    await both(page, 'governance-api');

    // Keyboard: Tab reaches "Findings" of the older evaluation; Enter shows its finding (the POST's).
    await page.getByRole('heading', { level: 1 }).focus();
    await tabTo(page, 'section[aria-labelledby="history-title"] tbody button');
    await page.keyboard.press('Enter');
    await findings.getByText('#/paths/~1pets/post', { exact: true }).waitFor();
    await context.close();
  });

  it('the waivers are read a page at a time: "Load more waivers" shows the ones after the first page', async () => {
    // Three waivers of Orders (they cover nothing of it), expiring in 3, 2 and 1 days: latest first.
    for (const days of [1, 2, 3])
      await post(
        `/api/governed-apis/${ordersId}/waivers`,
        {
          rule: 'operation-id-required',
          location: `#/paths/~1legacy${days}`,
          reason: `Legacy route ${days} until it goes.`,
          expiresAt: new Date(Date.now() + days * 86_400_000).toISOString(),
        },
        owner.token,
      );
    const { context, page } = await signedIn(owner);
    // Pages of two, asked of the real API (its cursor and its order), whatever page size the app asks for.
    const listed = (url: URL) => url.pathname === `/api/governed-apis/${ordersId}/waivers`;
    await page.route(listed, (route) => {
      const url = new URL(route.request().url());
      if (route.request().method() === 'GET') url.searchParams.set('limit', '2');
      return route.continue({ url: url.toString() });
    });
    await page.goto(`/governed-apis/${ordersId}`);
    await page.getByRole('heading', { level: 1, name: 'Orders API' }).waitFor();
    const reasons = async (): Promise<string[]> =>
      (await rows(page, 'Waivers')).map((r) => r.split(' | ')[2]);
    expect(await reasons()).toEqual(['Legacy route 3 until it goes.', 'Legacy route 2 until it goes.']);
    await page.getByRole('button', { name: 'Load more waivers' }).click();
    await page.getByRole('cell', { name: 'Legacy route 1 until it goes.' }).waitFor();
    expect(await reasons()).toEqual([
      'Legacy route 3 until it goes.',
      'Legacy route 2 until it goes.',
      'Legacy route 1 until it goes.',
    ]);
    // The last page read: nothing more is offered.
    expect(await page.getByRole('button', { name: 'Load more waivers' }).count()).toBe(0);
    await page.unroute(listed);
    await context.close();
  });

  it('a member evaluates and registers but is offered no waiver, threshold or profile change; a stranger reads "not found"', async () => {
    const { context, page } = await signedIn(member);
    await page.goto(`/governed-apis/${petsId}`);
    await page.getByRole('heading', { level: 1, name: 'Pets API' }).waitFor();
    await page.getByRole('button', { name: 'Evaluate now' }).click();
    await page.getByRole('region', { name: 'Evaluations, newest first' }).getByText('by hand,').waitFor();
    expect(await rows(page, 'Evaluations, newest first')).toHaveLength(3);
    expect(await page.getByRole('button', { name: /^Waive/ }).count()).toBe(0);
    expect(await page.getByRole('button', { name: 'Add waiver' }).count()).toBe(0);
    expect(await page.getByRole('button', { name: /^Remove/ }).count()).toBe(0);
    await page.goto(`/workspaces/${workspaceId}/governance`);
    await page.getByRole('button', { name: 'Register API' }).waitFor();
    await page
      .getByText("An API below 70% conformance is at risk. The workspace's owner and admins set it.")
      .waitFor();
    expect(await page.getByLabel('Threshold (%)').count()).toBe(0);
    expect(await page.getByRole('button', { name: /^Delete/ }).count()).toBe(0);
    expect(await page.getByRole('button', { name: 'Create profile' }).count()).toBe(0);
    // Registering from the page opens the new API's page.
    await page.getByLabel('API name').fill('Invoices API');
    await page.getByLabel('Tags').fill('public, billing');
    await page.getByLabel('Specification (JSON or YAML)').fill(ORDERS.replace(/Orders|orders/g, 'Invoices'));
    await page.getByRole('button', { name: 'Register API' }).click();
    await page.getByRole('heading', { level: 1, name: 'Invoices API' }).waitFor();
    await page.getByText('Not evaluated yet').waitFor();
    await context.close();

    const outsider = await signedIn(stranger);
    await outsider.page.goto(`/governed-apis/${petsId}`);
    await outsider.page.getByRole('alert').getByText('This API was not found').waitFor();
    await outsider.page.goto(`/workspaces/${workspaceId}/governance`);
    await outsider.page.getByRole('alert').getByText('This workspace was not found').waitFor();
    expect(await outsider.page.getByText('Pets API').count()).toBe(0);
    await outsider.context.close();
  });
});
