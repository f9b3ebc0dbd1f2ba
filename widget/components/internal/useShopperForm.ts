import { useEffect, useMemo, useState } from 'preact/hooks';
import type { FieldError } from '../../../shared/contract/errors';
import type { PaymentMethodView, SessionView } from '../../../shared/contract/session';
import { initialValues, toBodyFields, toCardChoices, toShopperDetails, type FormValues } from '../../core/formValues';
import { keepForm, readKeptForm } from '../../core/keptForm';
import { validateShopper, type Problems } from '../../core/validateShopper';

function setPath(values: FormValues, path: string, value: string): FormValues {
  const [head, key] = path.split('.') as [keyof FormValues, string | undefined];
  if (key && (head === 'billing' || head === 'delivery' || head === 'person'))
    return { ...values, [head]: { ...values[head], [key]: value } };
  return { ...values, [head]: value };
}

/** The backend's paths are `shopper.billing.city` or `bank_code`; the form's are `billing.city`. */
function toFormPath(path: string): string {
  return path.startsWith('shopper.') ? path.slice('shopper.'.length) : path;
}

/**
 * The form's state: values, the chosen method, and which problems to show. A field's problem shows once the
 * shopper has left it or tried to pay, never while they are still typing their first characters.
 */
export function useShopperForm(session: SessionView) {
  const [kept] = useState(() => readKeptForm(session.id));
  // what the shopper typed before leaving for an issuer page wins over the prefill; fields added since start empty
  const [values, setValues] = useState<FormValues>(() => ({ ...initialValues(session), ...kept?.values }));
  const [methodId, setMethodId] = useState<string | undefined>(
    () => session.methods.find((m) => m.id === kept?.methodId)?.id ?? session.methods[0]?.id,
  );
  const [touched, setTouched] = useState<ReadonlySet<string>>(new Set());
  const [submitted, setSubmitted] = useState(false);
  const [serverProblems, setServerProblems] = useState<Problems>({});

  // saved cards the shopper removed here: gone from the list without reloading the session
  const [removed, setRemoved] = useState<readonly string[]>([]);
  const chosen = session.methods.find((m) => m.id === methodId) ?? session.methods[0];
  const method: PaymentMethodView | undefined =
    chosen?.saved_cards && removed.length
      ? { ...chosen, saved_cards: chosen.saved_cards.filter((c) => !removed.includes(c.id)) }
      : chosen;
  const problems = useMemo(
    () => ({ ...validateShopper(values, method?.fields ?? [], method?.banks, session.country), ...serverProblems }),
    [values, method, serverProblems],
  );
  useEffect(() => keepForm(session.id, { values, methodId }), [values, methodId]);
  const visible = submitted
    ? problems
    : Object.fromEntries(Object.entries(problems).filter(([path]) => touched.has(path)));

  return {
    values,
    method,
    problems,
    visible,
    submitted,
    /** the payment body's shopper for the chosen method */
    shopper: () => toShopperDetails(values, method?.fields ?? []),
    /** the payment body's fields beside the shopper (bank_code) for the chosen method */
    bodyFields: () => toBodyFields(values, method?.fields ?? []),
    /** the payment body's installments, saved_card or save_card, for the chosen method */
    cardChoices: () => (method ? toCardChoices(values, method) : {}),
    /** a saved card the backend removed: off the list, and if it was chosen, a new card is */
    forgetCard(id: string) {
      setRemoved((r) => [...r, id]);
      setValues((v) => (v.saved_card === id ? { ...v, saved_card: '' } : v));
    },
    setSaveCard(save: boolean) {
      setValues((v) => ({ ...v, save_card: save }));
    },
    setValue(path: string, value: string) {
      setValues((v) => setPath(v, path, value));
      if (serverProblems[path]) setServerProblems(({ [path]: _gone, ...rest }) => rest);
    },
    leave(path: string) {
      setTouched((t) => (t.has(path) ? t : new Set(t).add(path)));
    },
    setDeliverySame(same: boolean) {
      setValues((v) => ({
        ...v,
        deliverySame: same,
        delivery: same ? v.delivery : { ...v.billing, ...nonEmpty(v.delivery) },
      }));
    },
    selectMethod: setMethodId,
    /** marks every problem visible (a submit attempt); true when the form can be sent */
    check(): boolean {
      setSubmitted(true);
      return Object.keys(problems).length === 0;
    },
    /** the backend's field errors (a rule the widget does not know, or a changed backend) shown at their fields */
    showServerErrors(fields: readonly FieldError[]): number {
      const mapped: Problems = {};
      for (const f of fields) mapped[toFormPath(f.path)] = { text: f.message };
      setServerProblems(mapped);
      setSubmitted(true);
      return Object.keys(mapped).length;
    },
  };
}

/** When the shopper unticks "same as billing", start the delivery form from the billing address they typed. */
function nonEmpty(address: FormValues['delivery']): Partial<FormValues['delivery']> {
  return Object.fromEntries(Object.entries(address).filter(([, v]) => v !== '')) as Partial<FormValues['delivery']>;
}
