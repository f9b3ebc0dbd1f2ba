import { describe, expect, test } from 'vitest';
import { en } from './en';
import { loadMessages } from './loadMessages';
import { LOCALES, resolveLocale } from './resolveLocale';

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

describe('loadMessages', () => {
  test('every shipped locale translates every English key (a missing one would show English mid-sentence)', async () => {
    for (const locale of LOCALES) {
      const messages = await loadMessages(locale);
      expect(Object.keys(messages).sort(), locale).toEqual(Object.keys(en).sort());
      if (locale === 'en') continue;
      const { default: own } = await import(`./${locale}.ts`);
      expect(Object.keys(own).sort(), `${locale} lacks keys`).toEqual(Object.keys(en).sort());
    }
  });

  test('placeholders survive translation', async () => {
    for (const locale of LOCALES) {
      const messages = await loadMessages(locale);
      for (const key of Object.keys(en) as (keyof typeof en)[]) {
        const wanted = (en[key].match(/\{\w+\}/g) ?? []).sort();
        expect((messages[key].match(/\{\w+\}/g) ?? []).sort(), `${locale} ${key}`).toEqual(wanted);
      }
    }
  });
});
