export { SearchModule } from './search.module';
export { escapeLike, rulesetMatch } from './ruleset-match';
