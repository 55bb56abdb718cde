import { POLICY_FILES } from '@pc/testing';
import { Client } from 'pg';
import { type BrowserContext, type Locator, type Page } from 'playwright-core';
import { type Json, PROFILE, RulesetsHarness, type TestUser } from './testing/rulesets-e2e';
import { axeViolations, browserFileHooks, DESKTOP, PHONE, sideways, WebBrowser } from './testing/web-browser';

/**
 * The administrators' review queue in a browser (headless chromium; gateway and services over NATS): a
 * policy submission, a ruleset submission and an idea wait, made through the API. Each submission's card
 * says who submitted it and what validation found, the same way for both kinds; a long description is
 * cut to a few lines with "Show more"; every decision control is named by its item, and a decision is
 * made with the keyboard alone, the focus kept in the card. The decisions themselves are tested in
 * web.e2e-spec.ts and the API's rules in catalog-submissions.e2e-spec.ts and rulesets.e2e-spec.ts.
 */

/** The profile without its description: validation passes with a warning. */
const PROFILE_WITHOUT_DESCRIPTION = PROFILE.replace('description: What every payments API must do.\n', '');

/** A description of about 3,000 characters: many lines on any screen. */
const LONG_DESCRIPTION = Array.from(
  { length: 40 },
  (_, i) => `Paragraph ${i + 1} says what the checks cover and why each matters to a reviewer.`,
).join(' ');

describe('the review queue in a browser: who submitted what, what validation found, by keyboard', () => {
  jest.setTimeout(240_000);
  const h = new RulesetsHarness();
  const web = new WebBrowser();
  let submitter: TestUser;
  const policy = { name: '', commit: '' };
  const ruleset = { id: '', name: '', commit: '', warnings: [] as string[] };
  let ideaTitle: string;

  beforeAll(async () => {
    web.build('web-review-');
    await h.start({ env: { WEB_DIR: web.webDir } });
    submitter = await h.newUser();
    const { webUrl } = await h.control.createRepository({
      owner: 'community',
      name: `policy-${h.next()}`,
      files: POLICY_FILES,
    });
    policy.name = `Scope Guard ${h.next()}`;
    const submitted = await h.http.post<Json>(
      '/api/submissions',
      { name: policy.name, description: LONG_DESCRIPTION, sourceHostUrl: webUrl },
      { token: submitter.token },
    );
    expect(submitted.status).toBe(201);
    policy.commit = submitted.body.submission.sourceCommit;
    ruleset.name = `Payments Rules ${h.next()}`;
    const created = await h.submit(submitter.token, {
      name: ruleset.name,
      description: LONG_DESCRIPTION,
      repoUrl: await h.newRepo({ 'ruleset.yaml': PROFILE_WITHOUT_DESCRIPTION }),
    });
    ruleset.id = created.submission.ruleset_id;
    ruleset.commit = created.submission.source_commit;
    ruleset.warnings = created.warnings;
    expect(ruleset.warnings).toContainEqual(expect.stringContaining('description is missing'));
    ideaTitle = (await h.newIdea(submitter.id, false)).title;
    await web.launch();
  }, 240_000);

  browserFileHooks(web, h);

  /** The administrator's review queue, at the laptop's size, once its cards show. */
  async function reviewQueue(): Promise<{ context: BrowserContext; page: Page }> {
    const context = await web.browser.newContext({ baseURL: h.system.url!, viewport: DESKTOP });
    const [name, value] = h.admin.split(/=(.*)/s);
    await context.addCookies([{ name, value, url: h.system.url! }]);
    const page = await web.newPage(context);
    await page.goto('/admin/review');
    await page.getByRole('heading', { level: 1, name: 'Review queue' }).waitFor();
    return { context, page };
  }

  /** The card of the item titled `title`. */
  const card = (page: Page, title: string): Locator =>
    page.locator('.cards > li').filter({ has: page.getByRole('heading', { level: 3, name: title }) });

  const isFocused = (l: Locator): Promise<boolean> => l.evaluate((e) => e === e.ownerDocument.activeElement);

  /** Presses Tab until `target` has the focus, at most `limit` times. */
  async function tabTo(page: Page, target: Locator, limit = 120): Promise<void> {
    await target.waitFor();
    for (let i = 0; i < limit; i++) {
      await page.keyboard.press('Tab');
      if (await isFocused(target)) return;
    }
    throw new Error(`not reached by ${limit} presses of Tab`);
  }

  it('a ruleset card says who submitted it and what validation found, as a policy card does', async () => {
    const { context, page } = await reviewQueue();
    const submittedBy = new RegExp(`^Submitted by Rs \\d+ \\(@${submitter.username}\\) · `);
    for (const [title, commit] of [
      [policy.name, policy.commit],
      [ruleset.name, ruleset.commit],
    ]) {
      const item = card(page, title);
      await item.getByText(/^Submitted by /).waitFor();
      expect({ title, by: await item.getByText(/^Submitted by /).textContent() }).toEqual({
        title,
        by: expect.stringMatching(submittedBy),
      });
      const report = item.getByRole('region', { name: `Validation report of ${title}` });
      await report.getByRole('heading', { name: 'Validation ok' }).waitFor();
      // What it read: the repository, at the commit submitted.
      expect({ title, read: await report.getByText(/^repository · /).textContent() }).toEqual({
        title,
        read: expect.stringContaining(`commit ${commit.slice(0, 12)}`),
      });
    }
    // The policy's report was kept with its submission: version and findings at once.
    const policyReport = card(page, policy.name).getByRole('region', {
      name: `Validation report of ${policy.name}`,
    });
    // A unified project: its implementation is the same repository at the same commit, said once.
    expect(await policyReport.getByText(/^repository · /).textContent()).toBe(
      `repository · unified project · version 1.2.3 · kit 1.4.0 · ref main · commit ${policy.commit.slice(0, 12)}`,
    );
    await policyReport.getByText('No errors, no warnings.').waitFor();
    // The ruleset's: its rules by severity, the file read, and the warnings validation found at the
    // commit submitted, kept with the submission as the policy's report is: shown at once.
    const rulesetReport = card(page, ruleset.name).getByRole('region', {
      name: `Validation report of ${ruleset.name}`,
    });
    expect(await rulesetReport.getByText(/^repository · /).textContent()).toBe(
      `repository · file ruleset.yaml · profile Payments API Rules · 2 violations, 1 warning, 1 info rules · commit ${ruleset.commit.slice(0, 12)}`,
    );
    for (const warning of ruleset.warnings)
      await rulesetReport
        .getByRole('listitem')
        .filter({ hasText: `Warning: ${warning}` })
        .waitFor();
    // Nothing to read again: both kept what validation found.
    expect(await page.getByRole('button', { name: /^Validate again/ }).count()).toBe(0);
    expect({ violations: await axeViolations(page) }).toEqual({ violations: [] });
    await context.close();
  });

  it('reads again at its commit the warnings a submission did not keep: made before they were kept, or more than it keeps', async () => {
    const name = `Older Rules ${h.next()}`;
    const created = await h.submit(submitter.token, {
      name,
      repoUrl: await h.newRepo({ 'ruleset.yaml': PROFILE_WITHOUT_DESCRIPTION }),
    });
    const { id, source_commit: commit } = created.submission as { id: string; source_commit: string };
    const warnings = created.warnings as string[];
    const validateAgain = `Validate again at commit ${commit.slice(0, 12)}`;
    const pg = new Client({ connectionString: h.db.url });
    await pg.connect();
    try {
      expect(warnings.length).toBeGreaterThan(1);
      // As a submission made before warnings were kept: the card says so, and reads them on asking.
      await pg.query(`UPDATE rulesets.ruleset_submissions SET validation_warnings = NULL WHERE id = $1`, [
        id,
      ]);
      const { context, page } = await reviewQueue();
      const report = card(page, name).getByRole('region', { name: `Validation report of ${name}` });
      await report
        .getByText(
          `Its warnings were not kept: it was submitted before submissions kept them. ` +
            `Validation reads the repository again at commit ${commit.slice(0, 12)}.`,
        )
        .waitFor();
      /** Validate again at the commit: every warning it finds is listed. */
      const readAgain = async () => {
        await report.getByRole('button', { name: validateAgain }).click();
        for (const warning of warnings)
          await report
            .getByRole('listitem')
            .filter({ hasText: `Warning: ${warning}` })
            .waitFor();
      };
      expect(await report.getByRole('listitem').count()).toBe(0);
      await readAgain();
      expect(await report.getByRole('button', { name: /^Validate again/ }).count()).toBe(0);

      // Kept only the first: it shows at once, with how many more there are to read again.
      const more = warnings.length - 1;
      await pg.query(
        `UPDATE rulesets.ruleset_submissions SET validation_warnings = $2, validation_warnings_omitted = $3
          WHERE id = $1`,
        [id, warnings.slice(0, 1), more],
      );
      await page.reload();
      await report
        .getByRole('listitem')
        .filter({ hasText: `Warning: ${warnings[0]}` })
        .waitFor();
      await report
        .getByText(
          `${more} more ${more === 1 ? 'warning was' : 'warnings were'} found than the submission keeps. ` +
            `Validation reads the repository again at commit ${commit.slice(0, 12)}.`,
        )
        .waitFor();
      expect(await report.getByRole('listitem').count()).toBe(1);
      await readAgain();
      expect(await report.getByRole('listitem').count()).toBe(warnings.length);
      expect({ violations: await axeViolations(page) }).toEqual({ violations: [] });
      await context.close();
    } finally {
      await pg.end();
      // Out of the queue, for the tests after this one.
      expect((await h.http.delete(`/api/ruleset-submissions/${id}`, { token: submitter.token })).status).toBe(
        200,
      );
    }
  });

  it('a long description shows a few lines and "Show more" shows it whole; a short one has no button', async () => {
    const { context, page } = await reviewQueue();
    for (const title of [policy.name, ruleset.name]) {
      const item = card(page, title);
      const more = item.getByRole('button', { name: 'Show more' });
      await more.waitFor();
      expect(await more.getAttribute('aria-expanded')).toBe('false');
      const text = page.locator(`[id="${await more.getAttribute('aria-controls')}"]`);
      expect(await text.textContent()).toBe(LONG_DESCRIPTION);
      const clamped = (await text.boundingBox())!.height;
      const lineHeight = await text.evaluate((e) =>
        parseFloat(e.ownerDocument.defaultView!.getComputedStyle(e).lineHeight),
      );
      expect({ title, lines: Math.round(clamped / lineHeight) }).toEqual({ title, lines: 4 });
      // By the keyboard: the button takes Enter, and says the text is shown whole.
      await more.focus();
      await page.keyboard.press('Enter');
      const less = item.getByRole('button', { name: 'Show less' });
      expect(await less.getAttribute('aria-expanded')).toBe('true');
      expect((await text.boundingBox())!.height).toBeGreaterThan(clamped * 2);
      await less.click();
      expect((await text.boundingBox())!.height).toBe(clamped);
    }
    // The idea's short description is shown whole, with no button.
    const idea = card(page, ideaTitle);
    await idea.getByText('Check every payments API for decimal amounts.').waitFor();
    expect(await idea.getByRole('button', { name: /^Show / }).count()).toBe(0);
    // On a phone too: nothing scrolls sideways.
    await page.setViewportSize(PHONE);
    expect({ sideways: await sideways(page) }).toEqual({ sideways: 0 });
    expect({ violations: await axeViolations(page) }).toEqual({ violations: [] });
    await context.close();
  });

  it("counts no view of a ruleset when reviewers open the queue or its owner the Withdraw dialog; a reader's view still counts", async () => {
    const pg = new Client({ connectionString: h.db.url });
    await pg.connect();
    const views = async () =>
      Number(
        (await pg.query(`SELECT view_count FROM rulesets.rulesets WHERE id = $1`, [ruleset.id])).rows[0]
          .view_count,
      );
    try {
      const before = await views();
      // The queue opened three times, its ruleset card read whole each time.
      for (let i = 0; i < 3; i++) {
        const { context, page } = await reviewQueue();
        const item = card(page, ruleset.name);
        await item.getByText(/^Submitted by /).waitFor();
        await item.getByText('First review: nothing of this ruleset was reviewed before.').waitFor();
        await context.close();
      }
      // Its owner asks to withdraw it, reads what that does, and thinks better of it.
      const context = await web.browser.newContext({ baseURL: h.system.url!, viewport: DESKTOP });
      const [name, value] = submitter.cookie.split(/=(.*)/s);
      await context.addCookies([{ name, value, url: h.system.url! }]);
      const page = await web.newPage(context);
      await page.goto('/ruleset-submissions');
      const mine = page.getByRole('listitem').filter({ hasText: ruleset.name });
      await mine.getByRole('button', { name: 'Withdraw' }).click();
      const withdraw = page.getByRole('dialog', { name: `Withdraw ${ruleset.name}?` });
      await withdraw
        .getByText(
          'The ruleset was never published: it is deleted with this submission and its staged documentation.',
        )
        .waitFor();
      await withdraw.getByRole('button', { name: 'Cancel' }).click();
      await withdraw.waitFor({ state: 'hidden' });
      await context.close();
      // A reader's view of its page counts, in the gateway's next count (which would carry any view above).
      const read = await h.http.get(`/api/rulesets/${ruleset.id}`, { token: submitter.token });
      expect(read.status).toBe(200);
      const deadline = Date.now() + 15_000;
      while ((await views()) === before && Date.now() < deadline)
        await new Promise((r) => setTimeout(r, 100));
      expect(await views()).toBe(before + 1);
    } finally {
      await pg.end();
    }
  });

  it("names each decision control by its item, and a decision is made by keyboard with the focus kept in the item's card", async () => {
    const { context, page } = await reviewQueue();
    // Every item's buttons and feedback field say whose they are: a screen reader's list of controls
    // reads "Approve: <name>", not a row of "Approve".
    const items: [string, string[]][] = [
      [policy.name, ['Approve', 'Reject']],
      [ruleset.name, ['Approve', 'Needs improvement', 'Reject']],
      [ideaTitle, ['Approve', 'Reject']],
    ];
    for (const [title, decisions] of items) {
      await card(page, title).waitFor();
      for (const decision of decisions)
        expect({
          button: `${decision}: ${title}`,
          count: await page.getByRole('button', { name: `${decision}: ${title}`, exact: true }).count(),
        }).toEqual({ button: `${decision}: ${title}`, count: 1 });
      expect({
        field: title,
        count: await page.getByRole('textbox', { name: `Feedback on ${title}`, exact: true }).count(),
      }).toEqual({ field: title, count: 1 });
    }
    // From the heading, Tab reaches the ruleset's Approve; Enter asks first, with the focus on Cancel.
    await page.getByRole('heading', { level: 1 }).focus();
    const approve = page.getByRole('button', { name: `Approve: ${ruleset.name}`, exact: true });
    await tabTo(page, approve);
    const dialog = page.getByRole('dialog', { name: `Approve: ${ruleset.name}?` });
    const open = async () => {
      await page.keyboard.press('Enter');
      await dialog.waitFor();
    };
    // The dialog opens on Cancel. Escape changes nothing, and the focus is back where it was; so does
    // Enter on Cancel.
    for (const close of ['Escape', 'Enter']) {
      await open();
      expect(await isFocused(dialog.getByRole('button', { name: 'Cancel' }))).toBe(true);
      await page.keyboard.press(close);
      await dialog.waitFor({ state: 'hidden' });
      expect(await isFocused(approve)).toBe(true);
    }
    // Enter, then Shift+Tab to the dialog's Approve and Enter: done, and the focus stays in the card (on
    // what it says now), not thrown back to the page's start.
    await open();
    await page.keyboard.press('Shift+Tab');
    expect(await isFocused(dialog.getByRole('button', { name: 'Approve' }))).toBe(true);
    await page.keyboard.press('Enter');
    const item = card(page, ruleset.name);
    const done = item.getByRole('status').filter({ hasText: 'Done. The submitter is told.' });
    await done.waitFor();
    expect(await isFocused(done)).toBe(true);
    // Tab goes on from there, to the next item's feedback.
    await page.keyboard.press('Tab');
    expect(
      await isFocused(page.getByRole('textbox', { name: `Feedback on ${ideaTitle}`, exact: true })),
    ).toBe(true);
    expect({ violations: await axeViolations(page) }).toEqual({ violations: [] });
    await context.close();
  });
});
