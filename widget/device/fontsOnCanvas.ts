/**
 * FingerprintJS's `fonts` source for a worker. Its own (getFonts in node_modules/@fingerprintjs/fingerprintjs/dist/
 * fp.esm.js, v5.2) lays out 156 spans in an iframe, one task of about 175 ms at 4x CPU slowdown, and needs the
 * DOM. Here the same test is made on an `OffscreenCanvas`: a font is present when the test text, set in it with a
 * generic family behind, measures other than in the generic family alone (width or line height, rounded to whole
 * pixels as `offsetWidth`/`offsetHeight` are). Its value has the source's form, the names present among the same
 * list; the list and the test text are FingerprintJS's, copied because it does not export them (a newer
 * FingerprintJS with another list changes only what this source reports, not its form).
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

/** The fonts of FingerprintJS's list that this browser has, measured on an `OffscreenCanvas`. */
export function fontsOnCanvas(): string[] {
  const context = new OffscreenCanvas(1, 1).getContext('2d') as OffscreenCanvasRenderingContext2D;
  const size = (family: string) => {
    context.font = `${TEXT_SIZE} ${family}`;
    const m = context.measureText(TEST_STRING);
    return `${Math.round(m.width)}x${Math.round(m.fontBoundingBoxAscent + m.fontBoundingBoxDescent)}`;
  };
  const base = BASE_FONTS.map(size);
  return FONT_LIST.filter((font) => BASE_FONTS.some((generic, i) => size(`'${font}',${generic}`) !== base[i]));
}
