import { describe, expect, test } from 'vitest';
import { en } from './en';
import { enAfterPay } from './enAfterPay';

/** every English text: the form's, bundled, and the after-pay ones, loaded with the after-pay chunk */
const english = { ...en, ...enAfterPay };
import { loadMessages } from './loadMessages';
import { DECLINE_REASONS } from '../../shared/gateway/declineReason';
import { directionOf, LOCALES, resolveLocale } from './resolveLocale';

describe('resolveLocale', () => {
  test.each([
    ['fr-CH', 'fr'],
    ['fr', 'fr'],
    ['de-AT', 'de'],
    ['es-419', 'es'],
    ['pt-BR', 'pt-BR'],
    ['pt-br', 'pt-BR'],
    ['pt-PT', 'pt-BR'], // same language, another region: closer than English
    ['pt', 'pt-BR'],
    ['zh-CN', 'zh-CN'],
    ['zh-Hans-CN', 'zh-CN'],
    ['zh', 'zh-CN'],
    ['nl', 'nl'],
    ['nl-BE', 'nl'],
    ['ja-JP', 'ja'],
    ['ar', 'ar'],
    ['ar-EG', 'ar'],
    ['xx', 'en'],
    ['en-GB', 'en'],
    ['it-IT', 'en'],
    ['tlh', 'en'],
    ['not a tag!', 'en'],
    ['', 'en'],
    [undefined, 'en'],
  ])('%s -> %s', (requested, expected) => {
    expect(resolveLocale(requested)).toBe(expected);
  });
});

describe('resolveLocale over a list (the browser languages in order)', () => {
  test.each([
    [['xx', 'nl-BE', 'fr'], 'nl'], // the first tag we ship wins, not the first tag
    [['fr-CH', 'de'], 'fr'],
    [['en-GB', 'fr'], 'en'], // English asked for is English, not a fallback to skip
    [['it-IT', 'tlh'], 'en'],
    [[], 'en'],
  ])('%j -> %s', (requested, expected) => {
    expect(resolveLocale(requested)).toBe(expected);
  });
});

describe('directionOf', () => {
  test('Arabic reads right to left, every other shipped locale left to right', () => {
    expect(LOCALES.filter((l) => directionOf(l) === 'rtl')).toEqual(['ar']);
  });
});

describe('loadMessages', () => {
  test('every shipped locale translates every English key (a missing one would show English mid-sentence)', async () => {
    for (const locale of LOCALES) {
      const messages = { ...enAfterPay, ...(await loadMessages(locale)) };
      expect(Object.keys(messages).sort(), locale).toEqual(Object.keys(english).sort());
      if (locale === 'en') continue;
      const { default: own } = await import(`./${locale}.ts`);
      expect(Object.keys(own).sort(), `${locale} lacks keys`).toEqual(Object.keys(english).sort());
    }
  });

  test('every locale has its own text for every decline reason (none falls back to English)', async () => {
    for (const locale of LOCALES) {
      const messages = { ...enAfterPay, ...(await loadMessages(locale)) };
      for (const reason of DECLINE_REASONS) {
        const key = `decline.${reason}` as const;
        expect(messages[key], `${locale} ${key}`).toBeTruthy();
        if (locale !== 'en') expect(messages[key], `${locale} ${key} is English`).not.toBe(english[key]);
      }
    }
  });

  test('placeholders survive translation', async () => {
    for (const locale of LOCALES) {
      const messages: Record<string, string> = { ...enAfterPay, ...(await loadMessages(locale)) };
      for (const key of Object.keys(english) as (keyof typeof english)[]) {
        const wanted = (english[key].match(/\{\w+\}/g) ?? []).sort();
        expect((messages[key]!.match(/\{\w+\}/g) ?? []).sort(), `${locale} ${key}`).toEqual(wanted);
      }
    }
  });
});
