/**
 * How a spreadsheet set to `locale` reads a CSV file without a step of its import wizard: where the decimal
 * separator is a comma (de-DE, pt-BR, fr-FR, ...) Excel and LibreOffice split fields at `;` and read `1,50` as
 * one and a half, while `1.50` stays text; elsewhere `,` and `1.50`. The UTF-8 byte-order mark makes Excel read
 * the file as UTF-8 (names with accents), and dates written `2024-05-01 10:00:00` are read as dates everywhere.
 */
export interface SpreadsheetDialect {
  locale: string;
  separator: ',' | ';';
  decimal: ',' | '.';
}

/** The dialect of `locale` (a BCP 47 tag such as `de-DE`); an unknown or malformed tag is a RangeError. */
export function spreadsheetDialect(locale: string): SpreadsheetDialect {
  const [canonical] = Intl.getCanonicalLocales(locale);
  const decimal = new Intl.NumberFormat(canonical).formatToParts(1.5).find((p) => p.type === 'decimal')?.value;
  return decimal === ','
    ? { locale: canonical!, separator: ';', decimal: ',' }
    : { locale: canonical!, separator: ',', decimal: '.' };
}

/** `12.50` as the dialect writes a number: `12,50` with a decimal comma. */
export function spreadsheetNumber(decimal: string | null, dialect: SpreadsheetDialect): string | null {
  return decimal === null ? null : decimal.replace('.', dialect.decimal);
}

/** An ISO time (`2024-05-01T10:00:00.000Z`, UTC) as a spreadsheet reads a date and time: `2024-05-01 10:00:00`. */
export function spreadsheetTime(iso: string | null): string | null {
  return iso === null ? null : iso.replace('T', ' ').replace(/(\.\d+)?Z$/, '');
}
