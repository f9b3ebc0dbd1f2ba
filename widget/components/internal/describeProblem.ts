import type { Translate } from '../../i18n/translate';
import type { Problem } from '../../core/validateShopper';

/** A problem as the shopper reads it: translated when the widget found it, the backend's text when it did. */
export function describeProblem(t: Translate, problem: Problem): string {
  return 'text' in problem ? problem.text : t(problem.key, problem.vars);
}
