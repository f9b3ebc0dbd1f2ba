/**
 * THE list of the shopper fields a payment method can ask for beyond name and e-mail (which every payment sends:
 * the gateway requires shopper_email). A method's `fields` (its config, set on the admin page) names some of
 * them; everything that asks for, checks or sends such a field reads this table:
 *
 * - the contract: the payment body's schema (shared/contract/payment.ts) and `MethodField`;
 * - the widget: its form (ShopperForm), the values it keeps and sends (formValues.ts) and validateShopper;
 * - the backend: the admin API's method schema (methodsBody.ts), the missing-field answer of a payment
 *   (missingMethodFields.ts) and the gateway payment order (buildPaymentOrder.ts);
 * - the admin page's method editor; the demo's seed and the sandbox's demo accounts (DEMO_APMS).
 *
 * A single field (`ValueField`: one string the shopper types or picks) needs nothing but its rows here and its
 * texts in the widget's locales: `field.<key>` (its label), `invalid.<key>` (a value of the wrong shape, or no
 * pick) and, as declared, `field.<key>.hint`, `field.<key>.placeholder` (a pick) and `field.<key>.<choice>`
 * (fixed choices); the widget does not compile while en.ts lacks one. The two groups (the address, the payer's
 * `person`) have form sections and rules of their own in each consumer. Steps and an example:
 * docs/adding-a-payment-method.md.
 *
 * The order of the rows is the order of the form and of the editor's checkboxes (single fields, then groups) and
 * of the admin API's list of allowed values; a payment's missing fields are named as the body is laid out: the
 * shopper's first, then those beside it.
 */

/** A field the shopper types or picks: one string in the payment body, `shopper.<key>` unless `body`. */
export interface ValueField {
  /** beside the body's `shopper` (`<key>`), not in it */
  body?: true;
  /** the input's maxLength and, for plain text, the contract's limit */
  max: number;
  /** a shape instead of plain text (at most `max` characters, no control characters) */
  format?: 'phone' | 'date';
  /** the number must also be one of the country's documents (shared/document/checkDocument.ts) */
  document?: true;
  /** a pick: among the method's `banks`, or one of these values */
  choices?: 'banks' | readonly string[];
  /** the widget's input; autoComplete defaults to `off` */
  type?: 'tel' | 'email';
  inputMode?: 'tel' | 'numeric' | 'email';
  autoComplete?: string;
  /** the label has a hint below it (`field.<key>.hint`) */
  hint?: true;
  /** asked with the name and e-mail rather than after the payment method */
  withName?: true;
}

/** A group of fields with its own form section and rules: the billing (and delivery) address, the payer's `person`. */
interface FieldGroup {
  group: 'address' | 'person';
  /** the method fields it asks for too */
  implies?: readonly string[];
}

type ShopperField = ValueField | FieldGroup;

const FIELDS = {
  billing_address: { group: 'address' },
  phone: { max: 30, format: 'phone', type: 'tel', inputMode: 'tel', autoComplete: 'tel', withName: true },
  document: { max: 50, document: true },
  birth_date: { max: 10, format: 'date', inputMode: 'numeric', autoComplete: 'bday', hint: true },
  bank_code: { body: true, max: 50, choices: 'banks' },
  // the payer's `person` (docs/gateway-api.md 2.2) carries a document, a phone and the street address
  person: { group: 'person', implies: ['document', 'billing_address'] },
} as const satisfies Record<string, ShopperField>;

type Fields = typeof FIELDS;
/** A shopper field a payment method can ask for: a key of the table. */
export type MethodField = keyof Fields;
type KeyWhere<P> = { [K in MethodField]: Fields[K] extends P ? K : never }[MethodField];
/** The single fields. */
export type ValueKey = Exclude<MethodField, KeyWhere<{ group: string }>>;
/** The single fields beside the body's `shopper` (bank_code). */
export type BodyValueKey = KeyWhere<{ body: true }>;
/** The single fields under the body's `shopper`. */
export type ShopperValueKey = Exclude<ValueKey, BodyValueKey>;
/** The message keys the widget needs for the single fields (widget/i18n/en.ts must have each). */
export type ValueFieldText =
  | `field.${ValueKey}`
  | `invalid.${ValueKey}`
  | `field.${KeyWhere<{ hint: true }>}.hint`
  | `field.${KeyWhere<{ choices: unknown }>}.placeholder`
  | {
      [K in MethodField]: Fields[K] extends { choices: readonly (infer C extends string)[] }
        ? `field.${K}.${C}`
        : never;
    }[MethodField];

export const SHOPPER_FIELDS: Readonly<Record<MethodField, ShopperField>> = FIELDS;

/** Every method field, in the table's order. */
export const METHOD_FIELDS = /* @__PURE__ */ Object.keys(FIELDS) as [MethodField, ...MethodField[]];

/** The single fields, in the table's order. */
export const VALUE_FIELDS = Object.entries(FIELDS).filter(([, f]) => !('group' in f)) as [ValueKey, ValueField][];

/** What `fields` asks for with what its groups imply (`person` asks for the document and the address too). */
export function askedFields(fields: readonly MethodField[]): Set<MethodField> {
  const asked = new Set(fields);
  for (const f of fields)
    for (const more of (SHOPPER_FIELDS[f] as FieldGroup).implies ?? []) asked.add(more as MethodField);
  return asked;
}

/*
 * What one side alone reads, in tables of their own so that the widget's bundle leaves them out (it carries every
 * row of FIELDS). Each names every field it concerns: a field added above and forgotten here does not compile.
 */

/**
 * The gateway payment order field each single field fills (spec 2.2), or a path into one
 * (`person.documents.labels.bank_account.account_type`): server/checkout/buildPaymentOrder.ts.
 */
export const ORDER_FIELDS: Readonly<Record<ValueKey, string>> = {
  phone: 'shopper_phone',
  document: 'document',
  birth_date: 'birth_date',
  bank_code: 'bank_code',
};

/** Each field's checkbox on the admin page's method editor; null: only the admin API sets it. */
export const EDITOR_LABELS: Readonly<Record<MethodField, string | null>> = {
  billing_address: null,
  phone: null,
  document: 'Document number',
  birth_date: 'Date of birth',
  bank_code: 'Bank',
  person: 'Payer identity and address (document type, number, district)',
};

/**
 * The APMs of the demo: the gateway codes the sandbox's demo accounts enable, and the fields the seeded methods
 * ask for (server/store/migrations/defaultPaymentMethods.ts).
 */
export const DEMO_APMS = {
  PIX: [],
  BOLETO: ['document'],
  ALIPAY: [],
  IDEAL: ['bank_code'],
} as const satisfies Record<string, readonly MethodField[]>;

/** A single field's path in the payment body, as field errors name it: `shopper.document`, `bank_code`. */
export function bodyPath(key: ValueKey): string {
  return (SHOPPER_FIELDS[key] as ValueField).body ? key : `shopper.${key}`;
}

/** A single field's value in a payment body. */
export function bodyValue(
  body: { shopper: Partial<Record<ShopperValueKey, string>> } & Partial<Record<BodyValueKey, string>>,
  key: ValueKey,
): string | undefined {
  return (SHOPPER_FIELDS[key] as ValueField).body ? body[key as BodyValueKey] : body.shopper[key as ShopperValueKey];
}
