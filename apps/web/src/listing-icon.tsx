// The icon of a catalog item: its category's, else its kind's. Decorative (the card says the kind and
// category in words), drawn by the icon library (lucide-react, docs/architecture.md).
import {
  Activity,
  BookOpen,
  Bot,
  Gauge,
  ListChecks,
  type LucideIcon,
  PencilRuler,
  Puzzle,
  Scale,
  ShieldCheck,
  Shuffle,
  Sparkles,
} from 'lucide-react';

/** Words of a category and the icon they stand for, the first match wins. */
const BY_CATEGORY: Array<[RegExp, LucideIcon]> = [
  [/security|auth/, ShieldCheck],
  [/quality|traffic|rate|limit/, Gauge],
  [/transform/, Shuffle],
  [/troubleshoot|observ|operation|log/, Activity],
  [/document/, BookOpen],
  [/design|naming/, PencilRuler],
  [/compliance/, Scale],
  [/\b(ai|llm)\b/, Sparkles],
  [/\b(mcp|a2a|agent)/, Bot],
];

const BY_KIND: Record<'policy' | 'ruleset', LucideIcon> = { policy: Puzzle, ruleset: ListChecks };

export function ListingIcon({ kind, category }: { kind: 'policy' | 'ruleset'; category: string | null }) {
  const name = category?.toLowerCase() ?? '';
  const Icon = BY_CATEGORY.find(([words]) => words.test(name))?.[1] ?? BY_KIND[kind];
  return (
    <span className={`listing-icon listing-icon-${kind}`} aria-hidden="true">
      <Icon size={22} strokeWidth={1.75} focusable="false" />
    </span>
  );
}
