/**
 * Imported for its effect by the components of the after-pay chunk (ResultView, ApmRedirect): their English texts
 * become the fallback of every catalogue once the chunk loads, and never weigh on the first render.
 */
import { enAfterPay } from './enAfterPay';
import { addFallbackMessages } from './translate';

addFallbackMessages(enAfterPay);
