// A field error of the API in the words of the form that sent it: the API's validators name a field by
// its property (`clientId must be longer than or equal to 1 characters`); the user sees the field's
// label and a rule said plainly (`Client ID is required`). Every form's errors, beside a field and in a
// summary, are worded here, and the API's messages stay as they are.

/** A field error as the API's error body carries it in `details`. */
export interface FieldProblem {
  field: string;
  message: string;
}

/** The rules the API's validators state in their own words, each said as the user reads it. */
const RULES: Array<[RegExp, (...matched: string[]) => string]> = [
  [/^should not be empty$/, () => 'is required'],
  [
    /^must be longer than or equal to (\d+) characters?$/,
    (n) => (n === '1' ? 'is required' : `must be at least ${n} characters`),
  ],
  [/^must be shorter than or equal to (\d+) characters?$/, (n) => `must be at most ${n} characters`],
  [/^must not be less than (\S+)$/, (n) => `must be at least ${n}`],
  [/^must not be greater than (\S+)$/, (n) => `must be at most ${n}`],
  [/^must contain at least (\d+) elements?$/, (n) => `needs at least ${n}`],
  [/^must contain no more than (\d+) elements?$/, (n) => `takes at most ${n}`],
  [/^must contain not more than (\d+) elements?$/, (n) => `takes at most ${n}`],
  [/^must be one of the following values: (.*)$/, (values) => `must be one of: ${values}`],
  [/^must be an email$/, () => 'must be an email address'],
  [/^must be a URL address$/, () => 'must be a URL'],
  [/^must be a UUID$/, () => 'must be an id (a UUID)'],
  [/^must be a number conforming to the specified constraints$/, () => 'must be a number'],
  [/^must be an integer number$/, () => 'must be a whole number'],
  [/^must be a boolean value$/, () => 'must be yes or no'],
  [/^must be a valid ISO 8601 date string$/, () => 'must be a date'],
];

/** A rule as the API's validators word it, said plainly (unchanged when it is not one of theirs). */
function plainly(rule: string): string {
  for (const [pattern, say] of RULES) {
    const matched = pattern.exec(rule);
    if (matched) return say(...matched.slice(1));
  }
  return rule;
}

/** The name of a field for one the form does not label: `clientId` is "Client id", `docTabs.0` "Doc tabs". */
export function fieldName(field: string): string {
  const property = field.split('.').find((part) => !/^\d+$/.test(part)) ?? field;
  const words = property
    .replace(/([a-z0-9])([A-Z])/g, '$1 $2')
    .replace(/[_-]+/g, ' ')
    .toLowerCase();
  return words.charAt(0).toUpperCase() + words.slice(1);
}

/** Escapes a field's name for a pattern. */
const literal = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/**
 * A field error in the form's words: `label` (else a name made from the field's) then the rule, said
 * plainly. The API's validators start a message with the field's property (or `each value in` it): that
 * name goes, and the rule follows the label ("Client ID is required", "Connection name must be at most
 * 80 characters"). A message of the API's own that does not begin with a rule ("Only http and https URLs
 * are allowed") follows the label after a colon.
 */
export function inFormWords(problem: FieldProblem, label?: string): string {
  const named = label ?? fieldName(problem.field);
  const parts = problem.field.split('.').filter((part) => !/^\d+$/.test(part));
  const names = [problem.field, ...parts.reverse()].map(literal).join('|');
  const own = new RegExp(`^(each value in )?(?:${names}) `).exec(problem.message);
  const rule = own ? problem.message.slice(own[0].length) : problem.message;
  const each = own?.[1] ? 'each ' : '';
  if (own || /^(must|should|is|are|has|needs|lists) /.test(rule))
    return each ? `${named}: ${each}${plainly(rule)}` : `${named} ${plainly(rule)}`;
  return `${named}: ${rule}`;
}
