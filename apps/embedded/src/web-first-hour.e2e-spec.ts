import { POLICY_FILES } from '@pc/testing';
import { type Locator, type Page } from 'playwright-core';
import { type Json, RulesetsHarness, type TestUser } from './testing/rulesets-e2e';
import { axeViolations, browserFileHooks, DESKTOP, screenshot, WebBrowser } from './testing/web-browser';

/**
 * A new user's first hour in the web app (headless chromium; gateway and services over NATS): signed
 * out, they search the catalog and read a vendor policy and a community ruleset; they sign up on the
 * way to liking a policy, like, follow and comment on it; they submit a policy from a repository on the
 * source host and find its state; they make a token, seen once; they edit their profile and sign out.
 * Each case walks several steps and checks what such a user would stumble on: where a page leads, what
 * an empty result says to do, where the keyboard's focus goes, and errors in the form's own words. The
 * cases run in order: the second signs the new user up, the third signs them in. The pages' own rules
 * are tested in web.e2e-spec.ts.
 */
describe("a new user's first hour in the web app", () => {
  jest.setTimeout(120_000);
  const h = new RulesetsHarness();
  const web = new WebBrowser();
  /** Someone who was here first: their policy and ruleset are in the catalog. */
  let author: TestUser;
  const policy = { id: '', name: '' };
  const ruleset = { id: '', name: '' };
  /** The new user's repository on the source host. */
  let repository: string;
  const newUser = { name: 'Nia Newcomer', email: `nia-${Date.now()}@example.com`, password: 'first hour 1' };

  beforeAll(async () => {
    web.build('web-first-hour-');
    await h.start({ env: { WEB_DIR: web.webDir } });
    author = await h.newUser();
    ruleset.id = (await h.published(author.token)).rulesetId;
    ruleset.name = (await h.http.get<Json>(`/api/rulesets/${ruleset.id}`)).body.ruleset.name;
    const source = await h.control.createRepository({
      owner: 'community',
      name: `scope-guard-${h.next()}`,
      files: POLICY_FILES,
    });
    policy.name = `Scope Guard ${h.next()}`;
    const submitted = await h.http.post<Json>(
      '/api/submissions',
      {
        name: policy.name,
        description: 'Rejects requests whose OAuth token lacks the scopes an operation needs.',
        sourceHostUrl: source.webUrl,
      },
      { token: author.token },
    );
    expect(submitted.status).toBe(201);
    const approved = await h.http.post<Json>(
      `/api/admin/submissions/${submitted.body.submission.id}/approve`,
      {},
      { cookie: h.admin },
    );
    expect(approved.status).toBe(200);
    policy.id = approved.body.submission.policyId;
    repository = (
      await h.control.createRepository({ owner: 'nia', name: `rate-check-${h.next()}`, files: POLICY_FILES })
    ).webUrl;
    await web.launch();
  }, 120_000);

  browserFileHooks(web, h);

  /** A fresh browser (no session) at a laptop's size. */
  async function visitor(): Promise<Page> {
    const context = await web.browser.newContext({ baseURL: h.system.url!, viewport: DESKTOP });
    // A step that does not come fails the case in seconds, not in half a minute.
    context.setDefaultTimeout(10_000);
    return web.newPage(context);
  }

  /** The new user signed in through the form, on the catalog. */
  async function signedIn(): Promise<Page> {
    const page = await visitor();
    await page.goto('/signin');
    await page.getByLabel('Email').fill(newUser.email);
    await page.getByLabel('Password').fill(newUser.password);
    await page.getByRole('button', { name: 'Sign in' }).click();
    await page.getByRole('link', { name: newUser.name }).waitFor();
    return page;
  }

  /** What has the keyboard's focus: its tag, and its label's text or its own. */
  const focused = (page: Page): Promise<string> =>
    page.evaluate<string>(
      `(() => { const e = document.activeElement; if (!e || e === document.body) return 'nothing';
        const name = (e.labels && e.labels[0] ? e.labels[0].textContent : e.textContent) || '';
        return e.tagName.toLowerCase() + ': ' + name.trim(); })()`,
    );

  /** What describes a control to a screen reader (the texts its aria-describedby names), or null. */
  const description = (control: Locator): Promise<string | null> =>
    control.evaluate((e) => {
      const ids: string | null = e.getAttribute('aria-describedby');
      return ids
        ? ids
            .split(' ')
            .map((id) => e.ownerDocument.getElementById(id)?.textContent ?? '')
            .join(' ')
        : null;
    });

  /** No serious accessibility violation on the page as it is now. */
  async function look(page: Page, name: string): Promise<void> {
    await screenshot(page, `first-hour-${name}`);
    expect({ page: name, violations: await axeViolations(page) }).toEqual({ page: name, violations: [] });
  }

  it('a visitor searches the catalog, is told what to do when nothing matches, and reads a vendor policy and a community ruleset', async () => {
    const page = await visitor();
    await page.goto('/');
    await page.getByRole('heading', { level: 1, name: 'Policies and rulesets' }).waitFor();
    // A search that finds nothing says what was searched and offers the way back to everything.
    const search = page.getByRole('searchbox', { name: 'Search' });
    await search.fill('zebra crossing');
    const none = page.getByRole('main').getByText('Nothing matches “zebra crossing”.');
    await none.waitFor();
    await look(page, 'search-nothing');
    await page.getByRole('button', { name: 'Clear the search and filters' }).click();
    expect(await search.inputValue()).toBe('');
    expect(await focused(page)).toBe('input: Search');
    await page.getByRole('heading', { name: 'Everything, by name' }).waitFor();
    // A search that finds the vendor's policy, and its page.
    await search.fill('rate limiting');
    await page.getByRole('link', { name: 'Rate Limiting', exact: true }).click();
    await page.getByRole('heading', { level: 1, name: 'Rate Limiting' }).waitFor();
    await page.getByRole('heading', { name: 'Configuration' }).waitFor();
    // The navigation says where the page belongs, as on a community policy's page.
    const nav = page.getByRole('navigation', { name: 'Main' });
    expect(await nav.getByRole('link', { name: 'Policies' }).getAttribute('aria-current')).toBe('page');
    // The rulesets, and the community's ruleset.
    await nav.getByRole('link', { name: 'Rulesets' }).click();
    await page.getByRole('heading', { level: 1, name: 'Rulesets' }).waitFor();
    // The rulesets' page counts rulesets (the policies are not what it lists).
    const counts = page.getByRole('region', { name: 'Counts' }).locator('.meta');
    await counts.waitFor();
    expect(await counts.textContent()).toMatch(/^\d+ rulesets · 1 community · \d+ vendor$/);
    await page.getByRole('link', { name: ruleset.name, exact: true }).click();
    await page.getByRole('heading', { level: 1, name: ruleset.name }).waitFor();
    await page.getByRole('tab', { name: 'Rule names' }).waitFor();
    // And the vendor's ruleset, in the same section.
    await nav.getByRole('link', { name: 'Rulesets' }).click();
    await page.getByRole('link', { name: 'API Documentation Basics', exact: true }).click();
    await page.getByRole('heading', { level: 1, name: 'API Documentation Basics' }).waitFor();
    expect(await nav.getByRole('link', { name: 'Rulesets' }).getAttribute('aria-current')).toBe('page');
    await page.context().close();
  });

  it('a visitor signs up on the way to liking a policy, comes back to it, and likes, follows and comments on it', async () => {
    const page = await visitor();
    await page.goto(`/policies/${policy.id}`);
    await page.getByRole('heading', { level: 1, name: policy.name }).waitFor();
    // The header's way in comes back here too.
    expect(await page.getByRole('banner').getByRole('link', { name: 'Sign up' }).getAttribute('href')).toBe(
      `/signup?next=${encodeURIComponent(`/policies/${policy.id}`)}`,
    );
    // Liking asks to sign in first; a new user has no account, and signs up from the sign-in page.
    await page.locator('#like-hint').getByRole('link', { name: 'Sign in' }).click();
    await page.getByRole('heading', { level: 1, name: 'Sign in' }).waitFor();
    await page.getByRole('main').getByRole('link', { name: 'Sign up' }).click();
    await page.getByRole('heading', { level: 1, name: 'Create an account' }).waitFor();
    await page.getByLabel('Name').fill(newUser.name);
    await page.getByLabel('Email').fill(newUser.email);
    await page.getByLabel('Password').fill(newUser.password);
    await page.getByRole('button', { name: 'Create account' }).click();
    // Back on the policy they came from, signed in.
    await page.getByRole('link', { name: newUser.name }).waitFor();
    await page.getByRole('heading', { level: 1, name: policy.name }).waitFor();
    // The browser's Back leads to the sign-up page: it says they are signed in, not a form for another account.
    await page.goBack();
    await page.getByRole('heading', { level: 1, name: 'You are signed in' }).waitFor();
    await page.getByText(`You are signed in as ${newUser.name}.`).waitFor();
    expect(await page.getByRole('button', { name: 'Create account' }).count()).toBe(0);
    await page.getByRole('main').getByRole('link', { name: 'Continue' }).click();
    await page.getByRole('heading', { level: 1, name: policy.name }).waitFor();
    // The button is named by its words and count (the heart is drawn, not read out).
    await page.getByRole('button', { name: 'Like (0)', exact: true }).click();
    await page.getByRole('button', { name: 'Liked (1)', exact: true }).waitFor();
    await page.getByRole('button', { name: 'Follow' }).click();
    await page.getByRole('button', { name: 'Following' }).waitFor();
    // What following brings: the hint leads to the webhooks, whose event says it carries what one follows.
    await page.getByText('Its new versions reach your').getByRole('link', { name: 'webhooks' }).click();
    await page.getByRole('checkbox', { name: /^version\.published \(.*follow/ }).waitFor();
    await page.goBack();
    await page.getByRole('button', { name: 'Following' }).waitFor();
    await page.getByRole('tab', { name: 'Comments' }).click();
    // Post waits for something to post, and says so beside it; blanks are not something.
    const post = page.getByRole('button', { name: 'Post' });
    expect(await post.isDisabled()).toBe(true);
    expect(await description(post)).toBe('Write a comment to post it.');
    await page.getByLabel('Add a comment').fill('   ');
    expect(await post.isDisabled()).toBe(true);
    await page.getByLabel('Add a comment').fill('Does it read the scopes of a JWT too?');
    expect(await post.isDisabled()).toBe(false);
    expect(await description(post)).toBeNull();
    await post.click();
    await page.getByText('Does it read the scopes of a JWT too?').waitFor();
    await page.context().close();
  });

  it('the new user submits a policy and finds its state, makes a token seen once, edits the profile and signs out', async () => {
    const page = await signedIn();
    // A submission from the repository, and where it stands.
    await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Submit' }).click();
    await page.getByLabel('Repository URL').fill(repository);
    await page.getByRole('button', { name: 'Validate repository' }).click();
    await page.getByRole('heading', { name: /The repository is valid/ }).waitFor();
    await page.getByLabel('Name', { exact: true }).fill('Nia Rate Check');
    await page.getByLabel('Description').fill('Checks that every client stays within its request rate.');
    await page.getByRole('button', { name: 'Submit for review' }).click();
    await page.getByRole('heading', { level: 1, name: 'My submissions' }).waitFor();
    const card = page.getByRole('listitem').filter({ hasText: 'Nia Rate Check' });
    // Its status in the words its page says it in (the API's `under_review`), said once: the line goes
    // on with when it was sent.
    await card.getByText('under review', { exact: true }).waitFor();
    expect(await card.locator('.meta').textContent()).toMatch(/^under review · sent \S/);
    await card.getByRole('link', { name: 'Nia Rate Check' }).click();
    await page.getByRole('heading', { level: 1, name: 'Nia Rate Check' }).waitFor();
    await page.getByText('under review', { exact: true }).waitFor();
    // Not published yet, so no one comments on it: its comments say so instead of offering nothing.
    await page.getByRole('tab', { name: 'Comments' }).click();
    await page.getByText('Comments open once the policy is published.').waitFor();
    expect(await page.getByRole('button', { name: 'Post' }).count()).toBe(0);
    // Nothing deployed yet: the page says so, and offers to deploy; nothing reads as an error.
    await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Deployments' }).click();
    await page.getByText('No deployments yet.').waitFor();
    await page.getByRole('link', { name: 'Deploy a policy or ruleset' }).waitFor();
    expect(await page.getByRole('button', { name: /failed/ }).count()).toBe(0);

    // A token: shown once; put away with the keyboard, the focus goes on to the form.
    await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Tokens' }).click();
    await page.getByLabel('Name').fill('laptop');
    await page.getByLabel('Name').press('Enter');
    const secret = page.getByTestId('new-token');
    expect(await secret.textContent()).toMatch(/^pcat_/);
    await page.getByRole('button', { name: 'Done' }).focus();
    await page.keyboard.press('Enter');
    expect(await secret.count()).toBe(0);
    expect(await focused(page)).toBe('input: Name');
    await page.reload();
    await page.getByRole('cell', { name: 'laptop', exact: true }).waitFor();
    expect(await secret.count()).toBe(0);

    // The profile: a refusal is said beside each field once, in the field's label (never the API's name
    // of it), the focus on the first, what was typed kept.
    await page.getByRole('link', { name: newUser.name }).click();
    await page.getByRole('heading', { level: 1, name: 'Your profile' }).waitFor();
    const linkedin = page.getByLabel('LinkedIn profile', { exact: true });
    await page.getByLabel('X profile', { exact: true }).waitFor();
    await page.getByLabel('Username').fill('Nia!');
    await linkedin.fill('https://example.com/in/nia');
    await page.getByLabel('Bio', { exact: true }).fill('I write gateway policies.');
    await page.getByLabel('Company').fill('Acme');
    await page.getByRole('button', { name: 'Save profile' }).click();
    const refused = page.getByRole('alert');
    await refused.getByText('Correct the 2 fields marked above.', { exact: true }).waitFor();
    expect(await focused(page)).toBe('input: Username');
    expect(await page.locator('.field.invalid .field-error').allTextContents()).toEqual([
      expect.stringMatching(/^Username must be /),
      'LinkedIn profile must be an https URL on linkedin.com',
    ]);
    expect(await page.getByText(/^Username must be /).count()).toBe(1);
    expect(await page.getByRole('main').textContent()).not.toMatch(/linkedinUrl|xUrl/);
    expect(await page.getByLabel('Bio', { exact: true }).inputValue()).toBe('I write gateway policies.');
    await look(page, 'profile-refused');
    await page.getByLabel('Username').fill(`nia${Date.now().toString(36)}`);
    await linkedin.fill('https://www.linkedin.com/in/nia');
    await page.getByRole('button', { name: 'Save profile' }).click();
    await page.getByRole('status').getByText('Saved.').waitFor();
    expect(await refused.count()).toBe(0);
    // A change after saving is not saved yet: "Saved." goes until it is.
    await page.getByLabel('Company').fill('Acme Gateways');
    expect(await page.getByText('Saved.').count()).toBe(0);
    await page.getByRole('button', { name: 'Save profile' }).click();
    await page.getByRole('status').getByText('Saved.').waitFor();

    await page.getByRole('button', { name: 'Sign out' }).click();
    await page.getByRole('heading', { level: 1, name: 'Policies and rulesets' }).waitFor();
    await page.getByRole('link', { name: 'Sign up' }).waitFor();
    await page.context().close();
  });
});
