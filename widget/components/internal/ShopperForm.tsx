import { useEffect, useMemo, useRef } from 'preact/hooks';
import type { PaymentMethodView, SessionView } from '../../../shared/contract/session';
import {
  VALUE_FIELDS,
  askedFields,
  type ValueField,
  type ValueFieldText,
} from '../../../shared/paymentMethods/shopperFields';
import { asksAddress, type FormValues } from '../../core/formValues';
import type { ValidityDetail } from '../../core/types';
import { validateShopper } from '../../core/validateShopper';
import { formatAmount } from '../../i18n/formatAmount';
import { AddressFields } from './AddressFields';
import { CardChoices } from './CardChoices';
import { countryOptions } from './countries';
import { MethodPicker } from './MethodPicker';
import { PersonFields } from './PersonFields';
import { SelectField } from './SelectField';
import { TextField } from './TextField';
import { useWidget } from './WidgetContext';

export interface ShopperFormProps {
  session: SessionView;
  values: FormValues;
  /** translated errors by field path, only those the shopper should see now */
  errors: Record<string, string>;
  method: PaymentMethodView | undefined;
  submitting: boolean;
  /** the count of invalid fields after a submit, shown as a summary the screen reader announces */
  invalidCount: number;
  /** a problem that belongs to no field (the backend refused, the network failed) */
  formError?: string;
  onValue: (path: string, value: string) => void;
  onLeave: (path: string) => void;
  onDeliverySame: (same: boolean) => void;
  onSaveCard: (save: boolean) => void;
  /** removes one of the shopper's saved cards (CardChoices) */
  onRemoveCard?: (id: string) => Promise<void>;
  onMethod: (id: string) => void;
  onSubmit: () => void;
}

/**
 * The shopper's details, the method and the extra fields it declares, and the Pay button. Native controls only,
 * in reading order, so it works with a keyboard alone; `noValidate` because the messages are the widget's own
 * (translated, next to the field) rather than the browser's bubbles.
 */
export function ShopperForm(props: ShopperFormProps) {
  const { t, locale, idFor } = useWidget();
  const { values, errors, method, session } = props;
  const countries = useMemo(() => countryOptions(locale), [locale]);
  const needs = method?.fields ?? [];
  const person = needs.includes('person');
  const address = asksAddress(needs);
  const common = { onValue: props.onValue, onLeave: props.onLeave };
  const asked = askedFields(needs);
  /**
   * The name and e-mail and the method's single fields asked with them (`withName`), or those asked after the
   * method: a select for a pick (the method's banks, or fixed choices), else a text input. Their texts are typed
   * `ValueFieldText`, which `t` takes only if en.ts has them all.
   */
  const valueInputs = (withName: boolean) =>
    [
      ...(withName ? NAME_FIELDS : []),
      ...VALUE_FIELDS.filter(([key, f]) => !f.withName === !withName && asked.has(key)),
    ].map(([key, field]) => {
      const input = {
        ...common,
        path: key,
        label: t(`field.${key}`),
        value: values[key],
        error: errors[key],
        autoComplete: field.autoComplete ?? 'off',
      };
      const { choices } = field;
      return choices ? (
        <SelectField
          key={key}
          {...input}
          placeholder={t(`field.${key}.placeholder` as ValueFieldText)}
          options={
            choices === 'banks'
              ? (method?.banks ?? []).map((b) => ({ value: b.code, label: b.name }))
              : choices.map((c) => ({ value: c, label: t(`field.${key}.${c}` as ValueFieldText) }))
          }
        />
      ) : (
        <TextField
          key={key}
          {...input}
          type={field.type}
          inputMode={field.inputMode}
          hint={field.hint && t(`field.${key}.hint` as ValueFieldText)}
          maxLength={field.max}
        />
      );
    });
  const form = useRef<HTMLFormElement>(null);
  const valid = !!method && Object.keys(validateShopper(values, needs, method.banks, session.country)).length === 0;
  // The shop's own Pay button (checkout.submit()) follows this: one event when it changes, bubbling from the host.
  useEffect(() => {
    const el = form.current;
    const win = el?.ownerDocument.defaultView;
    if (!el || !win) return;
    const detail: ValidityDetail = { valid };
    el.dispatchEvent(new win.CustomEvent('checkout:validity', { bubbles: true, detail }));
  }, [valid]);
  return (
    <form
      ref={form}
      class="ck-form"
      noValidate
      aria-busy={props.submitting ? 'true' : 'false'}
      onSubmit={(e) => {
        e.preventDefault();
        props.onSubmit();
      }}
    >
      {props.invalidCount > 0 && (
        <div class="ck-error-summary" role="alert" id={idFor('summary-errors')}>
          {t('invalid.summary', { count: props.invalidCount })}
        </div>
      )}
      <fieldset class="ck-fieldset">
        <legend class="ck-legend">{t('form.title')}</legend>
        <p class="ck-note">{t('form.required_note')}</p>
        <div class="ck-grid">{valueInputs(true)}</div>
      </fieldset>
      {address && (
        <fieldset class="ck-fieldset">
          <legend class="ck-legend">{t('billing.title')}</legend>
          <AddressFields
            {...common}
            prefix="billing"
            values={values.billing}
            errors={errors}
            countries={countries}
            parts={person}
          />
        </fieldset>
      )}
      {address && (
        <fieldset class="ck-fieldset">
          <legend class="ck-legend">{t('delivery.title')}</legend>
          <label class="ck-check">
            <input
              type="checkbox"
              checked={values.deliverySame}
              onChange={(e) => props.onDeliverySame(e.currentTarget.checked)}
            />
            <span>{t('delivery.same')}</span>
          </label>
          {!values.deliverySame && (
            <AddressFields
              {...common}
              prefix="delivery"
              values={values.delivery}
              errors={errors}
              countries={countries}
              parts={person}
            />
          )}
        </fieldset>
      )}
      <MethodPicker methods={session.methods} selected={method?.id} onSelect={props.onMethod} />
      {method?.kind === 'card' && (
        <CardChoices
          method={method}
          amount={session.amount}
          currency={session.currency}
          values={values}
          onValue={props.onValue}
          onLeave={props.onLeave}
          onSaveCard={props.onSaveCard}
          onRemoveCard={props.onRemoveCard}
        />
      )}
      {needs.length > 0 && (
        <div class="ck-grid ck-fieldset">
          {valueInputs(false)}
          {person && (
            <PersonFields
              values={values}
              errors={errors}
              countries={countries}
              onValue={props.onValue}
              onLeave={props.onLeave}
            />
          )}
        </div>
      )}
      {props.formError && (
        <p class="ck-error-summary" role="alert">
          {props.formError}
        </p>
      )}
      <button type="submit" class="ck-button" aria-disabled={props.submitting || !method ? 'true' : 'false'}>
        {props.submitting
          ? t('processing')
          : t('pay', { amount: formatAmount(session.amount, session.currency, locale) })}
      </button>
    </form>
  );
}

/** What every method asks, drawn as the single fields of shared/paymentMethods/shopperFields.ts are. */
const NAME_FIELDS: [NameKey, ValueField][] = [
  ['first_name', { max: 100, autoComplete: 'given-name' }],
  ['last_name', { max: 100, autoComplete: 'family-name' }],
  ['email', { max: 100, type: 'email', inputMode: 'email', autoComplete: 'email' }],
];
type NameKey = 'first_name' | 'last_name' | 'email';
