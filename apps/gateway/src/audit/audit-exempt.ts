/**
 * The write routes that record no audit entry, each with the reason. Every other POST, PUT, PATCH and
 * DELETE of the gateway is `@Audited` (the audit coverage test walks the route table and fails on a
 * write route in neither place). The log keeps changes of access, credentials, roles, review decisions
 * and what is published or deployed; community content and personal preferences keep their own author
 * and history, and checks that store nothing change nothing.
 */
const COMMENT = 'Community content: a comment keeps its author and its edit history in the catalog';
const PREFERENCE = "The caller's own preference (a like or a follow): it changes nobody's access or content";
const CHECK = 'A check of the body that stores nothing: it changes nothing';
const EVALUATION = 'An evaluation of a document (POST for its body): it reads a ruleset and changes nothing';
const PROPOSAL =
  'A proposal kept with its author for review: the review decision that publishes it is audited';
const DOCS = "A documentation tab of the caller's ruleset: content kept with its author, not access or rules";

export const AUDIT_EXEMPT: Record<string, string> = {
  'POST /api/policies/{id}/comments': COMMENT,
  'PATCH /api/comments/{id}': COMMENT,
  'DELETE /api/comments/{id}': COMMENT,
  'POST /api/policies/{id}/like': PREFERENCE,
  'POST /api/rulesets/{id}/like': PREFERENCE,
  'PUT /api/policies/{id}/follow': PREFERENCE,
  'DELETE /api/policies/{id}/follow': PREFERENCE,
  'PUT /api/rulesets/{id}/follow': PREFERENCE,
  'DELETE /api/rulesets/{id}/follow': PREFERENCE,
  'POST /api/policies/{id}/download': 'Counts a download of a public policy: it changes only a counter',
  'POST /api/connections/validate': CHECK,
  'POST /api/connections/organizations': CHECK,
  'POST /api/submissions/validate': CHECK,
  'POST /api/ruleset-submissions/validate': CHECK,
  'POST /api/ruleset-evaluations': EVALUATION,
  'POST /api/rulesets/{id}/evaluations': EVALUATION,
  'POST /api/vendor-rulesets/{slug}/evaluations': EVALUATION,
  'POST /api/submissions': PROPOSAL,
  'POST /api/ruleset-submissions': PROPOSAL,
  'POST /api/policies/{id}/revisions': PROPOSAL,
  'POST /api/rulesets/{id}/docs': DOCS,
  'PUT /api/rulesets/{id}/docs/{key}': DOCS,
  'DELETE /api/rulesets/{id}/docs/{key}': DOCS,
};
