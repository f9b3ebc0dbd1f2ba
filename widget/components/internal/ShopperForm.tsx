import { useEffect, useMemo, useRef } from 'preact/hooks';
import type { PaymentMethodView, SessionView } from '../../../shared/contract/session';
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
        <div class="ck-grid">
          <TextField
            {...common}
            path="first_name"
            label={t('field.first_name')}
            value={values.first_name}
            error={errors.first_name}
            autoComplete="given-name"
            maxLength={100}
          />
          <TextField
            {...common}
            path="last_name"
            label={t('field.last_name')}
            value={values.last_name}
            error={errors.last_name}
            autoComplete="family-name"
            maxLength={100}
          />
          <TextField
            {...common}
            path="email"
            type="email"
            inputMode="email"
            label={t('field.email')}
            value={values.email}
            error={errors.email}
            autoComplete="email"
            maxLength={100}
          />
          {needs.includes('phone') && (
            <TextField
              {...common}
              path="phone"
              type="tel"
              inputMode="tel"
              label={t('field.phone')}
              value={values.phone}
              error={errors.phone}
              autoComplete="tel"
              maxLength={30}
            />
          )}
        </div>
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
          {(needs.includes('document') || person) && (
            <TextField
              {...common}
              path="document"
              label={t('field.document')}
              value={values.document}
              error={errors.document}
              autoComplete="off"
              maxLength={50}
            />
          )}
          {needs.includes('birth_date') && (
            <TextField
              {...common}
              path="birth_date"
              label={t('field.birth_date')}
              hint={t('field.birth_date.hint')}
              inputMode="numeric"
              value={values.birth_date}
              error={errors.birth_date}
              autoComplete="bday"
              maxLength={10}
            />
          )}
          {needs.includes('bank_code') && (
            <SelectField
              {...common}
              path="bank_code"
              label={t('field.bank_code')}
              placeholder={t('field.bank_code.placeholder')}
              value={values.bank_code}
              options={(method?.banks ?? []).map((b) => ({ value: b.code, label: b.name }))}
              error={errors.bank_code}
              autoComplete="off"
            />
          )}
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
