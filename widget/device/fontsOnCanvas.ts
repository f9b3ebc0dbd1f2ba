/**
 * FingerprintJS's two font sources measured on an `OffscreenCanvas`, in a worker or on the page alike. Its own
 * (getFonts and getFontPreferences in node_modules/@fingerprintjs/fingerprintjs/dist/fp.esm.js, v5.2) lay out
 * text in an iframe, which needs the DOM and takes one task of 70-175 ms each at 4x CPU slowdown.
 *
 * `fonts`: a font is present when the test text, set in it with a generic family behind, measures other than in the
 * generic family alone (width or line height, rounded to whole pixels as `offsetWidth`/`offsetHeight` are). Its
 * value has the source's form, the names present among the same list; the list and the test text are
 * FingerprintJS's, copied because it does not export them.
 *
 * `fontPreferences`: the width of FingerprintJS's sample text in the generic families the browser maps to the
 * user's font settings (serif, sans-serif, monospace, system-ui) and the Apple system font, at the default size.
 * Its own also measures the default font and the minimum font size, which a canvas does not see: fewer keys, and
 * other numbers than the DOM gives, the same ones for the same browser.
 */
const TEST_STRING = 'mmMwWLliI0O&1';
const TEXT_SIZE = '48px';
const BASE_FONTS = ['monospace', 'sans-serif', 'serif'] as const;
const FONT_LIST = [
  'sans-serif-thin',
  'ARNO PRO',
  'Agency FB',
  'Arabic Typesetting',
  'Arial Unicode MS',
  'AvantGarde Bk BT',
  'BankGothic Md BT',
  'Batang',
  'Bitstream Vera Sans Mono',
  'Calibri',
  'Century',
  'Century Gothic',
  'Clarendon',
  'EUROSTILE',
  'Franklin Gothic',
  'Futura Bk BT',
  'Futura Md BT',
  'GOTHAM',
  'Gill Sans',
  'HELV',
  'Haettenschweiler',
  'Helvetica Neue',
  'Humanst521 BT',
  'Leelawadee',
  'Letter Gothic',
  'Levenim MT',
  'Lucida Bright',
  'Lucida Sans',
  'Menlo',
  'MS Mincho',
  'MS Outlook',
  'MS Reference Specialty',
  'MS UI Gothic',
  'MT Extra',
  'MYRIAD PRO',
  'Marlett',
  'Meiryo UI',
  'Microsoft Uighur',
  'Minion Pro',
  'Monotype Corsiva',
  'PMingLiU',
  'Pristina',
  'SCRIPTINA',
  'Segoe UI Light',
  'Serifa',
  'SimHei',
  'Small Fonts',
  'Staccato222 BT',
  'TRAJAN PRO',
  'Univers CE 55 Medium',
  'Vrinda',
  'ZWAdobeF',
];

/** Lets other tasks run: a font's first lookup can take tens of ms, and on the page (no worker) this runs there. */
const yieldToOthers = () => new Promise<void>((resolve) => setTimeout(resolve, 0));

/** The fonts of FingerprintJS's list that this browser has, measured on an `OffscreenCanvas`, one font a task. */
export async function fontsOnCanvas(): Promise<string[]> {
  const context = new OffscreenCanvas(1, 1).getContext('2d') as OffscreenCanvasRenderingContext2D;
  const size = (family: string) => {
    context.font = `${TEXT_SIZE} ${family}`;
    const m = context.measureText(TEST_STRING);
    return `${Math.round(m.width)}x${Math.round(m.fontBoundingBoxAscent + m.fontBoundingBoxDescent)}`;
  };
  const base = BASE_FONTS.map(size);
  const present: string[] = [];
  for (const font of FONT_LIST) {
    await yieldToOthers();
    if (BASE_FONTS.some((generic, i) => size(`'${font}',${generic}`) !== base[i])) present.push(font);
  }
  return present;
}

const PREFERENCES_TEXT = 'mmMwWLliI0fiflO&1';
const PREFERENCES: Record<string, string> = {
  apple: '-apple-system',
  serif: 'serif',
  sans: 'sans-serif',
  mono: 'monospace',
  system: 'system-ui',
};

/** The widths, in CSS px to 3 decimals, of the sample text in each family at 16 px. */
export function fontPreferencesOnCanvas(): Record<string, number> {
  const context = new OffscreenCanvas(1, 1).getContext('2d') as OffscreenCanvasRenderingContext2D;
  const widths: Record<string, number> = {};
  for (const [key, family] of Object.entries(PREFERENCES)) {
    context.font = `16px ${family}`;
    widths[key] = Math.floor(context.measureText(PREFERENCES_TEXT).width * 1000) / 1000;
  }
  return widths;
}
